import type { AnyStateMachine } from 'xstate';
import { withDescriptions } from './shared/descriptions';
import { appMachine } from './app/machine';
import { appDescriptions } from './app/descriptions';
import { authMachine } from './auth/machine';
import { authDescriptions } from './auth/descriptions';
import { autobetMachine } from './autobet/machine';
import { baccaratMachine } from './baccarat/machine';
import { betRecallMachine } from './betRecall/machine';
import { betsFeedMachine } from './betsFeed/machine';
import { bulkVerifyMachine } from './bulkVerify/machine';
import { blackjackMachine } from './blackjack/machine';
import { cashierMachine } from './cashier/machine';
import { confirmEmailMachine } from './confirmEmail/machine';
import { diceMachine } from './dice/machine';
import { earnMachine } from './earn/machine';
import { liabilitiesMachine } from './liabilities/machine';
import { liveMachine } from './live/machine';
import { minesMachine } from './mines/machine';
import { miningMachine } from './mining/machine';
import { modalStackMachine } from './modalStack/machine';
import { modalStackDescriptions } from './modalStack/descriptions';
import { passwordFormMachine } from './passwordForm/machine';
import { preferencesMachine } from './preferences/machine';
import { resendConfirmationMachine } from './resendConfirmation/machine';
import { responsibleMachine } from './responsible/machine';
import { seedMachine } from './seed/machine';
import { sessionsMachine } from './sessions/machine';
import { shellMachine } from './shell/machine';
import { shellDescriptions } from './shell/descriptions';
import { stakingMachine } from './staking/machine';
import { tokenPageMachine } from './token/machine';
import { addLiquidityMachine, lockTokensMachine, removeLiquidityMachine, unlockTokensMachine } from './tokenAction/machine';
import { tokenRefreshMachine } from './tokenRefresh/machine';
import { tokenRefreshDescriptions } from './tokenRefresh/descriptions';
import { rtpMachine } from './rtp/machine';
import { statsMachine } from './stats/machine';
import { transactionsMachine } from './transactions/machine';
import { twoFactorMachine } from './twoFactor/machine';
import { walletMachine } from './wallet/machine';

/**
 * Every statechart of the product, for the generated docs, the designers' inspector and the coverage
 * report; the first page's machines with their states' descriptions attached (shared/descriptions.ts).
 */
export const machineCatalog: Record<string, AnyStateMachine> = {
  addLiquidity: addLiquidityMachine,
  app: withDescriptions(appMachine, appDescriptions),
  auth: withDescriptions(authMachine, authDescriptions),
  autobet: autobetMachine,
  baccarat: baccaratMachine,
  betRecall: betRecallMachine,
  betsFeed: betsFeedMachine,
  bulkVerify: bulkVerifyMachine,
  blackjack: blackjackMachine,
  cashier: cashierMachine,
  confirmEmail: confirmEmailMachine,
  dice: diceMachine,
  earn: earnMachine,
  liabilities: liabilitiesMachine,
  live: liveMachine,
  lockTokens: lockTokensMachine,
  mines: minesMachine,
  mining: miningMachine,
  modalStack: withDescriptions(modalStackMachine, modalStackDescriptions),
  passwordForm: passwordFormMachine,
  removeLiquidity: removeLiquidityMachine,
  responsible: responsibleMachine,
  sessions: sessionsMachine,
  resendConfirmation: resendConfirmationMachine,
  seed: seedMachine,
  shell: withDescriptions(shellMachine, shellDescriptions),
  staking: stakingMachine,
  stats: statsMachine,
  rtp: rtpMachine,
  preferences: preferencesMachine,
  tokenPage: tokenPageMachine,
  tokenRefresh: withDescriptions(tokenRefreshMachine, tokenRefreshDescriptions),
  transactions: transactionsMachine,
  twoFactor: twoFactorMachine,
  unlockTokens: unlockTokensMachine,
  wallet: walletMachine,
};
