import type { BetLimits } from '../../src/core/bets/validation';
import { autobetMachine } from '../autobet/machine';
import { effectActor } from '../shared/effects';
import type { LimitsRequest } from '../shared/limits';
import type { BetOutcome } from '../shared/requestFailure';
import type { DiceBetRequest, DiceBetResponse } from './wire';

/** The dice screen's requests, provided by src/app (src/app/actors/games/dice.ts) and by tests' fakes. */
export const diceActors = {
  /** GET /casino/get-limits?game=dice&currency=SYM → data.limit */
  loadLimits: effectActor<BetLimits, LimitsRequest>('loadLimits'),
  /** POST /dice/bet, as an outcome (never rejects for a refusal or a lost connection). */
  placeBet: effectActor<BetOutcome<DiceBetResponse>, DiceBetRequest>('placeBet'),
  /** The Auto mode's run (machines/autobet): a chart, not an effect. */
  autobet: autobetMachine,
};
