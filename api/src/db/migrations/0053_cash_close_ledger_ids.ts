import type { Kysely } from 'kysely';

/**
 * A cashier's close bounded by the ledger's ids, not by the clock: each close records the last sale_payments.id and
 * payment_refunds.id it covered (read in its transaction, any sale's), and the centre's next period is the ledger's
 * rows after them. A payment is stamped before its transaction commits: one stamped before a close's instant but
 * committed just after the close read the ledger belonged, by instants, to neither period.
 *
 * Null for the closes made before (and for the demo seed's backdated closes): the period after such a close still
 * starts at its instant (cashClosePeriod.ts, LedgerPeriod). No foreign key: an id is a bound, the row may go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cash_closes').addColumn('last_payment_id', 'integer').execute();
  await db.schema.alterTable('cash_closes').addColumn('last_refund_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cash_closes').dropColumn('last_refund_id').execute();
  await db.schema.alterTable('cash_closes').dropColumn('last_payment_id').execute();
}
