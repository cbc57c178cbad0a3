/**
 * Responsible gambling (docs/product.md "Responsible gambling"): the player's own limits on deposits,
 * losses and wagers, a break and self-exclusion. The rules and every sentence a player reads about
 * them live here, so the server that enforces them and the page that explains them say the same.
 *
 * Amounts are US dollar cents (bigint): a limit applies across currencies, each stake converted at
 * the rate of its moment as the bets table does. Windows are rolling and counted by the clock hour:
 * the daily window is the current hour and the 24 before it, so a stake counts for at least 24 hours
 * and leaves within the hour after (weekly 168, monthly 720 hours).
 */
import { formatCents } from '../money';

export const LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export const HOUR_MS = 3_600_000;
export const PERIOD_HOURS: Record<LimitPeriod, number> = { day: 24, week: 168, month: 720 };
/** A raise or a removal waits this long; a new or lower limit applies at once. */
export const RAISE_DELAY_MS = 24 * HOUR_MS;
/** The largest limit: $10,000,000.00 (a figure, not a business rule: it keeps sums far from overflow). */
export const MAX_LIMIT_CENTS = 1_000_000_000n;

export const BREAK_LENGTHS = { '24h': 24 * HOUR_MS, '3d': 3 * 24 * HOUR_MS, '1w': 7 * 24 * HOUR_MS, '6w': 42 * 24 * HOUR_MS } as const;
export type BreakLength = keyof typeof BREAK_LENGTHS;
export const EXCLUSION_LENGTHS = { '6m': 183 * 24 * HOUR_MS, '1y': 365 * 24 * HOUR_MS, permanent: null } as const;
export type ExclusionLength = keyof typeof EXCLUSION_LENGTHS;

export const BREAK_LABELS: Record<BreakLength, string> = { '24h': '24 hours', '3d': '3 days', '1w': '1 week', '6w': '6 weeks' };
export const EXCLUSION_LABELS: Record<ExclusionLength, string> = { '6m': '6 months', '1y': '1 year', permanent: 'Permanently' };

export const PERIOD_WORDS: Record<LimitPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

/** The hour bucket of a moment: usage is kept per player and clock hour. */
export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);
/** The first hour bucket a period's window holds at `now`. */
export const windowStartHour = (period: LimitPeriod, now: number) => hourOf(now) - PERIOD_HOURS[period];

/** A limit as stored: what applies, and a raise or removal waiting for its time. */
export interface StoredLimit {
  kind: LimitKind;
  period: LimitPeriod;
  /** Null: no limit applies (yet). */
  amountCents: bigint | null;
  /** When a raise or removal takes effect (ms); null when none waits. */
  pendingAt: number | null;
  /** The raised amount; null with a pendingAt is a removal. */
  pendingCents: bigint | null;
}

/** The limit that applies at `now`: a pending change whose time has come has taken effect. */
export function effectiveLimit(limit: StoredLimit, now: number): { amountCents: bigint | null; pendingAt: number | null; pendingCents: bigint | null } {
  if (limit.pendingAt !== null && limit.pendingAt <= now) return { amountCents: limit.pendingCents, pendingAt: null, pendingCents: null };
  return { amountCents: limit.amountCents, pendingAt: limit.pendingAt, pendingCents: limit.pendingCents };
}

/**
 * A player's request to set (cents) or remove (null) a limit, against what stands: a new or lower
 * limit applies at once and drops a waiting raise; a raise or removal waits RAISE_DELAY_MS (a later
 * request replaces the one that waits). Setting the limit that applies changes nothing.
 */
export function planLimitChange(current: StoredLimit | null, requested: bigint | null, now: number): Omit<StoredLimit, 'kind' | 'period'> {
  const applies = current ? effectiveLimit(current, now) : { amountCents: null, pendingAt: null, pendingCents: null };
  const at = applies.amountCents;
  if (requested !== null && (at === null || requested <= at)) return { amountCents: requested, pendingAt: null, pendingCents: null };
  if (requested === null && at === null) return { amountCents: null, pendingAt: null, pendingCents: null };
  return { amountCents: at, pendingAt: now + RAISE_DELAY_MS, pendingCents: requested };
}

/** What the player has used in each window, in cents (net loss may be negative: wins offset losses). */
export type Usage = Record<LimitKind, Record<LimitPeriod, bigint>>;
export const NO_USAGE: Usage = {
  deposit: { day: 0n, week: 0n, month: 0n },
  loss: { day: 0n, week: 0n, month: 0n },
  wager: { day: 0n, week: 0n, month: 0n },
};

export type BlockKind = 'break' | 'exclusion';
export interface Block {
  kind: BlockKind;
  /** Ms; null: permanent. */
  until: number | null;
}

