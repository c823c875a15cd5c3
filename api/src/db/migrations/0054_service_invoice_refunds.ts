import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../portable';
import { rebuildSqliteTable } from '../sqliteRebuild';

/**
 * A refund of a paid service invoice (serviceOrders/invoiceRefund.ts) names the invoice only: no web order, no
 * transfer of the exceptions queue. payment_refunds' CHECK (0031: a refund is for an order or a transfer) widens to
 * a service invoice too (0051 added the column but not the CHECK). On SQLite the table is rebuilt (rows, ids and
 * indexes kept).
 */
const OLD_CHECK = 'order_id is not null or transaction_id is not null';
const NEW_CHECK = 'order_id is not null or transaction_id is not null or service_invoice_id is not null';

async function setCheck(db: Kysely<any>, from: string, to: string): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table payment_refunds drop constraint payment_refunds_for_something`.execute(db);
    await sql.raw(`alter table payment_refunds add constraint payment_refunds_for_something check (${to})`).execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'payment_refunds', (definition) => {
    const next = definition.replace(from, to);
    if (next === definition) throw new Error('0054: the payment_refunds CHECK was not found');
    return next;
  });
}

export async function up(db: Kysely<any>): Promise<void> {
  await setCheck(db, OLD_CHECK, NEW_CHECK);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The invoices' own refunds cannot stay under the narrower CHECK.
  await sql`delete from payment_refunds where order_id is null and transaction_id is null`.execute(db);
  await setCheck(db, NEW_CHECK, OLD_CHECK);
}
