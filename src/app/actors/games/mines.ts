import { minesMachine } from '../../../../machines/mines/machine';
import type { GameRuntime } from './context';

/** The mines screen's machine with its effects provided (HTTP calls, telling the wallet and the feed). */
export function provideMines(_runtime: GameRuntime) {
  return minesMachine;
}
