import type { AutobetGameEvent } from '../autobet/gameKit';
import type { GameWallet } from '../shared/events';

export type MinesEvent =
  | { type: 'user.typeAmount'; text: string }
  | { type: 'user.halveAmount' }
  | { type: 'user.doubleAmount' }
  | { type: 'user.setMinesCount'; count: number }
  | { type: 'user.bet' }
  | { type: 'user.pick'; tileId: number }
  | { type: 'user.cashout' }
  | { type: 'wallet.changed'; wallet: GameWallet }
  | { type: 'auth.loggedIn' }
  | { type: 'auth.loggedOut' }
  /** Auto mode: choose (or unchoose) a tile to pick in each round of a run, in the order chosen. */
  | { type: 'user.toggleAutoTile'; tileId: number }
  /** Raised by `mode.auto` for the round region. */
  | { type: 'auto.toggleTile'; tileId: number }
  | AutobetGameEvent;
