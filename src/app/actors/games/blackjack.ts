import { blackjackMachine } from '../../../../machines/blackjack/machine';
import type { GameRuntime } from './context';

/** The blackjack screen's machine with its effects provided (HTTP calls, telling the wallet and the feed). */
export function provideBlackjack(_runtime: GameRuntime) {
  return blackjackMachine;
}
