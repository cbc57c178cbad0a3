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
  sessions: 'sessions',
  seed: 'seed',
  cashier: 'cashier',
  transactions: 'transactions',
  responsible: 'responsible',
  stats: 'stats',
  betRecall: 'betRecall',
  rtp: 'rtp',
  bulkVerify: 'bulkVerify',
  liabilities: 'liabilities',
  preferences: 'preferences',
} as const;

export type ScreenId = (typeof SCREEN_IDS)[keyof typeof SCREEN_IDS];
