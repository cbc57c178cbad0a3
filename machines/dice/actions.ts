import { assignFor } from '../shared/assign';
import { clampChanceSlider, linkFromChance } from '../../src/core/games/dice';
import { amountActions } from '../shared/betAmount';
import type { PlacedBet } from '../shared/events';
import { limitsActions } from '../shared/limits';
import { outcomeMessage } from '../shared/requestFailure';
import type { BetOutcome } from '../shared/requestFailure';
import { deliverTo, SYSTEM_IDS } from '../shared/system';
import { betRequest, DICE_NO_RESPONSE_MESSAGE, diceCheck, oddsFromChanceText, oddsFromMultiplierText, placedCurrency } from './context';
import type { DiceContext } from './context';
import type { DiceEvent } from './events';
import type { DiceBetResponse } from './wire';

const assign = assignFor<DiceContext, DiceEvent>();

type Ctx = { context: DiceContext };

export const diceActions = {
  ...amountActions<DiceContext, DiceEvent>(),
  ...limitsActions<DiceContext, DiceEvent>(),
  storeChanceText: assign((_, params: { text: string }) => ({ chanceText: params.text, ...oddsFromChanceText(params.text) })),
  storeMultiplierText: assign((_, params: { text: string }) => ({ multiplierText: params.text, ...oddsFromMultiplierText(params.text) })),
  storeSlider: assign((_, params: { chance: number }) => {
    const odds = linkFromChance(clampChanceSlider(params.chance));
    return { chance: odds.chance, chanceText: String(odds.chance), multiplierText: String(odds.multiplier) };
  }),
  /** The fields catch up with the odds the bet already uses: the clamped chance and what it pays. */
  showClampedOdds: assign(({ context }: Ctx) => {
    if (context.chance === null) return { chanceText: '', multiplierText: '' };
    const odds = linkFromChance(context.chance);
    return { chanceText: String(odds.chance), multiplierText: String(odds.multiplier) };
  }),
  toggleTarget: assign(({ context }: Ctx) => ({ target: context.target === 'under' ? ('over' as const) : ('under' as const) })),
  storeRefusal: assign(({ context }: Ctx) => {
    const check = diceCheck(context);
    return { message: check?.kind === 'invalid' ? check.message : null };
  }),
  rememberPlacedBet: assign(({ context }: Ctx) => ({ placed: betRequest(context), message: null })),
  storeResult: assign(({ context }: Ctx, params: { response: DiceBetResponse }) => ({
    result: {
      roll: params.response.bet.roll,
      wager: params.response.bet.wager,
      payout: params.response.bet.payout,
      currency: placedCurrency(context),
    },
  })),
  storeFailure: assign((_, params: { outcome: BetOutcome<DiceBetResponse> }) => ({
    message: outcomeMessage(params.outcome, { unanswered: DICE_NO_RESPONSE_MESSAGE }),
  })),
  clearOutcome: assign({ result: null, message: null }),

  // Messaging block: the actions that tell other actors (modals, wallet, betsFeed).
  openLogin: deliverTo(SYSTEM_IDS.modals, () => ({ type: 'app.openModal', name: 'Auth', params: { tab: 'login' } })),
  reportBalance: deliverTo(SYSTEM_IDS.wallet, (params: { currency: string; balance: number }) => ({
    type: 'game.balanceUpdated',
    currency: params.currency,
    balance: params.balance,
  })),
  reportBet: deliverTo(SYSTEM_IDS.betsFeed, (params: { bet: PlacedBet }) => ({ type: 'game.betPlaced', bet: params.bet })),
};
