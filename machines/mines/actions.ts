import { autobetRaisesFor, keepAutobetSettingsFor, settled, startAutobetFor, tellAutobetFor, tellAutobetRefusalFor } from '../autobet/gameKit';
import { AUTOBET_MESSAGES } from '../../src/core/bets/autobet';
import { enqueueActions, raise } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { amountActions, amountInCoins } from '../shared/betAmount';
import { assignFor } from '../shared/assign';
import { limitsActions } from '../shared/limits';
import { amountTextFor, MINES_MESSAGES, minesCheck, paidMultiplier } from './context';
import type { MinesContext, MinesRound } from './context';
import type { MinesEvent } from './events';
import type { ActiveMinesGame } from './wire';
import { balanceUpdated, loginModal, sendToSystemFor } from '../shared/messages';
import { SYSTEM_IDS } from '../shared/system';

const assign = assignFor<MinesContext, MinesEvent>();
const sendToSystem = sendToSystemFor<MinesContext, MinesEvent>();

const EMPTY_BOARD = { gems: [], pendingTile: null, mines: [], hitMine: null, win: null, revealed: null, message: null };

export const minesActions = {
  ...amountActions<MinesContext, MinesEvent>(),
  ...limitsActions<MinesContext, MinesEvent>(),
  storeMinesCount: assign((_, params: { count: number }) => ({ minesCount: params.count })),
  storeRefusal: assign(({ context }) => {
    const check = minesCheck(context);
    return { message: check?.kind === 'invalid' ? check.message : null };
  }),
  /** docs/product.md §4: a bet starts from a fresh grid with zero gems. */
  clearBoard: assign({ round: null, ...EMPTY_BOARD }),
  rememberBet: assign(({ context }) => ({
    round: {
      betAmount: amountInCoins(context.amountText, context.wallet.fiatRate),
      minesCount: context.minesCount,
      currency: context.wallet.currency,
    },
    ...EMPTY_BOARD,
  })),
  forgetBet: assign({ round: null }),
  restoreGame: assign(({ context }, params: { game: ActiveMinesGame }) => ({
    round: { betAmount: params.game.betAmount, minesCount: params.game.minesCount, currency: params.game.currency },
    minesCount: params.game.minesCount,
    amountText: amountTextFor(params.game.betAmount, context.wallet.currency === params.game.currency ? context.wallet.fiatRate : null),
    ...EMPTY_BOARD,
    gems: params.game.selectedTiles,
  })),
  storeMessage: assign((_, params: { message: string }) => ({ message: params.message })),
  storeAutoNotReady: assign({ message: MINES_MESSAGES.autoNoTiles }),
  toggleAutoTile: assign(({ context }, params: { tileId: number }) => ({
    autoTiles: context.autoTiles.includes(params.tileId) ? context.autoTiles.filter((t) => t !== params.tileId) : [...context.autoTiles, params.tileId],
  })),
  /** A bet of a run goes out: its round will pick the chosen tiles in order, then cash out. */
  beginAutoRound: assign(({ context }) => ({ autoPicks: [...context.autoTiles] })),
  endAutoRound: assign({ autoPicks: null }),
  showNextAutoPick: assign(({ context }) => ({ pendingTile: context.autoPicks?.[0] ?? null, autoPicks: (context.autoPicks ?? []).slice(1), message: null })),
  /** The end of a round a run placed, to the run: what it staked and what it paid. */
  reportAutoRound: enqueueActions<MinesContext, MinesEvent, { payout: number }, MinesEvent, never, never, never, never, never>(({ context, enqueue, self }, params) => {
    if (context.autoPicks === null || !context.round) return;
    const autobet = (self.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined)?.children?.['autobet'];
    if (autobet) enqueue.sendTo(autobet, settled(context.round.betAmount, params.payout).event);
  }),
  /** A pick or a cash-out of a run's round failed: the run stops with its message, the player finishes the game. */
  stopAutoRound: enqueueActions<MinesContext, MinesEvent, { message: string }, MinesEvent, never, never, never, never, never>(({ context, enqueue, self }, params) => {
    if (context.autoPicks === null) return;
    const autobet = (self.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined)?.children?.['autobet'];
    if (autobet) enqueue.sendTo(autobet, { type: 'game.refused', message: params.message || AUTOBET_MESSAGES.stopped });
    enqueue.assign({ autoPicks: null });
  }),
  clearMessage: assign({ message: null }),
  showPending: assign((_, params: { tileId: number }) => ({ pendingTile: params.tileId, message: null })),
  /** docs/product.md §4: a failed pick un-reveals the tile. */
  unrevealPending: assign({ pendingTile: null }),
  addGem: assign(({ context }) => ({
    gems: context.pendingTile === null ? context.gems : [...context.gems, context.pendingTile],
    pendingTile: null,
  })),
  /** docs/product.md §4: a mine ends the game and reveals all tiles. */
  revealBust: assign(({ context }, params: { mines: number[] }) => ({ hitMine: context.pendingTile, mines: params.mines, pendingTile: null })),
  /** Instant reveal: the ended game's seed is public, with the bet it settled as (docs/product.md, seed modes). */
  storeRevealed: assign((_, params: { betId: number | null; serverSeed: string | null }) => ({
    revealed: params.betId !== null && params.serverSeed ? { betId: params.betId, serverSeed: params.serverSeed } : null,
  })),
  storeWin: assign(({ context }, params: { amount: number; mines: number[] }) => {
    const round = context.round as MinesRound;
    return {
      mines: params.mines,
      win: { amount: params.amount, multiplier: paidMultiplier(round, params.amount, context.gems.length), gems: context.gems.length, currency: round.currency },
    };
  }),

  // Messaging block: the events this game sends other actors of the app's system, by systemId.
  openLogin: sendToSystem(SYSTEM_IDS.modals, loginModal),
  reportBalance: sendToSystem(SYSTEM_IDS.wallet, balanceUpdated),
  // To the Auto mode's run (machines/autobet/gameKit.ts).
  startAutobet: startAutobetFor<MinesContext, MinesEvent>(),
  tellAutobet: tellAutobetFor<MinesContext, MinesEvent>(),
  tellAutobetRefusal: tellAutobetRefusalFor<MinesContext, MinesEvent>(),
  keepAutobetSettings: keepAutobetSettingsFor<MinesContext, MinesEvent>(),
  ...autobetRaisesFor<MinesContext, MinesEvent>(),
  raiseAutoToggle: raise<MinesContext, MinesEvent, MinesEvent, { tileId: number }, never, never>((_, params) => ({ type: 'auto.toggleTile', tileId: params.tileId })),
};
