import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Members' points (issue 67): the rules in force (loyalty_settings: a row per change, never updated, so a change is never
 * retroactive), each paid sale's points to earn (loyalty_sales: pending until the goods are handed over, then earned
 * once), the points ledger itself (loyalty_entries: earn, redeem, return, expire, reverse, adjust; an earned lot keeps
 * the points of it still unspent for its expiry), the module's cursor over the ledger's sale_events, and on a web order
 * the points it used and their worth (part of its `discount`, so the order's total rule stands unchanged).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let settings = addIdColumn(db.schema.createTable('loyalty_settings'), dialect)
    .addColumn('points_per_1000', 'integer', (col) => col.notNull())
    .addColumn('point_value', 'integer', (col) => col.notNull())
    .addColumn('redeem_cap_percent', 'integer', (col) => col.notNull())
    .addColumn('redeem_minimum', 'integer', (col) => col.notNull())
    .addColumn('changed_by', 'integer', (col) => col.references('users.id'));
  settings = addTimestampColumn(settings, 'effective_from', dialect);
  settings = addTimestampColumn(settings, 'created_at', dialect, { defaultNow: true })
    .addCheckConstraint('loyalty_settings_bounds', sql`points_per_1000 >= 0 and point_value >= 0 and redeem_cap_percent between 0 and 100 and redeem_minimum >= 0`);
  await settings.execute();
  await db.schema.createIndex('loyalty_settings_effective_idx').on('loyalty_settings').column('effective_from').execute();
  // The shop's first rules: 1 point per 1.000 ₫, a point worth 10 ₫ (1 % back), at most half an order, from 100 points.
  await db.insertInto('loyalty_settings').values({ points_per_1000: 1, point_value: 10, redeem_cap_percent: 50, redeem_minimum: 100, effective_from: '2000-01-01T00:00:00.000Z' }).execute();

  let sales = addIdColumn(db.schema.createTable('loyalty_sales'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('service_invoice_id', 'integer', (col) => col.references('service_invoices.id'))
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('refunded', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('PENDING'))
    .addColumn('points', 'integer')
    .addColumn('reversed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('settings_id', 'integer', (col) => col.references('loyalty_settings.id'));
  sales = addTimestampColumn(sales, 'paid_at', dialect);
  sales = addTimestampColumn(sales, 'earned_at', dialect, { nullable: true })
    .addCheckConstraint('loyalty_sales_one_sale', sql`(order_id is null) <> (service_invoice_id is null)`)
    .addCheckConstraint('loyalty_sales_status', sql`status in ('PENDING', 'EARNED', 'VOID')`);
  await sales.execute();
  await db.schema.createIndex('loyalty_sales_order_key').on('loyalty_sales').column('order_id').unique().where(sql.ref('order_id'), 'is not', null).execute();
  await db.schema.createIndex('loyalty_sales_service_invoice_key').on('loyalty_sales').column('service_invoice_id').unique().where(sql.ref('service_invoice_id'), 'is not', null).execute();
  await db.schema.createIndex('loyalty_sales_pending_idx').on('loyalty_sales').column('status').where(sql.ref('status'), '=', 'PENDING').execute();

  let entries = addIdColumn(db.schema.createTable('loyalty_entries'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('loyalty_sale_id', 'integer', (col) => col.references('loyalty_sales.id'))
    .addColumn('refund_id', 'integer', (col) => col.references('payment_refunds.id'))
    // The web order whose payment a REDEEM paid part of, and a RETURN gave back.
    .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
    .addColumn('entry_key', 'varchar(80)', (col) => col.notNull().unique())
    .addColumn('reason', 'varchar(300)', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id'))
    // An earned lot's points not yet spent, reversed or expired (0 for every other kind).
    .addColumn('remaining', 'integer', (col) => col.notNull().defaultTo(0));
  entries = addTimestampColumn(entries, 'expires_at', dialect, { nullable: true });
  entries = addTimestampColumn(entries, 'created_at', dialect)
    .addCheckConstraint('loyalty_entries_kind', sql`kind in ('EARN', 'REDEEM', 'RETURN', 'EXPIRE', 'REVERSE', 'ADJUST')`)
    .addCheckConstraint('loyalty_entries_remaining', sql`remaining >= 0 and (kind in ('EARN', 'RETURN', 'ADJUST') or remaining = 0)`);
  await entries.execute();
  await db.schema.createIndex('loyalty_entries_user_idx').on('loyalty_entries').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('loyalty_entries_order_idx').on('loyalty_entries').column('order_id').where(sql.ref('order_id'), 'is not', null).execute();
  await db.schema.createIndex('loyalty_entries_lots_idx').on('loyalty_entries').columns(['expires_at']).where(sql.ref('remaining'), '>', 0).execute();

  await db.schema
    .createTable('loyalty_cursor')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('last_sale_event_id', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('orders').addColumn('points_used', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('points_value', 'bigint', (col) => col.notNull().defaultTo(0)).execute();

  // Sales recorded before members earned points earn none: the module starts with the next one.
  const last = await db.selectFrom('sale_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  await db.insertInto('loyalty_cursor').values({ id: 1, last_sale_event_id: Number(last?.id ?? 0) }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('points_value').execute();
  await db.schema.alterTable('orders').dropColumn('points_used').execute();
  await db.schema.dropTable('loyalty_cursor').ifExists().execute();
  await db.schema.dropTable('loyalty_entries').ifExists().execute();
  await db.schema.dropTable('loyalty_sales').ifExists().execute();
  await db.schema.dropTable('loyalty_settings').ifExists().execute();
}
