import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import type { AnyActorRef } from 'xstate';
import type { BetLimits } from '../../src/core/bets/validation';
import { diceMachine, DICE_NO_RESPONSE_MESSAGE } from '../../machines/dice/machine';
import type { DiceBetRequest, DiceBetResponse, DiceInput } from '../../machines/dice/machine';
import type { LimitsRequest } from '../../machines/shared/limits';
import type { BetOutcome } from '../../machines/shared/requestFailure';
import { answered, refused, settle, UNANSWERED } from '../support/games';
import { runInSystem } from '../support/actorSystem';
import { pathSuite } from '../support/pathTesting';
import { loginModal } from '../../machines/shared/messages';
import { dicePaths } from './dice.paths';
import {
  selectCanBet,
  selectChance,
  selectChancePlaceholder,
  selectChanceText,
  selectMaxPayout,
  selectMessage,
  selectMultiplier,
  selectMultiplierPlaceholder,
  selectMultiplierText,
  selectProfitOnWin,
  selectResultText,
  selectRingTone,
  selectTarget,
} from '../../machines/dice/selectors';
import { modalStackMachine } from '../../machines/modalStack/machine';
import { walletMachine } from '../../machines/wallet/machine';
import type { ExchangeRate, Wallet } from '../../machines/wallet/machine';
import type { PlacedBet } from '../../machines/shared/events';
import type { GameWallet } from '../../machines/shared/events';


const LIMITS: BetLimits = { minBet: 0.0001, maxBet: 1, maxPayout: 0.5 };
const BTC: GameWallet = { currency: 'BTC', balance: 0.5, fiatRate: null };

interface Fakes {
  limits?: (request: LimitsRequest) => Promise<BetLimits>;
  bet?: (request: DiceBetRequest) => Promise<BetOutcome<DiceBetResponse>>;
}

/**
 * The dice machine as src/app provides it: only its requests are fakes. Its messages are the chart's
 * own sendTo actions, recorded by the app-wide actors of the system it runs in.
 */
function harness(fakes: Fakes = {}) {
  const requests = { limits: [] as LimitsRequest[], bets: [] as DiceBetRequest[] };
  const machine = diceMachine.provide({
    actors: {
      loadLimits: fromPromise<BetLimits, LimitsRequest>(async ({ input }) => {
        requests.limits.push(input);
        return fakes.limits ? fakes.limits(input) : LIMITS;
      }),
      placeBet: fromPromise<BetOutcome<DiceBetResponse>, DiceBetRequest>(async ({ input }) => {
        requests.bets.push(input);
        if (!fakes.bet) throw new Error('no placeBet fake');
        return fakes.bet(input);
      }),
    },
  });
  return { machine, requests };
}

async function started(input: DiceInput = { signedIn: true, wallet: BTC }, fakes: Fakes = {}, clock?: SimulatedClock) {
  const { machine, requests } = harness(fakes);
  const system = runInSystem(machine, { input, systemId: 'dice', ...(clock ? { clock } : {}) });
  const calls = {
    ...requests,
    get logins() {
      return system.sentTo('modals').filter((e) => e.type === loginModal.type).length;
    },
    get balances() {
      return system.sentTo('wallet').map((e) => {
        const { currency, balance } = e as unknown as { currency: string; balance: number };
        return { currency, balance };
      });
    },
    get reported() {
      return system.sentTo('betsFeed').map((e) => (e as unknown as { bet: PlacedBet }).bet);
    },
  };
  await settle();
  return { actor: system.actor, calls };
}

/** The default table on a simulated clock, for the waits before a typed figure is clamped. */
async function startedOnClock() {
  const clock = new SimulatedClock();
  return { ...(await started(undefined, {}, clock)), clock };
}

/** What a player does to bet: type the amount, then press Bet. */
function betAmount(actor: Pick<AnyActorRef, 'send'>, text: string): void {
  actor.send({ type: 'user.typeAmount', text });
  actor.send({ type: 'user.bet' });
}

/** A settled roll as POST /dice/bet answers it: an integer bet id, the odds' multiplier, the seed pair's nonce. */
const roll = (balance: number, bet: { id: number; roll: number; wager: number; payout: number; multiplier?: number }): DiceBetResponse => ({
  balance,
  bet: { multiplier: 2, nonce: bet.id, win: bet.payout > 0, ...bet },
});
const win = (request: DiceBetRequest): Promise<BetOutcome<DiceBetResponse>> =>
  Promise.resolve(answered(roll(0.6, { id: 1, roll: 5.2, wager: Number(request.betAmount), payout: Number(request.betAmount) * 2 })));
