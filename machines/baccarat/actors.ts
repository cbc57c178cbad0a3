import type { BetLimits } from '../../src/core/bets/validation';
import { effectActor } from '../shared/effects';
import type { LimitsRequest } from '../shared/limits';
import type { BetOutcome } from '../shared/requestFailure';
import type { BaccaratBetRequest, BaccaratBetResponse } from './wire';

/** The baccarat screen's requests, provided by src/app (src/app/actors/games/baccarat.ts) and by tests' fakes. */
export const baccaratActors = {
  /** GET /casino/get-limits?game=baccarat&currency=SYM → data.limit */
  loadLimits: effectActor<BetLimits, LimitsRequest>('loadLimits'),
  /** POST /baccarat/bet, as an outcome. */
  placeBet: effectActor<BetOutcome<BaccaratBetResponse>, BaccaratBetRequest>('placeBet'),
};
