/**
 * A player's preferences (issue 20) and the reality check's rules, shared by the server (which stores
 * and checks them) and the browser (which shows them and schedules the checks).
 */

/** The reality check intervals a player may choose, in minutes; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60, 120] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

export interface Preferences {
  /** The games' keyboard shortcuts (Space, H, S, D, P): off, the keys do nothing. */
  keyboardShortcuts: boolean;
  /** The games skip their animations: results appear at once. */
  instantMode: boolean;
  /** Every this many minutes of a session a reality check shows; 0: never. */
  realityCheckMinutes: RealityCheckMinutes;
}

export const DEFAULT_PREFERENCES: Preferences = Object.freeze({ keyboardShortcuts: true, instantMode: false, realityCheckMinutes: 0 });

export const PREFERENCE_MESSAGES = {
  instantModeOff: 'Instant mode is not available on this casino.',
  interval: `The reality check interval must be one of ${REALITY_CHECK_MINUTES.join(', ')} minutes.`,
  nothing: 'Nothing to change: send keyboardShortcuts, instantMode or realityCheckMinutes.',
} as const;

export const isRealityCheckMinutes = (value: unknown): value is RealityCheckMinutes =>
  REALITY_CHECK_MINUTES.includes(value as RealityCheckMinutes);

/** Shortest wait before a check: a check due in less (clocks a moment apart, a late timer) waits for the next mark. */
const MIN_WAIT_MS = 1_000;

/**
 * How long from `nowMs` until the next reality check: checks fall on every whole interval since the
 * session started (sign-in), so a reload within the session keeps the same marks.
 */
export function nextCheckInMs(startedAtMs: number, nowMs: number, minutes: number): number {
  const interval = minutes * 60_000;
  const elapsed = Math.max(0, nowMs - startedAtMs);
  const wait = interval - (elapsed % interval);
  return wait < MIN_WAIT_MS ? wait + interval : wait;
}

/** Time played as the dialog says it: "45 min", "1 h", "1 h 30 min" (whole minutes, rounded down). */
export function formatPlayed(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
