/**
 * Mines: the board from the float stream, the multiplier table and capped payouts (docs/product.md §5, §9).
 *
 * Board: start from tiles 0..24 in reading order (tileId = row × 5 + col); float i removes the
 * tile at floor(float × tiles left). 24 floats (three HMAC rounds) order all tiles; the first
 * `minesCount` removed are the mines. The order never depends on the mines count, so the same
 * seeds with more mines only add mines.
 *
 * Multiplier after k gems with m mines: 0.99 × C(25, k) / C(25 − m, k), rounded to 2 decimals,
 * computed on exact integers. Money uses it as integer hundredths.
 */
import type { FloatAt } from '../fairness/floats';
import type { GameVerifier, ParamsResult, RawParams } from '../fairness/verify';
import { toUnitsFloor, unitsToNumber } from '../money';

export const MINES_GRID_SIZE = 5;
export const MINES_TILES = MINES_GRID_SIZE * MINES_GRID_SIZE;
export const MIN_MINES = 1;
export const MAX_MINES = 24;
/** Floats a board consumes: removing 24 tiles fixes the last one too. */
export const MINES_BOARD_FLOATS = MINES_TILES - 1;
/** docs/product.md §9: house edge 1% applied to the multiplier, i.e. the fair multiplier × 99/100. */
export const MINES_RTP_PERCENT = 99n;
export const MINES_WIN_POPUP_MS = 3000;

export function tileId(row: number, col: number): number {
  const inGrid = (n: number): boolean => Number.isInteger(n) && n >= 0 && n < MINES_GRID_SIZE;
  if (!inGrid(row) || !inGrid(col)) throw new RangeError(`no tile at row ${row}, col ${col}`);
  return row * MINES_GRID_SIZE + col;
}

export function isTileId(tile: number): boolean {
  return Number.isInteger(tile) && tile >= 0 && tile < MINES_TILES;
}

export function isValidMinesCount(mines: number): boolean {
  return Number.isInteger(mines) && mines >= MIN_MINES && mines <= MAX_MINES;
}

function assertMinesCount(mines: number): void {
  if (!isValidMinesCount(mines)) throw new RangeError(`mines count must be an integer ${MIN_MINES}..${MAX_MINES}, got ${mines}`);
}

/** docs/product.md §5: gems = 25 − mines. */
export function gemsCount(mines: number): number {
  assertMinesCount(mines);
  return MINES_TILES - mines;
}

/** All 25 tiles in the order the stream removes them; the last one is never removed. */
export function minesTileOrder(floatAt: FloatAt): number[] {
  const left = Array.from({ length: MINES_TILES }, (_, tile) => tile);
  const order: number[] = [];
  for (let i = 0; i < MINES_BOARD_FLOATS; i++) {
    const index = Math.floor(floatAt(i) * left.length);
    order.push(...left.splice(index, 1));
  }
  order.push(...left);
  return order;
}

/** The mine tiles, ascending (the order mineLocations uses on the wire). */
export function minesBoard(floatAt: FloatAt, minesCount: number): number[] {
  assertMinesCount(minesCount);
  return minesTileOrder(floatAt)
    .slice(0, minesCount)
    .sort((a, b) => a - b);
}

export function combinations(n: number, k: number): bigint {
  if (!Number.isInteger(n) || !Number.isInteger(k) || n < 0) throw new RangeError(`C(${n}, ${k}) is not defined here`);
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  const kk = Math.min(k, n - k);
  // Each partial product is C(n − kk + i, i), an integer, so the division is exact.
  for (let i = 1; i <= kk; i++) result = (result * BigInt(n - kk + i)) / BigInt(i);
  return result;
}

function assertGems(mines: number, gems: number): void {
  assertMinesCount(mines);
  if (!Number.isInteger(gems) || gems < 0 || gems > MINES_TILES - mines) {
    throw new RangeError(`gems must be an integer 0..${MINES_TILES - mines} with ${mines} mines, got ${gems}`);
  }
}

/**
 * round2(0.99 × C(25, k) / C(25 − m, k)) in hundredths, rounded half up. With no gem found
 * nothing has been risked yet, so the multiplier is 1.00 rather than the formula's 0.99
 * (a cash-out needs at least one gem, so it never pays).
 */
