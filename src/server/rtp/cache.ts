import type { GameRtp } from './totals';

/**
 * How long an instance answers GET /casino/rtp from its last read of the figures. Every bet the hub
 * announces makes every open /rtp page read them again (machines/rtp: at most once a second each), and
 * a read covers each game's last 1,000 bets: with a cache, N viewers cost one read a second per
 * instance. It is no longer than the page's pause after a bet (RTP_REFRESH_DELAY_MS), so the read a
 * bet asks for always starts after that bet committed and includes it.
 */
export const RTP_CACHE_MS = 1000;

/**
 * The figures as last read, reused for RTP_CACHE_MS counted from the moment that read began (so an
 * answer is never older than that). Reads arriving while one is under way share it; a failed read is
 * not kept. Per instance: with several instances, each keeps its own.
 */
export class RtpCache {
  private last: { startedAt: number; figures: Promise<GameRtp[]> } | null = null;

  constructor(
    private readonly read: () => Promise<GameRtp[]>,
    private readonly now: () => number,
    private readonly maxAgeMs = RTP_CACHE_MS,
  ) {}

  figures(): Promise<GameRtp[]> {
    const now = this.now();
    if (this.last && now >= this.last.startedAt && now - this.last.startedAt < this.maxAgeMs) return this.last.figures;
    const entry = { startedAt: now, figures: this.read() };
    this.last = entry;
    entry.figures.catch(() => {
      if (this.last === entry) this.last = null;
    });
    return entry.figures;
  }
}
