import type { AnyStateMachine } from 'xstate';
import { appMachine } from './app/machine';
import { authMachine } from './auth/machine';
import { cashierMachine } from './cashier/machine';
import { confirmEmailMachine } from './confirmEmail/machine';
import { modalStackMachine } from './modalStack/machine';
import { passwordFormMachine } from './passwordForm/machine';
import { shellMachine } from './shell/machine';
import { walletMachine } from './wallet/machine';
import { tokenRefreshMachine } from './tokenRefresh/machine';
import { twoFactorMachine } from './twoFactor/machine';

/** Every statechart of the product, for the generated docs and the coverage report. */
export const machineCatalog: Record<string, AnyStateMachine> = {
  app: appMachine,
  auth: authMachine,
  cashier: cashierMachine,
  confirmEmail: confirmEmailMachine,
  modalStack: modalStackMachine,
  passwordForm: passwordFormMachine,
  shell: shellMachine,
  wallet: walletMachine,
  tokenRefresh: tokenRefreshMachine,
  twoFactor: twoFactorMachine,
};
