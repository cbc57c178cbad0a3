import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { blackjackMachine } from '../../machines/blackjack/machine';
import type { BlackjackAnswer, BlackjackContext, BlackjackEvent, BlackjackInput } from '../../machines/blackjack/machine';
import {
  selectAmountLocked,
  selectAmountText,
  selectBusy,
  selectMessage,
  selectOutcome,
  selectRevealedBet,
  selectTable,
  selectTurningHoleCard,
} from '../../machines/blackjack/selectors';
import { loginModal } from '../../machines/shared/messages';
import type { GameWallet } from '../../machines/shared/events';
import type { BetLimits } from '../../src/core/bets/validation';
import { doubleBet, halfBet } from '../../src/core/bets/validation';
import type { WireBlackjackGame } from '../../src/core/games/blackjack';
import { HIDDEN_CARD, RANKS } from '../../src/core/games/cards';
import { runInSystem } from '../support/actorSystem';
import { bustGame, inPlay, natural, over, overWithDraws, pairGame, restorable, splitSecondHand, threeCardGame } from '../support/blackjackGames';
import { answered, refused } from '../support/games';
import { gameKitOracles, LimitsReference, notWaitingFor } from '../support/gamePaths';
import type { GameSut } from '../support/gamePaths';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, World } from '../support/pathTesting';

/**
 * The blackjack screen's paths. The oracles read what the table shows (hands card by card, the
 * dealer's cards as the reveal turns them, the outcome), which of STAND, HIT, DOUBLE and SPLIT are
 * enabled, the requests the fakes received and what the wallet, the bets feed and the modals got,
 * against a reference of the round kept from the performed events (`facts`). The product has no
 * insurance (docs/product.md §4 Blackjack), so none is offered.
 */

// What the machine's paths and the screen's paths (tests/components/blackjack.screenPaths.tsx) share:
// the wallets, the events offered, the vertices and the reference of the round (`blackjackFacts`).
export const USDT: GameWallet = { currency: 'USDT', balance: 100, fiatRate: null };
// minBet = maxBet: half and double keep the amount at '' or '1', which bounds the model.
const LIMITS: BetLimits = { minBet: 1, maxBet: 1, maxPayout: 10 };
/** docs/product.md §8, letter for letter. */
const MESSAGES = { acc: 'ACC betting not available at this time', notPositive: 'Bet must be greater than 0', network: 'An error occurred while placing the bet.' };
export const ACTIONS = ['stand', 'hit', 'double', 'split'] as const;
export type Action = (typeof ACTIONS)[number];

const failure = new Error('network');
/** Instant reveal: the answer that ends the round carries its server seed in its bet. */
const REVEALED_SEED = '7d'.repeat(32);
const instant = (answer: BlackjackAnswer): BlackjackAnswer => ({ ...answer, bet: answer.bet && { ...answer.bet, serverSeed: REVEALED_SEED } });
export const ev = (...list: Array<Record<string, unknown>>) => list as AnyEvent[];
const actDone = (id: Action) =>
  ev(
    { type: `xstate.done.actor.${id}`, output: answered(inPlay(threeCardGame)) },
    { type: `xstate.done.actor.${id}`, output: answered(inPlay(splitSecondHand, 98)) },
    { type: `xstate.done.actor.${id}`, output: answered(over(overWithDraws)) },
    { type: `xstate.done.actor.${id}`, output: answered(instant(over(bustGame, 99, 43))) },
    { type: `xstate.done.actor.${id}`, output: refused('refused') },
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
  { type: 'xstate.done.actor.placeBet', output: answered(over(natural)) },
  { type: 'xstate.done.actor.placeBet', output: refused('Insufficient balance') },
  { type: 'xstate.done.actor.placeBet', output: refused('') },
  { type: 'xstate.error.actor.placeBet', error: failure },
  ...ACTIONS.flatMap(actDone),
  { type: 'xstate.after.holeCardReveal.blackjack.round.revealing.turningHoleCard' },
  { type: 'xstate.after.dealerPause.blackjack.round.revealing.dealerPausing' },
  { type: 'xstate.after.dealerCardReveal.blackjack.round.revealing.dealingCard' },
  { type: 'xstate.after.messageClear.blackjack.round.refused' },
  { type: 'xstate.after.messageClear.blackjack.round.failed' },
  { type: 'user.bet' },
  { type: 'auth.loggedOut' },
);
const amountEvents = ev({ type: 'user.typeAmount', text: '1' }, { type: 'user.typeAmount', text: '' });
/** The wallets a player holds: USDT is selected at the start. */
export const PLAYER_WALLETS: readonly GameWallet[] = [{ currency: 'BTC', balance: 1, fiatRate: null }, USDT, { currency: 'ACC', balance: 1, fiatRate: null }];

