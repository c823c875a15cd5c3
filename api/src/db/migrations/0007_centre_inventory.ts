import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Centre inventory (back office, work package 2): what each centre holds of each product, the append-only
 * ledger of every change of on_hand, and the stored low-stock crossings.
 *
 * - `centre_stock` (PK centre_id, product_id): on_hand, reserved, min_stock. The CHECKs are the backstop of
 *   the conditional updates (spec §4 rule 2): a reservation is `reserved = reserved + q where on_hand -
 *   reserved >= q`, so reserved never passes on_hand and nothing goes below zero.
 * - `stock_movements`: RECEIVE (+, from the online warehouse), ISSUE (−, a part handed to a technician),
 *   RETURN (+), ADJUST (±, a stock-take with a reason); each row carries on_hand_after, so replaying the ledger
 *   of a (centre, product) gives its on_hand. Reservations are columns of centre_stock, not movements.
 *   parts_request_id has no foreign key: parts_requests arrives in 0008.
 * - `low_stock_alerts`: one row per threshold crossing (available ≤ min_stock), cleared when available rises
 *   above min_stock again. The partial unique index (one open crossing per centre and product) is what makes
 *   the managers' email go out once per crossing, even when two transactions cross at the same moment.
 *
 * The application never deletes a centre, a product (it is deactivated) or a stock row; an operator who deletes
 * a centre or a product by hand (the seed's tests do) takes its stock, ledger and crossings with it (cascade).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let stock = db.schema
    .createTable('centre_stock')
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('on_hand', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reserved', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('min_stock', 'integer', (col) => col.notNull().defaultTo(0));
  stock = addTimestampColumn(stock, 'updated_at', dialect, { defaultNow: true })
    .addPrimaryKeyConstraint('centre_stock_pk', ['centre_id', 'product_id'])
    .addCheckConstraint('centre_stock_on_hand_non_negative', sql`on_hand >= 0`)
    .addCheckConstraint('centre_stock_reserved_non_negative', sql`reserved >= 0`)
    .addCheckConstraint('centre_stock_reserved_within_on_hand', sql`reserved <= on_hand`)
    .addCheckConstraint('centre_stock_min_stock_non_negative', sql`min_stock >= 0`);
  await stock.execute();
  await db.schema.createIndex('centre_stock_product_idx').on('centre_stock').column('product_id').execute();
  // The stock table's order (by product name): a page is read in index order, not sorted from every row.
  await db.schema.createIndex('products_name_idx').on('products').columns(['name', 'id']).execute();

  let movements = addIdColumn(db.schema.createTable('stock_movements'), dialect)
    .addColumn('centre_id', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('kind', 'varchar(8)', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('on_hand_after', 'integer', (col) => col.notNull())
    .addColumn('parts_request_id', 'integer')
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reason', 'varchar(300)');
  movements = addTimestampColumn(movements, 'created_at', dialect, { defaultNow: true })
    .addForeignKeyConstraint('stock_movements_stock_fk', ['centre_id', 'product_id'], 'centre_stock', ['centre_id', 'product_id'], (fk) => fk.onDelete('cascade'))
    .addCheckConstraint('stock_movements_kind_known', sql`kind in ('RECEIVE', 'ISSUE', 'RETURN', 'ADJUST')`)
    .addCheckConstraint('stock_movements_quantity_non_zero', sql`quantity <> 0`)
    .addCheckConstraint(
      'stock_movements_quantity_sign',
      sql`(kind in ('RECEIVE', 'RETURN') and quantity > 0) or (kind = 'ISSUE' and quantity < 0) or kind = 'ADJUST'`,
    )
    .addCheckConstraint('stock_movements_on_hand_after_non_negative', sql`on_hand_after >= 0`);
  await movements.execute();
  await db.schema.createIndex('stock_movements_product_idx').on('stock_movements').columns(['centre_id', 'product_id', 'id']).execute();
  await db.schema.createIndex('stock_movements_created_idx').on('stock_movements').columns(['centre_id', 'created_at']).execute();
  await db.schema.createIndex('stock_movements_parts_request_idx').on('stock_movements').column('parts_request_id').execute();

  let alerts = addIdColumn(db.schema.createTable('low_stock_alerts'), dialect)
    .addColumn('centre_id', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('available_at_crossing', 'integer', (col) => col.notNull())
    .addColumn('min_stock_at_crossing', 'integer', (col) => col.notNull());
  alerts = addTimestampColumn(alerts, 'crossed_at', dialect, { defaultNow: true });
  alerts = addTimestampColumn(alerts, 'cleared_at', dialect, { nullable: true }).addForeignKeyConstraint(
    'low_stock_alerts_stock_fk',
    ['centre_id', 'product_id'],
    'centre_stock',
    ['centre_id', 'product_id'],
    (fk) => fk.onDelete('cascade'),
  );
  await alerts.execute();
  await db.schema
    .createIndex('low_stock_alerts_open')
    .on('low_stock_alerts')
    .columns(['centre_id', 'product_id'])
    .unique()
    .where(sql.ref('cleared_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_name_idx').ifExists().execute();
  for (const table of ['low_stock_alerts', 'stock_movements', 'centre_stock']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
