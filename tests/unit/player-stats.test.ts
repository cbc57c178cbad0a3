import { describe, expect, it } from 'vitest';
import { addBetToStats, chartGeometry, profitCurve } from '../../src/core/bets/stats';

const zero = { bets: 0, wagered: '0.00000000', profit: '0.00000000', wins: 0, losses: 0 };

describe('live statistics arithmetic', () => {
  it('adds a win, a loss and a push exactly to this session and all time, and to the chart', () => {
    let stats = { currency: 'BTC', session: zero, allTime: { ...zero, bets: 5, wagered: '1.00000000', profit: '-0.30000000', wins: 2, losses: 3 }, recent: ['0.1'] };
    stats = addBetToStats(stats, { wager: 0.1, payout: 0.198 });
    stats = addBetToStats(stats, { wager: 0.00000001, payout: 0 });
    stats = addBetToStats(stats, { wager: 0.3, payout: 0.3 });
    expect(stats.session).toEqual({ bets: 3, wagered: '0.40000001', profit: '0.09799999', wins: 1, losses: 1 });
    expect(stats.allTime).toEqual({ bets: 8, wagered: '1.40000001', profit: '-0.20200001', wins: 3, losses: 4 });
    expect(stats.recent).toEqual(['0.1', '0.09800000', '-0.00000001', '0.00000000']);
  });

  it('keeps the last 100 bets for the chart', () => {
    let stats = { currency: 'BTC', session: zero, allTime: zero, recent: Array.from({ length: 100 }, () => '1.00000000') };
    stats = addBetToStats(stats, { wager: 1, payout: 0 });
    expect(stats.recent).toHaveLength(100);
    expect(stats.recent[99]).toBe('-1.00000000');
  });

  it('draws the running profit from zero, with zero always in view', () => {
    expect(profitCurve(['1', '-3', '0.5'])).toEqual([0, 1, -2, -1.5]);
    const chart = chartGeometry([0, 1, -2, -1.5], 300, 100, 0);
    expect(chart.line).toBe('M0.00,33.33 L100.00,0.00 L200.00,100.00 L300.00,83.33');
    expect(chart.zeroY).toBe(33.33);
    expect(chart.ending).toBe('loss');
    expect(chartGeometry([0], 300, 100).ending).toBe('even');
    expect(chartGeometry([0, 2], 300, 100, 0).zeroY).toBe(100);
  });
});
