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
  /** 'blob': a successful body is answered as a Blob, never read into one string (a large download). */
  responseType?: 'blob';
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

/** A request the server answered with a status of 400 or more: its response and parsed body. */
class HttpFailure extends Error {
  constructor(
    readonly response: Response,
    readonly data: { error?: unknown; message?: unknown } | undefined,
  ) {
    super(`HTTP ${response.status}`);
  }
}

function toApiError(failure: unknown): ApiError {
  if (failure instanceof ApiError) return failure;
  if (!(failure instanceof HttpFailure)) return new ApiError((failure as Error | undefined)?.message ?? 'network error', undefined, 'network');
  const { response, data } = failure;
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(
    typeof data?.message === 'string' ? data.message : response.statusText || `HTTP ${response.status}`,
    response.status,
    typeof data?.error === 'string' ? data.error : undefined,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

const isUnauthorized = (failure: unknown) => failure instanceof HttpFailure && failure.response.status === 401;

/** A body as the API sends it: JSON (or no content type) parsed, anything unparsable as its text; none for 204. */
async function bodyOf(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205 || !response.body) return undefined;
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (type !== '' && !/^application\/(?:[\w!#$%&*.^`~-]*\+)?json\s*(?:;|$)/i.test(type)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `path` under `baseURL`, with the defined query values. */
function urlOf(baseURL: string, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.append(key, String(value));
  const search = params.toString();
  return `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 20_000;
  let nextRequestId = 1;

  /**
   * One call on the platform's fetch: no cookies, no retry; JSON in and out; a call with no answer
   * within the timeout is aborted, and so rejected as a network failure.
   */
  async function send<T>(method: 'GET' | 'POST', path: string, body: unknown, opts: RequestOptions, token: string | null): Promise<T> {
    const url = urlOf(options.baseURL, path, opts.query);
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', accept: 'application/json' });
    const aborter = new AbortController();
    const timer = setTimeout(() => aborter.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        credentials: 'omit',
        signal: aborter.signal,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (failure) {
      throw new Error(`[${method}] ${JSON.stringify(url)}: <no response> ${(failure as Error | undefined)?.message ?? ''}`.trim(), { cause: failure });
    } finally {
      clearTimeout(timer);
    }
    if (opts.responseType === 'blob' && response.status < 400) return (await response.blob()) as T;
    const data = await bodyOf(response);
    if (response.status >= 400) throw new HttpFailure(response, data && typeof data === 'object' ? data : undefined);
    return data as T;
  }

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
      return await send<T>(method, path, body, opts, token);
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
        return await send<T>(method, path, body, opts, renewed);
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
