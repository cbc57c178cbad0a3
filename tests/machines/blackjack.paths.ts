import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { blackjackMachine, BLACKJACK_NETWORK_ERROR } from '../../machines/blackjack/machine';
import type { BlackjackActiveGameReply, BlackjackAnswer, BlackjackContext, BlackjackEvent, BlackjackInput } from '../../machines/blackjack/machine';
import { selectAmountLocked, selectMessage, selectOutcome, selectTable } from '../../machines/blackjack/selectors';
import type { GameWallet } from '../../machines/shared/events';
import { loginModal } from '../../machines/shared/messages';
import type { BetLimits } from '../../src/core/bets/validation';
import { BET_MESSAGES } from '../../src/core/bets/validation';
import { allowedWireActions } from '../../src/core/games/blackjack';
import type { BlackjackAction, WireBlackjackGame } from '../../src/core/games/blackjack';
import { HIDDEN_CARD } from '../../src/core/games/cards';
import { runInSystem } from '../support/actorSystem';
import { cardIndex } from '../support/cardIndex';
import { gameKitOracles, notWaitingFor, tableFacts } from '../support/gamePaths';
import type { GameSut } from '../support/gamePaths';
import { answered, refused } from '../support/games';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, World } from '../support/pathTesting';

/**
 * The blackjack screen's paths. The oracles read the table, the messages and the enabled actions the
 * screen renders, the requests the fakes received and what reached the wallet and the bets feed,
 * against a reference of the round kept from the performed events (`facts`): the last game the server
 * sent, how far the dealer's reveal has gone, and the balances the player must have been shown.
 */

export const USDT: GameWallet = { currency: 'USDT', balance: 100, fiatRate: null };

export function wire(overrides: Partial<WireBlackjackGame>): WireBlackjackGame {
  return {
    id: 7,
    currency: 'USDT',
    playerHand1: [cardIndex('Ten'), cardIndex('Six')],
    playerHand2: [],
    dealerHand: [cardIndex('Nine'), HIDDEN_CARD],
    playerScore1: 16,
    playerScore2: 0,
    dealerScore: 9,
    isSplit: false,
    activeHandIndex: 0,
    betAmount: 1,
    betAmount2: 0,
    resultAmount: 0,
    resultAmount2: 0,
    gameState: 'PlayerTurn',
    ...overrides,
  };
}

/** Two Eights: every action is allowed. */
export const pairGame = wire({ playerHand1: [cardIndex('Eight', 'Hearts'), cardIndex('Eight', 'Clubs')] });
/** Three cards: only hit and stand. */
export const threeCardGame = wire({ playerHand1: [cardIndex('Two'), cardIndex('Three'), cardIndex('Five')], playerScore1: 10 });
export const splitGame = wire({
  playerHand1: [cardIndex('Eight', 'Hearts'), cardIndex('Three')],
  playerHand2: [cardIndex('Eight', 'Clubs'), cardIndex('Two')],
  isSplit: true,
  betAmount2: 1,
});
/** Over after the dealer drew two further cards: Nine, Two, Three, Five = 19 against 20. */
export const overWithDraws = wire({
  playerHand1: [cardIndex('Ten'), cardIndex('King')],
  playerScore1: 20,
  dealerHand: [cardIndex('Nine'), cardIndex('Two'), cardIndex('Three'), cardIndex('Five')],
  dealerScore: 19,
  resultAmount: 2,
  gameState: 'GameOver',
});
/** A natural at the deal: the dealer keeps two cards. */
export const natural = wire({
  playerHand1: [cardIndex('Ace'), cardIndex('King')],
  playerScore1: 21,
  dealerHand: [cardIndex('Nine'), cardIndex('Seven')],
  dealerScore: 16,
  resultAmount: 2.5,
  gameState: 'GameOver',
});

export const inPlay = (game: WireBlackjackGame, balance = 99): BlackjackAnswer => ({ success: true, game, errorMessage: null, balance, bet: null });
/** The answer that ends a round: it carries the settled bet row the live table holds back until the reveal is over. */
export const over = (game: WireBlackjackGame, balance = 101, betId = 42): BlackjackAnswer => {
  const wager = game.betAmount + game.betAmount2;
  const payout = game.resultAmount + game.resultAmount2;
  return {
    success: true,
    game,
    errorMessage: null,
    balance,
    bet: { id: betId, gameName: 'Blackjack', playerName: 'ann', wager, currency: game.currency, multiplier: Math.floor((payout / wager) * 10_000) / 10_000, payout },
  };
};
/** GET /blackjack/get-active-game with a round open: the round and the balance, no bet row. */
export const restorable = (game: WireBlackjackGame, balance = 98): BlackjackActiveGameReply => ({ success: true, game, errorMessage: null, balance });

