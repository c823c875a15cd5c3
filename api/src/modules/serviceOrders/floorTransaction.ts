import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppError } from '../../http/appError';
import { inTransaction } from '../../db/inTransaction';
import { isUniqueViolation } from '../vehicles';

/**
 * A unique index refused a write inside a floor transaction (a bay taken, a clock already running). On
 * PostgreSQL the transaction is aborted by then, so the answer (which usually names what holds the bay or the
 * clock) is read after the rollback, by `explain`.
 */
export class FloorConflict extends Error {
  constructor(readonly explain: (db: Kysely<Database>) => Promise<AppError>) {
    super('floor conflict');
    this.name = 'FloorConflict';
  }
}

/** Runs `write`; a unique violation becomes FloorConflict(explain) (any other error passes through). */
export async function uniqueOr<T>(write: () => Promise<T>, explain: (db: Kysely<Database>) => Promise<AppError>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new FloorConflict(explain);
    throw error;
  }
}

/** inTransaction (deadlock retries) whose FloorConflict is answered, once rolled back, with its explanation. */
export async function floorTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, work);
  } catch (error) {
    if (error instanceof FloorConflict) throw await error.explain(db);
    throw error;
  }
}
