import type { GameWallet } from '../shared/events';

export type BlackjackEvent =
  | { type: 'user.typeAmount'; text: string }
  | { type: 'user.halveAmount' }
  | { type: 'user.doubleAmount' }
  | { type: 'user.bet' }
  | { type: 'user.stand' }
  | { type: 'user.hit' }
  | { type: 'user.double' }
  | { type: 'user.split' }
  | { type: 'wallet.changed'; wallet: GameWallet }
  | { type: 'auth.loggedIn' }
  | { type: 'auth.loggedOut' };
