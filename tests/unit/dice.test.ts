import { describe, expect, it } from 'vitest';
import { createFloatStream } from '../../src/core/fairness/floats';
import {
  DICE_OUTCOMES,
  PLACEHOLDER_CHANCE,
  PLACEHOLDER_MULTIPLIER,
  chanceFromMultiplier,
  chanceHundredths,
  clampChanceInput,
  clampChanceSlider,
  clampMultiplier,
  diceMultiplier,
  diceMultiplierE4,
  dicePayoutUnits,
  diceProfitOnWinUnits,
  diceRoll,
  diceRollHundredths,
  diceRtp,
  diceWinningOutcomes,
  diceWins,
  formatRoll,
  isValidChance,
  linkFromChance,
  linkFromMultiplier,
  multiplierFromChance,
  profitOnWin,
  settleDiceBet,
} from '../../src/core/games/dice';
import type { DiceTarget } from '../../src/core/games/dice';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';

// Statistical simulations check the return over the randomness; under mutation testing (a slower,
// instrumented run per mutant) they are skipped and the exact tests of the same maths stand in.
const underMutation = process.env.MUTATION_RUN === '1';

const SEED = '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea';

/**
 * One million rolls through the real pipeline (node HMAC -> floats -> roll): 125,000 nonces with
 * the 8 floats of their first round. About half a second, so the statistics test the real thing.
 */
const ROLLS = 1_000_000;
let rollsMade: Uint16Array | null = null;
// Made on first use, inside a test, so a mutation run that skips the simulations never pays for them.
function rolls(): Uint16Array {
  if (rollsMade) return rollsMade;
  const out = new Uint16Array(ROLLS);
  for (let nonce = 0; nonce < ROLLS / 8; nonce++) {
    const stream = createFloatStream(nodeHmacSha256, SEED, 'chi-square', nonce);
    for (let k = 0; k < 8; k++) out[nonce * 8 + k] = diceRollHundredths(stream.at(k));
  }
  rollsMade = out;
  return out;
}

