import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { baccaratMachine } from '../../machines/baccarat/machine';
import type { BaccaratArea, BaccaratContext, BaccaratEvent, BaccaratInput } from '../../machines/baccarat/machine';
import {
  selectAreaTotal,
  selectCanBet,
  selectCanClear,
  selectCanPlaceChips,
  selectCanSelectChip,
  selectChipValues,
  selectHand,
  selectIsRunning,
  selectMessage,
  selectOutcomeMessage,
  selectRevealedBet,
  selectScore,
  selectSelectedChip,
  selectStack,
  selectTotalBet,
  selectWinPopup,
} from '../../machines/baccarat/selectors';
import { loginModal } from '../../machines/shared/messages';
import type { GameWallet } from '../../machines/shared/events';
import { chipLadder } from '../../src/core/bets/chips';
import { checkBaccaratBetUnits } from '../../src/core/bets/validation';
import type { BetLimits } from '../../src/core/bets/validation';
import { baccaratScore } from '../../src/core/games/cards';
import { toUnitsFloor, unitsToNumber } from '../../src/core/money';
import { runInSystem } from '../support/actorSystem';
import { answered, refused } from '../support/games';
import { gameKitOracles, LimitsReference, notWaitingFor } from '../support/gamePaths';
import type { GameSut } from '../support/gamePaths';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, World } from '../support/pathTesting';

/**
 * The baccarat screen's paths. The oracles read the selectors the table renders (stacks, chips,
 * controls, hands, scores, messages, popup), the round request the fake received, and what the
 * wallet, the bets feed and the modals got, against a reference of the table kept from the
 * performed events (`facts`), never from the machine's context.
 */

export const WALLET: GameWallet = { currency: 'BTC', balance: 0.01, fiatRate: null };
export const LIMITS: BetLimits = { minBet: 0.0001, maxBet: 0.01, maxPayout: 1 };
/** The ladder those limits give without a dollar rate, base units (src/core chipLadder). */
export const LADDER = chipLadder({ minBet: toUnitsFloor(LIMITS.minBet), maxBet: toUnitsFloor(LIMITS.maxBet), exchangeRate: null }).map(Number);
const CHEAPEST = LADDER[0]!;
const TOP = LADDER.at(-1)!;
/** docs/product.md §8 and §4, letter for letter. */
export const MESSAGES = {
  noBet: 'Please place at least one bet before starting the game.',
  network: 'An error occurred while placing the bet.',
  outcome: { won: 'You Won', lost: 'You Lost', draw: 'Draw' },
};
const AREAS: readonly BaccaratArea[] = ['player', 'tie', 'banker'];
const coins = (units: number) => unitsToNumber(BigInt(units));

// Card indexes: rank = index ÷ 4 (0 Two, 1 Three, 2 Four, 3 Five, 8 Ten, 9 Jack); baccarat values 2, 3, 4, 5, 0, 0.
/** Both draw: player Two, Three, Four = 9 against banker Ten, Jack, Five = 5. */
const SIX_CARDS = { playerHand: [0, 4, 8], bankerHand: [32, 36, 12], playerScore: 9, bankerScore: 5 };
/** A natural: banker Four, Four = 8 against player Two, Three = 5. */
const FOUR_CARDS = { playerHand: [0, 4], bankerHand: [8, 9], playerScore: 5, bankerScore: 8 };
/** A tie: the player draws a Ten to 5; the banker stands on 5 against a third card worth 0. */
const FIVE_CARDS = { playerHand: [0, 4, 33], bankerHand: [1, 5], playerScore: 5, bankerScore: 5 };

type Hands = typeof SIX_CARDS;
export interface Answer {
  success: true;
  game: Hands & { resultAmount: number };
  balance: number;
  bet: { id: number; gameName: 'Baccarat'; playerName: string; wager: number; currency: string; multiplier: number; payout: number; serverSeed?: string };
  errorMessage: null;
}
/** `serverSeed`: a round in instant reveal, whose seed its answer reveals. */
const answer = (id: number, hands: Hands, resultAmount: number, wager: number, serverSeed?: string): Answer => ({
  success: true,
  game: { ...hands, resultAmount },
  balance: 0.02,
  bet: {
    id,
    gameName: 'Baccarat',
    playerName: 'ann',
    wager,
    currency: 'BTC',
    multiplier: wager > 0 ? Math.floor((resultAmount / wager) * 10_000) / 10_000 : 0,
    payout: resultAmount,
    ...(serverSeed ? { serverSeed } : {}),
  },
  errorMessage: null,
});

