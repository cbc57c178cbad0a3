import type { MiningLevel } from '../../src/core/token/mining';

/** The mining schedule the token core's unit tests share. */

export const ACC = 100_000_000n;
/** Level 1: 10 ACC at $1 per ACC; level 2: 10 ACC at $2; level 3: 5 ACC at $4. 25 ACC in all. */
export const levels: MiningLevel[] = [
  { levelNumber: 1, supply: 10n * ACC, difficulty: 1 },
  { levelNumber: 2, supply: 10n * ACC, difficulty: 2 },
  { levelNumber: 3, supply: 5n * ACC, difficulty: 4 },
];
export const maxSupply = 1_000n * ACC;
/** A USDT wager at $1 per coin. */
export const dollars = (usd: number) => BigInt(usd) * ACC;
