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
  | { type: 'auth.loggedOut' };