const ACTIONS: BlackjackAction[] = ['stand', 'hit', 'double', 'split'];
const REFUSAL = 'Game not found';
const failure = new Error('network');
// Bet limits under which half and double keep the amount at 1: the amounts stay '' or '1'.
const LIMITS: BetLimits = { minBet: 1, maxBet: 1, maxPayout: 10 };
const ev = (...list: Array<Record<string, unknown>>) => list as AnyEvent[];

const actDone = (id: string) =>
  ev(
    { type: `xstate.done.actor.${id}`, output: answered(inPlay(threeCardGame, 97)) },
    { type: `xstate.done.actor.${id}`, output: answered(inPlay(splitGame, 96)) },
    { type: `xstate.done.actor.${id}`, output: answered(over(overWithDraws)) },
    { type: `xstate.done.actor.${id}`, output: refused(REFUSAL) },
    { type: `xstate.error.actor.${id}`, error: failure },
  );
const roundEvents = ev(
  { type: 'user.stand' },
  { type: 'user.hit' },
  { type: 'user.double' },
  { type: 'user.split' },
  { type: 'xstate.done.actor.loadActiveGame', output: restorable(pairGame) },
  { type: 'xstate.done.actor.loadActiveGame', output: { success: true, game: null, errorMessage: null } },
  { type: 'xstate.error.actor.loadActiveGame', error: failure },
  { type: 'xstate.done.actor.placeBet', output: answered(inPlay(pairGame)) },
  { type: 'xstate.done.actor.placeBet', output: answered(over(natural, 102, 43)) },
  { type: 'xstate.done.actor.placeBet', output: refused('Insufficient balance') },
  { type: 'xstate.error.actor.placeBet', error: failure },
  ...ACTIONS.flatMap(actDone),
  { type: 'xstate.after.holeCardReveal.blackjack.round.revealing.turningHoleCard' },
  { type: 'xstate.after.dealerPause.blackjack.round.revealing.dealerPausing' },
  { type: 'xstate.after.dealerCardReveal.blackjack.round.revealing.dealingCard' },
  { type: 'xstate.after.messageClear.blackjack.round.refused' },
  { type: 'xstate.after.messageClear.blackjack.round.failed' },
  { type: 'user.bet' },
);
const amountEvents = ev({ type: 'user.typeAmount', text: '1' }, { type: 'user.typeAmount', text: '' });
const tableEvents = ev(
  ...amountEvents,
  { type: 'user.halveAmount' },
  { type: 'user.doubleAmount' },
  { type: 'wallet.changed', wallet: { currency: 'BTC', balance: 1, fiatRate: null } },
  { type: 'wallet.changed', wallet: USDT },
  { type: 'wallet.changed', wallet: { currency: 'ACC', balance: 1, fiatRate: null } },
  { type: 'auth.loggedOut' },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
  { type: 'xstate.error.actor.loadLimits', error: failure },
);

/**
 * The regions are independent, so offering every event everywhere multiplies their states: the
 * wallet, amount, limits and auth events are offered at the empty table, a sign-in (which restores a
 * round) from one canonical table only, and the round's own events wherever the round is.
 */
const events = (snapshot: AnyMachineSnapshot): AnyEvent[] => {
  if (snapshot.matches({ round: 'roundOver' }) || snapshot.hasTag('message')) return [...roundEvents, ...amountEvents];
  if (!snapshot.matches({ round: 'idle' })) return roundEvents;
  const context = snapshot.context as BlackjackContext;
  const canonical = snapshot.matches({ limits: 'known' }) && context.amountText === '1' && context.wallet.currency === 'USDT';
  return [...roundEvents, ...tableEvents, ...(canonical ? ev({ type: 'auth.loggedIn' }) : [])];
};

/** Vertices: the states plus what the guards read (amount, currency, the game's shape, the reveal's progress). */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as BlackjackContext;
  const { game } = context;
  const played = snapshot.hasTag('inPlay') || snapshot.hasTag('revealing');
  return JSON.stringify([
    snapshot.value,
    context.amountText,
    context.wallet.currency,
    played && game ? [game.gameState, game.isSplit, game.activeHandIndex, game.playerHand1.length, game.dealerHand.length] : null,
    snapshot.hasTag('revealing') ? context.dealerCardsShown : null,
  ]);
};

