import { eventBus, type EventBus } from '../bus/eventBus';
import { sessionStore, type SessionStore } from '../session/sessionStore';
import { messages } from '../i18n/messages';
import { parseLoginResponse } from '../user/normalizeUser';

export const REQUEST_TIMEOUT_MS = 10_000;

export interface FieldError {
  field: string;
  message: string;
}

/** An API failure with a message the UI can show as is. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly errors: FieldError[] = [],
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** Defaults to `${window.location.origin}/api`. */
  baseUrl?: string;
  /**
   * The session whose access token is sent and whose refresh token renews it after a 401 (default: the
   * page's one session).
   */
  session?: SessionStore;
  /** A fixed source of access tokens instead of the session; a client built with it never refreshes. */
  getToken?: () => string | null;
  bus?: EventBus;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Send this site's cookies (fetch credentials 'same-origin') instead of none: only the Google code exchange,
   * whose one-time code is bound to the browser by an HttpOnly cookie.
   */
  sameOriginCookies?: boolean;
}

export function defaultApiBase(): string {
  const origin = typeof window !== 'undefined' && window.location ? window.location.origin : 'http://localhost:3000';
  return `${origin}/api`;
}

function buildUrl(base: string, path: string, query?: RequestOptions['query']): string {
  const url = `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

function readErrors(body: unknown): FieldError[] {
  if (typeof body !== 'object' || body === null) return [];
  const errors = (body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (entry): entry is FieldError =>
      typeof entry === 'object' && entry !== null && typeof (entry as FieldError).message === 'string',
  );
}

function readString(body: unknown, key: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** POST /auth/refresh {refreshToken}: the one call that renews an expired access token. */
export const REFRESH_PATH = '/auth/refresh';

/**
 * Calls whose 401 means "wrong credentials", not "the session expired": they are not retried after a
 * refresh and do not log anybody out.
 */
const CREDENTIAL_PATHS = /^\/?auth\/(login|login-google|register|refresh|logout)\b/i;

type RefreshOutcome = 'refreshed' | 'rejected' | 'unavailable';

/**
 * Refreshes in flight, by refresh token, kept on globalThis like the bus: every 401 that arrives while a
 * refresh runs joins it instead of spending the (single-use, rotated) refresh token a second time.
 */
const INFLIGHT_KEY = '__evShopTokenRefresh__';
type InflightHolder = { [INFLIGHT_KEY]?: Map<string, Promise<RefreshOutcome>> };
function inflightRefreshes(): Map<string, Promise<RefreshOutcome>> {
  const holder = globalThis as unknown as InflightHolder;
  holder[INFLIGHT_KEY] ??= new Map();
  return holder[INFLIGHT_KEY];
}

/** Across the tabs of this browser, one refresh at a time (Web Locks where the browser has them). */
function withTokenLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? (locks.request('ev-shop-token-refresh', work) as Promise<T>) : work();
}

interface RawResponse {
  url: string;
  status: number;
  ok: boolean;
  text: string;
  parsed: unknown;
}

/**
 * The API client of spec §7: base {host}/api, JSON, 10 s timeout, no credentials, a Bearer header
 * when a token exists.
 *
 * A 401 on a call made with the session's token first tries ONE refresh (POST /auth/refresh with the
 * stored refresh token; concurrent 401s share it), stores the new pair and retries the call once. Only when
 * there is no refresh token, the server refuses it, or the retried call is refused again, `auth/unauthorized`
 * is published on the bus (the shell logs out) and the error is thrown. A refresh that cannot reach the
 * server (network, timeout, 5xx) throws the 401 without logging out: the next call tries again.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const session = options.session ?? sessionStore;
  const getToken = options.getToken ?? (() => session.token);
  const canRefresh = options.getToken === undefined;
  const bus = options.bus ?? eventBus;

  async function send(method: string, path: string, body: unknown, opts: RequestOptions, token: string | null): Promise<RawResponse> {
    const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
    const url = buildUrl(options.baseUrl ?? defaultApiBase(), path, opts.query);
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    // a call may bring its own Authorization header
    if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
    const onOuterAbort = () => controller.abort(opts.signal?.reason);
    opts.signal?.addEventListener('abort', onOuterAbort);

    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers,
        credentials: opts.sameOriginCookies ? 'same-origin' : 'omit',
        signal: controller.signal,
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      });
    } catch (error) {
      if (opts.signal?.aborted) throw new ApiError(messages.errors.requestCancelled, 0, 'ABORTED');
      if (controller.signal.aborted) throw new ApiError(messages.errors.timeout, 0, 'TIMEOUT');
      throw new ApiError(messages.errors.network, 0, 'NETWORK', [], error);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    }

    const text = await response.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    return { url, status: response.status, ok: response.ok, text, parsed };
  }

  function failure(response: RawResponse): ApiError {
    const { parsed, status } = response;
    const message = readString(parsed, 'message') ?? (status >= 500 ? messages.errors.server : messages.errors.generic);
    const code = readString(parsed, 'code') ?? `HTTP_${status}`;
    return new ApiError(message, status, code, readErrors(parsed), parsed);
  }

  /** Spends the refresh token once (under the cross-tab lock) and stores the new pair. */
  async function runRefresh(failedToken: string): Promise<RefreshOutcome> {
    return withTokenLock(async () => {
      // another tab may have refreshed already: its pair is in storage
      const latest = session.syncTokensFromStorage();
      if (!latest) return 'rejected';
      if (latest.token !== failedToken) return 'refreshed';
      if (!latest.refreshToken) return 'rejected';
      let response: RawResponse;
      try {
        response = await send('POST', REFRESH_PATH, { refreshToken: latest.refreshToken }, {}, null);
      } catch {
        return 'unavailable';
      }
      if (!response.ok) return response.status >= 500 || response.status === 429 ? 'unavailable' : 'rejected';
      const renewed = parseLoginResponse(response.parsed);
      if (!renewed) return 'rejected';
      const current = session.current;
      // logged out (or in as someone else) while the refresh ran: nothing to store
      if (!current || current.refreshToken !== latest.refreshToken) return current ? 'refreshed' : 'rejected';
      session.save({ token: renewed.token, refreshToken: renewed.refreshToken ?? latest.refreshToken, user: current.user });
      return 'refreshed';
    });
  }

  async function refreshAfter401(failedToken: string): Promise<RefreshOutcome> {
    const current = session.current;
    if (!current) return 'rejected';
    // renewed since this call was sent: just retry with the new token
    if (current.token !== failedToken) return 'refreshed';
    if (!current.refreshToken) return 'rejected';
    const inflight = inflightRefreshes();
    const key = current.refreshToken;
    let pending = inflight.get(key);
    if (!pending) {
      pending = runRefresh(failedToken).finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  }

  async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
    const credentialCall = CREDENTIAL_PATHS.test(path);
    let token = getToken();
    let response = await send(method, path, body, opts, token);

    if (response.status === 401 && !credentialCall) {
      let outcome: RefreshOutcome = 'rejected';
      if (canRefresh && token) {
        outcome = await refreshAfter401(token);
        if (outcome === 'refreshed') {
          token = getToken();
          response = await send(method, path, body, opts, token);
          if (response.status === 401) outcome = 'rejected';
        }
      }
      if (outcome === 'rejected') bus.publish('auth/unauthorized', { url: response.url, status: 401 });
    }

    if (!response.ok) throw failure(response);
    if (response.text && response.parsed === null) throw new ApiError(messages.errors.badResponse, response.status, 'BAD_RESPONSE');
    return response.parsed as T;
  }

  return {
    get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body ?? {}, opts),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body ?? {}, opts),
    patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, body ?? {}, opts),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, undefined, opts),
    upload: <T>(path: string, form: FormData, opts?: RequestOptions) => request<T>('POST', path, form, opts),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The page's client: same origin /api, the shared session's token, the shared bus. */
export const apiClient: ApiClient = createApiClient();
