import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { BetOutcome } from '../../machines/shared/requestFailure';

/** What the games' tests share: their fakes answer with the outcomes src/app's adapter makes. */

export const answered = <T,>(answer: T): BetOutcome<T> => ({ kind: 'answered', answer });
export const refused = (message: string): BetOutcome<never> => ({ kind: 'refused', message });
export const UNANSWERED: BetOutcome<never> = { kind: 'unanswered' };

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
