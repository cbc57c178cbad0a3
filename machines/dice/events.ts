import type { AutobetGameEvent } from '../autobet/gameKit';
import type { AuthEvent, GameWallet } from '../shared/events';

export type DiceEvent =
  | { type: 'user.typeAmount'; text: string }
  | { type: 'user.halveAmount' }
  | { type: 'user.doubleAmount' }
  | { type: 'user.typeChance'; text: string }
  | { type: 'user.typeMultiplier'; text: string }
  | { type: 'user.slideChance'; chance: number }
  | { type: 'user.toggleTarget' }
  | { type: 'user.bet' }
  | { type: 'wallet.changed'; wallet: GameWallet }
  | AutobetGameEvent
  | AuthEvent;
