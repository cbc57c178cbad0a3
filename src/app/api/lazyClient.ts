import type { ApiClient, ApiClientOptions, RequestOptions } from './client';

/**
 * The API client (client.ts) with its code fetched on the first call, or sooner with `preload`: nothing
 * on a visitor's first paint calls the API (what a page reads waits for its screen to paint), so the
 * client is not part of the first page (docs/performance.md). A call made while the code is on its way
 * waits for it; if it cannot be fetched the call fails like an unreachable server (no status), and the
 * next call tries again.
 */
export function lazyApiClient(options: ApiClientOptions): ApiClient & { preload(): void } {
  let client: Promise<ApiClient> | null = null;
  const load = () =>
    (client ??= import('./client').then(
      ({ createApiClient }) => createApiClient(options),
      (failure: unknown) => {
        client = null;
        throw failure;
      },
    ));
  return {
    get: <T>(path: string, opts?: RequestOptions) => load().then((api) => api.get<T>(path, opts)),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => load().then((api) => api.post<T>(path, body, opts)),
    preload: () => void load().catch(() => undefined),
  };
}
