import { allowedWireActions } from '../../src/core/games/blackjack';
import type { BlackjackAction } from '../../src/core/games/blackjack';
import { betGuards } from '../shared/betGuards';
import type { BetOutcome } from '../shared/requestFailure';
import { answeredGame, blackjackCheck } from './context';
import type { BlackjackContext, RoundAnswer } from './context';

type Ctx = { context: BlackjackContext };

export const blackjackGuards = {
  ...betGuards<BlackjackContext>(blackjackCheck),
  canAct: ({ context }: Ctx, params: { action: BlackjackAction }) => context.game !== null && allowedWireActions(context.game).includes(params.action),
  answeredInPlay: (_: unknown, params: { outcome: BetOutcome<RoundAnswer> }) => answeredGame(params.outcome)?.gameState === 'PlayerTurn',
  answeredGameOver: (_: unknown, params: { outcome: BetOutcome<RoundAnswer> }) => answeredGame(params.outcome)?.gameState === 'GameOver',
  /** The dealer drew beyond its two cards (it does when a hand of the player still stands). */
  dealerDrew: ({ context }: Ctx) => context.game !== null && context.game.dealerHand.length > 2,
  dealerHasMoreCards: ({ context }: Ctx) => context.game !== null && context.dealerCardsShown < context.game.dealerHand.length,
};
