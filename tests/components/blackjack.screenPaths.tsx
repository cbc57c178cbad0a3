import { act, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { blackjackMachine } from '../../machines/blackjack/machine';
import type { BlackjackAnswer } from '../../machines/blackjack/machine';
import type { GameWallet } from '../../machines/shared/events';
import type { WireBlackjackGame } from '../../src/core/games/blackjack';
import { HIDDEN_CARD, RANKS, SUITS } from '../../src/core/games/cards';
import { ada } from '../support/authFixtures';
import { bustGame, hardSixteen, over, pairGame, restorable, splitDoubledTie, splitPush, splitSecondHand } from '../support/blackjackGames';
import { answered, refusalBody } from '../support/games';
import type { Reply } from '../support/fakeApi';
import type { AnyEvent, PathSpec, Variant, World } from '../support/pathTesting';
import { advanceClock, answerPerformers, changeWallet, click, gameScreenBackground, limitsOracles, ok, press, renderScreen, settleScreen, typeInto } from '../support/screenPaths';
import type { ScreenSut } from '../support/screenPaths';
import { ACTIONS, allowed, blackjackEvents, blackjackFacts as facts, cardValue, ev, PLAYER_WALLETS, serializeState, USDT } from '../machines/blackjack.paths';
import type { Action } from '../machines/blackjack.paths';

/**
 * The blackjack screen driven by the paths of the blackjack chart: each step is what a person does
 * on the rendered App (type the amount, click ½, 2×, Bet, HIT, STAND, DOUBLE, SPLIT or press H, S, D,
 * P, pick a currency in the header) or what the fake server answers to the request the screen made;
 * each state checks what the person sees, by role and name: the buttons enabled, the message, the
 * dealer's cards as the reveal turns them, each hand with its total and result, the outcome, the
 * balance in the header and the live table's rows, against the round as the path played it (`blackjackFacts`, the machine
 * spec's reference), never against the machine's context. The product has no insurance
 * (docs/product.md §4 Blackjack): the screen offers none, so no path takes one.
 */

const wallet = (currency: string, balance: number): GameWallet => ({ currency, balance, fiatRate: null });
/** The player's wallets as the fake server lists them: the machine spec's, USDT selected. */
const SERVER_WALLETS = PLAYER_WALLETS.map((w) => ({ currencySymbol: w.currency, balance: w.balance }));
/** A visitor's wallets are the defaults at zero, and ACC is not among them. */
const VISITOR_WALLETS = [wallet('BTC', 0), wallet('USDT', 0)];

/** What a button of the Actions group is called, and the key that presses it (docs/product.md §2; the screen's shortcuts). */
const ACTION_BUTTONS: Record<Action, { label: string; key: string }> = {
  hit: { label: 'HIT', key: 'H' },
  stand: { label: 'STAND', key: 'S' },
  split: { label: 'SPLIT', key: 'P' },
  double: { label: 'DOUBLE', key: 'D' },
};
/** The buttons in the order the screen shows them. */
const SHOWN_ORDER: readonly Action[] = ['hit', 'stand', 'split', 'double'];

/** The events of a visitor: no ACC to select, and a balance update never reaches a visitor's wallet. */
const visitorEvents = (snapshot: AnyMachineSnapshot) => {
  const current = (snapshot.context as { wallet: GameWallet }).wallet.currency;
  return blackjackEvents(VISITOR_WALLETS)(snapshot).filter((e) => e.type !== 'wallet.changed' || (e['wallet'] as GameWallet).currency !== current);
};
/** A player back on an open pair who plays by the keys: H, S, D and P (in either case). */
const keyEvents = ev(
  { type: 'xstate.done.actor.loadActiveGame', output: restorable(pairGame) },
  { type: 'user.hit', key: 'h' },
  { type: 'user.stand', key: 'S' },
  { type: 'user.double', key: 'd' },
  { type: 'user.split', key: 'P' },
);

interface ScreenInput {
  signedIn: boolean;
  wallet: GameWallet;
}
const player: ScreenInput = { signedIn: true, wallet: USDT };
const visitor: ScreenInput = { signedIn: false, wallet: wallet('USDT', 0) };

/**
 * A player back on an open round who plays it through the given steps and watches the dealer's
 * hole card turn; chosen for its own coverage, so the round is played whatever other variants took.
 */
const playedRound = (name: string, restored: WireBlackjackGame, ...steps: Array<Record<string, unknown>>): Variant => ({
  name,
  input: player,
  events: ev(
    { type: 'xstate.done.actor.loadActiveGame', output: restorable(restored) },
    ...steps,
    { type: 'xstate.after.holeCardReveal.blackjack.round.revealing.turningHoleCard' },
  ),
  serializeState,
  ownCoverage: true,
});

interface BlackjackScreenSut extends ScreenSut {
  /** The failures the screen logged (console.warn), in order. */
  warnings: string[];
}

// ---------------------------------------------------------------------------------------------
// The screen, as a person finds it.

// Queries stay inside the blackjack section: role queries over the whole App cost a tenth of a second each.
const section = () => {
  const found = document.querySelector<HTMLElement>('section[aria-labelledby="blackjack-title"]');
  if (!found) throw new Error('the blackjack screen is not rendered');
  return found;
};
const ui = () => within(section());
// `hidden: true` skips the computed-style check of every button (the screen hides none of them).
const button = (name: string | RegExp) => ui().getByRole('button', { name, hidden: true }) as HTMLButtonElement;
const amountField = () => ui().getByLabelText('Bet amount') as HTMLInputElement;
const betButton = () => button(/^(Bet|Dealing…)$/);
const actionButton = (action: Action) => within(ui().getByRole('group', { name: 'Actions', hidden: true })).getByRole('button', { name: ACTION_BUTTONS[action].label, hidden: true }) as HTMLButtonElement;
/** The actions a person can press now, in the order the screen shows them. */
const enabledActions = () => SHOWN_ORDER.filter((action) => !actionButton(action).disabled);
const alerts = () =>
  ui()
    .queryAllByRole('alert', { hidden: true })
    .map((a) => a.textContent ?? '')
    .filter((text) => text !== '');
const region = (name: string) => section().querySelector<HTMLElement>(`section[aria-label="${name}"]`);
const cardsIn = (element: HTMLElement) => [...element.querySelectorAll('[role="img"]')].map((card) => card.getAttribute('aria-label'));
const dealerScore = () => section().querySelector('[data-testid="dealer-score"]')?.textContent ?? null;
const outcome = () => section().querySelector<HTMLElement>('[role="status"]');
const headerBalance = () => document.querySelector('[data-testid="header-balance"]')?.textContent ?? null;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

// ---------------------------------------------------------------------------------------------
// The reference of what the table shows (docs/product.md "Card values", §4 Blackjack), from the
// cards the server sent: card names, totals and each hand's result.

/** docs/product.md §3 Card: rank × 4 + suit; 52 is the face-down card. */
const cardName = (card: number) => (card === HIDDEN_CARD ? 'Face-down card' : `${RANKS[Math.floor(card / 4)]} of ${SUITS[card % 4]}`);
const isAce = (card: number) => RANKS[Math.floor(card / 4)] === 'Ace';

/** An ace counts 11 until the hand goes over 21, then 1. */
function total(cards: readonly number[]): { total: number; soft: boolean } {
  let sum = 0;
  let elevens = 0;
  for (const card of cards) {
    sum += cardValue(card);
    if (isAce(card)) elevens += 1;
  }
  while (sum > 21 && elevens > 0) {
    sum -= 10;
    elevens -= 1;
  }
  return { total: sum, soft: elevens > 0 };
}
/** A player's soft hand below 21 reads low/high ("7/17"); a hand over 21 adds "· Bust". */
function playerScore(cards: readonly number[]): string {
  const t = total(cards);
  if (t.total > 21) return `${t.total} · Bust`;
  return t.soft && t.total !== 21 ? `${t.total - 10}/${t.total}` : String(t.total);
}
/** The dealer's total shows as soft only from 17, counted on the cards face up. */
function dealerLabel(cards: readonly number[]): string {
  const t = total(cards.filter((card) => card !== HIDDEN_CARD));
  return t.soft && t.total < 17 ? String(t.total - 10) : String(t.total);
}
const isNatural = (cards: readonly number[], split: boolean) => !split && cards.length === 2 && total(cards).total === 21;
/** Each hand against the dealer's final cards: a bust or a lower total loses; a natural alone is a Blackjack. */
function handResult(game: WireBlackjackGame, cards: readonly number[]): string {
  const player = total(cards).total;
  const dealer = total(game.dealerHand).total;
  if (player > 21) return 'Lose';
  const natural = isNatural(cards, game.isSplit);
  const dealerNatural = isNatural(game.dealerHand, false);
  if (natural || dealerNatural) return natural && dealerNatural ? 'Tie' : natural ? 'Blackjack' : 'Lose';
  if (dealer > 21 || player > dealer) return 'Win';
  return player === dealer ? 'Tie' : 'Lose';
}
const coins = (amount: number, currency: string) => `${amount.toFixed(8)} ${currency}`;
const handsOf = (game: WireBlackjackGame) => (game.isSplit ? [game.playerHand1, game.playerHand2] : [game.playerHand1]);
const betsOf = (game: WireBlackjackGame) => (game.isSplit ? [game.betAmount, game.betAmount2] : [game.betAmount]);

/** The dealer's cards the table shows: the server's hand, cut to what the reveal has turned so far. */
function dealerShown(world: World): number[] {
  const f = facts(world);
  const hand = f.game!.dealerHand;
  if (f.phase !== 'revealing') return hand;
  const shown = hand.slice(0, f.shown);
  return shown.length < 2 ? [...shown, HIDDEN_CARD] : shown;
}

/** Bet is enabled unless a player waits for the limits (after a failure, pressing it asks again). */
const canBet = (world: World) => {
  const f = facts(world);
  return !f.signedIn || f.wallet.currency === 'ACC' || f.limits === 'known' || f.limits === 'unavailable';
};

// ---------------------------------------------------------------------------------------------
// What the requests must hold.

const ACTION_PATH = /^\/blackjack\/(stand|hit|double|split)$/;
const actionRequests = (sut: ScreenSut) =>
  sut.requests.requests.filter((r) => ACTION_PATH.test(r.path)).map((r) => ({ action: ACTION_PATH.exec(r.path)![1], activeHand: r.body['activeHand'] }));
const noRequestWaiting = (sut: ScreenSut, ...paths: string[]) => {
  for (const path of paths) expect(sut.requests.waiting(path), `no ${path} request is waiting`).toBeUndefined();
};
const ACTION_PATHS = ACTIONS.map((action) => `/blackjack/${action}`);

// ---------------------------------------------------------------------------------------------
// Answers: the fake server replies so that each invoked actor ends as the step says.

/** A bet or an action: the round in play or over (200), a refusal in the server's words with no round (409), or no answer. */
function roundReply(output: Record<string, unknown> | null | undefined): Reply {
  const outcome = output as { kind: string; answer?: unknown; message?: string };
  if (outcome.kind === 'answered') return ok(outcome.answer);
  if (outcome.kind === 'refused') return { status: 409, body: { ...refusalBody(outcome.message ?? ''), game: null } };
  return 'no response';
}
const answers = answerPerformers<BlackjackScreenSut>({
  loadLimits: { path: '/casino/get-limits', reply: (output) => ok({ data: { limit: output } }) },
  loadActiveGame: { path: '/blackjack/get-active-game', reply: (output) => ok(output) },
  placeBet: { path: '/blackjack/bet', reply: roundReply },
  ...Object.fromEntries(ACTIONS.map((action) => [action, { path: `/blackjack/${action}`, reply: roundReply }])),
});

/** The server broadcasts a round that ended as a bet on the live hub (docs/product.md §7) as it answers it. */
const answerRound = (id: string) => async (sut: BlackjackScreenSut, e: AnyEvent, world: World) => {
  await answers[`xstate.done.actor.${id}`]!(sut, e, world);
  const bet = settledBet(e);
  if (!bet) return;
  await act(async () => sut.hub.emit({ name: 'bet', payload: { ...bet, id: Number(bet.id) } }));
  await settleScreen();
};
const settledBet = (e: AnyEvent) => {
  const outcome = e['output'] as { kind: string; answer?: BlackjackAnswer } | undefined;
  return outcome?.kind === 'answered' ? (outcome.answer?.bet ?? null) : null;
};

/**
 * The ids of the rounds the live table lists, newest first: every round the hub broadcast, the
 * player's own (the feed knows the player the App started with) only once its reveal was over.
 */
function liveRows(world: World): string[] {
  const f = facts(world);
  const own = (world.variant.input as ScreenInput).signedIn;
  const released = (f.toFeed as Array<{ betId: number | string }>).map((m) => String(m.betId));
  const broadcast = world.performed.flatMap((e) => (/^xstate\.done\.actor\./.test(e.type) ? [settledBet(e)] : [])).flatMap((bet) => (bet ? [String(bet.id)] : []));
  // A row the table already lists stays where it is when the same round comes again.
  return broadcast.filter((id, i) => broadcast.indexOf(id) === i && (!own || released.includes(id))).reverse();
}
/** The rows of ALL BETS as the table shows them after its next frame (it renders once per animation frame): id, game and player. */
async function betRows() {
  const nextFrame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (run: () => void) => setTimeout(run, 16);
  await act(() => new Promise<void>((resolve) => void nextFrame(() => resolve())));
  return [...document.querySelectorAll<HTMLTableRowElement>('section[aria-label="Bets"] tr[data-bet-id]')].map((row) => [
    row.dataset['betId'],
    row.cells[0]?.textContent,
    row.cells[1]?.textContent,
  ]);
}
const expectLiveRows = async (world: World) =>
  expect(await betRows(), 'the rows of ALL BETS').toEqual(liveRows(world).map((id) => [id, 'Blackjack', ada.userName]));

/** An action as a person takes it: the key the step names (pressed on the page), else a click on its button. */
const takeAction = (action: Action) => (_sut: BlackjackScreenSut, e: AnyEvent) =>
  typeof e['key'] === 'string' ? press(document.body, e['key']) : click(actionButton(action));

const MESSAGE_MS = 3000;

export const blackjackScreenPaths: PathSpec<BlackjackScreenSut> = {
  name: 'blackjack screen',
  machine: blackjackMachine,
  variants: [
    // First: a variant's paths are kept only where they reach a state or take a transition no earlier one did.
    { name: 'player back on a pair, by the keys', input: player, events: keyEvents, serializeState },
    // Open rounds played to the end, each a path of its own: the second hand of a split sends
    // activeHand 1, a split round ends with a result per hand, a hit can bust.
    playedRound('player back on a split round', splitSecondHand, { type: 'user.double' }, { type: 'user.hit' }, { type: 'xstate.done.actor.hit', output: answered(over(splitPush, 100)) }),
    playedRound('player doubling a split hand', splitSecondHand, { type: 'user.double' }, { type: 'xstate.done.actor.double', output: answered(over(splitDoubledTie, 98)) }),
    playedRound('player busting on a hit', hardSixteen, { type: 'user.hit' }, { type: 'xstate.done.actor.hit', output: answered(over(bustGame, 99, 43)) }),
    { name: 'player', input: player, events: blackjackEvents(PLAYER_WALLETS), serializeState },
    { name: 'visitor', input: visitor, events: visitorEvents, serializeState },
    // ACC selected before the screen opens: no limits are asked for.
    { name: 'player with ACC', input: { signedIn: true, wallet: wallet('ACC', 1) }, events: [], serializeState },
  ],
  async start(world) {
    const input = world.variant.input as ScreenInput;
    const warnings: string[] = [];
    // The screen logs a failed action with console.warn (docs/product.md §8): the oracles read the log.
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
    const sut = await renderScreen({
      clock: world.clock,
      route: '/blackjack',
      systemId: 'blackjack',
      signedIn: input.signedIn,
      storage: { selectedCurrency: input.wallet.currency },
      background: gameScreenBackground(SERVER_WALLETS),
      pending: ['/casino/get-limits', '/blackjack/get-active-game', '/blackjack/bet', ...ACTION_PATHS],
      ready: () => {
        section();
        // A player's wallets have loaded: the header shows the selected one's balance before the first step.
        if (input.signedIn) expect(headerBalance()).toBe(input.wallet.balance.toFixed(8));
      },
    }).catch((notRendered: unknown) => {
      warn.mockRestore();
      throw notRendered;
    });
    const unmount = sut.stop;
    return Object.assign(sut, {
      warnings,
      stop: async () => {
        await unmount?.();
        warn.mockRestore();
      },
    });
  },
  perform: {
    ...answers,
    ...Object.fromEntries(['placeBet', ...ACTIONS].map((id) => [`xstate.done.actor.${id}`, answerRound(id)])),
    'user.typeAmount': (_sut, e) => typeInto(amountField(), e['text'] as string),
    'user.halveAmount': () => click(button('Half the bet')),
    'user.doubleAmount': () => click(button('Double the bet')),
    'user.bet': () => click(betButton()),
    'user.hit': takeAction('hit'),
    'user.stand': takeAction('stand'),
    'user.double': takeAction('double'),
    'user.split': takeAction('split'),
    'wallet.changed': (sut, e) => changeWallet(sut, e),
    // Logins and logouts reach the screen from the app's auth actor, as the app forwards them; the
    // whole logout would also reset the wallet to BTC, a currency change these paths did not perform.
    'auth.loggedIn': (sut) => sut.send({ type: 'auth.loggedIn', user: { userName: 'ada', id: '7' }, token: 'token' }),
    'auth.loggedOut': (sut) => sut.send({ type: 'auth.loggedOut' }),
    // docs/product.md §9: the hole card turns in 300 ms, the dealer pauses 500 ms, a further card comes in 150 ms; §8: messages clear after 3 s.
    'xstate.after.holeCardReveal.blackjack.round.revealing.turningHoleCard': advanceClock(300),
    'xstate.after.dealerPause.blackjack.round.revealing.dealerPausing': advanceClock(500),
    'xstate.after.dealerCardReveal.blackjack.round.revealing.dealingCard': advanceClock(150),
    'xstate.after.messageClear.blackjack.round.refused': advanceClock(MESSAGE_MS),
    'xstate.after.messageClear.blackjack.round.failed': advanceClock(MESSAGE_MS),
  },
  states: {
    '#blackjack': {
      asserts:
        "the amount field shows what was typed (½ and 2× once the limits are known); the message is the last refusal or failure not yet cleared; the table shows the last round card by card with each hand's total and stake (the empty felt with 'Place a bet to deal' before a round and after sign-out), the active hand of a split marked; the header shows the balance the round left; the login dialog is open once a visitor pressed Bet; one bet request per accepted Bet, one action request per action taken, each failed action logged and nothing more",
      check(sut, world) {
        const f = facts(world);
        expect(amountField().value).toBe(f.amountText);
        expect(alerts()).toEqual(f.phase === 'refused' || f.phase === 'failed' ? [f.message] : []);
        if (!f.game) {
          expect(cardsIn(region("Dealer's hand")!)).toEqual([]);
          expect(dealerScore()).toBeNull();
          expect(region('Your hand')?.textContent).toBe('Place a bet to deal');
        } else {
          const game = f.game;
          const split = game.isSplit;
          const inPlay = f.phase === 'playing' || f.phase === 'acting';
          const dealer = dealerShown(world);
          expect(cardsIn(region("Dealer's hand")!)).toEqual(dealer.map(cardName));
          expect(dealerScore()).toBe(dealerLabel(dealer));
          handsOf(game).forEach((cards, i) => {
            const hand = region(split ? `Hand ${i + 1}` : 'Your hand');
            expect(hand, `hand ${i + 1} is on the table`).not.toBeNull();
            expect(cardsIn(hand!)).toEqual(cards.map(cardName));
            expect(hand!.querySelector(`[data-testid="hand-score-${i}"]`)?.textContent).toBe(playerScore(cards));
            expect(hand!.textContent).toContain(coins(betsOf(game)[i]!, game.currency));
            expect(hand!.getAttribute('aria-current'), `hand ${i + 1} is the active one`).toBe(inPlay && split && game.activeHandIndex === i ? 'true' : null);
          });
          if (!split) expect(region('Hand 2')).toBeNull();
        }
        const input = world.variant.input as ScreenInput;
        if (input.signedIn) expect(headerBalance()).toBe(f.balances[f.wallet.currency]!.toFixed(8));
        expect(dialog() !== null, 'the login dialog is open').toBe(f.loginsAsked > 0);
        if (dialog()) expect(within(dialog()!).getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
        expect(sut.requests.requestsOf('/blackjack/bet').map((r) => r.body)).toEqual(f.bets);
        expect(actionRequests(sut)).toEqual(f.acts);
        expect(sut.warnings.map((w) => /^blackjack (\w+) failed:/.exec(w)?.[1] ?? w)).toEqual((f.logged as Array<{ action: string }>).map((l) => l.action));
      },
    },
    '#blackjack.player.visitor': {
      asserts: 'nobody is signed in',
      check: (_sut, world) => expect(facts(world).signedIn).toBe(false),
    },
    '#blackjack.player.signedIn': {
      asserts: 'a player is signed in, and the open round was asked for when they arrived',
      check(sut, world) {
        expect(facts(world).signedIn).toBe(true);
        expect(sut.requests.requestsOf('/blackjack/get-active-game').length).toBeGreaterThan(0);
      },
    },
    ...limitsOracles('blackjack', (world) => facts(world).wallet.currency),
    '#blackjack.round.restoring': {
      asserts: "the player's open round is being fetched: the amount, ½ and 2× are locked; no action and no Bet can be pressed",
      check(sut) {
        expect(sut.requests.waiting('/blackjack/get-active-game')).toBeDefined();
        expect(amountField().disabled).toBe(true);
        expect(button('Half the bet').disabled).toBe(true);
        expect(button('Double the bet').disabled).toBe(true);
        expect(enabledActions()).toEqual([]);
        expect(betButton().disabled).toBe(true);
      },
    },
    '#blackjack.round.idle': {
      asserts: 'no round in play: no action is enabled; the amount, ½ and 2× are editable; Bet reads Bet and is enabled unless a player waits for the limits; no outcome; nothing in flight',
      check(sut, world) {
        expect(enabledActions()).toEqual([]);
        expect(amountField().disabled).toBe(false);
        expect(button('Half the bet').disabled).toBe(false);
        expect(betButton().textContent).toBe('Bet');
        expect(betButton().disabled).toBe(!canBet(world));
        expect(outcome()).toBeNull();
        noRequestWaiting(sut, '/blackjack/bet', ...ACTION_PATHS);
      },
    },
    '#blackjack.round.refused': {
      asserts: "the first §5 check that fails says why ('ACC betting not available at this time', 'Bet must be greater than 0'); nothing was sent; Bet is enabled again",
      check(sut, world) {
        expect(alerts()).toHaveLength(1);
        noRequestWaiting(sut, '/blackjack/bet');
        expect(betButton().disabled).toBe(!canBet(world));
        expect(enabledActions()).toEqual([]);
      },
    },
    '#blackjack.round.placing': {
      asserts: 'one bet request is waiting with the amount typed and the selected currency; the button reads Dealing… and is disabled; the amount is locked; no action is enabled; no message',
      check(sut, world) {
        expect(sut.requests.waiting('/blackjack/bet')?.body).toEqual(facts(world).bets.at(-1));
        expect(betButton().textContent).toBe('Dealing…');
        expect(betButton().disabled).toBe(true);
        expect(amountField().disabled).toBe(true);
        expect(enabledActions()).toEqual([]);
      },
    },
    '#blackjack.round.failed': {
      asserts: "the server's words, or 'An error occurred while placing the bet.' without an answer or words, show under Bet; Bet is enabled again",
      check(_sut, world) {
        expect(alerts()).toHaveLength(1);
        expect(betButton().disabled).toBe(!canBet(world));
        expect(enabledActions()).toEqual([]);
      },
    },
    '#blackjack.round.playerTurn': {
      asserts: "the dealer's up card and a face-down card show; the amount, ½, 2× and Bet are locked; no outcome and no hand result yet",
      check(_sut, world) {
        expect(cardsIn(region("Dealer's hand")!).at(-1)).toBe('Face-down card');
        expect(facts(world).game!.dealerHand).toHaveLength(2);
        expect(amountField().disabled).toBe(true);
        expect(button('Double the bet').disabled).toBe(true);
        expect(betButton().disabled).toBe(true);
        expect(outcome()).toBeNull();
        expect(section().querySelector('[data-testid^="hand-result-"]')).toBeNull();
      },
    },
    '#blackjack.round.playerTurn.choosingAction': {
      asserts: 'HIT and STAND are enabled; DOUBLE with exactly two cards in the active hand; SPLIT with two cards of the same value and no earlier split; each button names its key; nothing in flight',
      check(sut, world) {
        const f = facts(world);
        expect(f.phase).toBe('playing');
        expect(enabledActions()).toEqual(SHOWN_ORDER.filter((action) => allowed(f.game!).includes(action)));
        for (const action of SHOWN_ORDER) expect(actionButton(action).getAttribute('aria-keyshortcuts')).toBe(ACTION_BUTTONS[action].key);
        noRequestWaiting(sut, ...ACTION_PATHS);
      },
    },
    ...Object.fromEntries(
      (['standing', 'hitting', 'doubling', 'splitting'] as const).map((state, i) => {
        const action = ACTIONS[i]!;
        return [
          `#blackjack.round.playerTurn.${state}`,
          {
            asserts: `${ACTION_BUTTONS[action].label} was sent for the active hand and is waiting; no action can be pressed`,
            check(sut: BlackjackScreenSut, world: World) {
              const f = facts(world);
              expect(f.acting).toBe(action);
              expect(sut.requests.waiting(`/blackjack/${action}`)?.body).toEqual({ activeHand: f.game!.activeHandIndex });
              expect(enabledActions()).toEqual([]);
            },
          },
        ];
      }),
    ),
    '#blackjack.round.revealing': {
      asserts: "the dealer plays: the up card and a face-down card, then each further card as it is turned; no action, no Bet, no outcome and no hand result yet; the felt reads DEALER PLAYS; the live table does not list the player's own round yet",
      async check(_sut, world) {
        expect(enabledActions()).toEqual([]);
        expect(betButton().disabled).toBe(true);
        expect(outcome()).toBeNull();
        await expectLiveRows(world);
        expect(section().querySelector('[data-testid^="hand-result-"]')).toBeNull();
        expect(section().textContent).toContain('DEALER PLAYS');
      },
    },
    '#blackjack.round.revealing.turningHoleCard': {
      asserts: 'the hole card is still face down',
      check: () => expect(cardsIn(region("Dealer's hand")!)[1]).toBe('Face-down card'),
    },
    '#blackjack.round.revealing.dealerPausing': {
      asserts: 'the dealer drew: the hole card is up and the dealer pauses before the next card',
      check(_sut, world) {
        const f = facts(world);
        expect(f.game!.dealerHand.length).toBeGreaterThan(f.shown);
        expect(cardsIn(region("Dealer's hand")!)).not.toContain('Face-down card');
      },
    },
    '#blackjack.round.revealing.dealingCard': {
      asserts: 'a further dealer card has come in',
      check: () => expect(cardsIn(region("Dealer's hand")!).length).toBeGreaterThan(2),
    },
    '#blackjack.round.roundOver': {
      asserts:
        "every dealer card shows; each hand shows Win, Lose, Tie or Blackjack against the dealer's cards; the outcome reads You won +net, You lost −net or Push on the total staked; the amount, ½ and 2× are free again, Bet too unless a player waits for the limits; no action can be pressed; the live table lists the round",
      async check(sut, world) {
        const game = facts(world).game!;
        await expectLiveRows(world);
        expect(cardsIn(region("Dealer's hand")!)).toEqual(game.dealerHand.map(cardName));
        handsOf(game).forEach((cards, i) => {
          expect(section().querySelector(`[data-testid="hand-result-${i}"]`)?.textContent, `hand ${i + 1}'s result`).toBe(handResult(game, cards));
        });
        const net = game.resultAmount + game.resultAmount2 - (game.betAmount + game.betAmount2);
        const shown = outcome();
        expect(shown).not.toBeNull();
        if (net > 0) expect(shown!.textContent).toBe(`You won+${coins(net, game.currency)}`);
        else if (net < 0) expect(shown!.textContent).toBe(`You lost−${coins(-net, game.currency)}`);
        else expect(shown!.textContent).toBe('PushYour stake is returned');
        expect(betButton().disabled).toBe(!canBet(world));
        expect(amountField().disabled).toBe(false);
        expect(button('Half the bet').disabled).toBe(false);
        expect(enabledActions()).toEqual([]);
        noRequestWaiting(sut, ...ACTION_PATHS);
      },
    },
  },
};
