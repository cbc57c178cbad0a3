/**
 * Autobet rules (docs/product.md §4 "Autobet"): the arithmetic of a run of ordinary bets, shared by the
 * dice and mines screens. Pure: the autobet machine (machines/autobet) holds a plan and asks these
 * functions for the next amount, the net profit and whether to stop.
 *
 * Amounts the player types (the bet amount, stop on profit, stop on loss) are in the displayed unit:
 * coins with 8 decimals, or dollars with 2 decimals in fiat display. The next amount is computed in
 * that unit, as a scaled integer, so every bet of a run is an amount the player could have typed.
 * The net profit is kept in base units of the coin (10^-8), from the wagers and payouts the server
 * answered, so it is exact whatever the display.
 */
import { DECIMALS, decimalToUnits, fiatToUnits, formatCents, formatCrypto, toUnitsFloor, unitsToFiatCents } from '../units';
import { parseAmount, parseAmountRounded } from '../money';
import type { BetLimits } from './validation';

/** What happens to the amount after a win, or after a loss. */
export type AutobetAdjust = 'reset' | 'increase';

/** The settings exactly as the player typed them. */
export interface AutobetSettings {
  /** Number of bets; '' or '0' runs until stopped. */
  bets: string;
  onWin: AutobetAdjust;
  onWinPercent: string;
  onLoss: AutobetAdjust;
  onLossPercent: string;
  /** Stop once the net profit reaches this amount; '' or 0 is off. */
  stopProfit: string;
  /** Stop once the net loss reaches this amount; '' or 0 is off. */
  stopLoss: string;
}

export const DEFAULT_AUTOBET_SETTINGS: AutobetSettings = {
  bets: '0',
  onWin: 'reset',
  onWinPercent: '100',
  onLoss: 'reset',
  onLossPercent: '100',
  stopProfit: '',
  stopLoss: '',
};

/** The largest increase after a win or a loss: 1000 % (the amount times eleven). */
export const MAX_INCREASE_PERCENT = 1000;
/** The most bets one run can be asked for. */
export const MAX_AUTOBETS = 100_000;

/**
 * A whole number with thousands commas, as toLocaleString('en-US') writes it, without Intl: this module
 * loads with every game's first paint, and the first Intl call of a page loads the locale data (a long
 * task on a slow phone).
 */
