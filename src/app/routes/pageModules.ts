/**
 * The module of every lazy route, behind this one chunk. The entry then names one chunk for all routes
 * instead of holding each route's import and Vite's list of its chunk files (about 1 KB gzipped of the
 * first page for twenty routes, growing with each new one). Opening a route fetches this small chunk
 * first (in parallel with the route's own when the server preloads both: src/server/plugins/spaPages.ts).
 */
export const pageModules = {
  '/dice': () => import('./games/DicePage'),
  '/mines': () => import('./games/MinesPage'),
  '/blackjack': () => import('./games/BlackjackPage'),
  '/baccarat': () => import('./games/BaccaratPage'),
  '/token': () => import('./token/TokenPage'),
  '/mining': () => import('./token/MiningPage'),
  '/earn': () => import('./token/EarnPage'),
  '/staking': () => import('./token/StakingPage'),
  '/account': () => import('./account/AccountPage'),
  '/transactions': () => import('./account/TransactionsPage'),
  '/responsible-gambling': () => import('./account/ResponsibleGamblingPage'),
  '/confirm-email': () => import('./account/ConfirmEmailPage'),
  '/reset-password': () => import('./account/ResetPasswordPage'),
  '/bet/$betId': () => import('./bets/BetPage'),
  '/settings': () => import('./settings/SettingsPage'),
  '/liabilities': () => import('./LiabilitiesPage'),
  '/fairness': () => import('./fairness/FairnessPage'),
  '/rtp': () => import('./rtp/RtpPage'),
};

export type PageModules = typeof pageModules;
