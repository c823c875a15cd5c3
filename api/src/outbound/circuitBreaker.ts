/**
 * A provider's circuit breaker: after `failuresToOpen` failures in a row it opens for `openMs` (calls fail at once,
 * nothing queues behind a provider that is down); then one trial call is let through (half-open) and its outcome
 * closes or re-opens it.
 */
export interface CircuitBreaker {
  /** Whether a call may go now (false while open; the one trial of a half-open breaker goes). */
  allows(now: number): boolean;
  succeeded(): void;
  /** Counts a failure; true when it opened the breaker (or re-opened it: its open time starts again). */
  failed(now: number): boolean;
  readonly openMs: number;
  state(now: number): 'closed' | 'open' | 'half-open';
}

export interface CircuitBreakerOptions {
  failuresToOpen?: number;
  openMs?: number;
}

export function createCircuitBreaker({ failuresToOpen = 5, openMs = 30_000 }: CircuitBreakerOptions = {}): CircuitBreaker {
  let failuresInARow = 0;
  let openUntil = 0;
  let trialInFlight = false;
  const state = (now: number) => (failuresInARow < failuresToOpen ? 'closed' : now < openUntil || trialInFlight ? 'open' : 'half-open');
  return {
    openMs,
    state,
    allows(now) {
      const current = state(now);
      if (current === 'closed') return true;
      if (current === 'open') return false;
      trialInFlight = true;
      return true;
    },
    succeeded() {
      failuresInARow = 0;
      trialInFlight = false;
    },
    failed(now) {
      failuresInARow += 1;
      trialInFlight = false;
      if (failuresInARow < failuresToOpen) return false;
      openUntil = now + openMs;
      return true;
    },
  };
}
