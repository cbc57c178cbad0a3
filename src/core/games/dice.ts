/**
 * Dice: rules, payout and the linked chance/multiplier maths of the dice screen (docs/product.md §4, §5, §9).
 *
 * The roll takes float 0 of the bet's stream: floor(float × 10001) / 100, i.e. 10,001 equally
 * likely rolls 0.00..100.00. Win chance has at most 2 decimals, the roll's granularity: a finer
 * chance could move the win boundary but never between two rolls, so the shown chance is exactly
 * the win condition. Comparisons run on integer hundredths to stay clear of float noise.
 *
 * Return to player: "under c" wins on 100·c of the 10,001 rolls and pays 99/c (rounded to 4
 * decimals), so RTP = 100·c/10001 × round4(99/c) ≈ 9900/10001 ≈ 98.99% (diceRtp gives it exactly).
 */
import type { FloatAt } from '../fairness/floats';
import type { GameVerifier, ParamsResult, RawParams } from '../fairness/verify';
import { scaleDecimal, toUnitsFloor, unitsToNumber } from '../money';

export type DiceTarget = 'under' | 'over';

export const DICE_EDGE = 99;
export const DICE_OUTCOMES = 10_001;
export const MIN_CHANCE = 0.01;
export const MAX_CHANCE = 98;
export const SLIDER_MIN_CHANCE = 2;
export const SLIDER_MAX_CHANCE = 98;
export const MIN_MULTIPLIER = 1.0102;
export const MAX_MULTIPLIER = 9900;
export const PLACEHOLDER_CHANCE = 49.5;
export const PLACEHOLDER_MULTIPLIER = 2;
/** docs/product.md §9: chance and multiplier entries clamp after 2 s without input. */
export const DICE_INPUT_DEBOUNCE_MS = 2000;
/** Multipliers travel through money maths as integers of 10^-4. */
export const MULTIPLIER_SCALE = 10_000n;

const MIN_CHANCE_HUNDREDTHS = 1;
const MAX_CHANCE_HUNDREDTHS = 9800;

/** The roll in hundredths, an integer 0..10000. */
export function diceRollHundredths(float: number): number {
  if (!(float >= 0 && float < 1)) throw new RangeError(`float must be in [0, 1), got ${float}`);
  return Math.floor(float * DICE_OUTCOMES);
}

/** The roll 0.00..100.00. */
export function diceRoll(float: number): number {
  return diceRollHundredths(float) / 100;
}

export function diceRollFromStream(floatAt: FloatAt): number {
  return diceRoll(floatAt(0));
}

function toHundredths(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const hundredths = Math.round(value * 100);
  // Tolerates float noise (0.07 × 100 = 7.000000000000001) but not a third decimal.
  return Math.abs(hundredths - value * 100) < 1e-6 ? hundredths : null;
}

export function isValidChance(chance: number): boolean {
  const h = toHundredths(chance);
  return h !== null && h >= MIN_CHANCE_HUNDREDTHS && h <= MAX_CHANCE_HUNDREDTHS;
}

/** Chance as an integer of hundredths; throws unless 0.01..98 with at most 2 decimals. */
export function chanceHundredths(chance: number): number {
  const h = toHundredths(chance);
  if (h === null || h < MIN_CHANCE_HUNDREDTHS || h > MAX_CHANCE_HUNDREDTHS) {
    throw new RangeError(`win chance must be ${MIN_CHANCE}..${MAX_CHANCE} with at most 2 decimals, got ${chance}`);
  }
  return h;
}

/** "under" wins when roll < chance, "over" when roll > 100 − chance. */
export function diceWins(roll: number, chance: number, target: DiceTarget): boolean {
  const rollH = toHundredths(roll);
  if (rollH === null || rollH < 0 || rollH > 10_000) throw new RangeError(`roll must be 0..100 in hundredths, got ${roll}`);
  const c = chanceHundredths(chance);
  return target === 'under' ? rollH < c : rollH > 10_000 - c;
}

/** round4(99 / chance) as an integer of 10^-4 (e.g. 20000n for chance 49.5), rounded half up. */
export function diceMultiplierE4(chance: number): bigint {
  const c = BigInt(chanceHundredths(chance));
  // 99 / (c / 100) × 10^4 = 99·10^6 / c
  const numerator = BigInt(DICE_EDGE) * 1_000_000n;
  return (2n * numerator + c) / (2n * c);
}

export function diceMultiplier(chance: number): number {
  return Number(diceMultiplierE4(chance)) / Number(MULTIPLIER_SCALE);
}

/** Payout of a winning bet: wager × multiplier in base units, floored. */
export function dicePayoutUnits(wagerUnits: bigint, chance: number): bigint {
  return (wagerUnits * diceMultiplierE4(chance)) / MULTIPLIER_SCALE;
}

export function diceProfitOnWinUnits(wagerUnits: bigint, chance: number): bigint {
  return dicePayoutUnits(wagerUnits, chance) - wagerUnits;
}

export interface DiceSettlement {
  roll: number;
  win: boolean;
  multiplier: number;
  /** Base units paid back: wager × multiplier on a win, 0 on a loss. */
  payoutUnits: bigint;
}