/** The block that runs at `now`, if any. */
export function activeBlock(block: Block | null, now: number): Block | null {
  if (!block) return null;
  return block.until === null || block.until > now ? block : null;
}

/** A moment as every server message writes it: "27 Nov 2026, 14:05 UTC". */
export function formatUtc(ms: number): string {
  const d = new Date(ms);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** Every sentence of this domain, in one place. */
export const RG_MESSAGES = {
  wagerLimit: (period: LimitPeriod, cents: bigint) => `This bet would exceed your ${PERIOD_WORDS[period]} wager limit of ${formatCents(cents)}.`,
  lossLimit: (period: LimitPeriod, cents: bigint) => `This bet would exceed your ${PERIOD_WORDS[period]} loss limit of ${formatCents(cents)}.`,
  depositLimit: (period: LimitPeriod, cents: bigint) => `This deposit would exceed your ${PERIOD_WORDS[period]} deposit limit of ${formatCents(cents)}.`,
  blocked: (block: Block) =>
    block.until === null
      ? 'You have excluded yourself permanently: betting and deposits are closed on this account.'
      : block.kind === 'break'
        ? `You are taking a break until ${formatUtc(block.until)}: betting and deposits are paused until then.`
        : `You have excluded yourself until ${formatUtc(block.until)}: betting and deposits are closed until then.`,
  longerBlockRuns: (block: Block) =>
    block.until === null
      ? 'Your permanent self-exclusion already runs; it cannot be changed.'
      : `Your ${block.kind === 'break' ? 'break' : 'self-exclusion'} already runs until ${formatUtc(block.until)}, which is longer: it cannot be shortened.`,
  limitAmount: 'Enter a limit in dollars greater than 0, at most $10,000,000.00, with at most 2 decimals.',
  limitSetNow: 'Limit saved: it applies now.',
  limitPending: (cents: bigint | null, at: number) =>
    cents === null ? `Removal saved: the limit ends on ${formatUtc(at)}.` : `Raise saved: the limit becomes ${formatCents(cents)} on ${formatUtc(at)}.`,
  nothingToRemove: 'There was no limit to remove.',
  confirmUndo: 'You will not be able to undo this.',
} as const;

/**
 * A stake of `wagerCents` against the limits and the usage of the windows: the first limit it would
 * break, wager before loss, shortest period first, as its message; null when it may go ahead.
 */
export function stakeRefusal(limits: readonly StoredLimit[], usage: Usage, wagerCents: bigint, now: number): string | null {
  for (const kind of ['wager', 'loss'] as const) {
    for (const period of LIMIT_PERIODS) {
      const limit = limits.find((l) => l.kind === kind && l.period === period);
      const amount = limit ? effectiveLimit(limit, now).amountCents : null;
      if (amount === null) continue;
      if (usage[kind][period] + wagerCents > amount) return kind === 'wager' ? RG_MESSAGES.wagerLimit(period, amount) : RG_MESSAGES.lossLimit(period, amount);
    }
  }
  return null;
}

/** A deposit of `cents` against the deposit limits: the message of the first it would break, or null. */
export function depositRefusal(limits: readonly StoredLimit[], usage: Usage, cents: bigint, now: number): string | null {
  for (const period of LIMIT_PERIODS) {
    const limit = limits.find((l) => l.kind === 'deposit' && l.period === period);
    const amount = limit ? effectiveLimit(limit, now).amountCents : null;
    if (amount !== null && usage.deposit[period] + cents > amount) return RG_MESSAGES.depositLimit(period, amount);
  }
  return null;
}

/**
 * A break or exclusion requested at `now` against the one that runs: it may only lengthen. Returns
 * the block to store, or the refusal's message. An exclusion outranks a break of the same end.
 */
export function planBlock(current: Block | null, requested: Block, now: number): { ok: true; block: Block } | { ok: false; message: string } {
  const running = activeBlock(current, now);
  if (!running) return { ok: true, block: requested };
  if (running.until === null) return { ok: false, message: RG_MESSAGES.longerBlockRuns(running) };
  if (requested.until !== null && requested.until <= running.until) return { ok: false, message: RG_MESSAGES.longerBlockRuns(running) };
  return { ok: true, block: requested };
}

/** A limit typed in dollars ("100", "99.5", "1,000.00") as cents; null when it is not a valid limit. */
export function parseLimitDollars(text: string): bigint | null {
  const trimmed = text.trim().replace(/,/g, '').replace(/^\$/, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(trimmed);
  if (!match) return null;
  const cents = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0') || '0');
  return cents > 0n && cents <= MAX_LIMIT_CENTS ? cents : null;
}