/**
 * The events offered in each state, with `wallets` the ones that can be selected. The regions are
 * independent, so trying every event everywhere multiplies their states: the wallet, amount and
 * limits events are tried at the empty table, a sign-in that restores a round from one canonical
 * table only, and the round's own events wherever the round is.
 */
export function blackjackEvents(wallets: readonly GameWallet[]) {
  const tableEvents = ev(
    ...amountEvents,
    { type: 'user.halveAmount' },
    { type: 'user.doubleAmount' },
    ...wallets.map((wallet) => ({ type: 'wallet.changed', wallet })),
    { type: 'xstate.done.actor.loadLimits', output: LIMITS },
    { type: 'xstate.error.actor.loadLimits', error: failure },
  );
  return (snapshot: AnyMachineSnapshot): AnyEvent[] => {
    if (snapshot.matches({ round: 'roundOver' }) || snapshot.hasTag('message')) return [...roundEvents, ...amountEvents];
    if (!snapshot.matches({ round: 'idle' })) return roundEvents;
    const context = snapshot.context as BlackjackContext;
    const canonical = snapshot.matches({ limits: 'known' }) && context.amountText === '1' && context.wallet.currency === 'USDT';
    return [...roundEvents, ...tableEvents, ...(canonical ? ev({ type: 'auth.loggedIn' }) : [])];
  };
}
const events = blackjackEvents(PLAYER_WALLETS);
/** Vertices: the states plus what the guards read: amount, currency, the game's shape in play and the reveal's progress. */
export const serializeState = (snapshot: AnyMachineSnapshot) => {
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

/** A card's blackjack value for "same value" (docs/product.md §4): faces count 10, an Ace 11. */
export const cardValue = (card: number) => {
  const rank = RANKS[Math.floor(card / 4)]!;
  if (rank === 'Ace') return 11;
  return ['Jack', 'Queen', 'King', 'Ten'].includes(rank) ? 10 : RANKS.indexOf(rank) + 2;
};

/** docs/product.md §4: hit and stand in play; double with exactly two cards in the active hand; split with two cards of the same value and no earlier split. */
export function allowed(game: WireBlackjackGame): Action[] {
  const hand = game.activeHandIndex === 1 ? game.playerHand2 : game.playerHand1;
  const list: Action[] = ['stand', 'hit'];
  if (hand.length === 2) list.push('double');
  if (!game.isSplit && hand.length === 2 && cardValue(hand[0]!) === cardValue(hand[1]!)) list.push('split');
  return list;
}

type Phase = 'restoring' | 'idle' | 'refused' | 'placing' | 'failed' | 'playing' | 'acting' | 'revealing' | 'roundOver';

/**
 * The round as the path played it, from the performed events alone: who is signed in, the wallet,
 * the amount, the limits, where the round is (`phase`), its game and how many dealer cards the
 * reveal has turned, the message, and what was sent: bets, actions, logged failures, and the events
 * for the wallet, the bets feed and the modals. The screen's spec keeps the same reference.
 */
export function blackjackFacts(world: World) {
  const input = world.variant.input as BlackjackInput;
  let signedIn = input.signedIn ?? false;
  let wallet = input.wallet!;
  const limits = new LimitsReference(world);
  let amountText = '';
  let phase: Phase = signedIn ? 'restoring' : 'idle';
  let message = null as string | null;
  let game = null as WireBlackjackGame | null;
  let acting = null as Action | null;
  let shown = 1;
  let final = null as { balance: number | null; betId: number | string | null; serverSeed: string | null } | null;
  let loginsAsked = 0;
  const bets: unknown[] = [];
  const acts: unknown[] = [];
  const logged: unknown[] = [];
  const toWallet: unknown[] = [];
  const toFeed: unknown[] = [];
  // Each currency's balance as the wallet holds it: the one it was selected with, then what the round reported.
  const balances: Record<string, number> = { [wallet.currency]: wallet.balance };
  const reportBalance = (currency: string, balance: number) => {
    toWallet.push({ type: 'game.balanceUpdated', currency, balance });
    balances[currency] = balance;
  };
  const endRound = () => {
    phase = 'roundOver';
    shown = 2;
    if (final?.balance != null) reportBalance(game!.currency, final.balance);
    if (final?.betId != null) toFeed.push({ type: 'game.animationOver', betId: final.betId });
  };
  const answer = (output: unknown, takesStake: boolean, onFailure: () => void) => {
    const outcome = output as { kind: string; answer?: BlackjackAnswer; message?: string };
    const answeredGame = outcome.kind === 'answered' ? outcome.answer!.game : null;
    if (answeredGame?.gameState === 'PlayerTurn') {
      game = answeredGame;
      phase = 'playing';
      if (takesStake) reportBalance(answeredGame.currency, outcome.answer!.balance ?? 0);
    } else if (answeredGame?.gameState === 'GameOver') {
      game = answeredGame;
      final = { balance: outcome.answer!.balance ?? null, betId: outcome.answer!.bet?.id ?? null, serverSeed: outcome.answer!.bet?.serverSeed ?? null };
      phase = 'revealing';
      shown = 1;
    } else onFailure();
  };
  for (const e of world.performed) {
    const limitsBefore = limits.state;
    limits.step(e);
    switch (e.type) {
      case 'auth.loggedIn':
        signedIn = true;
        if (phase === 'idle') phase = 'restoring';
        break;
      case 'auth.loggedOut':
        signedIn = false;
        phase = 'idle';
        game = null;
        final = null;
        message = null;
        break;
      case 'wallet.changed': {
        const next = e['wallet'] as GameWallet;
        // A new balance of the selected currency, or another currency at the balance it was first selected with.
        if (next.currency === wallet.currency || !(next.currency in balances)) balances[next.currency] = next.balance;
        wallet = next;
        break;
      }
      case 'user.typeAmount':
        amountText = e['text'] as string;
        break;
      case 'user.halveAmount':
      case 'user.doubleAmount':
        if (limitsBefore === 'known') {
          const bounds = { minBet: LIMITS.minBet, maxBet: LIMITS.maxBet, balance: wallet.balance };
          const amount = Number(amountText || 0);
          amountText = String(e.type === 'user.halveAmount' ? halfBet(amount, bounds) : doubleBet(amount, bounds));
        }
        break;
      case 'user.bet': {
        if (!['idle', 'refused', 'failed', 'roundOver'].includes(phase)) break;
        if (!signedIn) {
          if (phase === 'idle') loginsAsked += 1;
          break;
        }
        if (wallet.currency === 'ACC') message = MESSAGES.acc;
        else if (limitsBefore !== 'known') break;
        else if (Number(amountText || 0) <= 0) message = MESSAGES.notPositive;
        else message = null;
        if (message !== null) phase = 'refused';
        else {
          phase = 'placing';
          final = null;
          bets.push({ betAmount: Number(amountText), currency: wallet.currency });
        }
        break;
      }
      case 'xstate.after.messageClear.blackjack.round.refused':
      case 'xstate.after.messageClear.blackjack.round.failed':
        phase = 'idle';
        message = null;
        break;
      case 'xstate.done.actor.loadActiveGame': {
        const reply = e['output'] as { game: WireBlackjackGame | null; balance?: number };
        if (reply.game?.gameState === 'PlayerTurn') {
          game = reply.game;
          phase = 'playing';
          toWallet.push({ type: 'game.switchCurrency', currency: reply.game.currency });
          reportBalance(reply.game.currency, reply.balance ?? 0);
        } else phase = 'idle';
        break;
      }
      case 'xstate.error.actor.loadActiveGame':
        phase = 'idle';
        break;
      case 'xstate.done.actor.placeBet':
        answer(e['output'], true, () => {
          const outcome = e['output'] as { kind: string; message?: string };
          phase = 'failed';
          message = outcome.kind === 'refused' && outcome.message ? outcome.message : MESSAGES.network;
        });
        break;
      case 'xstate.error.actor.placeBet':
        phase = 'failed';
        message = MESSAGES.network;
        break;
      case 'user.stand':
      case 'user.hit':
      case 'user.double':
      case 'user.split': {
        const action = e.type.slice('user.'.length) as Action;
        if (phase === 'playing' && game && allowed(game).includes(action)) {
          phase = 'acting';
          acting = action;
          acts.push({ action, activeHand: game.activeHandIndex });
        }
        break;
      }
      case 'xstate.after.holeCardReveal.blackjack.round.revealing.turningHoleCard':
        if (game!.dealerHand.length > 2) shown = 2;
        else endRound();
        break;
      case 'xstate.after.dealerPause.blackjack.round.revealing.dealerPausing':
        shown += 1;
        break;
      case 'xstate.after.dealerCardReveal.blackjack.round.revealing.dealingCard':
        if (shown >= game!.dealerHand.length) endRound();
        break;
      default: {
        const done = /^xstate\.(done|error)\.actor\.(stand|hit|double|split)$/.exec(e.type);
        if (!done) break;
        const action = done[2] as Action;
        const takesStake = action === 'double' || action === 'split';
        const log = () => {
          phase = 'playing';
          logged.push({ action, error: done[1] === 'done' ? e['output'] : e['error'] });
        };
        if (done[1] === 'done') answer(e['output'], takesStake, log);
        else log();
      }
    }
  }
  // Instant reveal: the ended round's seed and bet, from the answer that ended it (null in classic mode).
  const revealed = final?.serverSeed && final.betId != null ? { betId: Number(final.betId), serverSeed: final.serverSeed } : null;
  return { signedIn, wallet, balances, limits: limits.state, amountText, phase: phase as Phase, message, game, acting, shown, loginsAsked, bets, acts, logged, toWallet, toFeed, revealed };
}

const snap = (sut: BlackjackSut) => sut.snapshot() as Parameters<typeof selectMessage>[0];
const enabledActions = (sut: BlackjackSut) => ACTIONS.filter((action) => snap(sut).can({ type: `user.${action}` } as BlackjackEvent));

export const blackjackPaths: PathSpec<BlackjackSut> = {
  name: 'blackjack',
  machine: blackjackMachine,
  variants: [
    // First, so its paths are the ones that reach the actions: a restored split round plays its second hand.
    {
      name: 'player back on a split round',
      input: { signedIn: true, wallet: USDT },
      events: ev({ type: 'xstate.done.actor.loadActiveGame', output: restorable(splitSecondHand) }, { type: 'user.hit' }, { type: 'user.double' }),
      serializeState,
    },
    { name: 'player', input: { signedIn: true, wallet: USDT }, events, serializeState },
    { name: 'visitor', input: { signedIn: false, wallet: USDT }, events, serializeState },
    // ACC selected before the screen opens: no limits are asked for.
    { name: 'player with ACC', input: { signedIn: true, wallet: { currency: 'ACC', balance: 1, fiatRate: null } }, events: [], serializeState },
  ],
  start(world) {
    const effects = new FakeEffects({ stand: 'act', hit: 'act', double: 'act', split: 'act' });
    const machine = blackjackMachine.provide({
      actors: effects.actors(['loadLimits', 'loadActiveGame', 'placeBet', 'act']) as never,
      actions: effects.actions(['logActionError']) as never,
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
        'the amount field shows what was typed (½ and 2× once the limits are known); the message is the last refusal or failure not yet cleared; the table shows the last round card by card (none after sign-out); one bet request per accepted Bet and one action request per enabled action; failed actions are logged, nothing more; the wallet, the bets feed and the modals got exactly what the round called for',
      check(sut, world) {
        const f = blackjackFacts(world);
        const s = snap(sut);
        expect(selectAmountText(s)).toBe(f.amountText);
        expect(selectMessage(s)).toBe(f.phase === 'refused' || f.phase === 'failed' ? f.message : null);
        const table = selectTable(s);
        if (!f.game) expect(table).toBeNull();
        else {
          const hands = f.game.isSplit ? [f.game.playerHand1, f.game.playerHand2] : [f.game.playerHand1];
          expect(table?.hands.map((hand) => hand.cards)).toEqual(hands);
          expect(table?.hands.map((hand) => hand.active)).toEqual(hands.map((_h, i) => f.phase === 'playing' || f.phase === 'acting' ? f.game!.isSplit && f.game!.activeHandIndex === i : false));
        }
        expect(sut.effects.callsOf('placeBet')).toEqual(f.bets);
        expect(sut.effects.callsOf('act')).toEqual(f.acts);
        expect(sut.effects.callsOf('logActionError')).toEqual(f.logged);
        expect(sut.sentTo('modals')).toEqual(Array.from({ length: f.loginsAsked }, () => loginModal));
        expect(sut.sentTo('wallet')).toEqual(f.toWallet);
        expect(sut.sentTo('betsFeed')).toEqual(f.toFeed);
      },
    },
    '#blackjack.round.restoring': {
      asserts: "the player's open round is being fetched; the amount is locked",
      check(sut, world) {
        expect(blackjackFacts(world).phase).toBe('restoring');
        expect(sut.effects.waiting('loadActiveGame')).toBeDefined();
        expect(selectBusy(snap(sut))).toBe(true);
        expect(selectAmountLocked(snap(sut))).toBe(true);
      },
    },
    '#blackjack.round.idle': {
      asserts: 'no round in play: no action is enabled; the amount is editable; Bet is enabled unless a player waits for the limits (after a failure it asks again)',
      check(sut, world) {
        const f = blackjackFacts(world);
        expect(f.phase).toBe('idle');
        expect(enabledActions(sut)).toEqual([]);
        expect(selectAmountLocked(snap(sut))).toBe(false);
        expect(selectOutcome(snap(sut))).toBeNull();
        expect(snap(sut).can({ type: 'user.bet' })).toBe(!f.signedIn || f.wallet.currency === 'ACC' || f.limits === 'known' || f.limits === 'unavailable');
        notWaitingFor(sut, 'placeBet', 'act');
      },
    },
    '#blackjack.round.refused': {
      asserts: "the first §5 check that fails shows its message for 3 s ('ACC betting not available at this time', 'Bet must be greater than 0'); nothing was sent",
      check(sut, world) {
        expect(blackjackFacts(world).phase).toBe('refused');
        notWaitingFor(sut, 'placeBet');
      },
    },
    '#blackjack.round.placing': {
      asserts: 'one bet request is waiting with the amount typed and the selected currency; the amount is locked; no action is enabled',
      check(sut, world) {
        const f = blackjackFacts(world);
        expect(sut.effects.waiting('placeBet')?.input).toEqual(f.bets.at(-1));
        expect(selectAmountLocked(snap(sut))).toBe(true);
        expect(enabledActions(sut)).toEqual([]);
      },
    },
    '#blackjack.round.failed': {
      asserts: "the server's words, or 'An error occurred while placing the bet.', show for 3 s",
      check(sut, world) {
        expect(blackjackFacts(world).phase).toBe('failed');
        expect(selectMessage(snap(sut))).toBeTruthy();
      },
    },
    '#blackjack.round.playerTurn': {
      asserts: "the dealer's up card and a face-down card show; the amount is locked; no outcome yet, no seed revealed",
      check(sut, world) {
        const f = blackjackFacts(world);
        expect(selectRevealedBet(snap(sut))).toBeNull();
        expect(selectTable(snap(sut))?.dealer).toEqual(f.game!.dealerHand);
        expect(selectAmountLocked(snap(sut))).toBe(true);
        expect(selectOutcome(snap(sut))).toBeNull();
        expect(selectTable(snap(sut))?.hands.every((hand) => hand.result === null)).toBe(true);
      },
    },
    '#blackjack.round.playerTurn.choosingAction': {
      asserts: 'STAND and HIT are enabled; DOUBLE with exactly two cards in the active hand; SPLIT with two cards of the same value and no earlier split; Bet is disabled',
      check(sut, world) {
        const f = blackjackFacts(world);
        expect(f.phase).toBe('playing');
        expect(enabledActions(sut)).toEqual(ACTIONS.filter((action) => allowed(f.game!).includes(action)));
        expect(snap(sut).can({ type: 'user.bet' })).toBe(false);
        notWaitingFor(sut, 'act');
      },
    },
    ...Object.fromEntries(
      (['standing', 'hitting', 'doubling', 'splitting'] as const).map((state, i) => [
        `#blackjack.round.playerTurn.${state}`,
        {
          asserts: `${ACTIONS[i]!.toUpperCase()} was sent for the active hand and is waiting; no other action is enabled`,
          check(sut: BlackjackSut, world: World) {
            const f = blackjackFacts(world);
            expect(f.acting).toBe(ACTIONS[i]);
            expect(sut.effects.waiting(ACTIONS[i]!)?.input).toEqual({ action: ACTIONS[i], activeHand: f.game!.activeHandIndex });
            expect(enabledActions(sut)).toEqual([]);
            expect(selectBusy(snap(sut))).toBe(true);
          },
        },
      ]),
    ),
    '#blackjack.round.revealing': {
      asserts: "the dealer's cards turn one by one: the up card and a face-down card, then each further card; no action, no Bet, no outcome yet, no seed revealed",
      check(sut, world) {
        const f = blackjackFacts(world);
        expect(selectRevealedBet(snap(sut))).toBeNull();
        const shown = f.game!.dealerHand.slice(0, f.shown);
        expect(selectTable(snap(sut))?.dealer).toEqual(shown.length < 2 ? [...shown, HIDDEN_CARD] : shown);
        expect(enabledActions(sut)).toEqual([]);
        expect(snap(sut).can({ type: 'user.bet' })).toBe(false);
        expect(selectOutcome(snap(sut))).toBeNull();
      },
    },
    '#blackjack.round.revealing.turningHoleCard': {
      asserts: 'the hole card is turning over',
      check: (sut) => expect(selectTurningHoleCard(snap(sut))).toBe(true),
    },
    '#blackjack.round.revealing.dealerPausing': {
      asserts: 'the dealer drew: the hole card is up and the dealer pauses',
      check(sut, world) {
        expect(blackjackFacts(world).game!.dealerHand.length).toBeGreaterThan(2);
        expect(selectTurningHoleCard(snap(sut))).toBe(false);
      },
    },
    '#blackjack.round.revealing.dealingCard': {
      asserts: 'a further dealer card has come in',
      check: (_sut, world) => expect(blackjackFacts(world).shown).toBeGreaterThan(2),
    },
    '#blackjack.round.roundOver': {
      asserts:
        "every dealer card shows; each hand shows what it returned; won, lost or push on the total staked; in instant reveal the round's seed and bet show, in classic none; the wallet got the settled balance and the feed released the round",
      check(sut, world) {
        const f = blackjackFacts(world);
        expect(selectRevealedBet(snap(sut))).toEqual(f.revealed);
        const game = f.game!;
        const table = selectTable(snap(sut))!;
        expect(table.dealer).toEqual(game.dealerHand);
        expect(table.hands.map((hand) => hand.result)).toEqual(game.isSplit ? [game.resultAmount, game.resultAmount2] : [game.resultAmount]);
        const staked = game.betAmount + game.betAmount2;
        const returned = game.resultAmount + game.resultAmount2;
        expect(selectOutcome(snap(sut))).toBe(returned > staked ? 'won' : returned < staked ? 'lost' : 'push');
        expect(selectBusy(snap(sut))).toBe(false);
      },
    },
  },
};
