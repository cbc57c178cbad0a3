import { describe, expect, it } from 'vitest';
import {
  NO_USAGE,
  RAISE_DELAY_MS,
  depositRefusal,
  formatUtc,
  parseLimitDollars,
  planBlock,
  planLimitChange,
  stakeRefusal,
  windowStartHour,
} from '../../src/core/responsible/rules';
import type { StoredLimit, Usage } from '../../src/core/responsible/rules';

const NOW = Date.UTC(2026, 10, 27, 14, 5);
const limit = (kind: StoredLimit['kind'], period: StoredLimit['period'], amountCents: bigint | null, pending?: { at: number; cents: bigint | null }): StoredLimit => ({
  kind,
  period,
  amountCents,
  pendingAt: pending?.at ?? null,
  pendingCents: pending?.cents ?? null,
});
const usage = (patch: Partial<{ [K in keyof Usage]: Partial<Usage[K]> }>): Usage => ({
  deposit: { ...NO_USAGE.deposit, ...patch.deposit },
  loss: { ...NO_USAGE.loss, ...patch.loss },
  wager: { ...NO_USAGE.wager, ...patch.wager },
});

describe('responsible gambling rules', () => {
  it('should apply a new or lower limit at once and hold a raise or removal for 24 hours', () => {
    expect(planLimitChange(null, 10_000n, NOW)).toEqual({ amountCents: 10_000n, pendingAt: null, pendingCents: null });
    const current = limit('wager', 'day', 10_000n);
    expect(planLimitChange(current, 5_000n, NOW)).toEqual({ amountCents: 5_000n, pendingAt: null, pendingCents: null });
    expect(planLimitChange(current, 20_000n, NOW)).toEqual({ amountCents: 10_000n, pendingAt: NOW + RAISE_DELAY_MS, pendingCents: 20_000n });
    expect(planLimitChange(current, null, NOW)).toEqual({ amountCents: 10_000n, pendingAt: NOW + RAISE_DELAY_MS, pendingCents: null });
    // A lower limit drops the raise that waited.
    const waiting = limit('wager', 'day', 10_000n, { at: NOW + 1000, cents: 20_000n });
    expect(planLimitChange(waiting, 9_000n, NOW)).toEqual({ amountCents: 9_000n, pendingAt: null, pendingCents: null });
    // Once its time has come, the raise is the limit.
    expect(planLimitChange(waiting, 15_000n, NOW + 2000)).toEqual({ amountCents: 15_000n, pendingAt: null, pendingCents: null });
  });

  it('should refuse the stake that would pass a wager limit, or a loss limit counting the whole stake as lost', () => {
    const limits = [limit('wager', 'week', 10_000n), limit('loss', 'day', 2_000n)];
    expect(stakeRefusal(limits, usage({ wager: { week: 9_000n } }), 1_000n, NOW)).toBeNull();
    expect(stakeRefusal(limits, usage({ wager: { week: 9_000n } }), 1_001n, NOW)).toBe('This bet would exceed your weekly wager limit of $100.00.');
    expect(stakeRefusal(limits, usage({ loss: { day: 1_500n } }), 501n, NOW)).toBe('This bet would exceed your daily loss limit of $20.00.');
    // Wins in the window offset losses.
    expect(stakeRefusal(limits, usage({ loss: { day: -1_000n } }), 3_000n, NOW)).toBeNull();
    expect(stakeRefusal([limit('wager', 'day', 100n, { at: NOW - 1, cents: null })], NO_USAGE, 1_000n, NOW)).toBeNull();
  });

  it('should refuse a deposit past a deposit limit', () => {
    const limits = [limit('deposit', 'month', 100_000n)];
    expect(depositRefusal(limits, usage({ deposit: { month: 90_000n } }), 10_000n, NOW)).toBeNull();
    expect(depositRefusal(limits, usage({ deposit: { month: 90_000n } }), 10_001n, NOW)).toBe('This deposit would exceed your monthly deposit limit of $1,000.00.');
  });

  it('should let a block only grow longer', () => {
    const running = { kind: 'break' as const, until: NOW + 1000 };
    expect(planBlock(running, { kind: 'break', until: NOW + 500 }, NOW)).toEqual({
      ok: false,
      message: 'Your break already runs until 27 Nov 2026, 14:05 UTC, which is longer: it cannot be shortened.',
    });
    expect(planBlock(running, { kind: 'exclusion', until: null }, NOW)).toEqual({ ok: true, block: { kind: 'exclusion', until: null } });
    expect(planBlock({ kind: 'exclusion', until: null }, { kind: 'exclusion', until: NOW + 10 }, NOW).ok).toBe(false);
    // An ended block is no block.
    expect(planBlock(running, { kind: 'break', until: NOW + 5000 }, NOW + 2000)).toEqual({ ok: true, block: { kind: 'break', until: NOW + 5000 } });
  });

  it('should read dollar amounts as cents and refuse what is not one', () => {
    expect(parseLimitDollars('100')).toBe(10_000n);
    expect(parseLimitDollars(' $1,000.5 ')).toBe(100_050n);
    for (const bad of ['', '0', '0.00', '-1', '1.234', 'abc', '10000000.01']) expect(parseLimitDollars(bad)).toBeNull();
  });

  it('should count the current clock hour and the 24, 168, 720 before it', () => {
    const hour = Math.floor(NOW / 3_600_000);
    expect(windowStartHour('day', NOW)).toBe(hour - 24);
    expect(windowStartHour('month', NOW)).toBe(hour - 720);
    expect(formatUtc(Date.UTC(2027, 0, 3, 9, 7))).toBe('3 Jan 2027, 09:07 UTC');
  });
});
