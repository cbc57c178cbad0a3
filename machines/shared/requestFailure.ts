import { messages } from '../../src/core/accounts/validation';
import { tooManyAttemptsMessage } from '../../src/core/wait';

/**
 * The shape a rejected request actor carries (the app's ApiError has it): the HTTP status when the
 * server answered, and the `{ error, message }` body every API error has.
 */
export interface RequestFailure {
  status?: number;
  error?: string;
  message?: string;
  /** Seconds, from Retry-After on a 429. */
  retryAfter?: number;
}

export function failureOf(error: unknown): RequestFailure {
  if (!error || typeof error !== 'object') return {};
  const e = error as Record<string, unknown>;
  return {
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
    ...(typeof e.error === 'string' ? { error: e.error } : {}),
    ...(typeof e.message === 'string' && e.message !== '' ? { message: e.message } : {}),
    ...(typeof e.retryAfter === 'number' ? { retryAfter: e.retryAfter } : {}),
  };
}

/** A throttled request (429) as a wait in words; null for any other failure. */
export function throttledMessage(error: unknown): string | null {
  const failure = failureOf(error);
  return failure.status === 429 ? tooManyAttemptsMessage(failure.retryAfter) : null;
}

/** docs/product.md's fixed failure message of a form, unless the server asked the player to wait. */
export function fixedFailureMessage(error: unknown, fixed: string): string {
  return throttledMessage(error) ?? fixed;
}

/** The server's own message when it answered; a plain one when it could not be reached. */
export function failureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === undefined) return messages.unreachable;
  const throttled = throttledMessage(error);
  if (throttled) return throttled;
  return failure.message ?? messages.somethingWentWrong;
}

// What a game's request came to, and its message, are in betOutcome.ts: they load with the games.
export type { BetOutcome } from './betOutcome';
