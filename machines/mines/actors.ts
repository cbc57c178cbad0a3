import type { BetLimits } from '../../src/core/bets/validation';
import { autobetMachine } from '../autobet/machine';
import { effectActor } from '../shared/effects';
import type { LimitsRequest } from '../shared/limits';
import type { BetOutcome } from '../shared/requestFailure';
import type { ActiveMinesGame, MinesBetRequest, MinesBetResponse, MinesCashoutResponse, MinesPickRequest, MinesPickResponse } from './wire';

/** The mines screen's requests, provided by src/app (src/app/actors/games/mines.ts) and by tests' fakes. */
export const minesActors = {
  /** GET /casino/get-limits?game=mines&currency=SYM → data.limit */
  loadLimits: effectActor<BetLimits, LimitsRequest>('loadLimits'),
  /** GET /mines/get-active-game → game; rejects when it cannot tell (nothing is restored then). */
  loadActiveGame: effectActor<ActiveMinesGame | null>('loadActiveGame'),
  /** POST /mines/bet, /mines/pick and /mines/cashout, each as an outcome. */
  placeBet: effectActor<BetOutcome<MinesBetResponse>, MinesBetRequest>('placeBet'),
  pick: effectActor<BetOutcome<MinesPickResponse>, MinesPickRequest>('pick'),
  cashout: effectActor<BetOutcome<MinesCashoutResponse>>('cashout'),
  /** The Auto mode's run (machines/autobet): a chart, not an effect. */
  autobet: autobetMachine,
};
