import type { SnapshotFrom } from 'xstate';
import { formatRoll, PLACEHOLDER_CHANCE, PLACEHOLDER_MULTIPLIER, linkFromChance, profitOnWin } from '../../src/core/games/dice';
import { cryptoToFiat } from '../../src/core/money';
import { betChance, typedAmount } from './machine';
import type { DiceResult, diceMachine } from './machine';
import type { DiceTarget } from '../../src/core/games/dice';

type Snapshot = SnapshotFrom<typeof diceMachine>;

export type RingTone = 'primary' | 'win' | 'loss';

export const selectAmountText = (s: Snapshot): string => s.context.amountText;
export const selectChanceText = (s: Snapshot): string => s.context.chanceText;
export const selectMultiplierText = (s: Snapshot): string => s.context.multiplierText;
export const selectChancePlaceholder = (): string => String(PLACEHOLDER_CHANCE);
export const selectMultiplierPlaceholder = (): string => String(PLACEHOLDER_MULTIPLIER);
export const selectTarget = (s: Snapshot): DiceTarget => s.context.target;
/** The chance the ring's slider (2 to 98) and the next bet use. */
export const selectChance = (s: Snapshot): number => betChance(s.context);
export const selectMultiplier = (s: Snapshot): number => linkFromChance(betChance(s.context)).multiplier;

/** Profit on win in the displayed unit (coins, or dollars in fiat display): bet × multiplier − bet. */
export const selectProfitOnWin = (s: Snapshot): number => profitOnWin(typedAmount(s.context.amountText, s.context.wallet.fiatRate), selectMultiplier(s));

/** Max payout of the selected currency in the displayed unit, null until the limits are known. */
export const selectMaxPayout = (s: Snapshot): number | null => {
  const { limits, wallet } = s.context;
  if (!limits) return null;
  return wallet.fiatRate === null ? limits.maxPayout : cryptoToFiat(limits.maxPayout, wallet.fiatRate);
};

/** ACC: no limits exist, so the max payout shows a dash instead of waiting (docs/product.md §5 check 2). */
export const selectCurrencyNotBettable = (s: Snapshot): boolean => s.hasTag('notBettable');

/** Whether pressing Bet does something now (a bet, a refusal message, or the login modal). */
export const selectCanBet = (s: Snapshot): boolean => s.can({ type: 'user.bet' });
export const selectIsPlacing = (s: Snapshot): boolean => s.hasTag('busy');
export const selectCanHalveOrDouble = (s: Snapshot): boolean => s.hasTag('limitsKnown');

export const selectRingTone = (s: Snapshot): RingTone => (s.hasTag('won') ? 'win' : s.hasTag('lost') ? 'loss' : 'primary');
export const selectResult = (s: Snapshot): DiceResult | null => (s.hasTag('result') ? s.context.result : null);
/** The bet on screen when instant reveal made its server seed public: it can be verified at once. */
export const selectRevealedBet = (s: Snapshot): { betId: number; serverSeed: string } | null => {
  const result = selectResult(s);
  return result?.serverSeed ? { betId: result.betId, serverSeed: result.serverSeed } : null;
};
/** The roll as docs/product.md §2 shows it: "05.20", "100.00"; null when no result is on screen. */
export const selectResultText = (s: Snapshot): string | null => {
  const result = selectResult(s);
  return result ? formatRoll(result.roll) : null;
};
/** The refusal or failure message under the Bet button. */
export const selectMessage = (s: Snapshot): string | null => (s.hasTag('message') ? s.context.message : null);

/** Manual or Auto (the Auto panel shows, and Bet reads Start autobet). */
export const selectIsAuto = (s: Snapshot): boolean => s.hasTag('auto');
/** The Auto mode's run, to render its panel; undefined in Manual. */
export const selectAutobet = (s: Snapshot) => s.children.autobet;
/** Whether Start autobet does something now (a run, a refusal message, or the login modal): it takes the checks of Bet. */
export const selectCanStartAuto = (s: Snapshot): boolean => s.hasTag('auto') && s.can({ type: 'user.bet' });
