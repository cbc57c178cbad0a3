import type { ApiClient } from '../../api/client';

/** What a game screen's effects need from the running app: the API. */
export interface GameRuntime {
  api: ApiClient;
}

/** GET /casino/get-limits?game=…&currency=… → data.limit (docs/product.md §7). */
export function loadLimits(api: ApiClient, game: string, currency: string) {
  return api
    .get<{ data: { limit: { minBet: number; maxBet: number; maxPayout: number } } }>('/casino/get-limits', {
      query: { game, currency },
    })
    .then((answer) => answer.data.limit);
}