const loss = (request: DiceBetRequest): Promise<BetOutcome<DiceBetResponse>> =>
  Promise.resolve(answered(roll(0.4, { id: 2, roll: 77.01, wager: Number(request.betAmount), payout: 0 })));

describe('dice', () => {
  describe('bet checks (docs/product.md §5, in order)', () => {
    it("should show 'Bet must be greater than 0' and not call placeBet when the amount is 0", async () => {
      const { actor, calls } = await started({ signedIn: true, wallet: BTC }, { bet: win });
      betAmount(actor, '0');
      await settle();
      expect(selectMessage(actor.getSnapshot())).toBe('Bet must be greater than 0');
      expect(calls.bets).toEqual([]);
    });

    it('should open the login modal for a visitor instead of betting, whatever the amount', async () => {
      const { actor, calls } = await started({ wallet: BTC }, { bet: win });
      betAmount(actor, '0');
      await settle();
      expect(calls.logins).toBe(1);
      expect(calls.bets).toEqual([]);
      expect(selectMessage(actor.getSnapshot())).toBeNull();
    });

    it("should refuse ACC before looking at the amount: 'ACC betting not available at this time'", async () => {
      const { actor, calls } = await started({ signedIn: true, wallet: { currency: 'ACC', balance: 5, fiatRate: null } });
      betAmount(actor, '0');
      expect(selectMessage(actor.getSnapshot())).toBe('ACC betting not available at this time');
      expect(calls.bets).toEqual([]);
    });

    it("should refuse more than the balance with \"Can't bet more than balance\"", async () => {
      const { actor } = await started();
      betAmount(actor, '0.6');
      expect(selectMessage(actor.getSnapshot())).toBe("Can't bet more than balance");
    });

    it('should quote minBet with the currency symbol, or in dollars in fiat display', async () => {
      const { actor } = await started();
      betAmount(actor, '0.00005');
      expect(selectMessage(actor.getSnapshot())).toBe('Bet must be greater than 0.00010000 BTC');

      actor.send({ type: 'wallet.changed', wallet: { ...BTC, fiatRate: 50_000 } });
      betAmount(actor, '4');
      expect(selectMessage(actor.getSnapshot())).toBe('Bet must be greater than $5.00');
    });

    it('should refuse a profit on win above maxPayout', async () => {
      const { actor, calls } = await started();
      actor.send({ type: 'user.typeAmount', text: '0.1' });
      actor.send({ type: 'user.typeChance', text: '10' });
      actor.send({ type: 'user.bet' });
      expect(selectMessage(actor.getSnapshot())).toBe('Profit on win must be less than 0.50000000 BTC');
      expect(calls.bets).toEqual([]);
    });

    it('should clear a refusal when the amount changes', async () => {
      const { actor } = await started();
      betAmount(actor, '0');
      actor.send({ type: 'user.typeAmount', text: '0.01' });
      expect(selectMessage(actor.getSnapshot())).toBeNull();
    });
  });

  describe('placing a bet', () => {
    it('should send the amount, currency, chance and target, then show a win in green and tell the wallet and the feed', async () => {
      const { actor, calls } = await started({ signedIn: true, wallet: BTC }, { bet: win });
      actor.send({ type: 'user.typeAmount', text: '0.01' });
      actor.send({ type: 'user.toggleTarget' });
      actor.send({ type: 'user.bet' });
      await settle();
      expect(calls.bets).toEqual([{ betAmount: 0.01, currency: 'BTC', chance: 49.5, target: 'over' }]);
      const snapshot = actor.getSnapshot();
      expect(selectRingTone(snapshot)).toBe('win');
      expect(selectResultText(snapshot)).toBe('05.20');
      expect(calls.balances).toEqual([{ currency: 'BTC', balance: 0.6 }]);
      expect(calls.reported).toEqual([{ id: '1', gameName: 'Dice', wager: 0.01, currency: 'BTC', multiplier: 2, payout: 0.02 }]);
    });

    it('should show a loss in red', async () => {
      const { actor } = await started({ signedIn: true, wallet: BTC }, { bet: loss });
      betAmount(actor, '0.01');
      await settle();
      expect(selectRingTone(actor.getSnapshot())).toBe('loss');
      expect(selectResultText(actor.getSnapshot())).toBe('77.01');
    });

    it('should count a payout equal to the wager as a win (green)', async () => {
      const even = (r: DiceBetRequest) =>
        Promise.resolve(answered(roll(0.5, { id: 3, roll: 1, wager: Number(r.betAmount), payout: Number(r.betAmount), multiplier: 1.0102 })));
      const { actor } = await started({ signedIn: true, wallet: BTC }, { bet: even });
      betAmount(actor, '0.01');
      await settle();
      expect(selectRingTone(actor.getSnapshot())).toBe('win');
    });

    it('should convert a fiat entry to crypto by the exchange rate', async () => {
      const { actor, calls } = await started({ signedIn: true, wallet: { ...BTC, fiatRate: 50_000 } }, { bet: win });
      betAmount(actor, '25');
      await settle();
      expect(calls.bets[0]?.betAmount).toBe(0.0005);
    });

    it('should block another bet while one is in flight', async () => {
      let release: (r: BetOutcome<DiceBetResponse>) => void = () => {};
      const slow = () => new Promise<BetOutcome<DiceBetResponse>>((resolve) => (release = resolve));
      const { actor, calls } = await started({ signedIn: true, wallet: BTC }, { bet: slow });
      betAmount(actor, '0.01');
      await settle();
      expect(selectCanBet(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'user.bet' });
      await settle();
      expect(calls.bets).toHaveLength(1);
      release(answered(roll(0.49, { id: 4, roll: 99, wager: 0.01, payout: 0 })));
      await settle();
      expect(selectCanBet(actor.getSnapshot())).toBe(true);
    });

    it("should show the server's words when it refuses the bet", async () => {
      const refuse = () => Promise.resolve(refused("Can't bet more than balance"));
      const { actor } = await started({ signedIn: true, wallet: BTC }, { bet: refuse });
      betAmount(actor, '0.01');
      await settle();
      expect(selectMessage(actor.getSnapshot())).toBe("Can't bet more than balance");
    });

    it(`should show '${DICE_NO_RESPONSE_MESSAGE}' when there is no response`, async () => {
      const { actor, calls } = await started({ signedIn: true, wallet: BTC }, { bet: () => Promise.resolve(UNANSWERED) });
      betAmount(actor, '0.01');
      await settle();
      expect(selectMessage(actor.getSnapshot())).toBe(DICE_NO_RESPONSE_MESSAGE);
      expect(calls.balances).toEqual([]);
    });

    it('should reset the ring to the primary colour and clear the result when the chance changes', async () => {
      const { actor } = await started({ signedIn: true, wallet: BTC }, { bet: win });
      betAmount(actor, '0.01');
      await settle();
      expect(selectRingTone(actor.getSnapshot())).toBe('win');
      actor.send({ type: 'user.slideChance', chance: 30 });
      expect(selectRingTone(actor.getSnapshot())).toBe('primary');
      expect(selectResultText(actor.getSnapshot())).toBeNull();
    });

    it('should keep the result when only the amount changes', async () => {
      const { actor } = await started({ signedIn: true, wallet: BTC }, { bet: loss });
      betAmount(actor, '0.01');
      await settle();
      actor.send({ type: 'user.typeAmount', text: '0.02' });
      expect(selectRingTone(actor.getSnapshot())).toBe('loss');
    });

    it('should send its messages through the actor system: login modal, wallet balance', async () => {
      // The real modal stack and wallet, with their own effects faked: the dice machine's messages reach them through the system.
      const modalStack = modalStackMachine.provide({ actions: { markPageModalOpen: () => {}, unmarkPageModalOpen: () => {} } });
      const wallet = walletMachine.provide({
        actors: { loadWallets: fromPromise<Wallet[], void>(async () => [{ currencySymbol: 'BTC', balance: 0 }]), loadRates: fromPromise<ExchangeRate[], void>(async () => []) },
      });
      const app = setup({ actors: { modalStack, wallet, dice: harness({ bet: win }).machine } }).createMachine({
        invoke: [
          { id: 'modals', systemId: 'modals', src: 'modalStack' },
          { id: 'wallet', systemId: 'wallet', src: 'wallet', input: {} },
          { id: 'dice', src: 'dice', input: { wallet: BTC } },
        ],
      });
      const root = createActor(app).start();
      await settle();
      const dice = root.getSnapshot().children.dice!;
      const modals = root.getSnapshot().children.modals!;
      const walletActor = root.getSnapshot().children.wallet!;
      dice.send({ type: 'user.bet' });
      expect(modals.getSnapshot().context.stack.map((m: { name: string }) => m.name)).toEqual(['Auth']);
      walletActor.send({ type: 'auth.loggedIn' });
      dice.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
      betAmount(dice, '0.01');
      await settle();
      await settle();
      const btc = walletActor.getSnapshot().context.wallets.find((w: { currencySymbol: string }) => w.currencySymbol === 'BTC');
      expect(btc?.balance).toBe(0.6);
      root.stop();
    });
  });

  describe('odds and amount', () => {
    it('should show the placeholders 49.5 and 2 and bet at 49.5 until a chance is entered', async () => {
      const { actor } = await started();
      expect(selectChanceText(actor.getSnapshot())).toBe('');
      expect([selectChancePlaceholder(), selectMultiplierPlaceholder()]).toEqual(['49.5', '2']);
      expect(selectChance(actor.getSnapshot())).toBe(49.5);
      expect(selectMultiplier(actor.getSnapshot())).toBe(2);
    });

    it('should link the multiplier to a typed chance at once and the chance to a typed multiplier', async () => {
      const { actor } = await started();
      actor.send({ type: 'user.typeChance', text: '25' });
      expect(selectMultiplierText(actor.getSnapshot())).toBe('3.96');
      actor.send({ type: 'user.typeMultiplier', text: '7' });
      expect(selectChanceText(actor.getSnapshot())).toBe('14.14');
      expect(selectMultiplierText(actor.getSnapshot())).toBe('7');
    });

    it('should clamp a typed chance only after 2 s without input, typing again restarting the wait', async () => {
      const { actor, clock } = await startedOnClock();
      actor.send({ type: 'user.typeChance', text: '99.5' });
      clock.increment(1999);
      expect(selectChanceText(actor.getSnapshot())).toBe('99.5');
      // A bet made meanwhile already uses the clamped odds.
      expect(selectChance(actor.getSnapshot())).toBe(98);
      actor.send({ type: 'user.typeChance', text: '0.001' });
      clock.increment(1999);
      expect(selectChanceText(actor.getSnapshot())).toBe('0.001');
      clock.increment(1);
      expect(selectChanceText(actor.getSnapshot())).toBe('0.01');
      expect(selectMultiplierText(actor.getSnapshot())).toBe('9900');
    });

    it('should clamp a typed multiplier to 1.0102..9900 after 2 s and show what the linked chance pays', async () => {
      const { actor, clock } = await startedOnClock();
      actor.send({ type: 'user.typeMultiplier', text: '1' });
      expect(selectChanceText(actor.getSnapshot())).toBe('98');
      clock.increment(2000);
      expect(selectMultiplierText(actor.getSnapshot())).toBe('1.0102');
      actor.send({ type: 'user.typeMultiplier', text: '7' });
      clock.increment(2000);
      expect(selectMultiplierText(actor.getSnapshot())).toBe('7.0014');
    });

    it('should keep the slider within 2..98 without waiting', async () => {
      const { actor } = await started();
      actor.send({ type: 'user.slideChance', chance: 1 });
      expect(selectChanceText(actor.getSnapshot())).toBe('2');
      expect(selectMultiplierText(actor.getSnapshot())).toBe('49.5');
    });

    it('should halve and double within minBet, maxBet and the balance', async () => {
      const { actor } = await started();
      actor.send({ type: 'user.typeAmount', text: '0.00015' });
      actor.send({ type: 'user.halveAmount' });
      expect(actor.getSnapshot().context.amountText).toBe('0.0001');
      actor.send({ type: 'user.typeAmount', text: '0.3' });
      actor.send({ type: 'user.doubleAmount' });
      expect(actor.getSnapshot().context.amountText).toBe('0.5');
    });

    it('should show profit on win as bet × multiplier − bet', async () => {
      const { actor } = await started();
      actor.send({ type: 'user.typeAmount', text: '0.01' });
      actor.send({ type: 'user.typeChance', text: '25' });
      expect(selectProfitOnWin(actor.getSnapshot())).toBe(0.0296);
    });
  });

  describe('limits', () => {
    it('should load the limits of the selected currency and again when the currency changes', async () => {
      const { actor, calls } = await started();
      expect(selectMaxPayout(actor.getSnapshot())).toBe(0.5);
      actor.send({ type: 'wallet.changed', wallet: { ...BTC, balance: 0.7 } });
      actor.send({ type: 'wallet.changed', wallet: { currency: 'ETH', balance: 2, fiatRate: null } });
      await settle();
      expect(calls.limits).toEqual([
        { game: 'dice', currency: 'BTC' },
        { game: 'dice', currency: 'ETH' },
      ]);
    });

    it('should show max payout in dollars in fiat display', async () => {
      const { actor } = await started({ signedIn: true, wallet: { ...BTC, fiatRate: 20_000 } });
      expect(selectMaxPayout(actor.getSnapshot())).toBe(10_000);
    });

    it('should wait for the limits before betting and ask again when pressing Bet after a failure', async () => {
      let fail = true;
      const limits = () => (fail ? Promise.reject(new Error('down')) : Promise.resolve(LIMITS));
      const { actor, calls } = await started({ signedIn: true, wallet: BTC }, { limits, bet: win });
      actor.send({ type: 'user.typeAmount', text: '0.01' });
      expect(actor.getSnapshot().matches({ limits: 'unavailable' })).toBe(true);
      fail = false;
      actor.send({ type: 'user.bet' });
      await settle();
      expect(calls.bets).toEqual([]);
      expect(calls.limits).toHaveLength(2);
      actor.send({ type: 'user.bet' });
      await settle();
      expect(calls.bets).toHaveLength(1);
    });
  });
});

