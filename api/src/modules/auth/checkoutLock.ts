import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { preparedQuery } from '../../db/preparedQuery';
import { runsOneTransactionAtATime } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';

/** The customer as a checkout needs them: the email's greeting and the promotion rules' birth month. */
export interface CheckoutCustomer {
  email: string;
  fullName: string;
  dateOfBirth: string | null;
}

const CUSTOMER_COLUMNS = ['email', 'full_name', 'date_of_birth'] as const;

/** The no-op UPDATE that holds the row, giving back the customer in the same round trip. */
const lockAndRead = preparedQuery<{ userId: number }>()((db, param) =>
  db
    .updateTable('users')
    .set({ updated_at: sql<string>`updated_at` })
    .where('id', '=', param('userId'))
    .returning(CUSTOMER_COLUMNS),
);

const read = preparedQuery<{ userId: number }>()((db, param) => db.selectFrom('users').select(CUSTOMER_COLUMNS).where('id', '=', param('userId')));

/**
 * Locks the customer's row until the transaction ends and answers the customer (one statement): a no-op UPDATE, so
 * one customer's checkouts run one after another (orders calls it first in the checkout's transaction). The lock is
 * taken on PostgreSQL only: SQLite transactions are serialised anyway (one connection), and the no-op UPDATE would
 * cost a page write there, so the row is only read. 401 when the user no longer exists.
 */
export async function lockCustomerForCheckout(trx: Kysely<Database>, userId: number): Promise<CheckoutCustomer> {
  return checkoutCustomerOf(await (runsOneTransactionAtATime(trx) ? read : lockAndRead).first(trx, { userId }));
}

/** The customer as a checkout needs them, without a lock (a quote). 401 when the user no longer exists. */
export async function readCheckoutCustomer(db: Kysely<Database>, userId: number): Promise<CheckoutCustomer> {
  return checkoutCustomerOf(await read.first(db, { userId }));
}

function checkoutCustomerOf(row: { email: string; full_name: string; date_of_birth: string | null } | undefined): CheckoutCustomer {
  if (!row) throw AppError.unauthorized();
  return { email: row.email, fullName: row.full_name, dateOfBirth: row.date_of_birth };
}
