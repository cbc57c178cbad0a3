import { fromPromise } from 'xstate';
import { betsFeedMachine } from '../../../machines/betsFeed/machine';
import type { BetsLists } from '../../../machines/betsFeed/machine';
import { liveMachine } from '../../../machines/live/machine';
import { hubConnectionLogic, signalRHub } from '../adapters/hubConnection';
import type { HubConnector } from '../adapters/hubConnection';
import type { ApiClient } from '../api/client';

/**
 * The live link's and the bets feed's machines with the browser's effects provided. A chunk of its own:
 * the app actor's `loadLiveFeed` (src/app/actors/appLogic.ts) loads it once the first page has painted,
 * and the app actor starts both under their systemIds (docs/performance.md).
 */
export function provideLiveFeed(deps: { api: ApiClient; hub?: HubConnector; apiBase: string }) {
  const hub = deps.hub ?? signalRHub(hubUrl(deps.apiBase));
  return {
    live: liveMachine.provide({ actors: { hubConnection: hubConnectionLogic(hub) } }),
    betsFeed: betsFeedMachine.provide({
      actors: { loadBets: fromPromise(() => deps.api.get<BetsLists>('/casino/get-bets')) },
    }),
  };
}

/** The hub lives at /socket under the API (docs/product.md §7), on the page's origin unless the API is elsewhere. */
function hubUrl(apiBase: string): string {
  const base = /^https?:/.test(apiBase) ? apiBase : `${globalThis.location?.origin ?? 'http://localhost'}${apiBase}`;
  return `${base.replace(/\/$/, '')}/socket`;
}
