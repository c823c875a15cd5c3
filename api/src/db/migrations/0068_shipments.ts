import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';
import { rebuildSqliteTable } from '../sqliteRebuild';

/**
 * Parcels with a carrier (issue 65 §4–5): a web order's waybill (`shipments`, at most one live per order by a partial
 * unique index) and every carrier webhook kept raw (`shipment_events`, once per event key), applied or not. A COD
 * parcel delivered is paid through the ledger with the channel CARRIER_COD (the CHECK widens; SQLite rebuilds).
 */
const OLD_CHANNELS = `channel in ('SEPAY', 'PAYOS', 'RECORDED_TRANSFER', 'EXCEPTION_MATCH', 'REINSTATE', 'DESK')`;
const NEW_CHANNELS = `channel in ('SEPAY', 'PAYOS', 'RECORDED_TRANSFER', 'EXCEPTION_MATCH', 'REINSTATE', 'DESK', 'CARRIER_COD')`;

async function setChannelCheck(db: Kysely<any>, from: string, to: string): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table sale_payments drop constraint sale_payments_channel_known`.execute(db);
    await sql.raw(`alter table sale_payments add constraint sale_payments_channel_known check (${to})`).execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'sale_payments', (definition) => {
    const next = definition.replace(from, to);
    if (!next.includes(to)) throw new Error('0068: the sale_payments channel CHECK was not found');
    return next;
  });
}

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let shipments = addIdColumn(db.schema.createTable('shipments'), dialect)
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
    .addColumn('carrier', 'varchar(10)', (col) => col.notNull())
    .addColumn('service', 'varchar(40)', (col) => col.notNull())
    .addColumn('service_label', 'varchar(120)', (col) => col.notNull())
    .addColumn('tracking_code', 'varchar(60)', (col) => col.notNull())
    .addColumn('client_order_code', 'varchar(60)', (col) => col.notNull().unique())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('fee', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('cod_amount', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('insured_value', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('inspection', 'varchar(20)', (col) => col.notNull())
    .addColumn('handover', 'varchar(10)', (col) => col.notNull())
    .addColumn('note', 'varchar(300)')
    .addColumn('expected_delivery', 'varchar(10)')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cod_state', 'varchar(10)', (col) => col.notNull().defaultTo('NONE'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0));
  shipments = addTimestampColumn(shipments, 'status_at', dialect);
  shipments = addTimestampColumn(shipments, 'restocked_at', dialect, { nullable: true });
  shipments = addTimestampColumn(shipments, 'created_at', dialect, { defaultNow: true });
  shipments = addTimestampColumn(shipments, 'cancelled_at', dialect, { nullable: true })
    .addUniqueConstraint('shipments_carrier_tracking_key', ['carrier', 'tracking_code'])
    .addCheckConstraint('shipments_carrier', sql`carrier in ('GHN', 'GHTK')`)
    .addCheckConstraint('shipments_cod_state', sql`cod_state in ('NONE', 'EXPECTED', 'REMITTED', 'MISMATCH')`)
    .addCheckConstraint('shipments_money', sql`fee >= 0 and cod_amount >= 0 and insured_value >= 0`);
  await shipments.execute();
  // At most one live waybill per order: two clerks at once get one, the other a 409.
  await db.schema
    .createIndex('shipments_live_order_key')
    .on('shipments')
    .column('order_id')
    .unique()
    .where(sql.ref('status'), '<>', 'CANCELLED')
    .execute();
  await db.schema.createIndex('shipments_order_idx').on('shipments').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('shipments_status_idx').on('shipments').columns(['status', 'created_at']).execute();

  let events = addIdColumn(db.schema.createTable('shipment_events'), dialect)
    .addColumn('shipment_id', 'integer', (col) => col.references('shipments.id'))
    .addColumn('carrier', 'varchar(10)', (col) => col.notNull())
    .addColumn('event_key', 'varchar(200)', (col) => col.notNull().unique())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('carrier_status', 'varchar(40)', (col) => col.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('cod_amount', 'bigint')
    .addColumn('raw_body', 'text', (col) => col.notNull())
    .addColumn('applied', 'integer', (col) => col.notNull().defaultTo(0));
  events = addTimestampColumn(events, 'occurred_at', dialect);
  events = addTimestampColumn(events, 'received_at', dialect, { defaultNow: true });
  await events.execute();
  await db.schema.createIndex('shipment_events_shipment_idx').on('shipment_events').columns(['shipment_id', 'occurred_at']).execute();
  await setChannelCheck(db, OLD_CHANNELS, NEW_CHANNELS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('sale_payments').where('channel', '=', 'CARRIER_COD').execute();
  await setChannelCheck(db, NEW_CHANNELS, OLD_CHANNELS);
  await db.schema.dropTable('shipment_events').ifExists().execute();
  await db.schema.dropTable('shipments').ifExists().execute();
}
