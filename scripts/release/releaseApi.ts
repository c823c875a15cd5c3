import type { ReleaseApp } from '../../shared-contracts/src/federation/releaseApps.ts';
import type { ReleaseInfo, ReleaseState } from '../../shared-contracts/src/schemas/releases.ts';
import { ReleaseError } from './buildFolder.ts';

const SECONDS = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 });

/** The API refused (a gate, a stale version, a token of another remote): its Vietnamese message and reasons. */
export class ApiRefusal extends ReleaseError {
  override name = 'ApiRefusal';
  constructor(
    message: string,
    readonly status: number,
    readonly reasons: string[],
  ) {
    super(message);
  }
}

export interface ReleaseApiOptions {
  /** the API's origin, e.g. http://localhost:4000 */
  apiUrl: string;
  /** a release token scoped to the remote (sent as Bearer) */
  token: string;
  timeoutMs: number;
}

export interface ApiAnswer<T> {
  data: T;
  message: string;
}

/** The reasons of an error envelope's `errors` ({ field, message } as the API writes them, or plain strings). */
function reasonsOf(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return errors
    .map((error: unknown) => (typeof error === 'string' ? error : typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : ''))
    .filter((reason) => reason !== '');
}

/** The release registry's routes (api/src/modules/releases), each answered as an envelope { success, data, message, errors? }. */
export function createReleaseApi({ apiUrl, token, timeoutMs }: ReleaseApiOptions) {
  const origin = apiUrl.replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<ApiAnswer<T>> {
    const url = `${origin}${route}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unreachable(error, url);
    }
    let envelope: { success?: unknown; data?: unknown; message?: unknown; errors?: unknown };
    try {
      envelope = JSON.parse(await response.text()) as typeof envelope;
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw unreachable(error, url);
      throw new ReleaseError(`API trả lời HTTP ${response.status} không phải JSON (${method} ${url}).`);
    }
    const message = typeof envelope?.message === 'string' ? envelope.message : '';
    if (!response.ok || envelope?.success !== true) {
      throw new ApiRefusal(message || `API từ chối yêu cầu (HTTP ${response.status}).`, response.status, reasonsOf(envelope?.errors));
    }
    return { data: envelope.data as T, message };
  }

  function unreachable(error: unknown, url: string): ReleaseError {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return new ReleaseError(`API không trả lời sau ${SECONDS.format(timeoutMs / 1000)} giây (${url}).`);
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const detail = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : cause instanceof Error ? cause.message : String(cause);
    return new ReleaseError(`Không kết nối được API tại ${origin} (${detail}).`);
  }

  const path = (app: ReleaseApp, action: string) => `/api/releases/${encodeURIComponent(app)}/${action}`;
  return {
    state: (app: ReleaseApp) => call<ReleaseState>('GET', path(app, 'state')),
    publish: (app: ReleaseApp, body: { releaseInfo: ReleaseInfo; contentHash: string; manifestUrl: string }) => call<unknown>('POST', path(app, 'builds'), body),
    canary: (app: ReleaseApp, body: { buildId: string; percent: number; version: number }) => call<unknown>('POST', path(app, 'canary'), body),
    stopCanary: (app: ReleaseApp, body: { version: number }) => call<unknown>('POST', path(app, 'canary/stop'), body),
    promote: (app: ReleaseApp, body: { version: number }) => call<unknown>('POST', path(app, 'promote'), body),
    rollback: (app: ReleaseApp, body: { buildId?: string; version: number }) => call<unknown>('POST', path(app, 'rollback'), body),
  };
}

export type ReleaseApi = ReturnType<typeof createReleaseApi>;