const chipsOf = (s: AnyMachineSnapshot) => (s.context as BaccaratContext).chips;
const stakeOf = (s: AnyMachineSnapshot) => coins(AREAS.reduce((sum, area) => sum + chipsOf(s)[area].reduce((a, b) => a + b, 0), 0));
const onEmptyTable = (s: AnyMachineSnapshot) => s.matches({ round: { betting: 'idle' } }) && AREAS.every((area) => chipsOf(s)[area].length === 0);

/**
 * What each state is offered, kept small so the graph stays finite: the environment's events
 * (auth, wallet) only on an empty table at rest, at most two chips, and the server's answers sized
 * from the chips on the table so each outcome (won, lost, draw) is reachable.
 */
export const baccaratEvents = (withLogin: boolean) => (s: AnyMachineSnapshot): AnyEvent[] => {
  const context = s.context as BaccaratContext;
  const stake = stakeOf(s);
  const list: Array<Record<string, unknown>> = [
    { type: 'user.bet' },
    { type: 'user.clear' },
    { type: 'user.closeWinPopup' },
    { type: 'xstate.done.actor.loadLimits', output: LIMITS },
    { type: 'xstate.error.actor.loadLimits', error: new Error('down') },
    { type: 'xstate.done.actor.placeBet', output: answered(answer(7, SIX_CARDS, stake * 2, stake)) },
    { type: 'xstate.done.actor.placeBet', output: answered(answer(8, FOUR_CARDS, 0, stake, '9f'.repeat(32))) },
    { type: 'xstate.done.actor.placeBet', output: answered(answer(9, FIVE_CARDS, stake, stake)) },
    { type: 'xstate.done.actor.placeBet', output: refused('Balance too low.') },
    { type: 'xstate.error.actor.placeBet', error: new TypeError('offline') },
    { type: 'xstate.after.cardDeal.baccarat.round.dealing.cardArriving' },
    { type: 'xstate.after.cardFlip.baccarat.round.dealing.cardTurning' },
    { type: 'xstate.after.errorClear.baccarat.round.betting.awaitingChips' },
    { type: 'xstate.after.errorClear.baccarat.round.betting.failed' },
    { type: 'xstate.after.winPopup.baccarat.round.betting.roundOver.won.popupShown' },
  ];
  const chipCount = AREAS.reduce((n, area) => n + context.chips[area].length, 0);
  if (chipCount < 2) list.push({ type: 'user.placeChip', area: chipCount === 0 ? 'banker' : 'player' });
  if (chipCount === 0) {
    // Two top chips are above maxBet and the balance: the refusal path. Value 7 is not on the selector.
    list.push({ type: 'user.selectChip', value: context.selectedChip === TOP ? CHEAPEST : TOP }, { type: 'user.selectChip', value: 7 });
  }
  if (onEmptyTable(s)) {
    if (context.wallet.currency === 'BTC' && context.wallet.balance === WALLET.balance) {
      list.push(
        { type: 'wallet.changed', wallet: { ...WALLET, currency: 'USDT' } },
        { type: 'wallet.changed', wallet: { ...WALLET, currency: 'ACC' } },
        { type: 'wallet.changed', wallet: { ...WALLET, balance: 0.02 } },
        // Below the cheapest chip: one chip is refused ('Balance too low.').
        { type: 'wallet.changed', wallet: { ...WALLET, balance: 0.00005 } },
      );
    }
    list.push({ type: 'auth.loggedOut' });
    if (withLogin) list.push({ type: 'auth.loggedIn' });
  }
  return list as AnyEvent[];
};

/** The vertices: the states, the chips and the round's shape; balances and messages are data. */
export const baccaratSerializeState = (s: AnyMachineSnapshot) => {
  const context = s.context as BaccaratContext;
  const short = context.wallet.balance < coins(CHEAPEST);
  return JSON.stringify([s.value, context.wallet.currency, short, context.chips, context.selectedChip, context.dealt, context.placed?.totalUnits, context.round?.order.length]);
};

