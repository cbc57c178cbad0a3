import { describe, expect, it } from 'vitest';
import { RTP_CACHE_MS, RtpCache } from '../../src/server/rtp/cache';
import type { GameRtp } from '../../src/server/rtp/totals';

/** The RTP answer's cache (src/server/rtp/cache.ts) on a clock moved by hand. */
describe('the RTP answer cache', () => {
  const figures = (bets: number): GameRtp[] => [
    { game: 'Dice', bets, wageredUsd: 0, paidOutUsd: 0, rtp: null, theoreticalRtp: null, low95: null, high95: null, recent: [] },
  ];

  function setup(read: (n: number) => Promise<GameRtp[]>) {
    let time = 1_000_000;
    let reads = 0;
    const cache = new RtpCache(() => read(++reads), () => time);
    return { cache, reads: () => reads, move: (ms: number) => void (time += ms), set: (ms: number) => void (time = ms) };
  }

  it('shares one read among the requests that arrive while it runs and during the second after it began', async () => {
    let finish: (value: GameRtp[]) => void = () => {};
    const t = setup(() => new Promise((resolve) => (finish = resolve)));
    const waiting = [t.cache.figures(), t.cache.figures(), t.cache.figures()];
    finish(figures(1));
    expect((await Promise.all(waiting)).map((f) => f[0]!.bets)).toEqual([1, 1, 1]);
    t.move(RTP_CACHE_MS - 1);
    await t.cache.figures();
    expect(t.reads()).toBe(1);
  });

  it('reads again once the second since the last read began is over', async () => {
    const t = setup(async (n) => figures(n));
    expect((await t.cache.figures())[0]!.bets).toBe(1);
    t.move(RTP_CACHE_MS);
    expect((await t.cache.figures())[0]!.bets).toBe(2);
  });

  it('keeps no failed read: the next request reads again at once', async () => {
    const t = setup(async (n) => {
      if (n === 1) throw new Error('database unavailable');
      return figures(n);
    });
    await expect(t.cache.figures()).rejects.toThrow('database unavailable');
    expect((await t.cache.figures())[0]!.bets).toBe(2);
  });

  it('reads again when the clock goes back (the system time was set back)', async () => {
    const t = setup(async (n) => figures(n));
    await t.cache.figures();
    t.set(1_000_000 - 10);
    expect((await t.cache.figures())[0]!.bets).toBe(2);
  });
});
