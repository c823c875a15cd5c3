import { eventBus, type EventBus } from '../bus/eventBus';
import { sessionStore } from '../session/sessionStore';
import { messages } from '../i18n/messages';

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
  getToken?: () => string | null;
  bus?: EventBus;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
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

/**
 * The API client of spec §7: base {host}/api, JSON, 10 s timeout, no credentials, a Bearer header
 * when a token exists. A 401 publishes `auth/unauthorized` on the bus and the error is still thrown.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const getToken = options.getToken ?? (() => sessionStore.token);
  const bus = options.bus ?? eventBus;

  async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
    const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
    const url = buildUrl(options.baseUrl ?? defaultApiBase(), path, opts.query);
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
    const onOuterAbort = () => controller.abort(opts.signal?.reason);
    opts.signal?.addEventListener('abort', onOuterAbort);

    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers,
        credentials: 'omit',
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

    if (!response.ok) {
      if (response.status === 401) bus.publish('auth/unauthorized', { url, status: 401 });
      const message =
        readString(parsed, 'message') ?? (response.status >= 500 ? messages.errors.server : messages.errors.generic);
      const code = readString(parsed, 'code') ?? `HTTP_${response.status}`;
      throw new ApiError(message, response.status, code, readErrors(parsed), parsed);
    }
    if (text && parsed === null) throw new ApiError(messages.errors.badResponse, response.status, 'BAD_RESPONSE');
    return parsed as T;
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