interface BaccaratSut extends GameSut {
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

export type Screen = { message: string; clears: 'chips' | 'timer' } | { outcome: 'won' | 'lost' | 'draw'; popup: boolean } | null;

/**
 * The table as the path left it, from the performed events alone: the chips offered and stacked,
 * the round sent, the cards dealt so far, what shows under the buttons, and what the wallet, the
 * bets feed and the modals must have got. The screen spec (tests/components/baccarat.screenPaths.tsx)
 * checks the rendered table against the same reference.
 */
export function baccaratFacts(world: World) {
  const input = world.variant.input as BaccaratInput;
  let signedIn = input.signedIn ?? false;
  let wallet = input.wallet!;
  const limits = new LimitsReference(world);
  let chipValues: number[] = [];
  let selected = 0;
  let chips: Record<BaccaratArea, number[]> = { player: [], tie: [], banker: [] };
  let phase = 'betting' as 'betting' | 'placing' | 'dealing';
  let screen = null as Screen;
  let lastRefusal: string | null = null;
  let request = null as { playerBetAmount: number; tieBetAmount: number; bankerBetAmount: number; currency: string } | null;
  let stake = 0;
  let round = null as Answer | null;
  let order: Array<{ side: 'player' | 'banker'; card: number }> = [];
  let dealt = 0;
  let arriving = false;
  let loginsAsked = 0;
  const requests: unknown[] = [];
  const toWallet: unknown[] = [];
  const toFeed: unknown[] = [];
  const sum = (area: BaccaratArea) => chips[area].reduce((a, b) => a + b, 0);
  const fail = (message: string) => {
    toWallet.push({ type: 'game.balanceAdjusted', currency: request!.currency, delta: coins(stake) });
    phase = 'betting';
    screen = { message, clears: 'timer' };
  };
  for (const e of world.performed) {
    const betting = phase === 'betting';
    const limitsBefore = limits.state;
    limits.step(e, betting);
    switch (e.type) {
      case 'auth.loggedIn':
        signedIn = true;
        break;
      case 'auth.loggedOut':
        signedIn = false;
        break;
      case 'wallet.changed': {
        const next = e['wallet'] as GameWallet;
        if (next.currency !== wallet.currency) {
          // The old coin's chips leave the table; none are offered until the new limits come.
          chipValues = [];
          selected = 0;
          chips = { player: [], tie: [], banker: [] };
          if (screen && 'message' in screen) screen = null;
        }
        wallet = next;
        break;
      }
      case 'xstate.done.actor.loadLimits': {
        const index = chipValues.indexOf(selected);
        chipValues = LADDER;
        selected = LADDER[index >= 0 ? Math.min(index, LADDER.length - 1) : 0]!;
        break;
      }
      case 'user.selectChip':
        if (betting && chipValues.includes(e['value'] as number)) selected = e['value'] as number;
        break;
      case 'user.placeChip':
        if (betting && selected > 0) {
          chips = { ...chips, [e['area'] as BaccaratArea]: [...chips[e['area'] as BaccaratArea], selected] };
          if (screen && 'message' in screen && screen.clears === 'chips') screen = null;
        }
        break;
      case 'user.clear':
        if (betting) {
          chips = { player: [], tie: [], banker: [] };
          if (screen && 'message' in screen && screen.clears === 'chips' && screen.message !== MESSAGES.noBet) screen = null;
        }
        break;
      case 'user.bet': {
        if (!betting) break;
        if (!signedIn) {
          loginsAsked += 1;
          break;
        }
        if (wallet.currency !== 'ACC' && limitsBefore !== 'known') break;
        const check = checkBaccaratBetUnits({
          loggedIn: true,
          currency: wallet.currency,
          balanceUnits: toUnitsFloor(wallet.balance),
          limits: { minBet: toUnitsFloor(LIMITS.minBet), maxBet: toUnitsFloor(LIMITS.maxBet), maxPayout: toUnitsFloor(LIMITS.maxPayout) },
          bets: { player: BigInt(sum('player')), tie: BigInt(sum('tie')), banker: BigInt(sum('banker')) },
        });
        if (check.kind === 'invalid') {
          lastRefusal = check.message;
          screen = { message: check.message, clears: 'chips' };
        } else {
          stake = sum('player') + sum('tie') + sum('banker');
          request = { playerBetAmount: coins(sum('player')), tieBetAmount: coins(sum('tie')), bankerBetAmount: coins(sum('banker')), currency: wallet.currency };
          requests.push(request);
          toWallet.push({ type: 'game.balanceAdjusted', currency: wallet.currency, delta: -coins(stake) });
          phase = 'placing';
          screen = null;
          round = null;
          dealt = 0;
        }
        break;
      }
      case 'xstate.done.actor.placeBet': {
        const outcome = e['output'] as { kind: string; answer?: Answer; message?: string };
        if (outcome.kind === 'answered') {
          round = outcome.answer!;
          const { playerHand, bankerHand } = round.game;
          order = [];
          for (let i = 0; i < 3; i++) {
            if (playerHand[i] !== undefined) order.push({ side: 'player', card: playerHand[i]! });
            if (bankerHand[i] !== undefined) order.push({ side: 'banker', card: bankerHand[i]! });
          }
          const { bet } = round;
          toFeed.push({ type: 'game.betPlaced', bet: { id: String(bet.id), gameName: 'Baccarat', wager: bet.wager, currency: request!.currency, multiplier: bet.multiplier, payout: bet.payout, animationOver: false } });
          phase = 'dealing';
          dealt = 1;
          arriving = true;
        } else fail(outcome.kind === 'refused' && outcome.message ? outcome.message : MESSAGES.network);
        break;
      }
      case 'xstate.error.actor.placeBet':
        fail(MESSAGES.network);
        break;
      case 'xstate.after.cardDeal.baccarat.round.dealing.cardArriving':
        arriving = false;
        break;
      case 'xstate.after.cardFlip.baccarat.round.dealing.cardTurning':
        if (dealt < order.length) {
          dealt += 1;
          arriving = true;
        } else {
          phase = 'betting';
          const result = Number(toUnitsFloor(round!.game.resultAmount));
          const outcome = result > stake ? 'won' : result < stake ? 'lost' : 'draw';
          screen = { outcome, popup: outcome === 'won' };
          toWallet.push({ type: 'game.balanceUpdated', currency: request!.currency, balance: round!.balance });
          toFeed.push({ type: 'game.animationOver', betId: String(round!.bet.id) });
        }
        break;
      case 'xstate.after.errorClear.baccarat.round.betting.awaitingChips':
      case 'xstate.after.errorClear.baccarat.round.betting.failed':
        screen = null;
        break;
      case 'xstate.after.winPopup.baccarat.round.betting.roundOver.won.popupShown':
      case 'user.closeWinPopup':
        if (screen && 'outcome' in screen) screen = { ...screen, popup: false };
        break;
    }
  }
  return { signedIn, wallet, limits: limits.state, chipValues, selected, chips, phase, screen: screen as Screen, lastRefusal, request, stake, round, order, dealt, arriving, loginsAsked, requests, toWallet, toFeed };
}

const facts = baccaratFacts;
const snap = (sut: BaccaratSut) => sut.snapshot() as Parameters<typeof selectMessage>[0];
const visitor: BaccaratInput = { wallet: WALLET };
const player: BaccaratInput = { signedIn: true, wallet: WALLET };

/** The hands as dealt so far, in the order docs/product.md §4 deals them; the card on its way is face down. */
function expectHands(sut: BaccaratSut, f: ReturnType<typeof baccaratFacts>) {
  for (const side of ['player', 'banker'] as const) {
    const expected = f.order
      .map((entry, position) => ({ ...entry, position }))
      .filter((entry) => entry.position < f.dealt && entry.side === side)
      .map((entry) => ({ card: entry.card, faceUp: !(f.arriving && entry.position === f.dealt - 1) }));
    expect(selectHand(side)(snap(sut)), `${side} hand`).toEqual(expected);
  }
}

const controlsDisabled = (sut: BaccaratSut) => {
  expect(selectCanPlaceChips(snap(sut))).toBe(false);
  expect(selectCanClear(snap(sut))).toBe(false);
  expect(selectCanBet(snap(sut))).toBe(false);
  expect(selectCanSelectChip(CHEAPEST)(snap(sut))).toBe(false);
  expect(selectIsRunning(snap(sut))).toBe(true);
};

export const baccaratPaths: PathSpec<BaccaratSut> = {
  name: 'baccarat',
  machine: baccaratMachine,
  variants: [
    { name: 'player', input: player, events: baccaratEvents(true), serializeState: baccaratSerializeState },
    // A visitor who never signs in: chips can be placed, and Bet opens the login modal.
    { name: 'visitor', input: visitor, events: baccaratEvents(false), serializeState: baccaratSerializeState },
    // ACC selected before the screen opens: no limits are asked for, until a bettable currency is chosen.
    { name: 'player with ACC', input: { signedIn: true, wallet: { ...WALLET, currency: 'ACC' } }, events: [{ type: 'wallet.changed', wallet: WALLET }, { type: 'user.bet' }] as AnyEvent[], serializeState: baccaratSerializeState },
  ],
  start(world) {
    const effects = new FakeEffects();
    const machine = baccaratMachine.provide({ actors: effects.actors(['loadLimits', 'placeBet']) as never });
    const system = runInSystem(machine, { input: world.variant.input as BaccaratInput, clock: world.clock, systemId: 'baccarat' });
    return {
      effects,
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as BaccaratEvent),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    ...gameKitOracles<BaccaratSut>('baccarat'),
    '#baccarat': {
      asserts:
        'the chips offered (the ladder of the limits, none before them) and the one selected; the stacks and totals per area; the message or outcome under the buttons; one round request per accepted Bet; the login modal once per Bet of a visitor; the wallet got the stake held, refunded or settled and the feed the round and its end, nothing else',
      check(sut, world) {
        const f = facts(world);
        const s = snap(sut);
        expect(selectChipValues(s)).toEqual(f.chipValues);
        expect(selectSelectedChip(s)).toBe(f.selected);
        for (const area of AREAS) {
          expect(selectStack(area)(s), `${area} stack`).toEqual(f.chips[area]);
          expect(selectAreaTotal(area)(s), `${area} total`).toBe(coins(f.chips[area].reduce((a, b) => a + b, 0)));
        }
        expect(selectTotalBet(s)).toBe(coins(AREAS.reduce((n, area) => n + f.chips[area].reduce((a, b) => a + b, 0), 0)));
        expect(selectMessage(s)).toBe(f.screen && 'message' in f.screen ? f.screen.message : null);
        expect(selectOutcomeMessage(s)).toBe(f.screen && 'outcome' in f.screen ? MESSAGES.outcome[f.screen.outcome] : null);
        expect(selectIsRunning(s)).toBe(f.phase !== 'betting');
        expect(sut.effects.callsOf('placeBet'), 'one round request per accepted Bet').toEqual(f.requests);
        expect(sut.sentTo('modals')).toEqual(Array.from({ length: f.loginsAsked }, () => loginModal));
        expect(sut.sentTo('wallet')).toEqual(f.toWallet);
        expect(sut.sentTo('betsFeed')).toEqual(f.toFeed);
      },
    },
    '#baccarat.round.betting': {
      asserts: 'the controls are enabled: chips can be placed once one is selected, Clear always, Bet unless a player waits for the limits; no round in flight',
      check(sut, world) {
        const f = facts(world);
        const s = snap(sut);
        expect(selectCanPlaceChips(s)).toBe(f.selected > 0);
        expect(selectCanClear(s)).toBe(true);
        expect(selectCanSelectChip(TOP)(s)).toBe(f.chipValues.includes(TOP));
        expect(selectCanSelectChip(7)(s)).toBe(false);
        expect(selectCanBet(s)).toBe(!f.signedIn || f.wallet.currency === 'ACC' || f.limits === 'known' || f.limits === 'unavailable');
        notWaitingFor(sut, 'placeBet');
      },
    },
    '#baccarat.round.betting.idle': {
      asserts: 'no message, no outcome, no popup',
      check(sut) {
        expect(selectMessage(snap(sut))).toBeNull();
        expect(selectOutcomeMessage(snap(sut))).toBeNull();
        expect(selectWinPopup(snap(sut))).toBeNull();
      },
    },
    '#baccarat.round.betting.awaitingChips': {
      asserts: "'Please place at least one bet before starting the game.' shows; the table is empty; nothing was sent",
      check(sut, world) {
        expect(selectMessage(snap(sut))).toBe(MESSAGES.noBet);
        expect(selectTotalBet(snap(sut))).toBe(0);
        expect(facts(world).screen).toEqual({ message: MESSAGES.noBet, clears: 'chips' });
      },
    },
    '#baccarat.round.betting.refused': {
      asserts: "the first §5 check that fails shows its message ('Balance too low.', the limits, ACC) until the chips change; nothing was sent",
      check(sut, world) {
        expect(selectMessage(snap(sut))).toBe(facts(world).lastRefusal);
      },
    },
    '#baccarat.round.betting.failed': {
      asserts: "the server's words, or 'An error occurred while placing the bet.', show; the stake went back to the wallet",
      check(sut, world) {
        const f = facts(world);
        expect(f.screen && 'message' in f.screen).toBe(true);
        expect(sut.sentTo('wallet').at(-1)).toEqual({ type: 'game.balanceAdjusted', currency: f.request!.currency, delta: coins(f.stake) });
      },
    },
    '#baccarat.round.betting.roundOver': {
      asserts:
        "every card is out face up; the scores are the server's; the outcome message shows; in instant reveal the round's seed and bet show, in classic none; the wallet got the balance after the round",
      check(sut, world) {
        const f = facts(world);
        expectHands(sut, f);
        const { bet } = f.round!;
        expect(selectRevealedBet(snap(sut))).toEqual(bet.serverSeed ? { betId: bet.id, serverSeed: bet.serverSeed } : null);
        expect(f.dealt).toBe(f.order.length);
        expect(selectScore('player')(snap(sut))).toBe(f.round!.game.playerScore);
        expect(selectScore('banker')(snap(sut))).toBe(f.round!.game.bankerScore);
        expect(selectMessage(snap(sut))).toBeNull();
      },
    },
    '#baccarat.round.betting.roundOver.won': {
      asserts: 'the round returned more than the total bet: You Won',
      check(sut, world) {
        const f = facts(world);
        expect(Number(toUnitsFloor(f.round!.game.resultAmount))).toBeGreaterThan(f.stake);
        expect(selectOutcomeMessage(snap(sut))).toBe(MESSAGES.outcome.won);
      },
    },
    '#baccarat.round.betting.roundOver.won.popupShown': {
      asserts: 'the win popup shows the amount returned, payout ÷ total bet (4 decimals, floored) and the currency of the round',
      check(sut, world) {
        const f = facts(world);
        const result = Number(toUnitsFloor(f.round!.game.resultAmount));
        expect(selectWinPopup(snap(sut))).toEqual({ amount: f.round!.game.resultAmount, multiplier: Math.floor((result * 10_000) / f.stake) / 10_000, currency: f.request!.currency });
      },
    },
    '#baccarat.round.betting.roundOver.won.popupClosed': {
      asserts: 'the popup is gone (3 s or closed); You Won stays',
      check: (sut) => expect(selectWinPopup(snap(sut))).toBeNull(),
    },
    '#baccarat.round.betting.roundOver.lost': {
      asserts: 'the round returned less than the total bet: You Lost, no popup',
      check(sut, world) {
        const f = facts(world);
        expect(Number(toUnitsFloor(f.round!.game.resultAmount))).toBeLessThan(f.stake);
        expect(selectOutcomeMessage(snap(sut))).toBe(MESSAGES.outcome.lost);
        expect(selectWinPopup(snap(sut))).toBeNull();
      },
    },
    '#baccarat.round.betting.roundOver.draw': {
      asserts: 'the round returned exactly the total bet: Draw, no popup',
      check(sut, world) {
        const f = facts(world);
        expect(Number(toUnitsFloor(f.round!.game.resultAmount))).toBe(f.stake);
        expect(selectOutcomeMessage(snap(sut))).toBe(MESSAGES.outcome.draw);
        expect(selectWinPopup(snap(sut))).toBeNull();
      },
    },
    '#baccarat.round.placing': {
      asserts: 'one round request is waiting with each area in coins and the selected currency; the total left the balance; every control is disabled; no hands yet',
      check(sut, world) {
        const f = facts(world);
        expect(sut.effects.waiting('placeBet')?.input).toEqual(f.request);
        controlsDisabled(sut);
        expect(selectHand('player')(snap(sut))).toEqual([]);
        expect(selectScore('player')(snap(sut))).toBeNull();
      },
    },
    '#baccarat.round.dealing': {
      asserts: 'the cards come player, banker, player, banker, then the third cards; every control is disabled; the score counts the face-up cards; no seed is revealed',
      check(sut, world) {
        const f = facts(world);
        controlsDisabled(sut);
        expect(selectRevealedBet(snap(sut))).toBeNull();
        expectHands(sut, f);
        for (const side of ['player', 'banker'] as const) {
          const up = f.order.filter((entry, position) => entry.side === side && position < f.dealt && !(f.arriving && position === f.dealt - 1)).map((entry) => entry.card);
          expect(selectScore(side)(snap(sut)), `${side} score`).toBe(up.length ? baccaratScore(up) : null);
        }
        expect(selectOutcomeMessage(snap(sut))).toBeNull();
      },
    },
    '#baccarat.round.dealing.cardArriving': {
      asserts: 'the newest card travels face down',
      check(_sut, world) {
        expect(facts(world).arriving).toBe(true);
      },
    },
    '#baccarat.round.dealing.cardTurning': {
      asserts: 'every card dealt is face up',
      check(sut, world) {
        expect(facts(world).arriving).toBe(false);
        const all = [...selectHand('player')(snap(sut)), ...selectHand('banker')(snap(sut))];
        expect(all.every((card) => card.faceUp)).toBe(true);
      },
    },
  },
};
