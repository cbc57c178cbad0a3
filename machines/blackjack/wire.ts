// wire types: replaced by src/core/contracts/blackjack.ts at merge
import type { BlackjackAction, WireBlackjackGame } from '../../src/core/games/blackjack';

/** POST /blackjack/bet body. */
export interface BlackjackBetRequest {
  /** Coins (a fiat entry is converted by the rate, floored to the base unit). */
  betAmount: number;
  currency: string;
}

/** POST /blackjack/{action} body, with the action it goes to. */
export interface BlackjackActionRequest {
  action: BlackjackAction;
  activeHand: 0 | 1;
}

/** What every /blackjack call answers (docs/api.md). */
export interface BlackjackAnswer {
  success: boolean;
  game: WireBlackjackGame | null;
  errorMessage?: string | null;
  /** Balance in the round's currency after the call. */
  balance?: number;
  /** Set when the round ended with this call: the row the live table holds back until the reveal is over. */
  bet?: { id: number | string } | null;
}
