import { lazyRouteComponent } from '@tanstack/react-router';

/**
 * The screen of each route of docs/product.md §2 beside home and the account pages. Each is its own chunk,
 * loaded when the route is first visited (or hovered: the router preloads on intent).
 */
export const pages = {
  '/dice': lazyRouteComponent(() => import('./games/DicePage'), 'DicePage'),
  '/mines': lazyRouteComponent(() => import('./games/MinesPage'), 'MinesPage'),
  '/blackjack': lazyRouteComponent(() => import('./games/BlackjackPage'), 'BlackjackPage'),
  '/baccarat': lazyRouteComponent(() => import('./games/BaccaratPage'), 'BaccaratPage'),
  '/token': lazyRouteComponent(() => import('./token/TokenPage'), 'TokenPage'),
  '/mining': lazyRouteComponent(() => import('./token/MiningPage'), 'MiningPage'),
  '/earn': lazyRouteComponent(() => import('./token/EarnPage'), 'EarnPage'),
  '/staking': lazyRouteComponent(() => import('./token/StakingPage'), 'StakingPage'),
} as Record<string, ReturnType<typeof lazyRouteComponent>>;
