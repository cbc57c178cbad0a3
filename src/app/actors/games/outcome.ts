import type { BetOutcome } from '../../../../machines/shared/requestFailure';
import { ApiError } from '../../api/client';

/**
 * The one adapter from a game's HTTP call to the outcome its machine reads (docs/product.md §8): a 4xx is the
 * server refusing in its own words (`message` of its `{ error, message }` body), and so is a body
 * with `success: false` (its `errorMessage`); no answer at all, or a server fault (5xx), is
 * unanswered, so the machine shows the game's own fixed message.
 */
export async function outcomeOf<T>(call: Promise<T>): Promise<BetOutcome<T>> {
  let answer: T;
  try {
    answer = await call;
  } catch (failure) {
    if (failure instanceof ApiError && failure.status !== undefined && failure.status < 500) return { kind: 'refused', message: failure.message };
    return { kind: 'unanswered' };
  }
  if (answer && typeof answer === 'object' && (answer as { success?: unknown }).success === false) {
    const words = (answer as { errorMessage?: unknown }).errorMessage;
    return { kind: 'refused', message: typeof words === 'string' ? words : '' };
  }
  return { kind: 'answered', answer };
}
