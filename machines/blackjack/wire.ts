/** The blackjack calls' wire types, declared once in src/core/contracts/blackjack.ts. */
import type { BlackjackActionRequest as ActionBody } from '../../src/core/contracts/blackjack';
import type { BlackjackAction } from '../../src/core/games/blackjack';

export type {
  BlackjackActiveGameReply,
  BlackjackBetRequest,
  BlackjackRoundReply as BlackjackAnswer,
} from '../../src/core/contracts/blackjack';
/** POST /blackjack/{action}: the body, with the action it goes to. */
export type BlackjackActionRequest = ActionBody & { action: BlackjackAction };
