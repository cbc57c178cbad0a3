import { stateIn } from 'xstate';
import { BET_MESSAGES } from '../../src/core/bets/validation';
import { betGuards } from '../shared/betGuards';
import type { BetOutcome } from '../shared/requestFailure';
import { baccaratCheck, isDealt, resultUnits, stakeUnits } from './context';
import type { BaccaratContext } from './context';
import type { BaccaratBetResponse } from './wire';

type Ctx = { context: BaccaratContext };

export const baccaratGuards = {
  ...betGuards<BaccaratContext>(baccaratCheck),
  isBetting: stateIn({ round: 'betting' }),
  isChipValue: ({ context }: Ctx, params: { value: number }) => context.chipValues.includes(params.value),
  hasChip: ({ context }: Ctx) => context.selectedChip > 0,
  hasNoBet: ({ context }: Ctx) => {
    const check = baccaratCheck(context);
    return check?.kind === 'invalid' && check.message === BET_MESSAGES.baccaratNoBet;
  },
  wasDealt: (_: unknown, params: { outcome: BetOutcome<BaccaratBetResponse> }) => params.outcome.kind === 'answered' && isDealt(params.outcome.answer),
  moreCards: ({ context }: Ctx) => context.dealt < (context.round?.order.length ?? 0),
  /** docs/product.md §4: You Won when the result is above the total bet, You Lost below, Draw when equal. */
  roundWon: ({ context }: Ctx) => resultUnits(context) > stakeUnits(context),
  roundLost: ({ context }: Ctx) => resultUnits(context) < stakeUnits(context),
};
