// wire types: replaced by src/core/contracts/mines.ts at merge

/** POST /mines/bet body. */
export interface MinesBetRequest {
  /** Coins (a fiat entry is converted by the rate, floored to the base unit). */
  betAmount: number;
  minesCount: number;
  currency: string;
}

export interface MinesBetResponse {
  success: boolean;
  balance?: number;
  errorMessage?: string | null;
}

/** POST /mines/pick body. */
export interface MinesPickRequest {
  tileId: number;
}

export interface MinesPickResponse {
  success: boolean;
  isMine?: boolean;
  gameState?: 'InPlay' | 'GameOver';
  cashedOutAmount?: number;
  mineLocations?: number[] | null;
  /** Our server adds the balance at GameOver. */
  balance?: number;
  errorMessage?: string | null;
}

export interface MinesCashoutResponse {
  success: boolean;
  cashedOutAmount?: number;
  mineLocations?: number[] | null;
  balance?: number;
  errorMessage?: string | null;
}

/** GET /mines/get-active-game → game (docs/api.md). */
export interface ActiveMinesGame {
  betAmount: number;
  minesCount: number;
  selectedTiles: number[];
  currency: string;
}
