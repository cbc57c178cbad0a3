import { lazyRouteComponent } from '@tanstack/react-router';
import type { PageModules } from './pageModules';

type PagePath = keyof PageModules;
type PageModule<P extends PagePath> = Awaited<ReturnType<PageModules[P]>>;

/**
 * The screen of a lazy route, loaded when the route is first visited (or hovered: the router preloads
 * on intent): its module is imported through pageModules.ts, a chunk of its own.
 */
export function lazyPage<P extends PagePath>(path: P, exportName: keyof PageModule<P> & string) {
  return lazyRouteComponent(() => import('./pageModules').then(({ pageModules }) => pageModules[path]() as Promise<PageModule<P>>), exportName);
}

/** The screen of each route of docs/product.md §2 beside home and the account pages. */
export const pages = {
  '/dice': lazyPage('/dice', 'DicePage'),
  '/mines': lazyPage('/mines', 'MinesPage'),
  '/blackjack': lazyPage('/blackjack', 'BlackjackPage'),
  '/baccarat': lazyPage('/baccarat', 'BaccaratPage'),
  '/token': lazyPage('/token', 'TokenPage'),
  '/mining': lazyPage('/mining', 'MiningPage'),
  '/earn': lazyPage('/earn', 'EarnPage'),
  '/staking': lazyPage('/staking', 'StakingPage'),
} as Record<string, ReturnType<typeof lazyRouteComponent>>;
