/**
 * systemIds of the actors in the browser's one actor system, all children of the root `app` actor.
 * Machines address each other through the system with these names (`sendTo(({ system }) =>
 * system.get(SYSTEM_IDS.wallet), …)`), never through React.
 */
export const APP_WIDE_IDS = {
  modals: 'modals',
  shell: 'shell',
  auth: 'auth',
  tokenRefresh: 'tokenRefresh',
  wallet: 'wallet',
  live: 'live',
  betsFeed: 'betsFeed',
} as const;

/**
 * The actors of a screen or a modal's form: the app spawns one when its route or modal opens
 * (`screen.opened`) and stops it when it closes (`screen.closed`). Two forms of one page have two ids.
 */
export const SCREEN_IDS = {
  dice: 'dice',
  mines: 'mines',
  blackjack: 'blackjack',
  baccarat: 'baccarat',
  staking: 'staking',
  earn: 'earn',
  mining: 'mining',
  tokenPage: 'tokenPage',
  lockTokens: 'lockTokens',
  unlockTokens: 'unlockTokens',
  addLiquidity: 'addLiquidity',
  removeLiquidity: 'removeLiquidity',
  passwordForm: 'passwordForm',
  twoFactor: 'twoFactor',
  confirmEmail: 'confirmEmail',
  resendConfirmation: 'resendConfirmation',
  seed: 'seed',
  cashier: 'cashier',
} as const;

export const SYSTEM_IDS = { ...APP_WIDE_IDS, ...SCREEN_IDS } as const;
export type SystemId = (typeof SYSTEM_IDS)[keyof typeof SYSTEM_IDS];
export type ScreenId = (typeof SCREEN_IDS)[keyof typeof SCREEN_IDS];
