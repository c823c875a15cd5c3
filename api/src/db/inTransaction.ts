import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

const RETRYABLE_POSTGRES_CODES = new Set(['40P01', '40001']);

/**
 * Runs a transaction, again (up to 3 times) when PostgreSQL aborts it for a deadlock or a serialization
 * failure: the safety net behind the lock ordering above.
 */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= 3 || typeof code !== 'string' || !RETRYABLE_POSTGRES_CODES.has(code)) throw error;
    }
  }
}
