import { messages } from '../../src/core/accounts/validation';

/**
 * The shape a rejected request actor carries (the app's ApiError has it): the HTTP status when the
 * server answered, and the `{ error, message }` body every API error has.
 */
export interface RequestFailure {
  status?: number;
  error?: string;
  message?: string;
}

export function failureOf(error: unknown): RequestFailure {
  if (!error || typeof error !== 'object') return {};
  const e = error as Record<string, unknown>;
  return {
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
    ...(typeof e.error === 'string' ? { error: e.error } : {}),
    ...(typeof e.message === 'string' && e.message !== '' ? { message: e.message } : {}),
  };
}

/** The server's own message when it answered; a plain one when it could not be reached. */
export function failureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === undefined) return messages.unreachable;
  return failure.message ?? messages.somethingWentWrong;
}
