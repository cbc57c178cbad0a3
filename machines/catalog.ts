import type { AnyStateMachine } from 'xstate';
import { appMachine } from './app/machine';
import { authMachine } from './auth/machine';
import { baccaratMachine } from './baccarat/machine';
import { betsFeedMachine } from './betsFeed/machine';
import { blackjackMachine } from './blackjack/machine';
import { cashierMachine } from './cashier/machine';
import { confirmEmailMachine } from './confirmEmail/machine';
import { diceMachine } from './dice/machine';
import { liveMachine } from './live/machine';
import { minesMachine } from './mines/machine';
import { modalStackMachine } from './modalStack/machine';
import { passwordFormMachine } from './passwordForm/machine';
import { seedMachine } from './seed/machine';
import { shellMachine } from './shell/machine';
import { tokenRefreshMachine } from './tokenRefresh/machine';
import { twoFactorMachine } from './twoFactor/machine';
import { walletMachine } from './wallet/machine';

/** Every statechart of the product, for the generated docs and the coverage report. */
export const machineCatalog: Record<string, AnyStateMachine> = {
  app: appMachine,
  auth: authMachine,
  baccarat: baccaratMachine,
  betsFeed: betsFeedMachine,
  blackjack: blackjackMachine,
  cashier: cashierMachine,
  confirmEmail: confirmEmailMachine,
  dice: diceMachine,
  live: liveMachine,
  mines: minesMachine,
  modalStack: modalStackMachine,
  passwordForm: passwordFormMachine,
  seed: seedMachine,
  shell: shellMachine,
  tokenRefresh: tokenRefreshMachine,
  twoFactor: twoFactorMachine,
  wallet: walletMachine,
};
