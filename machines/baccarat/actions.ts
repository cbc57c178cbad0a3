import type { BetLimits } from '../../src/core/bets/validation';
import { unitsToNumber } from '../../src/core/money';
import { assignFor } from '../shared/assign';
import { limitsActions } from '../shared/limits';
import { outcomeMessage } from '../shared/betOutcome';
import type { BetOutcome } from '../shared/requestFailure';
import { areaUnits, BACCARAT_NETWORK_ERROR, baccaratCheck, chipValuesFor, dealOrder, EMPTY_CHIPS, keepSelection, totalUnits } from './context';
import type { BaccaratArea, BaccaratContext, PlacedBaccaratBet } from './context';
import type { BaccaratEvent } from './events';
import type { BaccaratBetResponse } from './wire';
import { balanceAdjusted, balanceUpdated, loginModal, sendToSystemFor } from '../shared/messages';
import { SYSTEM_IDS } from '../shared/system';

const assign = assignFor<BaccaratContext, BaccaratEvent>();
const sendToSystem = sendToSystemFor<BaccaratContext, BaccaratEvent>();

export const baccaratActions = {
  ...limitsActions<BaccaratContext, BaccaratEvent>(),
  selectChip: assign((_, params: { value: number }) => ({ selectedChip: params.value })),
  placeChip: assign(({ context }, params: { area: BaccaratArea }) => ({
    chips: { ...context.chips, [params.area]: [...context.chips[params.area], context.selectedChip] },
  })),
  clearChips: assign({ chips: EMPTY_CHIPS }),
  clearMessage: assign({ message: null }),
  /** A new currency: no chips until its limits come, and the old coin's chips leave the table. */
  forgetChips: assign({ chipValues: [], selectedChip: 0, chips: EMPTY_CHIPS, message: null }),
  /** The cheapest chip is the default: a first bet with it is always within the limits. */
  storeLimits: assign(({ context }, params: { limits: BetLimits }) => {
    const chipValues = chipValuesFor(params.limits, context.wallet.exchangeRate ?? null);
    return { limits: params.limits, chipValues, selectedChip: keepSelection(context, chipValues) };
  }),
  /** A new dollar rate for the same currency moves the chips to the new rate, same position selected. */
  refreshChips: assign(({ context }) => {
    if (!context.limits) return {};
    const chipValues = chipValuesFor(context.limits, context.wallet.exchangeRate ?? null);
    return { chipValues, selectedChip: keepSelection(context, chipValues) };
  }),
  storeRefusal: assign(({ context }) => {
    const check = baccaratCheck(context);
    return { message: check?.kind === 'invalid' ? check.message : null };
  }),
  /** The request comes from the chips on the table; the previous round leaves it. */
  rememberPlacedBet: assign(({ context }) => {
    const units = (area: BaccaratArea) => unitsToNumber(BigInt(areaUnits(context.chips, area)));
    return {
      placed: {
        request: { playerBetAmount: units('player'), tieBetAmount: units('tie'), bankerBetAmount: units('banker'), currency: context.wallet.currency },
        totalUnits: totalUnits(context.chips),
      },
      round: null,
      dealt: 0,
      message: null,
    };
  }),
  storeRound: assign((_, params: { response: BaccaratBetResponse }) => {
    const { game, bet, balance } = params.response;
    if (!game || !bet || balance === undefined) return { round: null };
    return { round: { game, balance, betId: String(bet.id), serverSeed: bet.serverSeed ?? null, order: dealOrder(game) } };
  }),
  dealNextCard: assign(({ context }) => ({ dealt: context.dealt + 1 })),
  storeFailure: assign((_, params: { outcome: BetOutcome<BaccaratBetResponse> }) => ({
    message: outcomeMessage(params.outcome, { unanswered: BACCARAT_NETWORK_ERROR }),
  })),

  // Messaging block: the events this game sends other actors of the app's system, by systemId.
  openLogin: sendToSystem(SYSTEM_IDS.modals, loginModal),
  adjustBalance: sendToSystem(SYSTEM_IDS.wallet, balanceAdjusted),
  reportBalance: sendToSystem(SYSTEM_IDS.wallet, balanceUpdated),
  reportBet: sendToSystem(SYSTEM_IDS.betsFeed, (_, params: { bet: PlacedBaccaratBet }) => ({ type: 'game.betPlaced' as const, bet: params.bet })),
  reportAnimationOver: sendToSystem(SYSTEM_IDS.betsFeed, (_, params: { betId: string }) => ({ type: 'game.animationOver' as const, betId: params.betId })),
};
