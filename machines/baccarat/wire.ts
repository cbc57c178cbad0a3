// wire types: replaced by src/core/contracts/baccarat.ts at merge
import type { WireBaccaratGame } from '../../src/core/games/baccarat';

/** POST /baccarat/bet body (SPEC §7), in coins. */
export interface BaccaratBetRequest {
  playerBetAmount: number;
  tieBetAmount: number;
  bankerBetAmount: number;
  currency: string;
}

export interface BaccaratWireBet {
  id: number | string;
  gameName?: string;
  wager: number;
  currency?: string;
  multiplier: number;
  payout: number;
}

export interface BaccaratBetResponse {
  success: boolean;
  game?: WireBaccaratGame | null;
  balance?: number;
  bet?: BaccaratWireBet | null;
  errorMessage?: string | null;
}
