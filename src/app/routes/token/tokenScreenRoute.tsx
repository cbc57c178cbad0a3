import type { ComponentType } from 'react';
import type { ActorRefFrom } from 'xstate';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useRuntime } from '../../actors/AppActor';
import { provideTokenScreens } from '../../actors/token';
import type { TokenScreens } from '../../actors/token';
import { usePageScreenActor } from '../../adapters/screenActor';

type TokenPageKey = 'tokenPage' | 'mining' | 'staking' | 'earn';

/**
 * The four token routes open their screen the same way: with its effects provided and the clock at
 * opening (the screen's countdowns and payouts start from it). Undefined until the app has spawned it.
 */
function useTokenScreen<K extends TokenPageKey>(key: K): ActorRefFrom<TokenScreens[K]> | undefined {
  const runtime = useRuntime();
  return usePageScreenActor(SCREEN_IDS[key], runtime.provided(provideTokenScreens)[key], { now: runtime.now() });
}

/** A token route: opens its screen and shows `Screen` once the app has spawned the screen's actor. */
export function tokenScreenRoute<K extends TokenPageKey>(key: K, Screen: ComponentType<{ actor: ActorRefFrom<TokenScreens[K]> }>) {
  return function TokenScreenRoute() {
    const actor = useTokenScreen(key);
    return actor ? <Screen actor={actor} /> : null;
  };
}
