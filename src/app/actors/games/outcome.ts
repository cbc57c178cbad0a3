import type { BetOutcome } from '../../../../machines/shared/requestFailure';
import { ApiError } from '../../api/client';

/**
 * The one adapter from a game's HTTP call to the outcome its machine reads (docs/product.md §8): a 4xx is the
 * server refusing in its own words (`message` of its `{ error, message }` body; the contracts in
 * src/core/contracts put every refusal on a 4xx, never on a 200); no answer at all, or a server fault
 * (5xx), is unanswered, so the machine shows the game's own fixed message.
 */
export async function outcomeOf<T>(call: Promise<T>): Promise<BetOutcome<T>> {
  try {
    return { kind: 'answered', answer: await call };
  } catch (failure) {
    if (failure instanceof ApiError && failure.status !== undefined && failure.status < 500) return { kind: 'refused', message: failure.message };
    return { kind: 'unanswered' };
  }
}
