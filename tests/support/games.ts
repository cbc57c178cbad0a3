import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { BetOutcome } from '../../machines/shared/requestFailure';
import { ApiError } from '../../src/app/api/client';
import type { GameRefusal } from '../../src/core/contracts/gameBet';

/** What the games' tests share: their fakes answer with the outcomes src/app's adapter makes. */

export const answered = <T,>(answer: T): BetOutcome<T> => ({ kind: 'answered', answer });
export const refused = (message: string): BetOutcome<never> => ({ kind: 'refused', message });
export const UNANSWERED: BetOutcome<never> = { kind: 'unanswered' };

/**
 * A refusal body of mines, blackjack or baccarat as their contracts declare it: the server puts the
 * sentence in `error`, `message` and `errorMessage` (src/server/errors.ts).
 */
export const refusalBody = (sentence: string, code?: string): GameRefusal => ({
  success: false,
  errorMessage: sentence,
  error: sentence,
  message: sentence,
  ...(code === undefined ? {} : { code }),
});

/**
 * What the API client throws when a game call answers a refusal: the contract puts refusal bodies
 * on the 4xx statuses only, and the client reads their `message` and `error`. A fake call rejects
 * with it, and the one outcome adapter turns it into `refused`.
 */
export const refusalError = <B extends GameRefusal>(status: 400 | 401 | 404 | 409, body: B): ApiError => new ApiError(body.message, status, body.error);

/** Lets the promises of fake calls settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Offer a state only the events it takes: an `xstate.error.actor.*` event nobody handles would put
 * the snapshot in error status, a vertex that looks like a healthy one to the serializer.
 */
export const enabledOnly =
  <E extends EventObject>(events: readonly E[]) =>
  (snapshot: AnyMachineSnapshot): E[] =>
    events.filter((event) => snapshot.can(event));
