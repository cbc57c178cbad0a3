import type { EventObject } from 'xstate';
import type { ApiClient } from '../../api/client';

/**
 * What a game screen's effects need from the running app. A screen's actor lives in its own actor
 * system (useActorRef), so effects that tell an app-wide actor (wallet, betsFeed, modals) go
 * through `tell`, which sends into the app's system by systemId.
 */
export interface GameRuntime {
  api: ApiClient;
  tell: (systemId: string, event: EventObject) => void;
}

/** GET /casino/get-limits?game=…&currency=… → data.limit (SPEC §7). */
export function loadLimits(api: ApiClient, game: string, currency: string) {
  return api
    .get<{ data: { limit: { minBet: number; maxBet: number; maxPayout: number } } }>('/casino/get-limits', {
      query: { game, currency },
    })
    .then((answer) => answer.data.limit);
}
