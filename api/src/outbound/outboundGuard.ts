import { recordOutboundCall } from '../modules/metrics';
import { createCircuitBreaker, type CircuitBreaker, type CircuitBreakerOptions } from './circuitBreaker';
import { OUTBOUND_PROVIDERS, type OutboundProvider } from './providers';
import { settleCall } from './providerStates';

/** A call's outcome as the metrics count it. */
export type CallOutcome = 'ok' | 'http_4xx' | 'http_5xx' | 'timeout' | 'network' | 'redirect' | 'refused';

/** The provider could not be reached, did not answer in time, redirected us, or its breaker is open. */
export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: OutboundProvider,
    readonly reason: 'breaker-open' | 'timeout' | 'network' | 'redirect',
    message: string,
  ) {
    super(message);
  }
}

export interface GuardedCall<T> {
  /** The caller's own deadline or cancellation, on top of the guard's time-out. */
  signal?: AbortSignal;
  /** The outcome of an answer (default ok): a provider's 5xx answer counts against its breaker. */
  outcomeOf?: (result: T) => CallOutcome;
  /**
   * The outcome of an error thrown by the call when it is the provider's answer rather than a fault (a 404 of a
   * missing object, an address refused before connecting); null: a fault (time-out if the signal fired, else network).
   */
  errorOutcome?: (error: unknown) => CallOutcome | null;
}

/** A provider's breaker and metrics around calls made through its SDK or its own connection (SMTP, S3, push services). */
export interface OutboundGuard {
  readonly provider: OutboundProvider;
  /**
   * Runs `call` with a signal that fires at the guard's time-out (calls that take one should pass it on): throws
   * ProviderUnavailable at once while the breaker is open; otherwise answers or throws what the call does.
   */
  run<T>(call: (signal: AbortSignal) => Promise<T>, options?: GuardedCall<T>): Promise<T>;
  breakerState(): 'closed' | 'open' | 'half-open';
}

export interface OutboundGuardOptions {
  provider: OutboundProvider;
  /** The whole call. */
  timeoutMs?: number;
  breaker?: CircuitBreaker | CircuitBreakerOptions;
  now?: () => number;
}

function isBreaker(value: CircuitBreaker | CircuitBreakerOptions | undefined): value is CircuitBreaker {
  return typeof (value as CircuitBreaker | undefined)?.allows === 'function';
}

/** Outcomes that count against the provider's breaker: it did not answer, or answered that it is failing. */
export const FAILED_OUTCOMES: ReadonlySet<CallOutcome> = new Set(['http_5xx', 'timeout', 'network']);

export function breakerOf(options: { breaker?: CircuitBreaker | CircuitBreakerOptions }): CircuitBreaker {
  return isBreaker(options.breaker) ? options.breaker : createCircuitBreaker(options.breaker);
}

/** The error thrown for a call refused because the provider's breaker is open (counted as such). */
export function refusedWhileOpen(provider: OutboundProvider): ProviderUnavailable {
  recordOutboundCall({ provider, outcome: 'breaker_open', durationMs: 0 });
  return new ProviderUnavailable(provider, 'breaker-open', `${OUTBOUND_PROVIDERS[provider]} đang lỗi: tạm ngừng gọi, sẽ thử lại sau.`);
}

export function createOutboundGuard(options: OutboundGuardOptions): OutboundGuard {
  const { provider, timeoutMs = 30_000, now = Date.now } = options;
  const breaker = breakerOf(options);
  return {
    provider,
    breakerState: () => breaker.state(now()),
    async run<T>(call: (signal: AbortSignal) => Promise<T>, { signal: callerSignal, outcomeOf, errorOutcome }: GuardedCall<T> = {}): Promise<T> {
      if (!breaker.allows(now())) throw refusedWhileOpen(provider);
      const signal = callerSignal ? AbortSignal.any([callerSignal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
      const started = now();
      const settle = (outcome: CallOutcome, error: string | null) => {
        recordOutboundCall({ provider, outcome, durationMs: now() - started });
        settleCall(provider, breaker, { failed: FAILED_OUTCOMES.has(outcome), error, now: now() });
      };
      let result: T;
      try {
        result = await call(signal);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        settle(errorOutcome?.(error) ?? (signal.aborted ? 'timeout' : 'network'), message);
        throw error;
      }
      const outcome = outcomeOf?.(result) ?? 'ok';
      settle(outcome, outcome === 'ok' ? null : `${OUTBOUND_PROVIDERS[provider]}: ${outcome}`);
      return result;
    },
  };
}