const withCommas = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The messages of the Auto panel, in the tone of docs/product.md §5 and §8. */
export const AUTOBET_MESSAGES = {
  betsInvalid: `Number of bets must be a whole number from 0 to ${withCommas(MAX_AUTOBETS)}`,
  percentInvalid: (when: 'win' | 'loss') => `Increase on ${when} must be from 0 to ${MAX_INCREASE_PERCENT}%`,
  stopProfitInvalid: 'Stop on profit must be an amount of 0 or more',
  stopLossInvalid: 'Stop on loss must be an amount of 0 or more',
  stopped: 'Stopped',
  betsDone: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'bet' : 'bets'} placed`,
  profitReached: 'Stop on profit reached',
  lossReached: 'Stop on loss reached',
  liveLost: 'Live connection lost',
  walletChanged: 'Wallet changed',
  loggedOut: 'Logged out',
  realityCheck: 'Reality check',
} as const;

export interface AutobetAmountRule {
  adjust: AutobetAdjust;
  /** Hundredths of a percent: 10000 doubles the amount. */
  basisPoints: number;
}

/** A run, ready to go: everything a bet of it needs, as integers. */
export interface AutobetPlan {
  /** 0 runs until stopped. */
  bets: number;
  onWin: AutobetAmountRule;
  onLoss: AutobetAmountRule;
  /** Base units of the coin; null when off. */
  stopProfitUnits: string | null;
  stopLossUnits: string | null;
  /** Decimals of the displayed unit: 8 for coins, 2 for dollars. */
  decimals: number;
  /** The bet amount typed when the run started, and the bounds of every next amount, scaled by 10^decimals. */
  base: string;
  min: string;
  max: string;
}

/** Where the amounts are read: the amount field as typed, the display, the currency's limits (coins). */
export interface AutobetStart {
  amountText: string;
  fiatRate: number | null;
  limits: BetLimits;
}

export type AutobetPlanResult = { ok: true; plan: AutobetPlan } | { ok: false; message: string };

const displayDecimals = (fiatRate: number | null) => (fiatRate === null ? DECIMALS : 2);

function readBets(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MAX_AUTOBETS ? value : null;
}

function readRule(adjust: AutobetAdjust, percentText: string): AutobetAmountRule | null {
  if (adjust === 'reset') return { adjust, basisPoints: 0 };
  const parsed = parseAmount(percentText, { decimals: 2 });
  if (!parsed.ok || parsed.units > BigInt(MAX_INCREASE_PERCENT) * 100n) return null;
  return { adjust, basisPoints: Number(parsed.units) };
}

/** A stop amount typed in the displayed unit, in base units of the coin; '' is off (null), unreadable is undefined. */
function readStop(text: string, fiatRate: number | null): string | null | undefined {
  if (text.trim() === '') return null;
  const parsed = parseAmount(text, { decimals: displayDecimals(fiatRate) });
  if (!parsed.ok) return undefined;
  if (parsed.units === 0n) return null;
  const units = fiatRate === null ? parsed.units : fiatToUnits(parsed.canonical, fiatRate);
  return String(units);
}

/** The limits in the displayed unit: the least amount that is not below minBet, the most that is not above maxBet. */
function boundsOf(limits: BetLimits, fiatRate: number | null): { min: bigint; max: bigint } {
  const minUnits = toUnitsFloor(limits.minBet);
  const maxUnits = toUnitsFloor(limits.maxBet);
  if (fiatRate === null) return { min: minUnits, max: maxUnits };
  return { min: unitsToFiatCents(minUnits, fiatRate, 'ceil'), max: unitsToFiatCents(maxUnits, fiatRate, 'floor') };
}

/** Reads the settings and the amount a run starts from; the first unreadable setting is refused with its message. */
export function planAutobet(settings: AutobetSettings, start: AutobetStart): AutobetPlanResult {
  const bets = readBets(settings.bets);
  if (bets === null) return { ok: false, message: AUTOBET_MESSAGES.betsInvalid };
  const onWin = readRule(settings.onWin, settings.onWinPercent);
  if (!onWin) return { ok: false, message: AUTOBET_MESSAGES.percentInvalid('win') };
  const onLoss = readRule(settings.onLoss, settings.onLossPercent);
  if (!onLoss) return { ok: false, message: AUTOBET_MESSAGES.percentInvalid('loss') };
  const stopProfitUnits = readStop(settings.stopProfit, start.fiatRate);
  if (stopProfitUnits === undefined) return { ok: false, message: AUTOBET_MESSAGES.stopProfitInvalid };
  const stopLossUnits = readStop(settings.stopLoss, start.fiatRate);
  if (stopLossUnits === undefined) return { ok: false, message: AUTOBET_MESSAGES.stopLossInvalid };
  const decimals = displayDecimals(start.fiatRate);
  const typed = parseAmountRounded(start.amountText, decimals);
  const base = typed.ok ? typed.units : 0n;
  const { min, max } = boundsOf(start.limits, start.fiatRate);
  return {
    ok: true,
    plan: { bets, onWin, onLoss, stopProfitUnits, stopLossUnits, decimals, base: String(base), min: String(min), max: String(max) },
  };
}

/**
 * The amount of the next bet after one that won (payout at least the wager, as docs/product.md §4 colours a
 * dice roll) or lost: back to the amount the run started from, or the last amount increased by the
 * percentage, floored to the displayed unit's last decimal, then kept within minBet and maxBet.
 */
export function nextAmount(plan: AutobetPlan, current: string, won: boolean): string {
  const rule = won ? plan.onWin : plan.onLoss;
  const last = BigInt(current);
  const raw = rule.adjust === 'reset' ? BigInt(plan.base) : last + (last * BigInt(rule.basisPoints)) / 10_000n;
  const min = BigInt(plan.min);
  const max = BigInt(plan.max);
  const bounded = raw < min ? min : raw > max && max >= min ? max : raw;
  return String(bounded);
}

/** An amount of the plan (scaled) as the amount field shows it: plain decimals, trailing zeros dropped. */
export function amountFieldText(plan: Pick<AutobetPlan, 'decimals'>, scaled: string): string {
  const text = formatScaledPlain(BigInt(scaled), plan.decimals);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

function formatScaledPlain(scaled: bigint, decimals: number): string {
  const digits = scaled.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** docs/product.md §4: a bet is won when its payout is at least its wager. */
export const betWon = (wager: number, payout: number): boolean => decimalToUnits(payout) >= decimalToUnits(wager);

/** The net profit (base units, as text) after one more settled bet: what it paid minus what it staked. */
export function netAfter(netUnits: string, wager: number, payout: number): string {
  return String(BigInt(netUnits) + decimalToUnits(payout) - decimalToUnits(wager));
}

export type AutobetStop = 'bets' | 'profit' | 'loss';

/** Whether the run stops after `count` settled bets with this net profit, and on which rule (the count first). */
export function stopAfter(plan: Pick<AutobetPlan, 'bets' | 'stopProfitUnits' | 'stopLossUnits'>, count: number, netUnits: string): AutobetStop | null {
  const net = BigInt(netUnits);
  if (plan.bets > 0 && count >= plan.bets) return 'bets';
  if (plan.stopProfitUnits !== null && net >= BigInt(plan.stopProfitUnits)) return 'profit';
  if (plan.stopLossUnits !== null && -net >= BigInt(plan.stopLossUnits)) return 'loss';
  return null;
}

/** The reason a rule stopped the run, as the Auto panel shows it. */
export function stopMessage(stop: AutobetStop, count: number): string {
  if (stop === 'bets') return AUTOBET_MESSAGES.betsDone(count);
  return stop === 'profit' ? AUTOBET_MESSAGES.profitReached : AUTOBET_MESSAGES.lossReached;
}

/** The net profit as the panel shows it: signed, 8 decimals and the currency, or dollars in fiat display. */
export function formatNet(netUnits: string, currency: string, fiatRate: number | null): string {
  const net = BigInt(netUnits);
  const sign = net > 0n ? '+' : net < 0n ? '-' : '';
  const size = net < 0n ? -net : net;
  if (fiatRate !== null) return `${sign}${formatCents(unitsToFiatCents(size, fiatRate, 'floor'))}`;
  return `${sign}${formatCrypto(size)} ${currency}`;
}
