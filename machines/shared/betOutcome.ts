/**
 * What a game's request came to, as src/app's one adapter (src/app/actors/games/outcome.ts) reads
 * it: the server's answer; a refusal the server answered with its own words (a 4xx, or a body with
 * `success: false`; the words may be missing); or no usable answer (network, 5xx). Machines branch
 * on `kind`, so no chart reads an HTTP error's shape.
 */
export type BetOutcome<TAnswer> =
  | { kind: 'answered'; answer: TAnswer }
  | { kind: 'refused'; message: string }
  | { kind: 'unanswered' };

/**
 * The message a failed outcome shows (docs/product.md §8): the server's words when it refused with some, else
 * the game's fixed message for a refusal without words (`refused`, defaulting to `unanswered`) or
 * for no answer.
 */
export function outcomeMessage(outcome: BetOutcome<unknown>, fixed: { unanswered: string; refused?: string }): string {
  if (outcome.kind !== 'refused') return fixed.unanswered;
  return outcome.message !== '' ? outcome.message : (fixed.refused ?? fixed.unanswered);
}
