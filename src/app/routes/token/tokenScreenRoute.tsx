import type { ActorRefFrom } from 'xstate';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useRuntime } from '../../actors/AppActor';
import { provideTokenScreens } from '../../actors/token';
import type { TokenScreens } from '../../actors/token';
import { useScreenActor } from '../../adapters/screenActor';

type TokenPageKey = 'tokenPage' | 'mining' | 'staking' | 'earn';

/**
 * The four token routes open their screen the same way: with its effects provided and the clock at
 * opening (the screen's countdowns and payouts start from it). Undefined until the app has spawned it.
 */
export function useTokenScreen<K extends TokenPageKey>(key: K): ActorRefFrom<TokenScreens[K]> | undefined {
  const runtime = useRuntime();
  return useScreenActor(SCREEN_IDS[key], runtime.provided(provideTokenScreens)[key], { now: Date.now() });
}
