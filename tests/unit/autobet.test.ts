import { describe, expect, it } from 'vitest';
import {
  AUTOBET_MESSAGES,
  DEFAULT_AUTOBET_SETTINGS,
  amountFieldText,
  betWon,
  formatNet,
  netAfter,
  nextAmount,
  planAutobet,
  stopAfter,
  stopMessage,
} from '../../src/core/bets/autobet';
import type { AutobetPlan, AutobetSettings } from '../../src/core/bets/autobet';

/** docs/product.md §4 "Autobet": the next amount, the net profit and when a run stops. */

const LIMITS = { minBet: 0.0001, maxBet: 1, maxPayout: 10 };
const settings = (over: Partial<AutobetSettings> = {}): AutobetSettings => ({ ...DEFAULT_AUTOBET_SETTINGS, ...over });
const planOf = (over: Partial<AutobetSettings> = {}, amountText = '0.001', fiatRate: number | null = null, limits = LIMITS): AutobetPlan => {
  const result = planAutobet(settings(over), { amountText, fiatRate, limits });
  if (!result.ok) throw new Error(result.message);
  return result.plan;
};
/** Coins as the plan scales them (8 decimals). */
const coins = (plan: AutobetPlan, scaled: string) => amountFieldText(plan, scaled);

describe('the next amount', () => {
  it('should go back to the starting amount on a win or a loss set to reset', () => {
    const plan = planOf();
    expect(coins(plan, nextAmount(plan, '400000', true))).toBe('0.001');
    expect(coins(plan, nextAmount(plan, '400000', false))).toBe('0.001');
  });

  it('should double after a loss at 100 % and grow by a fraction at 12.5 %', () => {
    const martingale = planOf({ onLoss: 'increase', onLossPercent: '100' });
    const sequence = [martingale.base];
    for (let i = 0; i < 3; i += 1) sequence.push(nextAmount(martingale, sequence[sequence.length - 1]!, false));
    expect(sequence.map((s) => coins(martingale, s))).toEqual(['0.001', '0.002', '0.004', '0.008']);
    const slow = planOf({ onWin: 'increase', onWinPercent: '12.5' });
    expect(coins(slow, nextAmount(slow, slow.base, true))).toBe('0.001125');
  });

  it('should floor to the last decimal of the displayed unit', () => {
    const plan = planOf({ onLoss: 'increase', onLossPercent: '33.33' }, '0.00000003');
    // 3 × 1.3333 = 3.9999 units: floored to 3, never more than the rule gives.
    expect(nextAmount({ ...plan, min: '1' }, '3', false)).toBe('3');
    const cents = planOf({ onLoss: 'increase', onLossPercent: '50' }, '0.05', 50_000, { minBet: 0.0000001, maxBet: 1, maxPayout: 1 });
    // $0.05 + 50 % = $0.075, floored to $0.07.
    expect(cents.decimals).toBe(2);
    expect(amountFieldText(cents, nextAmount(cents, cents.base, false))).toBe('0.07');
  });

  it('should keep within minBet and maxBet of the currency', () => {
    const plan = planOf({ onLoss: 'increase', onLossPercent: '1000' }, '0.2');
    expect(coins(plan, nextAmount(plan, plan.base, false))).toBe('1');
    const below = planOf({}, '0.00001');
    expect(coins(below, nextAmount(below, below.base, true))).toBe('0.0001');
  });

  it('should quote the limits in cents in fiat display: min rounded up, max down', () => {
    const plan = planOf({}, '5', 30_000, { minBet: 0.00000101, maxBet: 0.0100001, maxPayout: 1 });
    // 101 units at $30,000 = $0.0303 → $0.04 at least; 1,000,010 units = $300.003 → $300.00 at most.
    expect(plan.min).toBe('4');
    expect(plan.max).toBe('30000');
  });
});

