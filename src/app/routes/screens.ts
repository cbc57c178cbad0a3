export interface ScreenInfo {
  path: `/${string}`;
  title: string;
  requiresAuth: boolean;
}

/** The routes of docs/product.md §2 beside home and the account pages, in menu order; each screen is a lazy page (pages.tsx). */
export const screens = [
  { path: '/dice', title: 'Dice', requiresAuth: false },
  { path: '/mines', title: 'Mines', requiresAuth: false },
  { path: '/blackjack', title: 'Blackjack', requiresAuth: false },
  { path: '/baccarat', title: 'Baccarat', requiresAuth: false },
  { path: '/token', title: 'Token', requiresAuth: false },
  { path: '/mining', title: 'Mining', requiresAuth: false },
  { path: '/earn', title: 'Earn', requiresAuth: false },
  { path: '/staking', title: 'Staking', requiresAuth: false },
] as const satisfies readonly ScreenInfo[];