interface BlackjackSut extends GameSut {
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

type Outcome = { kind: 'answered'; answer: BlackjackAnswer } | { kind: 'refused'; message: string } | { kind: 'unanswered' };

/**
 * The round as the path played it: the last game the server sent, the answer that ended it and how
 * far the reveal went, the amount typed, the balances and bet rows that must have reached the wallet
 * and the live table, and the action failures that must have been logged.
 */
function facts(world: World) {
  let amountText = '';
  let game: WireBlackjackGame | null = null;
  let final: BlackjackAnswer | null = null;
  let shown = 1;
  let revealOver = false;
  let loginsAsked = 0;
  let signedIn = ((world.variant.input ?? {}) as BlackjackInput).signedIn ?? false;
  const balances: Array<{ currency: string; balance: number }> = [];
  const switched: string[] = [];
  const announced: Array<number | string> = [];
  const logged: string[] = [];
  const endReveal = () => {
    revealOver = true;
    if (final?.game && final.balance !== null && final.balance !== undefined) balances.push({ currency: final.game.currency, balance: final.balance });
    if (final?.bet) announced.push(final.bet.id);
  };
  for (const e of world.performed) {
    const output = e['output'] as Outcome | undefined;
    const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(e.type)?.[1];
    if (e.type === 'auth.loggedIn') signedIn = true;
    if (e.type === 'auth.loggedOut') {
      signedIn = false;
      game = null;
      final = null;
    }
    if (e.type === 'user.typeAmount') amountText = e['text'] as string;
    if (e.type === 'user.bet' && !signedIn) loginsAsked += 1;
    if (e.type === 'xstate.done.actor.loadActiveGame') {
      const reply = e['output'] as BlackjackActiveGameReply;
      if (reply.game?.gameState === 'PlayerTurn') {
        game = reply.game;
        switched.push(reply.game.currency);
        balances.push({ currency: reply.game.currency, balance: reply.balance ?? 0 });
      }
    }
    if ((id === 'placeBet' || ACTIONS.includes(id as BlackjackAction)) && e.type.startsWith('xstate.done')) {
      if (output?.kind === 'answered' && output.answer.game?.gameState === 'PlayerTurn') {
        game = output.answer.game;
        if (id === 'placeBet' || id === 'double' || id === 'split') balances.push({ currency: game.currency, balance: output.answer.balance ?? 0 });
      } else if (output?.kind === 'answered' && output.answer.game?.gameState === 'GameOver') {
        game = output.answer.game;
        final = output.answer;
        shown = 1;
        revealOver = false;
      } else if (id !== 'placeBet') logged.push(id!);
    }
    if (e.type.startsWith('xstate.error') && ACTIONS.includes(id as BlackjackAction)) logged.push(id!);
    if (e.type.startsWith('xstate.after.holeCardReveal')) {
      shown = 2;
      if (game!.dealerHand.length <= 2) endReveal();
    }
    if (e.type.startsWith('xstate.after.dealerPause')) shown += 1;
    if (e.type.startsWith('xstate.after.dealerCardReveal') && shown >= game!.dealerHand.length) endReveal();
  }
  return { amountText, game, final, shown, revealOver, loginsAsked, balances, switched, announced, logged };
}

const snap = (sut: BlackjackSut) => sut.snapshot() as Parameters<typeof selectTable>[0];
const enabledActions = (sut: BlackjackSut) => ACTIONS.filter((action) => snap(sut).can({ type: `user.${action}` } as BlackjackEvent));
const canBet = (sut: BlackjackSut) => snap(sut).can({ type: 'user.bet' });

/** The table shows the player's hands and the dealer's cards as the server sent them (hole card face down in play). */
function expectTableOf(sut: BlackjackSut, game: WireBlackjackGame, dealer: number[]) {
  const table = selectTable(snap(sut));
  expect(table?.hands.map((hand) => hand.cards)).toEqual(game.isSplit ? [game.playerHand1, game.playerHand2] : [game.playerHand1]);
  expect(table?.dealer).toEqual(dealer);
}

const noActions = (sut: BlackjackSut) => expect(enabledActions(sut), 'no action is enabled').toEqual([]);

export const blackjackPaths: PathSpec<BlackjackSut> = {
  name: 'blackjack',
  machine: blackjackMachine,
  variants: [
    { name: 'player', input: { signedIn: true, wallet: USDT }, events, serializeState },
    { name: 'visitor', input: { signedIn: false, wallet: USDT }, events, serializeState },
    // ACC selected before the screen opens: no limits are asked for.
    { name: 'player with ACC', input: { signedIn: true, wallet: { currency: 'ACC', balance: 1, fiatRate: null } }, events: ev({ type: 'user.bet' }), serializeState },
  ],
  start(world) {
    const effects = new FakeEffects({ stand: 'act', hit: 'act', double: 'act', split: 'act' });
    const machine = blackjackMachine.provide({
      actors: effects.actors(['loadLimits', 'loadActiveGame', 'placeBet', 'act']) as never,
      actions: { logActionError: effects.action('logActionError') },
    });
    const system = runInSystem(machine, { input: world.variant.input as BlackjackInput, clock: world.clock, systemId: 'blackjack' });
    return {
      effects,
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as BlackjackEvent),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    ...gameKitOracles<BlackjackSut>('blackjack'),
    '#blackjack': {
      asserts:
        'the wallet is the one last selected; the login modal was asked for once per Bet of a visitor; the wallet got exactly the balances of the stakes taken, a restored round and each round settled (after its reveal), the bets feed each settled round once its reveal was over, and every failed action was logged',
      check(sut, world) {
        const f = facts(world);
        expect((sut.snapshot().context as BlackjackContext).wallet).toEqual(tableFacts(world).wallet);
        expect(sut.sentTo('modals').filter((e) => e.type === loginModal.type)).toHaveLength(f.loginsAsked);
        const wallet = sut.sentTo('wallet');
        expect(wallet.filter((e) => e.type === 'game.balanceUpdated').map((e) => ({ ...(e as object), type: undefined }))).toEqual(
          f.balances.map((b) => ({ type: undefined, currency: b.currency, balance: b.balance })),
        );
        expect(wallet.filter((e) => e.type === 'game.switchCurrency').map((e) => (e as unknown as { currency: string }).currency)).toEqual(f.switched);
        expect(sut.sentTo('betsFeed').map((e) => (e as unknown as { betId: number }).betId)).toEqual(f.announced);
        expect(sut.effects.callsOf<{ action: string }>('logActionError').map((c) => c.action)).toEqual(f.logged);
      },
    },
    '#blackjack.round.restoring': {
      asserts: "the player's open round is being fetched: Bet and every action are disabled, the amount is locked, the table is empty",
      check(sut) {
        expect(sut.effects.waiting('loadActiveGame')).toBeDefined();
        expect(canBet(sut)).toBe(false);
        noActions(sut);
        expect(selectAmountLocked(snap(sut))).toBe(true);
        expect(selectTable(snap(sut))).toBeNull();
      },
    },
    '#blackjack.round.idle': {
      asserts: 'no round: an empty table, no message, the amount editable, no action enabled, nothing in flight; Bet waits for the limits only for a player',
      check(sut, world) {
        expect(selectTable(snap(sut))).toBeNull();
        expect(selectMessage(snap(sut))).toBeNull();
        expect(selectAmountLocked(snap(sut))).toBe(false);
        noActions(sut);
        notWaitingFor(sut, 'placeBet', 'act');
        expect(canBet(sut)).toBe(!tableFacts(world).signedIn || !world.expected.matches({ limits: 'loading' }));
      },
    },
    '#blackjack.round.refused': {
      asserts: "a §5 check refused the bet: its message shows ('ACC betting not available at this time' for ACC), nothing was sent for it",
      check(sut, world) {
        const message = selectMessage(snap(sut));
        expect(message).toBeTruthy();
        if (tableFacts(world).wallet.currency === 'ACC') expect(message).toBe(BET_MESSAGES.accNotAvailable);
        notWaitingFor(sut, 'placeBet');
        noActions(sut);
      },
    },
    '#blackjack.round.placing': {
      asserts: 'one bet request is waiting with the amount typed and the selected currency; Bet and the actions are disabled; the amount is locked',
      check(sut, world) {
        expect(sut.effects.waiting('placeBet')?.input).toEqual({ betAmount: Number(facts(world).amountText), currency: tableFacts(world).wallet.currency });
        expect(canBet(sut)).toBe(false);
        noActions(sut);
        expect(selectAmountLocked(snap(sut))).toBe(true);
        expect(selectMessage(snap(sut))).toBeNull();
      },
    },
    '#blackjack.round.failed': {
      asserts: "the server's refusal in its words, or 'An error occurred while placing the bet.' without an answer, shows; Bet is enabled again",
      check(sut, world) {
        const last = world.performed.at(-1)!;
        const output = last['output'] as Outcome | undefined;
        if (last.type.endsWith('placeBet')) expect(selectMessage(snap(sut))).toBe(output?.kind === 'refused' ? output.message : BLACKJACK_NETWORK_ERROR);
        else expect(selectMessage(snap(sut))).toBeTruthy();
        expect(canBet(sut)).toBe(true);
        noActions(sut);
      },
    },
    '#blackjack.round.playerTurn': {
      asserts: "the round the server sent is on the table with the dealer's hole card face down; Bet is disabled and the amount locked",
      check(sut, world) {
        const { game } = facts(world);
        expectTableOf(sut, game!, game!.dealerHand);
        expect(selectTable(snap(sut))?.dealer).toContain(HIDDEN_CARD);
        expect(canBet(sut)).toBe(false);
        expect(selectAmountLocked(snap(sut))).toBe(true);
        expect(selectOutcome(snap(sut))).toBeNull();
      },
    },
    '#blackjack.round.playerTurn.choosingAction': {
      asserts: 'exactly the actions the rules allow on the active hand are enabled (two Eights: all four; three cards: stand and hit); nothing in flight',
      check(sut, world) {
        const { game } = facts(world);
        expect(enabledActions(sut)).toEqual(ACTIONS.filter((a) => allowedWireActions(game!).includes(a)));
        notWaitingFor(sut, 'act');
      },
    },
    ...Object.fromEntries(
      (['standing', 'hitting', 'doubling', 'splitting'] as const).map((state, i) => [
        `#blackjack.round.playerTurn.${state}`,
        {
          asserts: `one ${ACTIONS[i]} request is waiting for the active hand; every action is disabled`,
          check(sut: BlackjackSut, world: World) {
            expect(sut.effects.waiting(ACTIONS[i]!)?.input).toEqual({ action: ACTIONS[i], activeHand: facts(world).game!.activeHandIndex });
            noActions(sut);
          },
        },
      ]),
    ),
    '#blackjack.round.revealing': {
      asserts: "the round is over on the server: the dealer's cards are shown one by one (the hole card face down until it turns), no result yet, nothing can be pressed",
      check(sut, world) {
        const { game, shown } = facts(world);
        const dealer = game!.dealerHand.slice(0, shown);
        expectTableOf(sut, game!, dealer.length < 2 ? [...dealer, HIDDEN_CARD] : dealer);
        expect(selectOutcome(snap(sut))).toBeNull();
        expect(canBet(sut)).toBe(false);
        noActions(sut);
      },
    },
    '#blackjack.round.revealing.turningHoleCard': {
      asserts: 'only the up card is face up',
      check: (_sut, world) => expect(facts(world).shown).toBe(1),
    },
    '#blackjack.round.revealing.dealerPausing': {
      asserts: 'the hole card is turned and the dealer has more cards to draw',
      check: (_sut, world) => expect(facts(world).shown).toBeLessThan(facts(world).game!.dealerHand.length),
    },
    '#blackjack.round.revealing.dealingCard': {
      asserts: 'a further dealer card is coming in',
      check: (_sut, world) => expect(facts(world).shown).toBeGreaterThan(2),
    },
    '#blackjack.round.roundOver': {
      asserts: "every card is shown with the round's result (won, lost or push on the total staked); Bet is enabled again once the limits are known, and no action is",
      check(sut, world) {
        const { game, revealOver } = facts(world);
        expect(revealOver).toBe(true);
        expectTableOf(sut, game!, game!.dealerHand);
        const staked = game!.betAmount + game!.betAmount2;
        const returned = game!.resultAmount + game!.resultAmount2;
        expect(selectOutcome(snap(sut))).toBe(returned > staked ? 'won' : returned < staked ? 'lost' : 'push');
        // The next bet waits for the limits, as at an empty table.
        expect(canBet(sut)).toBe(!world.expected.matches({ limits: 'loading' }));
        noActions(sut);
      },
    },
  },
};
