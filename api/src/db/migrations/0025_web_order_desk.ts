import { sql, type Kysely } from 'kysely';
import { foldVietnamese } from 'shared-contracts/schemas';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';
import { rebuildSqliteTable } from '../sqliteRebuild';

/**
 * The web-order desk (issue 34 §3, shop-operations §4):
 * - orders gain the statuses PACKED and DELIVERED and the payment status REFUND_DUE (the CHECKs widened; on
 *   SQLite by rebuilding the table, its rows, ids and indexes kept, children untouched);
 * - orders.version (every change raises it; a desk action carries the one it read), desk_centre_id (the pick-up
 *   centre, or the centre that ships: the desk's scope) and recipient_folded (the search by name);
 * - web_order_events, the timeline (who, when, what; carrier, tracking code, refund), backfilled from
 *   order_status_history;
 * - the desk's indexes: a centre's orders newest first (all, or of one status), every centre's newest first.
 */
const STATUS_CHECK = `status in ('PENDING_PAYMENT', 'PLACED', 'CONFIRMED', 'PACKED', 'SHIPPING', 'DELIVERED', 'READY_FOR_PICKUP', 'COMPLETED', 'CANCELLED')`;
const PAYMENT_CHECK = `payment_status in ('UNPAID', 'PAID', 'REFUND_DUE', 'REFUNDED')`;
const OLD_STATUS_CHECK = `status in ('PENDING_PAYMENT', 'PLACED', 'CONFIRMED', 'SHIPPING', 'READY_FOR_PICKUP', 'COMPLETED', 'CANCELLED')`;
const OLD_PAYMENT_CHECK = `payment_status in ('UNPAID', 'PAID', 'REFUNDED')`;

async function setChecks(db: Kysely<any>, status: string, payment: string, from: { status: string; payment: string }): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table orders drop constraint orders_status_known`.execute(db);
    await sql`alter table orders drop constraint orders_payment_status_known`.execute(db);
    await sql.raw(`alter table orders add constraint orders_status_known check (${status})`).execute(db);
    await sql.raw(`alter table orders add constraint orders_payment_status_known check (${payment})`).execute(db);
    return;
  }
  // SQLite cannot alter a CHECK: the table is rebuilt with the new CHECKs (its rows, ids and indexes kept).
  await rebuildSqliteTable(db, 'orders', (definition) => {
    const next = definition.replace(from.status, status).replace(from.payment, payment);
    if (next.includes(from.status) || !next.includes(status) || !next.includes(payment)) throw new Error('0025: the orders CHECKs were not found');
    return next;
  });
}

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await setChecks(db, STATUS_CHECK, PAYMENT_CHECK, { status: OLD_STATUS_CHECK, payment: OLD_PAYMENT_CHECK });

  await db.schema.alterTable('orders').addColumn('version', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('desk_centre_id', 'integer', (col) => col.references('service_centres.id').onDelete('restrict')).execute();
  await db.schema.alterTable('orders').addColumn('recipient_folded', 'varchar(100)').execute();

  // The desk of an order: its pick-up centre, else the first centre (WEB_ORDERS_SHIPPING_CENTRE_ID is the API's;
  // orders placed from now on take it at checkout).
  const first = await db.selectFrom('service_centres').select('id').orderBy('id').limit(1).executeTakeFirst();
  await db
    .updateTable('orders')
    .set({ desk_centre_id: sql`coalesce(centre_id, ${first?.id ?? null})` })
    .execute();
  const names = await db.selectFrom('orders').select(['id', 'recipient_name']).execute();
  for (const row of names as Array<{ id: number; recipient_name: string }>) {
    await db.updateTable('orders').set({ recipient_folded: foldVietnamese(row.recipient_name).slice(0, 100) }).where('id', '=', row.id).execute();
  }

  let events = addIdColumn(db.schema.createTable('web_order_events'), dialect)
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('action', 'varchar(20)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('payment_status', 'varchar(20)', (col) => col.notNull())
    .addColumn('actor_kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('actor_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('note', 'varchar(1000)')
    .addColumn('carrier', 'varchar(20)')
    .addColumn('tracking_code', 'varchar(40)')
    .addColumn('amount', 'integer')
    .addColumn('refund_method', 'varchar(20)')
    .addColumn('reference', 'varchar(100)');
  events = addTimestampColumn(events, 'created_at', dialect, { defaultNow: true })
    .addCheckConstraint('web_order_events_actor_known', sql`actor_kind in ('customer', 'staff', 'system')`)
    .addCheckConstraint('web_order_events_amount_positive', sql`amount is null or amount > 0`);
  await events.execute();
  await db.schema.createIndex('web_order_events_order_idx').on('web_order_events').columns(['order_id', 'id']).execute();

  // The timeline so far: every history row, the first of each order as its placement.
  await sql`
    insert into web_order_events (order_id, action, status, payment_status, actor_kind, actor_user_id, note, created_at)
    select h.order_id,
           case when h.id = (select min(f.id) from order_status_history f where f.order_id = h.order_id) then 'placed' else 'status' end,
           h.status, h.payment_status,
           case when h.actor_user_id is null then 'system' when h.actor_user_id = o.user_id then 'customer' else 'staff' end,
           h.actor_user_id, h.note, h.created_at
    from order_status_history h join orders o on o.id = h.order_id
    order by h.id`.execute(db);

  await db.schema.createIndex('orders_desk_created_idx').on('orders').columns(['desk_centre_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_desk_status_created_idx').on('orders').columns(['desk_centre_id', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['orders_created_idx', 'orders_desk_status_created_idx', 'orders_desk_created_idx']) await db.schema.dropIndex(index).ifExists().execute();
  await db.schema.dropTable('web_order_events').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('recipient_folded').execute();
  await db.schema.alterTable('orders').dropColumn('desk_centre_id').execute();
  await db.schema.alterTable('orders').dropColumn('version').execute();
  await db.updateTable('orders').set({ status: 'CONFIRMED' }).where('status', 'in', ['PACKED']).execute();
  await db.updateTable('orders').set({ status: 'SHIPPING' }).where('status', 'in', ['DELIVERED']).execute();
  await db.updateTable('orders').set({ payment_status: 'REFUNDED' }).where('payment_status', '=', 'REFUND_DUE').execute();
  await setChecks(db, OLD_STATUS_CHECK, OLD_PAYMENT_CHECK, { status: STATUS_CHECK, payment: PAYMENT_CHECK });
}
