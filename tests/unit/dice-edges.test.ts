import { describe, expect, it } from 'vitest';
import { verifierFor, verifyOutcome } from '../../src/core/fairness/verify';
import {
  chanceHundredths,
  diceMultiplier,
  diceRollHundredths,
  diceWinningOutcomes,
  diceWinProbability,
  diceWins,
} from '../../src/core/games/dice';

const CHANCE_REFUSED = 'win chance must be 0.01..98 with at most 2 decimals, got';

describe('dice inputs the engine refuses, and what it says', () => {
  it('refuses a float outside [0, 1) for the roll', () => {
    expect(() => diceRollHundredths(1)).toThrow('float must be in [0, 1), got 1');
  });

  it.each([0, -1, 98.01, 12.345])('refuses the win chance %f', (chance) => {
    expect(() => diceMultiplier(chance)).toThrow(`${CHANCE_REFUSED} ${chance}`);
    expect(() => diceWinningOutcomes(chance)).toThrow(RangeError);
    expect(() => chanceHundredths(chance)).toThrow(RangeError);
  });

  it.each([-0.01, 100.01, 50.005, 1e-8, Number.NaN])('refuses the roll %f', (roll) => {
    expect(() => diceWins(roll, 50, 'under')).toThrow(`roll must be 0..100 in hundredths, got ${roll}`);
    expect(() => diceWins(roll, 50, 'over')).toThrow(RangeError);
  });

  it('accepts the extreme rolls 0.00 and 100.00', () => {
    expect(diceWins(0, 50, 'under')).toBe(true);
    expect(diceWins(100, 50, 'over')).toBe(true);
  });
});

describe('the chance of a dice win', () => {
  it('is the winning rolls over the 10,001 rolls', () => {
    expect(diceWinProbability(49.5)).toBe(4950 / 10_001);
    expect(diceWinProbability(0.01)).toBe(1 / 10_001);
  });
});

describe('the dice verifier', () => {
  const { parseParams } = verifierFor('dice');

  it('takes a chance with its target, as text or as a number', () => {
    expect(parseParams({ chance: '2.98', target: 'over' })).toEqual({ ok: true, params: { chance: 2.98, target: 'over' } });
    expect(parseParams({ chance: 49.5, target: 'under' })).toEqual({ ok: true, params: { chance: 49.5, target: 'under' } });
  });

  it('needs both the chance and the target, or neither', () => {
    const error = { ok: false, error: 'give both chance and target, or neither' };
    expect(parseParams({ chance: '50' })).toEqual(error);
    expect(parseParams({ target: 'under' })).toEqual(error);
  });

  it('says which range the chance takes and which targets there are', () => {
    expect(parseParams({ chance: '99', target: 'under' })).toEqual({ ok: false, error: 'chance must be 0.01..98 with at most 2 decimals' });
    expect(parseParams({ chance: '50', target: 'sideways' })).toEqual({ ok: false, error: 'target must be "under" or "over"' });
  });

  it('gives the roll alone without a bet', () => {
    // Float 0.25 rolls floor(0.25 × 10001) / 100 = 25.
    const floatAt = () => 0.25;
    expect(verifyOutcome('dice', floatAt, {})).toEqual({ roll: 25 });
    expect(verifyOutcome('dice', floatAt, { chance: 50 })).toEqual({ roll: 25 });
    expect(verifyOutcome('dice', floatAt, { target: 'under' })).toEqual({ roll: 25 });
    expect(verifyOutcome('dice', floatAt, { chance: 50, target: 'under' })).toEqual({ roll: 25, win: true, multiplier: 1.98 });
  });
});
