import { autobetRaisesFor, keepAutobetSettingsFor, startAutobetFor, tellAutobetFor, tellAutobetRefusalFor } from '../autobet/gameKit';
import { assignFor } from '../shared/assign';
import { clampChanceSlider, linkFromChance } from '../../src/core/games/dice';
import { amountActions } from '../shared/betAmount';
import { limitsActions } from '../shared/limits';
import { outcomeMessage } from '../shared/betOutcome';
import type { BetOutcome } from '../shared/requestFailure';
import { betRequest, DICE_NO_RESPONSE_MESSAGE, diceCheck, oddsFromChanceText, oddsFromMultiplierText, placedCurrency } from './context';
import type { DiceContext } from './context';
import type { DiceEvent } from './events';
import type { DiceBetResponse } from './wire';
import { SYSTEM_IDS } from '../shared/system';
import { balanceUpdated, betPlaced, loginModal, sendToSystemFor } from '../shared/messages';

const assign = assignFor<DiceContext, DiceEvent>();
const sendToSystem = sendToSystemFor<DiceContext, DiceEvent>();

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
      betId: params.response.bet.id,
      serverSeed: params.response.bet.serverSeed ?? null,
    },
  })),
  storeFailure: assign((_, params: { outcome: BetOutcome<DiceBetResponse> }) => ({
    message: outcomeMessage(params.outcome, { unanswered: DICE_NO_RESPONSE_MESSAGE }),
  })),
  clearOutcome: assign({ result: null, message: null }),

  // Messaging block: the events this game sends other actors of the app's system, by systemId.
  openLogin: sendToSystem(SYSTEM_IDS.modals, loginModal),
  reportBalance: sendToSystem(SYSTEM_IDS.wallet, balanceUpdated),
  reportBet: sendToSystem(SYSTEM_IDS.betsFeed, betPlaced),
  // To the Auto mode's run (machines/autobet/gameKit.ts).
  startAutobet: startAutobetFor<DiceContext, DiceEvent>(),
  tellAutobet: tellAutobetFor<DiceContext, DiceEvent>(),
  tellAutobetRefusal: tellAutobetRefusalFor<DiceContext, DiceEvent>(),
  keepAutobetSettings: keepAutobetSettingsFor<DiceContext, DiceEvent>(),
  ...autobetRaisesFor<DiceContext, DiceEvent>(),
};
