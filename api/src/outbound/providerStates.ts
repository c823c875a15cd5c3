import { recordOutboundBreaker } from '../modules/metrics';
import type { CircuitBreaker } from './circuitBreaker';
import type { OutboundProvider } from './providers';

/** A provider's breaker opened (calls to it stop for a while) or closed again, as this process saw it. */
export interface ProviderStateChange {
  provider: OutboundProvider;
  state: 'open' | 'closed';
  at: Date;
  /** Until when calls are refused (an open breaker's trial call comes then); null when closed. */
  openUntil: Date | null;
  /** The failure that opened it (its message, bounded). */
  lastError: string | null;
}

type Listener = (change: ProviderStateChange) => void;

const listeners = new Set<Listener>();
/** Each provider's last state told to the listeners, so only transitions are told. */
const told = new Map<OutboundProvider, 'open' | 'closed'>();

/** Calls `listener` on each breaker transition of this process (the owner's status page records them); answers the unsubscribe. */
export function onProviderStateChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Records one call's outcome on the provider's breaker, updates the breaker gauge and tells the listeners when the
 * breaker opened (or re-opened: a later `openUntil`) or closed again.
 */
export function settleCall(provider: OutboundProvider, breaker: CircuitBreaker, { failed, error, now }: { failed: boolean; error: string | null; now: number }): void {
  const opened = failed ? breaker.failed(now) : (breaker.succeeded(), false);
  recordOutboundBreaker(provider, breaker.state(now) !== 'closed');
  const closed = !failed && told.get(provider) === 'open';
  if (!opened && !closed) return;
  told.set(provider, opened ? 'open' : 'closed');
  const change: ProviderStateChange = {
    provider,
    state: opened ? 'open' : 'closed',
    at: new Date(now),
    openUntil: opened ? new Date(now + breaker.openMs) : null,
    lastError: opened && error ? error.slice(0, 500) : null,
  };
  for (const listener of listeners) {
    try {
      listener(change);
    } catch {
      // A listener's fault (its database is down) is its own: the call's outcome stands.
    }
  }
}
