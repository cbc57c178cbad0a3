import type { BetLimits } from '../../src/core/bets/validation';
import { effectActor } from '../shared/effects';
import type { LimitsRequest } from '../shared/limits';
import type { BetOutcome } from '../shared/requestFailure';
import type { BlackjackActionRequest, BlackjackActiveGameReply, BlackjackAnswer, BlackjackBetRequest } from './wire';

/** The blackjack screen's requests, provided by src/app (src/app/actors/games/blackjack.ts) and by tests' fakes. */
export const blackjackActors = {
  /** GET /casino/get-limits?game=blackjack&currency=SYM → data.limit */
  loadLimits: effectActor<BetLimits, LimitsRequest>('loadLimits'),
  /** GET /blackjack/get-active-game; rejects when it cannot tell (nothing is restored then). */
  loadActiveGame: effectActor<BlackjackActiveGameReply>('loadActiveGame'),
  /** POST /blackjack/bet and /blackjack/{action}, each as an outcome. */
  placeBet: effectActor<BetOutcome<BlackjackAnswer>, BlackjackBetRequest>('placeBet'),
  act: effectActor<BetOutcome<BlackjackAnswer>, BlackjackActionRequest>('act'),
};
