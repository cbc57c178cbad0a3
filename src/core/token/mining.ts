/**
 * ACC mining: every settled bet mines wager-in-dollars ÷ difficulty ACC, at the difficulty of the
 * level the total mined so far has reached. A bet that finishes a level mines the rest at the next
 * level's difficulty; nothing is mined beyond the last level or the max supply.
 *
 * Exact integer maths: a bet's dollar value is kept as wagerUnits × rate8 (rate8 = dollars per coin
 * × 10^8), and one ACC base unit at a level costs diff8 of it (difficulty × 10^8), so
 * mined units = value ÷ diff8, floored, and finishing a level spends exactly remaining × diff8.
 */
import { scaleDecimal } from '../money';

export interface MiningLevel {
  levelNumber: number;
  /** ACC base units minable within this level (not cumulative). */
  supply: bigint;
  /** Dollars wagered per ACC mined. */
  difficulty: number;
}

export interface MiningPosition {
  /** The level being mined now (the last level once everything is mined). */
  level: MiningLevel;
  index: number;
  /** Base units mined within the current level. */
  minedInLevel: bigint;
  /** Base units still minable within the current level (after max-supply capping). */
  remainingInLevel: bigint;
  /** Nothing more can be mined. */
  exhausted: boolean;
}

/** What the levels can ever mine: the sum of their supplies, capped at the max supply. */
export function miningSupply(levels: readonly MiningLevel[], maxSupply: bigint): bigint {
  const total = levels.reduce((sum, level) => sum + level.supply, 0n);
  return total < maxSupply ? total : maxSupply;
}

export function miningPosition(levels: readonly MiningLevel[], maxSupply: bigint, totalMined: bigint): MiningPosition {
  if (levels.length === 0) throw new RangeError('at least one mining level is needed');
  const cap = miningSupply(levels, maxSupply);
  let start = 0n;
  // No bound: the cap is at most the levels' total, so the last level ends at the cap and returns there.
  for (let index = 0; ; index += 1) {
    const level = levels[index]!;
    const rawEnd = start + level.supply;
    const end = rawEnd < cap ? rawEnd : cap;
    if (totalMined < end) {
      return { level, index, minedInLevel: totalMined - start, remainingInLevel: end - totalMined, exhausted: false };
    }
    if (end >= cap) {
      const minedInLevel = totalMined - start;
      return { level, index, minedInLevel: minedInLevel < 0n ? 0n : minedInLevel, remainingInLevel: 0n, exhausted: true };
    }
    start = rawEnd;
  }
}

export interface MiningResult {
  /** ACC base units mined by this bet. */
  mined: bigint;
  totalMinedAfter: bigint;
  levelBefore: number;
  levelAfter: number;
}

const scaled = (value: number, what: string): bigint => {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${what} must be a non-negative number, got ${value}`);
  return scaleDecimal(value, 8, 'floor');
};

/** Mines for a wager of `wagerUnits` base units of a coin worth `usdRate` dollars. */
export function mine(
  levels: readonly MiningLevel[],
  maxSupply: bigint,
  totalMined: bigint,
  wagerUnits: bigint,
  usdRate: number,
): MiningResult {
  const before = miningPosition(levels, maxSupply, totalMined);
  let value = wagerUnits > 0n && usdRate > 0 ? wagerUnits * scaled(usdRate, 'usdRate') : 0n;
  let mined = 0n;
  let position = before;
  while (value > 0n && !position.exhausted) {
    const diff8 = scaled(position.level.difficulty, 'difficulty');
    if (diff8 <= 0n) throw new RangeError(`difficulty of level ${position.level.levelNumber} must be positive`);
    const affordable = value / diff8;
    if (affordable < position.remainingInLevel) {
      mined += affordable;
      break;
    }
    // The bet finishes this level: it pays exactly for the rest, and what is left mines on.
    mined += position.remainingInLevel;
    value -= position.remainingInLevel * diff8;
    position = miningPosition(levels, maxSupply, totalMined + mined);
  }
  const after = miningPosition(levels, maxSupply, totalMined + mined);
  return { mined, totalMinedAfter: totalMined + mined, levelBefore: before.level.levelNumber, levelAfter: after.level.levelNumber };
}
