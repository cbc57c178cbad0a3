/**
 * Instant-reveal seed chains (docs/fairness.md "Instant reveal"). Pure: the SHA-256 is injected
 * (node:crypto on the server; a verifier may bring any implementation).
 *
 * A chain of n seeds starts from one random seed g₀ and hashes forward: gₖ = SHA-256(gₖ₋₁), each
 * written as 64 lowercase hex characters and hashed as that text. The seeds are used in the reverse
 * order, so the seed a bet uses hashes to the seed the bet before it used:
 *
 *   use order  u₀ = gₙ₋₁, u₁ = gₙ₋₂, …, uₙ₋₁ = g₀        SHA-256(uⱼ) = uⱼ₋₁
 *
 * The hash shown before bet j is SHA-256(uⱼ): for j > 0 that is uⱼ₋₁, the seed the bet before
 * revealed; for j = 0 it is the chain's first hash, SHA-256(u₀), shown before its first bet.
 * Knowing uⱼ gives every earlier seed, never a later one.
 */
export type Sha256Hex = (text: string) => string;

/** The chain's seeds in use order (index 0 plays first), from the random seed it grows from. */
export function seedChain(origin: string, length: number, sha256: Sha256Hex): string[] {
  if (!Number.isSafeInteger(length) || length < 1) throw new RangeError(`a chain needs at least one seed, got ${length}`);
  const grown = [origin];
  while (grown.length < length) grown.push(sha256(grown[grown.length - 1]!));
  return grown.reverse();
}

/** Whether a revealed seed is the one the hash shown before its bet committed to. */
export function seedMatchesHash(serverSeed: string, shownHash: string, sha256: Sha256Hex): boolean {
  return sha256(serverSeed) === shownHash;
}

/**
 * Checks seeds revealed one after another in use order: each must hash to the one before it.
 * Answers the index of the first seed that does not, or null when the whole run links up.
 */
export function firstBrokenLink(seedsInUseOrder: readonly string[], sha256: Sha256Hex): number | null {
  for (let j = 1; j < seedsInUseOrder.length; j += 1) {
    if (sha256(seedsInUseOrder[j]!) !== seedsInUseOrder[j - 1]) return j;
  }
  return null;
}
