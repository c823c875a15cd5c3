import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { onProviderStateChange, type ProviderStateChange } from '../../outbound';

/** Writes one transition, unless a later one (of another instance) is already recorded. */
export async function recordProviderState(db: Kysely<Database>, change: ProviderStateChange): Promise<void> {
  const row = {
    provider: change.provider,
    state: change.state,
    changed_at: change.at.toISOString(),
    open_until: change.openUntil?.toISOString() ?? null,
    last_error: change.lastError?.slice(0, 500) ?? null,
  };
  await db
    .insertInto('provider_health')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('provider')
        .doUpdateSet({ state: row.state, changed_at: row.changed_at, open_until: row.open_until, last_error: row.last_error })
        .where('provider_health.changed_at', '<=', row.changed_at),
    )
    .execute();
}

/**
 * Records this process's breaker transitions in provider_health, one after another: a database fault loses the
 * record (logged), never the call. Answers the unsubscribe.
 */
export function recordProviderStates(db: Kysely<Database>, log: Pick<FastifyBaseLogger, 'warn'>): () => void {
  let writing: Promise<void> = Promise.resolve();
  return onProviderStateChange((change) => {
    writing = writing.then(() => recordProviderState(db, change)).catch((error: unknown) => log.warn({ err: error, provider: change.provider }, 'provider state not recorded'));
  });
}
