import type { Agent, fetch as undiciFetch } from 'undici';
import { recordOutboundCall } from '../modules/metrics';
import type { CircuitBreaker, CircuitBreakerOptions } from './circuitBreaker';
import { breakerOf, ProviderUnavailable, refusedWhileOpen } from './outboundGuard';
import { OUTBOUND_PROVIDERS, type OutboundProvider } from './providers';
import { settleCall } from './providerStates';

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Appended to the provider's base URL. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The caller's own deadline or cancellation (a delivery's send time-out), on top of the client's. */
  signal?: AbortSignal;
  /**
   * The key by which the provider recognises this request sent again (eSMS RequestId, ZNS tracking_id): with it, or
   * for a GET, a call that failed on the way is retried; without it a POST is sent once.
   */
  idempotencyKey?: string | null;
}

export interface OutboundClient {
  readonly provider: OutboundProvider;
  /**
   * Sends the request; answers the provider's response whatever its status (the adapter reads it), after retrying a
   * retryable one (a 5xx or 429, a lost connection) when the request may be sent again. Throws ProviderUnavailable.
   */
  request(request: OutboundRequest): Promise<Response>;
  breakerState(): 'closed' | 'open' | 'half-open';
}

export interface OutboundClientOptions {
  provider: OutboundProvider;
  baseUrl: string;
  fetch?: typeof fetch;
  /** The whole call, every retry included. */
  timeoutMs?: number;
  /** Tries after the first, for a request that may be sent again. */
  retries?: number;
  /** The first back-off; each next one doubles, each drawn at random up to that (full jitter). */
  backoffMs?: number;
  breaker?: CircuitBreaker | CircuitBreakerOptions;
  now?: () => number;
}

/** A provider's connection not made in this time is given up (the call's own time-out bounds the rest). */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The connections to providers (undici, Node's own HTTP client): kept alive, each made within CONNECT_TIMEOUT_MS.
 * undici is loaded on the first call out: a process that makes none never maps it.
 */
let providerClient: Promise<{ agent: Agent; fetch: typeof undiciFetch }> | null = null;
const providerFetch = (async (input: string, init?: RequestInit) => {
  providerClient ??= import('undici').then((undici) => ({
    agent: new undici.Agent({ connect: { timeout: CONNECT_TIMEOUT_MS }, keepAliveTimeout: 10_000 }),
    fetch: undici.fetch,
  }));
  const client = await providerClient;
  return client.fetch(input, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher: client.agent });
}) as unknown as typeof fetch;

const RETRYABLE_STATUS = (status: number) => status >= 500 || status === 429;

/**
 * The one door for the shop's calls to a provider: its base URL, a time-out for the whole call, retries with jittered
 * back-off only for requests that may be sent again, no redirects followed, a circuit breaker (a provider that keeps
 * failing is not called for a while: its messages fall back or wait instead of queuing behind it), and metrics per
 * provider (calls by outcome, latency, the breaker's state).
 */
export function createOutboundClient(options: OutboundClientOptions): OutboundClient {
  const { provider, baseUrl, fetch: fetchFn = providerFetch, timeoutMs = 10_000, retries = 2, backoffMs = 200, now = Date.now } = options;
  const breaker = breakerOf(options);
  const label = OUTBOUND_PROVIDERS[provider];

  function sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }

  async function attempt(request: OutboundRequest, signal: AbortSignal): Promise<Response> {
    const started = now();
    try {
      const response = await fetchFn(`${baseUrl}${request.path}`, { method: request.method, headers: request.headers, body: request.body, signal, redirect: 'manual' });
      const outcome = response.status >= 300 && response.status < 400 ? 'redirect' : RETRYABLE_STATUS(response.status) ? 'http_5xx' : response.status >= 400 ? 'http_4xx' : 'ok';
      recordOutboundCall({ provider, outcome, durationMs: now() - started });
      if (outcome === 'redirect') {
        await response.body?.cancel().catch(() => undefined);
        throw new ProviderUnavailable(provider, 'redirect', `${label} chuyển hướng sang địa chỉ khác (HTTP ${response.status}): không đi theo.`);
      }
      return response;
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw error;
      const timedOut = signal.aborted;
      recordOutboundCall({ provider, outcome: timedOut ? 'timeout' : 'network', durationMs: now() - started });
      throw new ProviderUnavailable(provider, timedOut ? 'timeout' : 'network', `${label} không trả lời${timedOut ? ' kịp' : ''}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    provider,
    breakerState: () => breaker.state(now()),
    async request(request) {
      if (!breaker.allows(now())) throw refusedWhileOpen(provider);
      const signal = request.signal ? AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
      const mayRepeat = request.method === 'GET' || Boolean(request.idempotencyKey);
      for (let tried = 0; ; tried += 1) {
        let outcome: Response | ProviderUnavailable;
        try {
          outcome = await attempt(request, signal);
        } catch (error) {
          if (!(error instanceof ProviderUnavailable)) throw error;
          outcome = error;
        }
        const retryable = outcome instanceof ProviderUnavailable ? outcome.reason === 'network' : RETRYABLE_STATUS(outcome.status);
        if (retryable && mayRepeat && tried < retries && !signal.aborted) {
          if (!(outcome instanceof ProviderUnavailable)) await outcome.body?.cancel().catch(() => undefined);
          await sleep(Math.random() * backoffMs * 2 ** tried, signal);
          continue;
        }
        const failed = outcome instanceof ProviderUnavailable ? outcome.reason !== 'redirect' : RETRYABLE_STATUS(outcome.status);
        settleCall(provider, breaker, { failed, error: outcome instanceof ProviderUnavailable ? outcome.message : `HTTP ${outcome.status}`, now: now() });
        if (outcome instanceof ProviderUnavailable) throw outcome;
        return outcome;
      }
    },
  };
}
