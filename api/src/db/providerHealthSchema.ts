import type { Instant, NullableInstant } from './instants';

/**
 * Each outside provider's breaker as last seen by any API instance (migration 0056), written by the providerHealth
 * module only: a row per provider, replaced on each transition, read by the owner's status panel.
 */
export interface ProviderHealthTable {
  /** api/src/outbound's provider key (payos, zalo, esms, webpush, smtp, s3, google). */
  provider: string;
  /** 'open': calls stopped after failures in a row; 'closed': a call succeeded since. */
  state: 'open' | 'closed';
  changed_at: Instant;
  /** Until when an open breaker refuses calls (its trial call comes then). */
  open_until: NullableInstant;
  /** The failure that opened it (≤ 500 characters). */
  last_error: string | null;
}

export interface ProviderHealthTables {
  provider_health: ProviderHealthTable;
}