export function minesMultiplierHundredths(mines: number, gems: number): bigint {
  assertGems(mines, gems);
  if (gems === 0) return 100n;
  const numerator = MINES_RTP_PERCENT * combinations(MINES_TILES, gems);
  const denominator = combinations(MINES_TILES - mines, gems);
  return (2n * numerator + denominator) / (2n * denominator);
}

export function minesMultiplier(mines: number, gems: number): number {
  return Number(minesMultiplierHundredths(mines, gems)) / 100;
}

/** Profit after `gems` gems: bet × multiplier (floored) − bet, capped at maxPayout. */
export function minesProfitUnits(betUnits: bigint, mines: number, gems: number, maxPayoutUnits: bigint): bigint {
  const profit = (betUnits * minesMultiplierHundredths(mines, gems)) / 100n - betUnits;
  return profit > maxPayoutUnits ? maxPayoutUnits : profit;
}

/** What a cash-out after `gems` gems pays back: the bet plus the capped profit. */
export function minesPayoutUnits(betUnits: bigint, mines: number, gems: number, maxPayoutUnits: bigint): bigint {
  return betUnits + minesProfitUnits(betUnits, mines, gems, maxPayoutUnits);
}

/** Profit if the next pick is a gem; null when every gem is already found. */
export function minesNextProfitUnits(betUnits: bigint, mines: number, gemsFound: number, maxPayoutUnits: bigint): bigint | null {
  assertGems(mines, gemsFound);
  return gemsFound === gemsCount(mines) ? null : minesProfitUnits(betUnits, mines, gemsFound + 1, maxPayoutUnits);
}

/** Browser helper (coin numbers): current profit, capped. */
export function minesProfit(bet: number, mines: number, gems: number, maxPayout: number): number {
  return unitsToNumber(minesProfitUnits(toUnitsFloor(bet), mines, gems, toUnitsFloor(maxPayout)));
}

/** Browser helper (coin numbers): next profit, capped at maxPayout; null when the board is cleared. */
export function minesNextProfit(bet: number, mines: number, gemsFound: number, maxPayout: number): number | null {
  const next = minesNextProfitUnits(toUnitsFloor(bet), mines, gemsFound, toUnitsFloor(maxPayout));
  return next === null ? null : unitsToNumber(next);
}

// ---------------------------------------------------------------------------------------------
// Return to player

/** Chance that k picks of distinct tiles are all gems: C(25 − m, k) / C(25, k). */
export function minesWinProbability(mines: number, gems: number): number {
  assertGems(mines, gems);
  return Number(combinations(MINES_TILES - mines, gems)) / Number(combinations(MINES_TILES, gems));
}

/** Expected return per unit bet when cashing out after k gems (uncapped, ignoring floors). */
export function minesRtp(mines: number, gems: number): number {
  return minesWinProbability(mines, gems) * minesMultiplier(mines, gems);
}

// ---------------------------------------------------------------------------------------------
// Verification

export interface MinesVerifyParams {
  mines: number;
}

export interface MinesVerification {
  /** Mine tiles ascending. */
  mineTiles: number[];
  /** All 25 tiles in removal order; the mines are its first `mines` entries. */
  tileOrder: number[];
}

function parseMinesParams(raw: RawParams): ParamsResult<MinesVerifyParams> {
  const text = raw.mines;
  const mines = typeof text === 'number' ? text : text !== undefined && /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!isValidMinesCount(mines)) return { ok: false, error: `mines must be an integer ${MIN_MINES}..${MAX_MINES}` };
  return { ok: true, params: { mines } };
}

export const minesVerifier: GameVerifier<MinesVerifyParams, MinesVerification> = {
  floatsNeeded: () => MINES_BOARD_FLOATS,
  parseParams: parseMinesParams,
  verify(floatAt, { mines }) {
    assertMinesCount(mines);
    const tileOrder = minesTileOrder(floatAt);
    return { mineTiles: tileOrder.slice(0, mines).sort((a, b) => a - b), tileOrder };
  },
};
