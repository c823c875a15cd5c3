import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { runsOneTransactionAtATime } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';

/**
 * Locks the customer's row until the transaction ends: a no-op UPDATE, so one customer's checkouts run one after
 * another (orders calls it first in the checkout's transaction). PostgreSQL only: SQLite transactions are serialised
 * anyway (one connection), and the no-op UPDATE would cost a page write there. 401 when the user no longer exists.
 */
export async function lockCustomerForCheckout(trx: Kysely<Database>, userId: number): Promise<void> {
  if (runsOneTransactionAtATime(trx)) return;
  const result = await trx
    .updateTable('users')
    .set({ updated_at: sql<string>`updated_at` })
    .where('id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw AppError.unauthorized();
}
