import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import type { BetLimits } from '../../src/core/bets/validation';
import type { WireBaccaratGame } from '../../src/core/games/baccarat';
import { baccaratMachine, BACCARAT_NETWORK_ERROR, chipValuesFor } from '../../machines/baccarat/machine';
import type {
  BaccaratBetRequest,
  BaccaratBetResponse,
  BaccaratEvent,
  BaccaratInput,
  PlacedBaccaratBet,
} from '../../machines/baccarat/machine';
import {
  chipViewOf,
  selectAreaTotal,
  selectCanBet,
  selectCanClear,
  selectCanPlaceChips,
  selectCanSelectChip,
  selectChips,
  selectHand,
  selectIsRunning,
  selectMessage,
  selectOutcomeMessage,
  selectScore,
  selectStack,
  selectTotalBet,
  selectWinPopup,
} from '../../machines/baccarat/selectors';
import { chipLadder } from '../../src/core/bets/chips';
import { unitsToNumber } from '../../src/core/money';
import { walletMachine } from '../../machines/wallet/machine';
import type { ExchangeRate } from '../../machines/wallet/machine';
import type { GameWallet } from '../../machines/shared/events';
import type { LimitsRequest } from '../../machines/shared/limits';
import { ApiError } from '../../src/app/api/client';
import { outcomeOf } from '../../src/app/actors/games/outcome';
import { chartDocTest } from '../support/chartDocTest';
import { refusalBody, refusalError } from '../support/games';
import { pathSuite } from '../support/pathTesting';
import { baccaratPaths } from './baccarat.paths';

const LIMITS: BetLimits = { minBet: 0.0001, maxBet: 0.01, maxPayout: 1 };
const WALLET: GameWallet = { currency: 'BTC', balance: 0.01, fiatRate: null };
const NO_BET = 'Please place at least one bet before starting the game.';
/** The chips those limits give without a dollar rate (multiples of minBet up to maxBet): 0.0001, 0.001, 0.005, 0.01 BTC. */
const CHIPS = chipValuesFor(LIMITS, null);
const DEFAULT_CHIP = CHIPS[0] as number;
const SECOND_CHIP = CHIPS[1] as number;
const TOP_CHIP = CHIPS.at(-1) as number;
const coins = (units: number) => unitsToNumber(BigInt(units));
/** What the server answers for $0.10–$1,000 at its default rates (README), per currency. */
const SERVER_LIMITS: Record<string, BetLimits> = {
  BTC: { minBet: 0.00000106, maxBet: 0.01052631, maxPayout: 0.10526315 },
  USDT: { minBet: 0.1, maxBet: 1000, maxPayout: 10000 },
};

// Card indexes: rank = index ÷ 4 (0 Two, 1 Three, 2 Four, 3 Five, 8 Ten, 9 Jack); baccarat values 2, 3, 4, 5, 0, 0.
/** Both draw: player Two, Three, Four = 9 against banker Ten, Jack, Five = 5. */
const SIX_CARDS = { playerHand: [0, 4, 8], bankerHand: [32, 36, 12], playerScore: 9, bankerScore: 5 };
/** A natural: banker Four, Four = 8 against player Two, Three = 5. */
const FOUR_CARDS = { playerHand: [0, 4], bankerHand: [8, 9], playerScore: 5, bankerScore: 8 };
/** A tie: the player draws a Ten to 5; the banker stands on 5 against a third card worth 0. */
const FIVE_CARDS = { playerHand: [0, 4, 33], bankerHand: [1, 5], playerScore: 5, bankerScore: 5 };

function answer(game: Omit<WireBaccaratGame, 'resultAmount'>, resultAmount: number, wager: number, balance = 0.02): BaccaratBetResponse {
  return {
    success: true,
    game: { ...game, resultAmount },
    balance,
    bet: { id: 42, gameName: 'Baccarat', playerName: 'ann', wager, currency: 'BTC', multiplier: Math.floor((resultAmount / wager) * 10_000) / 10_000, payout: resultAmount },
    errorMessage: null,
  };
}

type Effect =
  | { effect: 'openLogin' }
  | { effect: 'adjustBalance'; currency: string; delta: number }
  | { effect: 'reportBalance'; currency: string; balance: number }
  | { effect: 'reportBet'; bet: PlacedBaccaratBet }
  | { effect: 'reportAnimationOver'; betId: string };

