// wire types: replaced by src/core/contracts/dice.ts at merge
import type { DiceTarget } from '../../src/core/games/dice';

/** POST /dice/bet body. */
export interface DiceBetRequest {
  /** Coins (a fiat entry is converted by the rate, floored to the base unit). */
  betAmount: number;
  currency: string;
  chance: number;
  target: DiceTarget;
}

/** POST /dice/bet answer. */
export interface DiceBetResponse {
  balance: number;
  bet: { id: string; roll: number; wager: number; payout: number; multiplier?: number; nonce?: number };
}