export function settleDiceBet(bet: { wagerUnits: bigint; chance: number; target: DiceTarget; floatAt: FloatAt }): DiceSettlement {
  const roll = diceRollFromStream(bet.floatAt);
  const win = diceWins(roll, bet.chance, bet.target);
  return {
    roll,
    win,
    multiplier: diceMultiplier(bet.chance),
    payoutUnits: win ? dicePayoutUnits(bet.wagerUnits, bet.chance) : 0n,
  };
}

// ---------------------------------------------------------------------------------------------
// The dice screen's linked inputs (docs/product.md §5)

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Typed chance: 0.01..98, 2 decimals; anything unreadable falls back to the placeholder. */
export function clampChanceInput(chance: number): number {
  return Number.isFinite(chance) ? clamp(round2(chance), MIN_CHANCE, MAX_CHANCE) : PLACEHOLDER_CHANCE;
}

/** The ring's slider only spans 2..98. */
export function clampChanceSlider(chance: number): number {
  return Number.isFinite(chance) ? clamp(round2(chance), SLIDER_MIN_CHANCE, SLIDER_MAX_CHANCE) : PLACEHOLDER_CHANCE;
}

export function clampMultiplier(multiplier: number): number {
  return Number.isFinite(multiplier) ? clamp(multiplier, MIN_MULTIPLIER, MAX_MULTIPLIER) : PLACEHOLDER_MULTIPLIER;
}

/** 99 / chance rounded to 4 decimals; the chance is clamped to the input range first. */
export function multiplierFromChance(chance: number): number {
  return diceMultiplier(clampChanceInput(chance));
}

/** 99 / multiplier (multiplier clamped to 1.0102..9900), rounded to the 2-decimal chance grid. */
export function chanceFromMultiplier(multiplier: number): number {
  return clampChanceInput(DICE_EDGE / clampMultiplier(multiplier));
}

export interface LinkedOdds {
  chance: number;
  multiplier: number;
}

export function linkFromChance(chance: number): LinkedOdds {
  const clamped = clampChanceInput(chance);
  return { chance: clamped, multiplier: diceMultiplier(clamped) };
}

/**
 * A typed multiplier sets the chance; the multiplier shown afterwards is the one that chance
 * actually pays (typing 7 gives chance 14.14 and multiplier 7.0014), never a promise the bet
 * would not keep.
 */
export function linkFromMultiplier(multiplier: number): LinkedOdds {
  return linkFromChance(chanceFromMultiplier(multiplier));
}

/**
 * Profit on win shown under the bet: bet × multiplier − bet, computed on base units with the
 * multiplier as an integer of 10^-4 and floored to 8 decimals, the same way the server pays.
 */
export function profitOnWin(bet: number, multiplier: number): number {
  const units = toUnitsFloor(bet);
  const multiplierE4 = scaleDecimal(multiplier, 4, 'halfUp');
  return unitsToNumber((units * multiplierE4) / MULTIPLIER_SCALE - units);
}

/** docs/product.md §2: two digits before and two after the point ("05.20", "100.00"). */
export function formatRoll(roll: number): string {
  return roll.toFixed(2).padStart(5, '0');
}

// ---------------------------------------------------------------------------------------------
// Return to player

export function diceWinningOutcomes(chance: number): number {
  // Both targets win on exactly 100·chance rolls: under on 0..c−0.01, over on 100−c+0.01..100.
  return chanceHundredths(chance);
}

export function diceWinProbability(chance: number): number {
  return diceWinningOutcomes(chance) / DICE_OUTCOMES;
}

/** Exact expected return per unit wagered, ignoring the floor on each payout. */
export function diceRtp(chance: number): number {
  return (diceWinningOutcomes(chance) * Number(diceMultiplierE4(chance))) / (DICE_OUTCOMES * Number(MULTIPLIER_SCALE));
}

// ---------------------------------------------------------------------------------------------
// Verification

export interface DiceVerifyParams {
  /** With chance and target the verification also says whether the bet won. */
  chance?: number;
  target?: DiceTarget;
}

export interface DiceVerification {
  roll: number;
  win?: boolean;
  multiplier?: number;
}

function parseDiceParams(raw: RawParams): ParamsResult<DiceVerifyParams> {
  const { chance, target } = raw;
  if (chance === undefined && target === undefined) return { ok: true, params: {} };
  if (chance === undefined || target === undefined) return { ok: false, error: 'give both chance and target, or neither' };
  const chanceValue = typeof chance === 'number' ? chance : Number(chance);
  if (!isValidChance(chanceValue)) return { ok: false, error: `chance must be ${MIN_CHANCE}..${MAX_CHANCE} with at most 2 decimals` };
  if (target !== 'under' && target !== 'over') return { ok: false, error: 'target must be "under" or "over"' };
  return { ok: true, params: { chance: chanceValue, target } };
}

export const diceVerifier: GameVerifier<DiceVerifyParams, DiceVerification> = {
  floatsNeeded: () => 1,
  parseParams: parseDiceParams,
  verify(floatAt, params) {
    const roll = diceRollFromStream(floatAt);
    if (params.chance === undefined || params.target === undefined) return { roll };
    return { roll, win: diceWins(roll, params.chance, params.target), multiplier: diceMultiplier(params.chance) };
  },
};
