import { diceMachine } from '../../../../machines/dice/machine';
import type { GameRuntime } from './context';

/** The dice screen's machine with its effects provided (HTTP calls, telling the wallet and the feed). */
export function provideDice(_runtime: GameRuntime) {
  return diceMachine;
}