describe('the net profit and the stop rules', () => {
  it('should add what a bet paid and take off what it staked, exactly', () => {
    let net = '0';
    net = netAfter(net, 0.1, 0.2);
    net = netAfter(net, 0.3, 0);
    expect(net).toBe(String(-20_000_000n));
    expect(netAfter('0', 0.1, 0.30000001)).toBe('20000001');
  });

  it('should count a payout equal to the wager as a win', () => {
    expect(betWon(0.01, 0.01)).toBe(true);
    expect(betWon(0.01, 0.00999999)).toBe(false);
  });

  it('should stop after the number of bets, and never for 0', () => {
    expect(stopAfter(planOf({ bets: '3' }), 2, '0')).toBeNull();
    expect(stopAfter(planOf({ bets: '3' }), 3, '0')).toBe('bets');
    expect(stopAfter(planOf({ bets: '0' }), 10_000, '0')).toBeNull();
    expect(stopAfter(planOf({ bets: '' }), 10_000, '0')).toBeNull();
  });

  it('should stop once the net profit reaches X and once the net loss reaches Y', () => {
    const plan = planOf({ stopProfit: '0.01', stopLoss: '0.02' });
    expect(stopAfter(plan, 1, '999999')).toBeNull();
    expect(stopAfter(plan, 1, '1000000')).toBe('profit');
    expect(stopAfter(plan, 1, '-1999999')).toBeNull();
    expect(stopAfter(plan, 1, '-2000000')).toBe('loss');
  });

  it('should read stop amounts typed in dollars in fiat display', () => {
    const plan = planOf({ stopProfit: '10' }, '1', 50_000);
    // $10 at $50,000 a coin = 0.0002 BTC.
    expect(plan.stopProfitUnits).toBe('20000');
  });

  it('should say why it stopped', () => {
    expect(stopMessage('bets', 1)).toBe('1 bet placed');
    expect(stopMessage('bets', 1200)).toBe('1,200 bets placed');
    expect(stopMessage('profit', 4)).toBe('Stop on profit reached');
    expect(stopMessage('loss', 4)).toBe('Stop on loss reached');
  });

  it('should show the net signed, in the currency or in dollars', () => {
    expect(formatNet('150000', 'BTC', null)).toBe('+0.00150000 BTC');
    expect(formatNet('-150000', 'BTC', null)).toBe('-0.00150000 BTC');
    expect(formatNet('0', 'ETH', null)).toBe('0.00000000 ETH');
    expect(formatNet('-100000000', 'BTC', 50_000)).toBe('-$50,000.00');
  });
});

describe('settings that cannot run', () => {
  const refused = (over: Partial<AutobetSettings>) => planAutobet(settings(over), { amountText: '0.001', fiatRate: null, limits: LIMITS });
  it('should refuse a number of bets that is not a whole number in range', () => {
    for (const bets of ['-1', '2.5', 'ten', '100001']) expect(refused({ bets })).toEqual({ ok: false, message: AUTOBET_MESSAGES.betsInvalid });
    expect(AUTOBET_MESSAGES.betsInvalid).toBe('Number of bets must be a whole number from 0 to 100,000');
  });

  it('should refuse an increase that is not a percentage from 0 to 1000, and ignore it on reset', () => {
    expect(refused({ onWin: 'increase', onWinPercent: 'x' })).toEqual({ ok: false, message: 'Increase on win must be from 0 to 1000%' });
    expect(refused({ onLoss: 'increase', onLossPercent: '1000.01' })).toEqual({ ok: false, message: 'Increase on loss must be from 0 to 1000%' });
    expect(refused({ onLoss: 'increase', onLossPercent: '-5' })).toEqual({ ok: false, message: 'Increase on loss must be from 0 to 1000%' });
    expect(refused({ onLoss: 'reset', onLossPercent: 'x' }).ok).toBe(true);
  });

  it('should refuse stop amounts that are not amounts', () => {
    expect(refused({ stopProfit: 'lots' })).toEqual({ ok: false, message: 'Stop on profit must be an amount of 0 or more' });
    expect(refused({ stopLoss: '-1' })).toEqual({ ok: false, message: 'Stop on loss must be an amount of 0 or more' });
    expect(refused({ stopProfit: '0', stopLoss: '' })).toMatchObject({ ok: true, plan: { stopProfitUnits: null, stopLossUnits: null } });
  });
});