/** limitsFail: every limits request fails; limitsDownFor: those of these currencies only. */
type HarnessOptions = { limitsFail?: boolean; limitsDownFor?: readonly string[]; limits?: Record<string, BetLimits> };

function harness(input: BaccaratInput = { signedIn: true, wallet: WALLET }, options: HarnessOptions = {}) {
  const effects: Effect[] = [];
  const requests: BaccaratBetRequest[] = [];
  const limitsRequests: LimitsRequest[] = [];
  let settle: { resolve: (r: BaccaratBetResponse) => void; reject: (e: unknown) => void } | null = null;
  const machine = baccaratMachine.provide({
    actors: {
      loadLimits: fromPromise<BetLimits, LimitsRequest>(async ({ input: request }) => {
        limitsRequests.push(request);
        if (options.limitsFail || options.limitsDownFor?.includes(request.currency)) throw new Error('down');
        return options.limits?.[request.currency] ?? LIMITS;
      }),
      placeBet: fromPromise(({ input: request }: { input: BaccaratBetRequest }) =>
        outcomeOf(
          new Promise<BaccaratBetResponse>((resolve, reject) => {
            requests.push(request);
            settle = { resolve, reject };
          }),
        ),
      ),
    },
    actions: {
      openLogin: () => effects.push({ effect: 'openLogin' }),
      adjustBalance: (_, params) => effects.push({ effect: 'adjustBalance', ...params }),
      reportBalance: (_, params) => effects.push({ effect: 'reportBalance', ...params }),
      reportBet: (_, params) => effects.push({ effect: 'reportBet', ...params }),
      reportAnimationOver: (_, params) => effects.push({ effect: 'reportAnimationOver', ...params }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input, clock }).start();
  return {
    actor,
    clock,
    effects,
    requests,
    limitsRequests,
    send: (event: BaccaratEvent) => actor.send(event),
    snapshot: () => actor.getSnapshot(),
    respond: async (response: BaccaratBetResponse) => {
      settle?.resolve(response);
      await flush();
    },
    fail: async (error: unknown) => {
      settle?.reject(error);
      await flush();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Advances the simulated clock in 50 ms steps: a timer started while the clock moves counts from
 * the step it started in, as it would in real time (every delay here is a multiple of 50 ms).
 */
function tick(clock: SimulatedClock, ms: number): void {
  for (let t = 0; t < ms; t += 50) clock.increment(50);
}

async function ready(input?: BaccaratInput, options?: HarnessOptions) {
  const h = harness(input, options);
  await flush();
  return h;
}

describe('baccarat', () => {
  it('should stack chips per area with the selected chip value and total them exactly', async () => {
    const { send, snapshot } = await ready();
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'user.selectChip', value: TOP_CHIP });
    send({ type: 'user.placeChip', area: 'banker' });
    send({ type: 'user.selectChip', value: SECOND_CHIP });
    send({ type: 'user.placeChip', area: 'player' });
    expect(selectStack('player')(snapshot())).toEqual([DEFAULT_CHIP, DEFAULT_CHIP, SECOND_CHIP]);
    expect(selectStack('banker')(snapshot())).toEqual([TOP_CHIP]);
    expect(selectStack('tie')(snapshot())).toEqual([]);
    expect(selectAreaTotal('player')(snapshot())).toBe(coins(2 * DEFAULT_CHIP + SECOND_CHIP));
    expect(selectTotalBet(snapshot())).toBe(coins(2 * DEFAULT_CHIP + SECOND_CHIP + TOP_CHIP));
  });

  it('should offer the ladder of the limits, the cheapest chip (the minimum bet) selected', async () => {
    const { snapshot } = await ready();
    expect(snapshot().context.chipValues).toEqual([10_000, 100_000, 500_000, 1_000_000]);
    expect(snapshot().context.selectedChip).toBe(10_000);
    expect(selectChips(snapshot()).map((chip) => chip.face)).toEqual(['0.00010', '0.0010', '0.0050', '0.01']);
  });

  it('should size the chips by the dollar rate and show their faces in dollars when the coin amount is too long', async () => {
    const btc: GameWallet = { currency: 'BTC', balance: 0.01, fiatRate: null, exchangeRate: 95_000 };
    const { send, snapshot, requests } = await ready({ signedIn: true, wallet: btc }, { limits: SERVER_LIMITS });
    const ladder = chipLadder({ minBet: 106n, maxBet: 1_052_631n, exchangeRate: 95_000 }).map(Number);
    expect(snapshot().context.chipValues).toEqual(ladder);
    expect(selectChips(snapshot()).map((chip) => chip.face)).toEqual(['10¢', '$1', '$5', '$10', '$50', '$100']);
    send({ type: 'user.placeChip', area: 'banker' });
    send({ type: 'user.bet' });
    expect(requests).toEqual([{ playerBetAmount: 0, tieBetAmount: 0, bankerBetAmount: coins(ladder[0] as number), currency: 'BTC' }]);
    expect(coins(ladder[0] as number)).toBeGreaterThanOrEqual(SERVER_LIMITS.BTC?.minBet as number);
  });

  it('should take the chips off the table on a new currency and offer its own chips once its limits are known', async () => {
    const btc: GameWallet = { currency: 'BTC', balance: 0.01, fiatRate: null, exchangeRate: 95_000 };
    const { send, snapshot, requests } = await ready({ signedIn: true, wallet: btc }, { limits: SERVER_LIMITS });
    send({ type: 'user.selectChip', value: snapshot().context.chipValues[2] as number });
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'wallet.changed', wallet: { currency: 'USDT', balance: 5, fiatRate: null, exchangeRate: 1 } });
    expect(snapshot().context.chips).toEqual({ player: [], tie: [], banker: [] });
    expect(selectChips(snapshot())).toEqual([]);
    expect(selectCanPlaceChips(snapshot())).toBe(false);
    send({ type: 'user.placeChip', area: 'player' });
    expect(selectStack('player')(snapshot())).toEqual([]);
    await flush();
    expect(snapshot().context.chipValues).toEqual([10_000_000, 100_000_000, 500_000_000, 1_000_000_000, 5_000_000_000, 10_000_000_000]);
    expect(selectChips(snapshot()).map((chip) => chip.face)).toEqual(['0.10', '1', '5', '10', '50', '100']);
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'user.bet' });
    expect(requests).toEqual([{ playerBetAmount: 0.1, tieBetAmount: 0, bankerBetAmount: 0, currency: 'USDT' }]);
  });

  it('should move the chips to a new dollar rate of the same currency, keeping the selected rung and the table', async () => {
    const btc: GameWallet = { currency: 'BTC', balance: 0.01, fiatRate: null, exchangeRate: 95_000 };
    const { send, snapshot } = await ready({ signedIn: true, wallet: btc }, { limits: SERVER_LIMITS });
    send({ type: 'user.selectChip', value: snapshot().context.chipValues[1] as number });
    send({ type: 'user.placeChip', area: 'tie' });
    const stacked = selectStack('tie')(snapshot());
    send({ type: 'wallet.changed', wallet: { ...btc, exchangeRate: 50_000 } });
    const ladder = chipLadder({ minBet: 106n, maxBet: 1_052_631n, exchangeRate: 50_000 }).map(Number);
    expect(snapshot().context.chipValues).toEqual(ladder);
    expect(snapshot().context.selectedChip).toBe(ladder[1]);
    expect(selectStack('tie')(snapshot())).toEqual(stacked);
  });

  it('should show area totals in dollars in fiat display', async () => {
    const { send, snapshot } = await ready({ signedIn: true, wallet: { ...WALLET, fiatRate: 100_000 } });
    send({ type: 'user.selectChip', value: TOP_CHIP });
    send({ type: 'user.placeChip', area: 'tie' });
    expect(selectAreaTotal('tie')(snapshot())).toBe(coins(TOP_CHIP) * 100_000);
  });

  it('should refuse a chip value that is not on the selector', async () => {
    const { send, snapshot } = await ready();
    expect(selectCanSelectChip(123)(snapshot())).toBe(false);
    send({ type: 'user.selectChip', value: 123 });
    expect(snapshot().context.selectedChip).toBe(DEFAULT_CHIP);
  });

  it('should take every chip off the table on Clear', async () => {
    const { send, snapshot } = await ready();
    for (const area of ['player', 'tie', 'banker'] as const) send({ type: 'user.placeChip', area });
    send({ type: 'user.clear' });
    expect(snapshot().context.chips).toEqual({ player: [], tie: [], banker: [] });
    expect(selectTotalBet(snapshot())).toBe(0);
  });

  it('should ask for a chip when Bet is pressed on an empty table, and clear the message after 3 s', async () => {
    const { send, snapshot, clock, requests } = await ready();
    send({ type: 'user.bet' });
    expect(selectMessage(snapshot())).toBe(NO_BET);
    clock.increment(2_000);
    send({ type: 'user.bet' }); // pressing again restarts the 3 s
    clock.increment(2_000);
    expect(selectMessage(snapshot())).toBe(NO_BET);
    clock.increment(1_000);
    expect(selectMessage(snapshot())).toBeNull();
    expect(requests).toEqual([]);
  });

  it("should refuse a total above the balance with 'Balance too low.' until the chips change", async () => {
    const { send, snapshot, clock, effects } = await ready({ signedIn: true, wallet: { ...WALLET, balance: 0.00015 } });
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'user.placeChip', area: 'banker' });
    send({ type: 'user.bet' });
    expect(selectMessage(snapshot())).toBe('Balance too low.');
    clock.increment(10_000);
    expect(selectMessage(snapshot())).toBe('Balance too low.');
    send({ type: 'user.clear' });
    expect(selectMessage(snapshot())).toBeNull();
    expect(effects).toEqual([]);
  });

  // No chip is below minBet any more (the ladder starts there), so the limit a stack can cross is the maximum.
  it('should refuse a total outside the limits with the shared messages', async () => {
    const { send, snapshot } = await ready({ signedIn: true, wallet: { ...WALLET, balance: 1 } });
    send({ type: 'user.selectChip', value: TOP_CHIP });
    send({ type: 'user.placeChip', area: 'tie' });
    send({ type: 'user.placeChip', area: 'tie' });
    send({ type: 'user.bet' });
    expect(selectMessage(snapshot())).toBe('Bet must be less than less 0.01000000 BTC');
    send({ type: 'user.placeChip', area: 'tie' });
    expect(selectMessage(snapshot())).toBeNull();
  });

  it('should refuse ACC', async () => {
    const { send, snapshot } = await ready({ signedIn: true, wallet: { currency: 'ACC', balance: 5, fiatRate: null } });
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'user.bet' });
    expect(selectMessage(snapshot())).toBe('ACC betting not available at this time');
  });

  it('should open the login modal when a visitor presses Bet', async () => {
    const { send, snapshot, effects, requests } = await ready({ wallet: WALLET });
    send({ type: 'user.placeChip', area: 'player' });
    expect(selectCanBet(snapshot())).toBe(true);
    send({ type: 'user.bet' });
    expect(effects).toEqual([{ effect: 'openLogin' }]);
    expect(requests).toEqual([]);
    send({ type: 'auth.loggedIn' });
    send({ type: 'user.bet' });
    expect(requests).toHaveLength(1);
  });

  it('should hold the total bet at once, send the stakes in coins and disable every control while the round runs', async () => {
    const { send, snapshot, effects, requests, respond } = await ready();
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'user.selectChip', value: SECOND_CHIP });
    send({ type: 'user.placeChip', area: 'tie' });
    send({ type: 'user.bet' });
    expect(requests).toEqual([{ playerBetAmount: coins(DEFAULT_CHIP), tieBetAmount: coins(SECOND_CHIP), bankerBetAmount: 0, currency: 'BTC' }]);
    expect(effects).toEqual([{ effect: 'adjustBalance', currency: 'BTC', delta: -coins(DEFAULT_CHIP + SECOND_CHIP) }]);
    const controlsDisabled = () => {
      const s = snapshot();
      expect(selectIsRunning(s)).toBe(true);
      expect([selectCanBet(s), selectCanClear(s), selectCanPlaceChips(s), selectCanSelectChip(SECOND_CHIP)(s)]).toEqual([false, false, false, false]);
    };
    controlsDisabled();
    await respond(answer(SIX_CARDS, 0.0002, 0.00011));
    controlsDisabled();
  });

  it('should deal player, banker, player, banker, then the third cards, each in 300 ms and turned in 150 ms', async () => {
    const { send, snapshot, clock, respond } = await ready();
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'user.bet' });
    await respond(answer(SIX_CARDS, 0.0002, 0.0001));
    const table = () => ({
      player: selectHand('player')(snapshot()),
      banker: selectHand('banker')(snapshot()),
    });
    const cards = (hand: { card: number; faceUp: boolean }[]) => hand.map((c) => `${c.card}${c.faceUp ? '' : '?'}`).join(' ');
    const seen: string[] = [];
    const record = () => seen.push(`${cards(table().player)} | ${cards(table().banker)}`);
    record();
    for (let i = 0; i < 6; i++) {
      clock.increment(299);
      expect(snapshot().matches({ round: { dealing: 'cardArriving' } })).toBe(true);
      clock.increment(1);
      record();
      if (i < 5) {
        clock.increment(150);
        record();
      }
    }
    expect(snapshot().matches({ round: { dealing: 'cardTurning' } })).toBe(true);
    clock.increment(150);
    expect(seen).toEqual([
      '0? | ',
      '0 | ',
      '0 | 32?',
      '0 | 32',
      '0 4? | 32',
      '0 4 | 32',
      '0 4 | 32 36?',
      '0 4 | 32 36',
      '0 4 8? | 32 36',
      '0 4 8 | 32 36',
      '0 4 8 | 32 36 12?',
      '0 4 8 | 32 36 12',
    ]);
    expect(snapshot().hasTag('result')).toBe(true);
    expect(table()).toEqual({
      player: [0, 4, 8].map((card) => ({ card, faceUp: true })),
      banker: [32, 36, 12].map((card) => ({ card, faceUp: true })),
    });
    expect([selectScore('player')(snapshot()), selectScore('banker')(snapshot())]).toEqual([9, 5]);
  });

  it('should follow the face-up cards with the scores while dealing', async () => {
    const { send, snapshot, clock, respond } = await ready();
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'user.bet' });
    await respond(answer(SIX_CARDS, 0.0002, 0.0001));
    expect(selectScore('player')(snapshot())).toBeNull();
    tick(clock, 300);
    expect(selectScore('player')(snapshot())).toBe(2);
    tick(clock, 150 + 300 + 150 + 300);
    expect(selectScore('player')(snapshot())).toBe(5);
    expect(selectScore('banker')(snapshot())).toBe(0);
  });

  it("should say 'You Won' with the win popup, report the server's balance and only then let the feed show the round", async () => {
    const { send, snapshot, clock, effects, respond } = await ready();
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'user.bet' });
    await respond(answer(SIX_CARDS, 0.0002, 0.0001, 0.0101));
    expect(effects.map((e) => e.effect)).toEqual(['adjustBalance', 'reportBet']);
    expect(effects[1]).toEqual({
      effect: 'reportBet',
      bet: { id: '42', gameName: 'Baccarat', wager: 0.0001, currency: 'BTC', multiplier: 2, payout: 0.0002, animationOver: false },
    });
    expect(selectOutcomeMessage(snapshot())).toBeNull();
    tick(clock, 6 * 450 - 50);
    expect(effects).toHaveLength(2);
    tick(clock, 50);
    expect(effects.slice(2)).toEqual([
      { effect: 'reportBalance', currency: 'BTC', balance: 0.0101 },
      { effect: 'reportAnimationOver', betId: '42' },
    ]);
    expect(selectOutcomeMessage(snapshot())).toBe('You Won');
    expect(selectWinPopup(snapshot())).toEqual({ amount: 0.0002, multiplier: 2, currency: 'BTC' });
    clock.increment(3_000);
    expect(selectWinPopup(snapshot())).toBeNull();
    expect(selectOutcomeMessage(snapshot())).toBe('You Won');
    // The chips stay for the next deal, and the controls are back.
    expect(selectCanBet(snapshot())).toBe(true);
    expect(selectStack('player')(snapshot())).toEqual([DEFAULT_CHIP]);
  });

  it("should say 'You Lost' below the total bet and 'Draw' when the result equals it", async () => {
    const lost = await ready();
    lost.send({ type: 'user.placeChip', area: 'player' });
    lost.send({ type: 'user.bet' });
    await lost.respond(answer(FOUR_CARDS, 0, 0.0001));
    tick(lost.clock, 4 * 450);
    expect(selectOutcomeMessage(lost.snapshot())).toBe('You Lost');
    expect(selectWinPopup(lost.snapshot())).toBeNull();

    const draw = await ready();
    draw.send({ type: 'user.placeChip', area: 'player' });
    draw.send({ type: 'user.placeChip', area: 'banker' });
    draw.send({ type: 'user.bet' });
    await draw.respond(answer(FIVE_CARDS, 0.0002, 0.0002));
    tick(draw.clock, 5 * 450);
    expect(selectOutcomeMessage(draw.snapshot())).toBe('Draw');
  });

  it("should refund the stake and show the server's errorMessage for 3 s when the bet fails with success false", async () => {
    const { send, snapshot, clock, effects, fail } = await ready();
    send({ type: 'user.placeChip', area: 'banker' });
    send({ type: 'user.bet' });
    await fail(refusalError(400, refusalBody('Balance too low.')));
    expect(effects).toEqual([
      { effect: 'adjustBalance', currency: 'BTC', delta: -0.0001 },
      { effect: 'adjustBalance', currency: 'BTC', delta: 0.0001 },
    ]);
    expect(selectMessage(snapshot())).toBe('Balance too low.');
    expect(selectCanBet(snapshot())).toBe(true);
    clock.increment(3_000);
    expect(selectMessage(snapshot())).toBeNull();
  });

  it("should show the server's message when it refused the call, and the network message without an answer", async () => {
    const refused = await ready();
    refused.send({ type: 'user.placeChip', area: 'banker' });
    refused.send({ type: 'user.bet' });
    await refused.fail(new ApiError('Bet must be less than less 0.01 BTC', 400, 'bet_too_large'));
    expect(selectMessage(refused.snapshot())).toBe('Bet must be less than less 0.01 BTC');

    const offline = await ready();
    offline.send({ type: 'user.placeChip', area: 'banker' });
    offline.send({ type: 'user.bet' });
    await offline.fail(new TypeError('fetch failed'));
    expect(selectMessage(offline.snapshot())).toBe(BACCARAT_NETWORK_ERROR);
    expect(offline.effects.at(-1)).toEqual({ effect: 'adjustBalance', currency: 'BTC', delta: 0.0001 });
    offline.clock.increment(3_000);
    expect(selectMessage(offline.snapshot())).toBeNull();
  });

  it('should reload the limits for a new currency and retry them from Bet after a failure', async () => {
    const h = await ready(undefined, { limitsFail: true });
    expect(h.snapshot().matches({ limits: 'unavailable' })).toBe(true);
    h.send({ type: 'user.placeChip', area: 'player' });
    h.send({ type: 'user.bet' });
    expect(h.snapshot().matches({ limits: 'loading' })).toBe(true);
    expect(h.requests).toEqual([]);
    const ok = await ready();
    ok.send({ type: 'wallet.changed', wallet: { currency: 'USDT', balance: 5, fiatRate: null } });
    expect(ok.snapshot().matches({ limits: 'loading' })).toBe(true);
    await flush();
    expect(ok.snapshot().matches({ limits: 'known' })).toBe(true);
  });

  it('should move the real wallet through the actor system: the stake at once, the refund on failure', async () => {
    const wallet = walletMachine.provide({
      actors: {
        loadWallets: fromPromise(async () => [{ currencySymbol: 'BTC', balance: 0.01 }]),
        loadRates: fromPromise<ExchangeRate[], void>(async () => []),
      },
    });
    let reject: (e: unknown) => void = () => {};
    const game = baccaratMachine.provide({
      actors: {
        loadLimits: fromPromise(async () => LIMITS),
        placeBet: fromPromise(() => outcomeOf(new Promise<BaccaratBetResponse>((_, r) => (reject = r)))),
      },
    });
    const root = setup({ actors: { wallet, game } }).createMachine({
      invoke: [
        { src: 'wallet', id: 'wallet', systemId: 'wallet', input: {} },
        { src: 'game', id: 'game', systemId: 'game', input: { signedIn: true, wallet: WALLET } },
      ],
    });
    const app = createActor(root).start();
    const walletActor = app.system.get('wallet');
    walletActor.send({ type: 'auth.loggedIn' });
    await flush();
    const btc = () =>
      (walletActor.getSnapshot() as AnyMachineSnapshot).context.wallets.find((w: { currencySymbol: string }) => w.currencySymbol === 'BTC').balance;
    const gameActor = app.system.get('game');
    gameActor.send({ type: 'user.placeChip', area: 'player' });
    gameActor.send({ type: 'user.bet' });
    expect(btc()).toBe(0.0099);
    reject(new TypeError('offline'));
    await flush();
    expect(btc()).toBe(0.01);
    app.stop();
  });

  it('should draw a stacked chip as the selector draws its value, and one the dollar rate moved off the ladder with its coin amount and the colour of the nearest cheaper chip', async () => {
    const btc: GameWallet = { currency: 'BTC', balance: 0.01, fiatRate: null, exchangeRate: 95_000 };
    const { send, snapshot } = await ready({ signedIn: true, wallet: btc }, { limits: SERVER_LIMITS });
    const [tenCents, , fiveDollars] = snapshot().context.chipValues as number[];
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'user.selectChip', value: fiveDollars as number });
    send({ type: 'user.placeChip', area: 'banker' });
    expect(chipViewOf(selectChips(snapshot()), fiveDollars as number)).toEqual({ value: fiveDollars, face: '$5', rung: 2 });
    // At $50,000 a coin the ladder starts at 200 units (10¢) and its $1 and $5 chips are 2,000 and 10,000 units.
    send({ type: 'wallet.changed', wallet: { ...btc, exchangeRate: 50_000 } });
    const chips = selectChips(snapshot());
    expect(chips.slice(0, 3).map((chip) => chip.value)).toEqual([200, 2_000, 10_000]);
    const [player] = selectStack('player')(snapshot());
    const [banker] = selectStack('banker')(snapshot());
    expect([player, banker]).toEqual([tenCents, fiveDollars]);
    // 110 units: below every chip now, drawn as the cheapest; 5,300 units: between $1 and $5, drawn as the $1 chip.
    expect(chipViewOf(chips, player as number)).toEqual({ value: 110, face: '0.0000011', rung: 0 });
    expect(chipViewOf(chips, banker as number)).toEqual({ value: 5_300, face: '0.000053', rung: 1 });
  });

  it('should show the chip faces in dollars in fiat display', async () => {
    const usdt: GameWallet = { currency: 'USDT', balance: 5, fiatRate: 1, exchangeRate: 1 };
    const { snapshot } = await ready({ signedIn: true, wallet: usdt }, { limits: SERVER_LIMITS });
    expect(selectChips(snapshot()).map((chip) => chip.face)).toEqual(['10¢', '$1', '$5', '$10', '$50', '$100']);
  });

  it('should keep the top chip selected when a new dollar rate shortens the ladder', async () => {
    const btc: GameWallet = { currency: 'BTC', balance: 0.01, fiatRate: null, exchangeRate: 95_000 };
    const { send, snapshot } = await ready({ signedIn: true, wallet: btc }, { limits: SERVER_LIMITS });
    send({ type: 'user.selectChip', value: snapshot().context.chipValues.at(-1) as number });
    // At $5,000 a coin, the $100 chip (0.02 BTC) is above the 0.0105 BTC maximum: five chips are left.
    send({ type: 'wallet.changed', wallet: { ...btc, exchangeRate: 5_000 } });
    const ladder = chipLadder({ minBet: 106n, maxBet: 1_052_631n, exchangeRate: 5_000 }).map(Number);
    expect(selectChips(snapshot())).toHaveLength(5);
    send({ type: 'user.placeChip', area: 'player' });
    expect(selectStack('player')(snapshot())).toEqual([ladder.at(-1)]);
  });

  it('should word the limits in dollars in fiat display', async () => {
    const { send, snapshot } = await ready({ signedIn: true, wallet: { ...WALLET, balance: 1, fiatRate: 100_000 } });
    send({ type: 'user.selectChip', value: TOP_CHIP });
    send({ type: 'user.placeChip', area: 'tie' });
    send({ type: 'user.placeChip', area: 'tie' });
    send({ type: 'user.bet' });
    expect(selectMessage(snapshot())).toBe('Bet must be less than less $1,000.00');
  });

  it('should close the win popup when the player closes it, and keep You Won', async () => {
    const { send, snapshot, clock, respond } = await ready();
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'user.bet' });
    await respond(answer(SIX_CARDS, 0.0002, 0.0001));
    tick(clock, 6 * 450);
    expect(selectWinPopup(snapshot())).not.toBeNull();
    send({ type: 'user.closeWinPopup' });
    expect(selectWinPopup(snapshot())).toBeNull();
    expect(selectOutcomeMessage(snapshot())).toBe('You Won');
  });

  it('should place no chip while a new currency waits for its limits, even with a message under the buttons', async () => {
    // Bet on an empty table ('Please place at least one bet…'), or a refused total ('Balance too low.').
    for (const chipsFirst of [0, 2]) {
      const { send, snapshot } = await ready({ signedIn: true, wallet: { ...WALLET, balance: 0.00015 } });
      for (let i = 0; i < chipsFirst; i++) send({ type: 'user.placeChip', area: 'player' });
      send({ type: 'user.bet' });
      expect(selectMessage(snapshot())).toBe(chipsFirst ? 'Balance too low.' : NO_BET);
      send({ type: 'wallet.changed', wallet: { currency: 'USDT', balance: 5, fiatRate: null } });
      expect(selectMessage(snapshot())).toBeNull();
      expect(selectCanPlaceChips(snapshot())).toBe(false);
      send({ type: 'user.placeChip', area: 'banker' });
      expect(selectStack('banker')(snapshot())).toEqual([]);
      await flush();
      send({ type: 'user.placeChip', area: 'banker' });
      expect(selectStack('banker')(snapshot())).toEqual([chipValuesFor(LIMITS, null)[0]]);
    }
  });

  it('should settle a round in its own currency when the player picks another one while it runs', async () => {
    const settled = await ready();
    settled.send({ type: 'user.placeChip', area: 'player' });
    settled.send({ type: 'user.bet' });
    settled.send({ type: 'wallet.changed', wallet: { currency: 'USDT', balance: 5, fiatRate: null } });
    await settled.respond(answer(SIX_CARDS, 0.0002, 0.0001, 0.0101));
    tick(settled.clock, 6 * 450);
    expect(settled.effects).toEqual([
      { effect: 'adjustBalance', currency: 'BTC', delta: -0.0001 },
      { effect: 'reportBet', bet: { id: '42', gameName: 'Baccarat', wager: 0.0001, currency: 'BTC', multiplier: 2, payout: 0.0002, animationOver: false } },
      { effect: 'reportBalance', currency: 'BTC', balance: 0.0101 },
      { effect: 'reportAnimationOver', betId: '42' },
    ]);
    expect(selectWinPopup(settled.snapshot())).toEqual({ amount: 0.0002, multiplier: 2, currency: 'BTC' });

    const refunded = await ready();
    refunded.send({ type: 'user.placeChip', area: 'player' });
    refunded.send({ type: 'user.bet' });
    refunded.send({ type: 'wallet.changed', wallet: { currency: 'USDT', balance: 5, fiatRate: null } });
    await refunded.fail(new TypeError('offline'));
    expect(refunded.effects.at(-1)).toEqual({ effect: 'adjustBalance', currency: 'BTC', delta: 0.0001 });
  });

  it("should keep Bet disabled while a round runs after the new currency's limits failed, and ask for them again once it is over", async () => {
    const { send, snapshot, clock, respond, limitsRequests } = await ready(undefined, { limitsDownFor: ['USDT'] });
    send({ type: 'user.placeChip', area: 'player' });
    send({ type: 'user.bet' });
    send({ type: 'wallet.changed', wallet: { currency: 'USDT', balance: 5, fiatRate: null } });
    await flush();
    expect(limitsRequests).toEqual([{ game: 'baccarat', currency: 'BTC' }, { game: 'baccarat', currency: 'USDT' }]);
    expect(selectCanBet(snapshot())).toBe(false);
    send({ type: 'user.bet' });
    await respond(answer(SIX_CARDS, 0.0002, 0.0001));
    expect(selectCanBet(snapshot())).toBe(false);
    send({ type: 'user.bet' });
    expect(limitsRequests).toHaveLength(2);
    tick(clock, 6 * 450);
    expect(selectCanBet(snapshot())).toBe(true);
    send({ type: 'user.bet' });
    expect(limitsRequests).toEqual([
      { game: 'baccarat', currency: 'BTC' },
      { game: 'baccarat', currency: 'USDT' },
      { game: 'baccarat', currency: 'USDT' },
    ]);
  });

  it('should refund the stake and show the network message when the answer holds no round (no game, bet or balance, or success not true)', async () => {
    const good = answer(FOUR_CARDS, 0, 0.0001);
    const broken = [{ ...good, game: undefined }, { ...good, bet: undefined }, { ...good, balance: undefined }, { ...good, success: false }];
    for (const reply of broken) {
      const { send, snapshot, effects, respond } = await ready();
      send({ type: 'user.placeChip', area: 'player' });
      send({ type: 'user.bet' });
      await respond(reply as unknown as BaccaratBetResponse);
      expect(selectMessage(snapshot())).toBe(BACCARAT_NETWORK_ERROR);
      expect(selectHand('player')(snapshot())).toEqual([]);
      expect(effects).toEqual([
        { effect: 'adjustBalance', currency: 'BTC', delta: -0.0001 },
        { effect: 'adjustBalance', currency: 'BTC', delta: 0.0001 },
      ]);
    }
  });
});

chartDocTest('baccarat', baccaratMachine);
pathSuite(baccaratPaths);
