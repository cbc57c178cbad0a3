import type { AnyStateMachine } from 'xstate';
import { appMachine } from './app/machine';
import { betsFeedMachine } from './betsFeed/machine';
import { diceMachine } from './dice/machine';
import { liveMachine } from './live/machine';
import { modalStackMachine } from './modalStack/machine';
import { seedMachine } from './seed/machine';
import { shellMachine } from './shell/machine';
import { walletMachine } from './wallet/machine';

/** Every statechart of the product, for the generated docs and the coverage report. */
export const machineCatalog: Record<string, AnyStateMachine> = {
  app: appMachine,
  betsFeed: betsFeedMachine,
  dice: diceMachine,
  live: liveMachine,
  modalStack: modalStackMachine,
  seed: seedMachine,
  shell: shellMachine,
  wallet: walletMachine,
};