// What the form and the feed show beyond the path spec's events (kills mutants of context.ts, actions.ts and machine.ts).
describe('dice: fields and feed beyond the paths', () => {
  it('should read a chance typed with a decimal comma or spaces, and show the placeholders again when a field is emptied', async () => {
    const { actor } = await started();
    actor.send({ type: 'user.typeChance', text: ' 2,5 ' });
    expect(selectChance(actor.getSnapshot())).toBe(2.5);
    actor.send({ type: 'user.typeChance', text: '' });
    expect(selectMultiplierText(actor.getSnapshot())).toBe('');
    expect(selectChance(actor.getSnapshot())).toBe(49.5);
    actor.send({ type: 'user.typeMultiplier', text: '4' });
    actor.send({ type: 'user.typeMultiplier', text: '  ' });
    expect(selectChanceText(actor.getSnapshot())).toBe('');
    expect(selectChance(actor.getSnapshot())).toBe(49.5);
  });

  it('should leave both fields empty (the placeholders) once 2 s pass after a field was emptied', async () => {
    const { actor, clock } = await startedOnClock();
    actor.send({ type: 'user.typeChance', text: '25' });
    actor.send({ type: 'user.typeChance', text: '' });
    clock.increment(2000);
    expect([selectChanceText(actor.getSnapshot()), selectMultiplierText(actor.getSnapshot())]).toEqual(['', '']);
  });

  it('should restart the 2 s wait when the multiplier is typed again', async () => {
    const { actor, clock } = await startedOnClock();
    actor.send({ type: 'user.typeMultiplier', text: '20000' });
    clock.increment(1500);
    actor.send({ type: 'user.typeMultiplier', text: '30000' });
    clock.increment(1500);
    expect(selectMultiplierText(actor.getSnapshot())).toBe('30000');
    clock.increment(500);
    expect(selectMultiplierText(actor.getSnapshot())).toBe('9900');
  });

  it('should flip under/over back and forth', async () => {
    const { actor } = await started();
    actor.send({ type: 'user.toggleTarget' });
    actor.send({ type: 'user.toggleTarget' });
    actor.send({ type: 'user.typeAmount', text: '0.01' });
    actor.send({ type: 'user.bet' });
    await settle();
    expect(selectTarget(actor.getSnapshot())).toBe('under');
  });

  it('should show a multiplier of 0 in the feed for a bet answered with a zero wager', async () => {
    const { actor, calls } = await started(undefined, { bet: () => Promise.resolve(answered(roll(0.5, { id: 5, roll: 5.2, wager: 0, payout: 0 }))) });
    betAmount(actor, '0.01');
    await settle();
    expect(calls.reported.map((bet) => bet.multiplier)).toEqual([0]);
  });
});

pathSuite(dicePaths);