/** Wilson–Hilferty approximation of the chi-square quantile for df degrees of freedom at normal quantile z. */
function chiSquareQuantile(df: number, z: number): number {
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

describe('roll', () => {
  it('is floor(float × 10001) / 100', () => {
    expect(diceRoll(0)).toBe(0);
    expect(diceRoll(1 - 2 ** -32)).toBe(100);
    expect(diceRoll(0.5)).toBe(50);
    expect(diceRoll(0.7060758387669921)).toBe(70.61); // vector 1 of the fairness tests, checked in Python
    expect(diceRoll(0.9702366136480123)).toBe(97.03);
    expect(() => diceRoll(1)).toThrow(RangeError);
    expect(() => diceRoll(-0.1)).toThrow(RangeError);
  });

  it('gives every roll to either 429,453 or 429,454 of the 2^32 float values (exact uniformity)', () => {
    // 2^32 / 10001 = 429,453.7…: the best any mapping of 32 bits onto 10,001 outcomes can do.
    // For each roll r, the smallest 32-bit n with floor(n × 10001 / 2^32) >= r is ceil(r × 2^32 / 10001).
    const TWO32 = 2 ** 32;
    const first = (r: number): number => Number((BigInt(r) * 2n ** 32n + 10_000n) / 10_001n);
    const sizes = new Set<number>();
    for (let r = 0; r < DICE_OUTCOMES; r++) {
      const lo = first(r);
      const hi = first(r + 1) - 1;
      expect(diceRollHundredths(lo / TWO32)).toBe(r);
      expect(diceRollHundredths(hi / TWO32)).toBe(r);
      if (lo > 0) expect(diceRollHundredths((lo - 1) / TWO32)).toBe(r - 1);
      sizes.add(hi - lo + 1);
    }
    expect([...sizes].sort()).toEqual([429453, 429454]);
  });

  it.skipIf(underMutation)('passes a chi-square test over 1,000,000 rolls across the 10,001 outcomes', () => {
    const counts = new Float64Array(DICE_OUTCOMES);
    for (const roll of rolls()) counts[roll] = (counts[roll] ?? 0) + 1;
    const expected = ROLLS / DICE_OUTCOMES;
    let chi2 = 0;
    for (const count of counts) chi2 += (count - expected) ** 2 / expected;
    const df = DICE_OUTCOMES - 1;
    // Two-sided at 1e-3: too uneven means bias, too even means the "randomness" is a pattern.
    expect(chi2).toBeLessThan(chiSquareQuantile(df, 3.29));
    expect(chi2).toBeGreaterThan(chiSquareQuantile(df, -3.29));
    // The extremes are where an off-by-one (×10000, Math.round) would show.
    expect(counts[0]).toBeGreaterThan(expected * 0.6);
    expect(counts[10_000]).toBeGreaterThan(expected * 0.6);
  });

  it('formats with two digits before and after the point', () => {
    expect(formatRoll(5.2)).toBe('05.20');
    expect(formatRoll(0)).toBe('00.00');
    expect(formatRoll(42.07)).toBe('42.07');
    expect(formatRoll(100)).toBe('100.00');
  });
});

describe('win rule and multiplier', () => {
  it('wins under when roll < chance and over when roll > 100 − chance', () => {
    expect(diceWins(49.49, 49.5, 'under')).toBe(true);
    expect(diceWins(49.5, 49.5, 'under')).toBe(false);
    expect(diceWins(50.51, 49.5, 'over')).toBe(true);
    expect(diceWins(50.5, 49.5, 'over')).toBe(false);
    expect(diceWins(0, 0.01, 'under')).toBe(true);
    expect(diceWins(0.01, 0.01, 'under')).toBe(false);
    expect(diceWins(100, 0.01, 'over')).toBe(true);
    expect(diceWins(99.99, 0.01, 'over')).toBe(false);
    // 0.07 × 100 is 7.000000000000001 in floats; hundredths keep the boundary exact.
    expect(diceWins(0.06, 0.07, 'under')).toBe(true);
    expect(diceWins(0.07, 0.07, 'under')).toBe(false);
  });

  it('wins on exactly 100 × chance of the 10,001 rolls for both targets', () => {
    for (const chance of [0.01, 0.07, 2, 33.33, 49.5, 98]) {
      for (const target of ['under', 'over'] as const) {
        let wins = 0;
        for (let r = 0; r < DICE_OUTCOMES; r++) if (diceWins(r / 100, chance, target)) wins++;
        expect(wins).toBe(diceWinningOutcomes(chance));
        expect(wins).toBe(Math.round(chance * 100));
      }
    }
  });

  it('is 99 / chance rounded to 4 decimals', () => {
    expect(diceMultiplierE4(49.5)).toBe(20000n);
    expect(diceMultiplier(98)).toBe(1.0102);
    expect(diceMultiplier(0.01)).toBe(9900);
    expect(diceMultiplier(33.33)).toBe(2.9703); // 2.970297…
    expect(diceMultiplier(7)).toBe(14.1429); // 14.142857…
    expect(diceMultiplier(14.14)).toBe(7.0014); // 7.001414…
    for (let h = 1; h <= 9800; h++) {
      expect(Number(diceMultiplierE4(h / 100))).toBe(Math.round(99_000_000 / h)); // exact ties like 99/70.4 = 14062.5 round up;
    }
  });

  it('refuses chances outside 0.01..98 or with a third decimal', () => {
    expect(isValidChance(0.01)).toBe(true);
    expect(isValidChance(98)).toBe(true);
    expect(isValidChance(0)).toBe(false);
    expect(isValidChance(98.01)).toBe(false);
    expect(isValidChance(12.345)).toBe(false);
    expect(isValidChance(Number.NaN)).toBe(false);
    expect(() => chanceHundredths(99)).toThrow(RangeError);
  });

  it('pays wager × multiplier in base units, floored, with integer maths', () => {
    expect(dicePayoutUnits(100_000_000n, 49.5)).toBe(200_000_000n);
    expect(dicePayoutUnits(3n, 33.33)).toBe(8n); // 3 × 2.9703 = 8.9109
    expect(dicePayoutUnits(123_456_789n, 7)).toBe(1_746_037_021n); // 123456789 × 14.1429 = 1746037021.1…
    expect(dicePayoutUnits(123_456_789n, 7)).toBe((123_456_789n * 141_429n) / 10_000n);
    // Far beyond what a float multiplication would keep exact.
    expect(dicePayoutUnits(10n ** 15n - 1n, 0.01)).toBe((10n ** 15n - 1n) * 9900n);
    expect(diceProfitOnWinUnits(100_000_000n, 49.5)).toBe(100_000_000n);
  });

  it('settles a bet from the stream', () => {
    const floatAt = createFloatStream(nodeHmacSha256, SEED, 'abc', 1).at; // roll 70.61
    expect(settleDiceBet({ wagerUnits: 1000n, chance: 49.5, target: 'under', floatAt })).toEqual({ roll: 70.61, win: false, multiplier: 2, payoutUnits: 0n });
    expect(settleDiceBet({ wagerUnits: 1000n, chance: 49.5, target: 'over', floatAt })).toEqual({ roll: 70.61, win: true, multiplier: 2, payoutUnits: 2000n });
    expect(settleDiceBet({ wagerUnits: 1000n, chance: 70.62, target: 'under', floatAt }).win).toBe(true);
    expect(settleDiceBet({ wagerUnits: 1000n, chance: 70.61, target: 'under', floatAt }).win).toBe(false);
  });
});

describe('return to player', () => {
  it('is 100·c/10001 × round4(99/c), within 0.02 points of 99% for every chance', () => {
    for (let h = 1; h <= 9800; h++) {
      const rtp = diceRtp(h / 100);
      expect(rtp).toBeGreaterThan(0.9897);
      expect(rtp).toBeLessThan(0.9901);
    }
    expect(diceRtp(49.5)).toBeCloseTo((4950 / 10001) * 2, 15);
  });

  it.skipIf(underMutation).each([
    [2, 'under'],
    [10, 'over'],
    [25, 'under'],
    [49.5, 'over'],
    [75, 'under'],
    [98, 'over'],
  ] as const)('measures RTP ≈ 99%% at chance %s %s over a million rolls', (chance, target: DiceTarget) => {
    const multiplier = diceMultiplier(chance);
    const threshold = chance * 100;
    let wins = 0;
    for (const roll of rolls()) if (target === 'under' ? roll < threshold : roll > 10_000 - threshold) wins++;
    const measured = (wins * multiplier) / ROLLS;
    const p = diceWinningOutcomes(chance) / DICE_OUTCOMES;
    const standardError = multiplier * Math.sqrt((p * (1 - p)) / ROLLS);
    expect(Math.abs(measured - diceRtp(chance))).toBeLessThan(4.5 * standardError);
    expect(Math.abs(measured - 0.99)).toBeLessThan(4.5 * standardError + 0.0002);
  });
});

describe('dice screen maths', () => {
  it('clamps typed chance to 0.01..98 and the slider to 2..98', () => {
    expect(clampChanceInput(0)).toBe(0.01);
    expect(clampChanceInput(0.001)).toBe(0.01);
    expect(clampChanceInput(99)).toBe(98);
    expect(clampChanceInput(12.345)).toBe(12.35);
    expect(clampChanceInput(Number.NaN)).toBe(PLACEHOLDER_CHANCE);
    expect(clampChanceSlider(1)).toBe(2);
    expect(clampChanceSlider(98.5)).toBe(98);
    expect(clampChanceSlider(50)).toBe(50);
  });

  it('clamps the multiplier to 1.0102..9900 and sets chance to 99 / multiplier', () => {
    expect(clampMultiplier(1)).toBe(1.0102);
    expect(clampMultiplier(10_000)).toBe(9900);
    expect(clampMultiplier(Number.NaN)).toBe(PLACEHOLDER_MULTIPLIER);
    expect(chanceFromMultiplier(2)).toBe(49.5);
    expect(chanceFromMultiplier(1)).toBe(98);
    expect(chanceFromMultiplier(9900)).toBe(0.01);
    expect(chanceFromMultiplier(1_000_000)).toBe(0.01);
    expect(chanceFromMultiplier(3)).toBe(33);
  });

  it('links chance and multiplier both ways, showing the multiplier the chance pays', () => {
    expect(linkFromChance(49.5)).toEqual({ chance: 49.5, multiplier: 2 });
    expect(linkFromChance(100)).toEqual({ chance: 98, multiplier: 1.0102 });
    expect(linkFromMultiplier(7)).toEqual({ chance: 14.14, multiplier: 7.0014 });
    expect(linkFromMultiplier(2)).toEqual({ chance: 49.5, multiplier: 2 });
    expect(multiplierFromChance(PLACEHOLDER_CHANCE)).toBe(PLACEHOLDER_MULTIPLIER);
  });

  it('shows profit = bet × multiplier − bet, floored to 8 decimals', () => {
    expect(profitOnWin(1, 2)).toBe(1);
    expect(profitOnWin(0.1, 2.9703)).toBe(0.19703);
    expect(profitOnWin(0.00000003, 2.9703)).toBe(0.00000005); // 8.9109 units -> 8 -> profit 5
    expect(profitOnWin(0.3, 1.0102)).toBe(0.00306); // 0.1 + 0.2 style float noise must not leak
    expect(profitOnWin(0, 9900)).toBe(0);
  });
});
