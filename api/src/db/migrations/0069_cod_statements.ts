import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';
import { rebuildSqliteTable } from '../sqliteRebuild';

/**
 * Carriers' COD statements (đối soát COD, issue 65 §5):
 * - cod_statements: one per (carrier, reference), the file kept raw (≤ 2 MB), who imported it and when, its counts;
 * - cod_statement_lines: each line's tracking code, COD and fee, its verdict (MATCHED | MISMATCH | UNKNOWN) and the
 *   shipment it names; a MATCHED line is the record of the carrier's remittance of that shipment's COD, at most one
 *   per shipment (a partial unique index), so a second statement cannot remit the same parcel twice;
 * - payment_transactions (the exceptions queue) accepts the carriers as providers and the reasons COD_MISMATCH and
 *   COD_UNKNOWN; a carrier's line may report 0 ₫ collected (the CHECKs widened; on SQLite by rebuilding the table).
 */
const OLD_PROVIDER = `provider in ('PAYOS', 'SEPAY', 'MANUAL')`;
const NEW_PROVIDER = `provider in ('PAYOS', 'SEPAY', 'MANUAL', 'GHN', 'GHTK')`;
const OLD_AMOUNT = `amount > 0`;
const NEW_AMOUNT = `amount > 0 or (provider in ('GHN', 'GHTK') and amount >= 0)`;
const OLD_REASON = `(outcome = 'MATCHED' and exception_reason is null) or (outcome = 'EXCEPTION' and exception_reason in ('PARTIAL', 'OVERPAID', 'UNKNOWN_CODE', 'ORDER_EXPIRED', 'ORDER_CANCELLED', 'ALREADY_PAID'))`;
const NEW_REASON = `(outcome = 'MATCHED' and exception_reason is null) or (outcome = 'EXCEPTION' and exception_reason in ('PARTIAL', 'OVERPAID', 'UNKNOWN_CODE', 'ORDER_EXPIRED', 'ORDER_CANCELLED', 'ALREADY_PAID', 'COD_MISMATCH', 'COD_UNKNOWN'))`;

const CHECKS: Array<{ name: string; from: string; to: string }> = [
  { name: 'payment_transactions_provider_known', from: OLD_PROVIDER, to: NEW_PROVIDER },
  { name: 'payment_transactions_amount_positive', from: OLD_AMOUNT, to: NEW_AMOUNT },
  { name: 'payment_transactions_reason_known', from: OLD_REASON, to: NEW_REASON },
];

async function setTransactionChecks(db: Kysely<any>, direction: 'up' | 'down'): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const check of CHECKS) {
      await sql.raw(`alter table payment_transactions drop constraint ${check.name}`).execute(db);
      await sql.raw(`alter table payment_transactions add constraint ${check.name} check (${direction === 'up' ? check.to : check.from})`).execute(db);
    }
    return;
  }
  // SQLite cannot alter a CHECK: the table is rebuilt with the new ones (its rows, ids and indexes kept).
  await rebuildSqliteTable(db, 'payment_transactions', (definition) => {
    let next = definition;
    for (const check of CHECKS) {
      const [from, to] = direction === 'up' ? [check.from, check.to] : [check.to, check.from];
      const pattern = new RegExp(`("?${check.name}"?\\s+check\\s*\\()${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`, 'i');
      if (!pattern.test(next)) throw new Error(`0069: the CHECK ${check.name} of payment_transactions was not found`);
      next = next.replace(pattern, (_match, head: string) => `${head}${to})`);
    }
    return next;
  });
}

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let statements = addIdColumn(db.schema.createTable('cod_statements'), dialect)
    .addColumn('carrier', 'varchar(10)', (col) => col.notNull())
    .addColumn('reference', 'varchar(100)', (col) => col.notNull())
    .addColumn('period_from', 'varchar(10)')
    .addColumn('period_to', 'varchar(10)')
    .addColumn('imported_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('raw', 'text', (col) => col.notNull())
    .addColumn('line_count', 'integer', (col) => col.notNull())
    .addColumn('matched_count', 'integer', (col) => col.notNull())
    .addColumn('mismatch_count', 'integer', (col) => col.notNull())
    .addColumn('unknown_count', 'integer', (col) => col.notNull())
    .addColumn('total_cod', 'bigint', (col) => col.notNull())
    .addColumn('total_fee', 'bigint', (col) => col.notNull());
  statements = addTimestampColumn(statements, 'imported_at', dialect, { defaultNow: true })
    .addUniqueConstraint('cod_statements_carrier_reference_key', ['carrier', 'reference'])
    .addCheckConstraint('cod_statements_carrier', sql`carrier in ('GHN', 'GHTK')`)
    .addCheckConstraint('cod_statements_raw_bounded', sql`length(raw) <= 2097152`);
  await statements.execute();
  await db.schema.createIndex('cod_statements_imported_idx').on('cod_statements').columns(['imported_at', 'id']).execute();

  await addIdColumn(db.schema.createTable('cod_statement_lines'), dialect)
    .addColumn('statement_id', 'integer', (col) => col.notNull().references('cod_statements.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (col) => col.notNull())
    .addColumn('tracking_code', 'varchar(60)', (col) => col.notNull())
    .addColumn('cod_amount', 'integer', (col) => col.notNull())
    .addColumn('fee', 'integer', (col) => col.notNull())
    .addColumn('outcome', 'varchar(10)', (col) => col.notNull())
    .addColumn('shipment_id', 'integer', (col) => col.references('shipments.id'))
    .addColumn('expected_amount', 'integer')
    .addColumn('exception_id', 'integer', (col) => col.references('payment_transactions.id').onDelete('set null'))
    .addUniqueConstraint('cod_statement_lines_line_key', ['statement_id', 'line_no'])
    .addCheckConstraint('cod_statement_lines_outcome', sql`outcome in ('MATCHED', 'MISMATCH', 'UNKNOWN')`)
    .addCheckConstraint('cod_statement_lines_money', sql`cod_amount >= 0 and fee >= 0`)
    .execute();
  // A shipment's COD is remitted once: at most one MATCHED line names it, whatever the statement.
  await db.schema
    .createIndex('cod_statement_lines_remitted_key')
    .on('cod_statement_lines')
    .column('shipment_id')
    .unique()
    .where(sql.ref('outcome'), '=', 'MATCHED')
    .execute();
  await db.schema.createIndex('cod_statement_lines_shipment_idx').on('cod_statement_lines').columns(['shipment_id', 'id']).execute();

  await setTransactionChecks(db, 'up');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cod_statement_lines').ifExists().execute();
  await db.schema.dropTable('cod_statements').ifExists().execute();
  // The carriers' exceptions cannot stay under the old CHECKs: they go with their audit rows.
  const carrierRows = db.selectFrom('payment_transactions').select('id').where('provider', 'in', ['GHN', 'GHTK']);
  await db.deleteFrom('payment_exception_events').where('transaction_id', 'in', carrierRows).execute();
  await db.deleteFrom('payment_transactions').where('provider', 'in', ['GHN', 'GHTK']).execute();
  await setTransactionChecks(db, 'down');
}
