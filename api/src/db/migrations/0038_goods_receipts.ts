import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';
import { rebuildSqliteTable } from '../sqliteRebuild';

/**
 * Goods receipts from a supplier (issue 45 §1, decision 0055): goods arriving at any stock location (a centre or
 * the online warehouse) with what was paid for them.
 * - goods_receipts (location, supplier, the supplier's reference, note, who and when) and goods_receipt_lines
 *   (product, quantity, unit_cost in VND: the cost kept for margin reports);
 * - stock_movements gains the kind RECEIPT (+) and goods_receipt_id, so the ledger links to its receipt (the
 *   CHECKs widened; on SQLite by rebuilding the table, its rows, ids and indexes kept).
 */
const KIND_CHECK = `kind in ('RECEIVE', 'ISSUE', 'RETURN', 'ADJUST', 'OPENING', 'TRANSFER_OUT', 'TRANSFER_IN', 'RECEIPT')`;
const SIGN_CHECK = `(kind in ('RECEIVE', 'RETURN', 'OPENING', 'TRANSFER_IN', 'RECEIPT') and quantity > 0) or (kind in ('ISSUE', 'TRANSFER_OUT') and quantity < 0) or kind = 'ADJUST'`;
const OLD_KIND_CHECK = `kind in ('RECEIVE', 'ISSUE', 'RETURN', 'ADJUST', 'OPENING', 'TRANSFER_OUT', 'TRANSFER_IN')`;
const OLD_SIGN_CHECK = `(kind in ('RECEIVE', 'RETURN', 'OPENING', 'TRANSFER_IN') and quantity > 0) or (kind in ('ISSUE', 'TRANSFER_OUT') and quantity < 0) or kind = 'ADJUST'`;

type AnyDb = Kysely<any>;

async function setMovementChecks(db: AnyDb, kind: string, sign: string, from: { kind: string; sign: string }, columns?: readonly string[]): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table stock_movements drop constraint stock_movements_kind_known`.execute(db);
    await sql`alter table stock_movements drop constraint stock_movements_quantity_sign`.execute(db);
    await sql.raw(`alter table stock_movements add constraint stock_movements_kind_known check (${kind})`).execute(db);
    await sql.raw(`alter table stock_movements add constraint stock_movements_quantity_sign check (${sign})`).execute(db);
    return;
  }
  await rebuildSqliteTable(
    db,
    'stock_movements',
    (definition) => {
      let next = definition.replace(from.kind, kind).replace(from.sign, sign);
      // Going down: the column goes with the rebuild (SQLite drops no column with a REFERENCES).
      if (columns) next = next.replace(/,\s*"goods_receipt_id" integer references "goods_receipts" \("id"\) on delete set null/i, '');
      if (!next.includes(kind) || !next.includes(sign)) throw new Error('0038: the stock_movements CHECKs were not found');
      return next;
    },
    columns ? { columns, skip: (objectSql) => objectSql.includes('goods_receipt_id') } : {},
  );
}

export async function up(db: AnyDb): Promise<void> {
  const dialect = dialectOf(db);
  let receipts = addIdColumn(db.schema.createTable('goods_receipts'), dialect)
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('cascade'))
    .addColumn('supplier', 'varchar(200)', (col) => col.notNull())
    .addColumn('reference', 'varchar(100)')
    .addColumn('note', 'varchar(500)')
    .addColumn('received_by', 'integer', (col) => col.notNull().references('users.id').onDelete('restrict'));
  receipts = addTimestampColumn(receipts, 'received_at', dialect, { defaultNow: true });
  await receipts.execute();
  // The list: a location's receipts (or every one, for an admin), newest first.
  await db.schema.createIndex('goods_receipts_centre_idx').on('goods_receipts').columns(['centre_id', 'id']).execute();

  await db.schema
    .createTable('goods_receipt_lines')
    .addColumn('receipt_id', 'integer', (col) => col.notNull().references('goods_receipts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    // VND per unit, up to 10^11: beyond a 32-bit integer.
    .addColumn('unit_cost', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('goods_receipt_lines_pk', ['receipt_id', 'product_id'])
    .addCheckConstraint('goods_receipt_lines_quantity_positive', sql`quantity > 0`)
    .addCheckConstraint('goods_receipt_lines_unit_cost_known', sql`unit_cost >= 0`)
    .execute();
  // A product's cost history (margin reports): its lines, newest receipt first.
  await db.schema.createIndex('goods_receipt_lines_product_idx').on('goods_receipt_lines').columns(['product_id', 'receipt_id']).execute();

  await setMovementChecks(db, KIND_CHECK, SIGN_CHECK, { kind: OLD_KIND_CHECK, sign: OLD_SIGN_CHECK });
  await db.schema
    .alterTable('stock_movements')
    .addColumn('goods_receipt_id', 'integer', (col) => col.references('goods_receipts.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('stock_movements_goods_receipt_idx').on('stock_movements').column('goods_receipt_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  // The receipts' units stay on the shelves; their movements go with the kind (the ledger no longer replays them).
  await db.deleteFrom('stock_movements').where('kind', '=', 'RECEIPT').execute();
  if (dialectOf(db) === 'postgres') {
    await db.schema.dropIndex('stock_movements_goods_receipt_idx').execute();
    await db.schema.alterTable('stock_movements').dropColumn('goods_receipt_id').execute();
    await setMovementChecks(db, OLD_KIND_CHECK, OLD_SIGN_CHECK, { kind: KIND_CHECK, sign: SIGN_CHECK });
  } else {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info('stock_movements') order by cid`.execute(db);
    const columns = rows.map((row) => row.name).filter((name) => name !== 'goods_receipt_id');
    await setMovementChecks(db, OLD_KIND_CHECK, OLD_SIGN_CHECK, { kind: KIND_CHECK, sign: SIGN_CHECK }, columns);
  }
  await db.schema.dropTable('goods_receipt_lines').execute();
  await db.schema.dropTable('goods_receipts').execute();
}
