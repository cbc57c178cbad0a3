import type { GameWallet } from '../shared/events';
import type { BaccaratArea } from './context';

export type BaccaratEvent =
  | { type: 'user.selectChip'; value: number }
  | { type: 'user.placeChip'; area: BaccaratArea }
  | { type: 'user.clear' }
  | { type: 'user.bet' }
  | { type: 'user.closeWinPopup' }
  | { type: 'wallet.changed'; wallet: GameWallet }
  | { type: 'auth.loggedIn'; user?: { userName: string }; token?: string }
  | { type: 'auth.loggedOut' };
