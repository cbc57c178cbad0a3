import type { BetCheckResult, BetLimits } from '../../src/core/bets/validation';
import type { WireBlackjackGame } from '../../src/core/games/blackjack';
import { singleBetCheck } from '../shared/betAmount';
import { DEFAULT_WALLET } from '../shared/events';
import type { GameWallet } from '../shared/events';
import type { BetOutcome } from '../shared/requestFailure';

/** docs/product.md §8: a blackjack bet that got no response. */
export const BLACKJACK_NETWORK_ERROR = 'An error occurred while placing the bet.';

export interface BlackjackInput {
  signedIn?: boolean;
  wallet?: GameWallet;
}

export interface BlackjackContext {
  amountText: string;
  wallet: GameWallet;
  limits: BetLimits | null;
  /** The round as the server last sent it (hole card hidden until GameOver). */
  game: WireBlackjackGame | null;
  /** How many dealer cards the table shows face up while the reveal runs (the up card is 1). */
  dealerCardsShown: number;
  /** From the answer that ended the round, reported once the reveal is over. */
  finalBalance: number | null;
  betId: number | string | null;
  /** Instant reveal: the ended round's server seed, public as it settled; null in classic mode. */
  serverSeed: string | null;
  /** The refusal or failure under the Bet button (3 s). */
  message: string | null;
  startSignedIn: boolean;
}

export const initialContext = ({ input }: { input: BlackjackInput }): BlackjackContext => ({
  amountText: '',
  wallet: input.wallet ?? DEFAULT_WALLET,
  limits: null,
  game: null,
  dealerCardsShown: 1,
  finalBalance: null,
  betId: null,
  serverSeed: null,
  message: null,
  startSignedIn: input.signedIn ?? false,
});

/** docs/product.md §5 checks for a signed-in player: the shared single-amount check of the games. */
export const blackjackCheck = (context: BlackjackContext): BetCheckResult | null => singleBetCheck('blackjack', context);

/** What a call answered that may hold a round: a bet or an action (always one), or the restore (maybe none). */
export type RoundAnswer = { game: WireBlackjackGame | null };

/** The round a call answered with, when the server answered with one. */
export function answeredGame(outcome: BetOutcome<RoundAnswer>): WireBlackjackGame | null {
  return outcome.kind === 'answered' ? (outcome.answer.game ?? null) : null;
}
