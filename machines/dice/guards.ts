import { autobetGuards } from '../autobet/gameKit';
import { betGuards } from '../shared/betGuards';
import type { BetOutcome } from '../shared/requestFailure';
import { diceCheck } from './context';
import type { DiceContext } from './context';
import type { DiceBetResponse } from './wire';

export const diceGuards = {
  ...betGuards<DiceContext>(diceCheck),
  ...autobetGuards<DiceContext>(),
  answered: (_: unknown, params: { outcome: BetOutcome<DiceBetResponse> }) => params.outcome.kind === 'answered',
  /** docs/product.md §4: green when the payout is at least the wager. */
  betWon: ({ context }: { context: DiceContext }) => context.result !== null && context.result.payout >= context.result.wager,
};
