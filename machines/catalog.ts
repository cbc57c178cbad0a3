import type { AnyStateMachine } from 'xstate';
import { appMachine } from './app/machine';
import { baccaratMachine } from './baccarat/machine';
import { modalStackMachine } from './modalStack/machine';
import { shellMachine } from './shell/machine';
import { walletMachine } from './wallet/machine';

/** Every statechart of the product, for the generated docs and the coverage report. */
export const machineCatalog: Record<string, AnyStateMachine> = {
  app: appMachine,
  baccarat: baccaratMachine,
  modalStack: modalStackMachine,
  shell: shellMachine,
  wallet: walletMachine,
};
