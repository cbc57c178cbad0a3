import { applyAction, settle, startRound } from '../../src/core/games/blackjack';
import type { BlackjackState } from '../../src/core/games/blackjack';
import { basicStrategyAction } from '../../src/core/games/blackjackStrategy';
import type { FloatAt } from '../../src/core/fairness/floats';

/** One round through the real engine, the player following basic strategy. */
export function playBasicStrategyRound(bet: bigint, floatAt: FloatAt): { payout: bigint; wager: bigint } {
  let state: BlackjackState = startRound(bet, floatAt);
  while (state.gameState === 'PlayerTurn') {
    const result = applyAction(state, basicStrategyAction(state), state.activeHandIndex, floatAt);
    if (!result.ok) throw new Error(`Basic strategy chose a refused action: ${result.refusal.message}`);
    state = result.state;
  }
  const { payout, wager } = settle(state);
  return { payout, wager };
}
