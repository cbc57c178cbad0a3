import { createFetch } from 'ofetch';
import type { FetchError } from 'ofetch';
import type { ActorRefFrom } from 'xstate';
import type { tokenRefreshMachine } from '../../../machines/tokenRefresh/machine';

/**
 * The one HTTP client of the SPA (docs/product.md §7): JSON to the API base, no cookies, the bearer token of
 * the current session, and on the first 401 of a request one refresh — coordinated by the
 * tokenRefresh actor, so any number of concurrent 401s cause one refresh call — and one retry.
 */

export type TokenRefreshRef = ActorRefFrom<typeof tokenRefreshMachine>;

/** Every failure of a call: `status` is absent when the server could not be reached. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly error: string | undefined,
    /** Seconds, from Retry-After on a 429. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  /**
   * false for the calls that create or renew a session (login, register, refresh, reset):
   * they carry no bearer token, and a 401 from them is an answer, not a reason to refresh.
   */
  authorize?: boolean;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

export interface ApiClientOptions {
  baseURL: string;
  fetch?: typeof globalThis.fetch;
  /** The tokenRefresh actor of the running app, looked up per request (absent before the app starts). */
  coordinator: () => TokenRefreshRef | undefined;
  timeoutMs?: number;
}

function toApiError(failure: unknown): ApiError {
  if (failure instanceof ApiError) return failure;
  const fetchError = failure as Partial<FetchError<{ error?: unknown; message?: unknown }>>;
  const response = fetchError.response;
  if (!response) return new ApiError(fetchError.message ?? 'network error', undefined, 'network');
  const data = fetchError.data;
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(
    typeof data?.message === 'string' ? data.message : response.statusText || `HTTP ${response.status}`,
    response.status,
    typeof data?.error === 'string' ? data.error : undefined,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

const isUnauthorized = (failure: unknown) => (failure as { response?: Response }).response?.status === 401;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const $fetch = createFetch({
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    defaults: { baseURL: options.baseURL, credentials: 'omit', retry: 0, timeout: options.timeoutMs ?? 20_000 },
  });
  let nextRequestId = 1;

  const send = <T>(method: 'GET' | 'POST', path: string, body: unknown, query: RequestOptions['query'], token: string | null) =>
    $fetch<T>(path, {
      method,
      ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
      ...(query ? { query } : {}),
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });

  /** Resolves with the token to retry with, or rejects when the refresh failed. */
  function awaitRenewal(coordinator: TokenRefreshRef, usedToken: string): Promise<string> {
    const requestId = nextRequestId++;
    return new Promise((resolve, reject) => {
      const subscriptions = [
        coordinator.on('request.retry', (event) => {
          if (!event.requestIds.includes(requestId)) return;
          stop();
          resolve(event.accessToken);
        }),
        coordinator.on('request.fail', (event) => {
          if (!event.requestIds.includes(requestId)) return;
          stop();
          reject(new Error('token refresh failed'));
        }),
      ];
      const stop = () => subscriptions.forEach((s) => s.unsubscribe());
      coordinator.send({ type: 'request.unauthorized', requestId, accessToken: usedToken });
    });
  }

  async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
    const coordinator = opts.authorize === false ? undefined : options.coordinator();
    const token = coordinator?.getSnapshot().context.tokens?.accessToken ?? null;
    try {
      return await send<T>(method, path, body, opts.query, token);
    } catch (failure) {
      if (!coordinator || !token || !isUnauthorized(failure)) throw toApiError(failure);
      let renewed: string;
      try {
        renewed = await awaitRenewal(coordinator, token);
      } catch {
        throw toApiError(failure);
      }
      // Retried once; a second 401 is the answer.
      try {
        return await send<T>(method, path, body, opts.query, renewed);
      } catch (retryFailure) {
        throw toApiError(retryFailure);
      }
    }
  }

  return {
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
  };
}
