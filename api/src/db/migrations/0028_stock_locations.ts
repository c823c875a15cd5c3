import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';
import { rebuildSqliteTable } from '../sqliteRebuild';

/**
 * One inventory (issue 34 §3, shop-operations §3): every centre is a stock location, and so is the warehouse
 * that ships online orders.
 * - service_centres.kind (SERVICE_CENTRE | WAREHOUSE) and ships_online (0/1); one warehouse row 'kho-online'
 *   (never bookable: every floor and customer list of centres leaves kind WAREHOUSE out);
 * - stock_movements: the kinds OPENING (+), TRANSFER_OUT (−) and TRANSFER_IN (+), order_id (the web order an
 *   ISSUE hands over) and transfer_id;
 * - stock_transfers and their lines (a transfer out → in transit → received, ledger entries at both ends);
 * - orders.stock_location_id: where the order's product lines are reserved;
 * - products.stock moves into the warehouse: on_hand = stock + the units in-flight web orders hold (taken from
 *   products.stock at checkout, not yet shipped or handed over), reserved = those units, an OPENING movement of
 *   on_hand; every order with product lines gets the warehouse as its location; then products.stock is dropped.
 *   Online availability (warehouse on_hand − reserved) equals the old products.stock;
 * - triggers on centre_stock mark a product's list row pending when a ships_online location's stock changes (the
 *   list's `stock` is online availability).
 */
export const WAREHOUSE_SLUG = 'kho-online';
const OPENING_REASON = 'Số dư đầu kỳ từ kho online';

const KIND_CHECK = `kind in ('RECEIVE', 'ISSUE', 'RETURN', 'ADJUST', 'OPENING', 'TRANSFER_OUT', 'TRANSFER_IN')`;
const SIGN_CHECK = `(kind in ('RECEIVE', 'RETURN', 'OPENING', 'TRANSFER_IN') and quantity > 0) or (kind in ('ISSUE', 'TRANSFER_OUT') and quantity < 0) or kind = 'ADJUST'`;
const OLD_KIND_CHECK = `kind in ('RECEIVE', 'ISSUE', 'RETURN', 'ADJUST')`;
const OLD_SIGN_CHECK = `(kind in ('RECEIVE', 'RETURN') and quantity > 0) or (kind = 'ISSUE' and quantity < 0) or kind = 'ADJUST'`;

/** The statuses whose product units are still held (reserved) at the order's location. */
const HOLDING = `o.status not in ('CANCELLED', 'SHIPPING', 'DELIVERED', 'COMPLETED')`;

const SQLITE_STOCK_TRIGGERS = ['centre_stock_list_pending_insert', 'centre_stock_list_pending_update', 'centre_stock_list_pending_delete'];

async function setMovementChecks(db: Kysely<any>, kind: string, sign: string, from: { kind: string; sign: string }): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table stock_movements drop constraint stock_movements_kind_known`.execute(db);
    await sql`alter table stock_movements drop constraint stock_movements_quantity_sign`.execute(db);
    await sql`alter table stock_movements alter column kind type varchar(16)`.execute(db);
    await sql.raw(`alter table stock_movements add constraint stock_movements_kind_known check (${kind})`).execute(db);
    await sql.raw(`alter table stock_movements add constraint stock_movements_quantity_sign check (${sign})`).execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'stock_movements', (definition) => {
    const next = definition.replace(from.kind, kind).replace(from.sign, sign).replace('"kind" varchar(8)', '"kind" varchar(16)');
    if (!next.includes(kind) || !next.includes(sign)) throw new Error('0028: the stock_movements CHECKs were not found');
    return next;
  });
}

async function columnsOf(db: Kysely<any>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table}) order by cid`.execute(db);
  return rows.map((row) => row.name);
}

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  await db.schema
    .alterTable('service_centres')
    .addColumn('kind', 'varchar(16)', (col) => col.notNull().defaultTo('SERVICE_CENTRE').check(sql`kind in ('SERVICE_CENTRE', 'WAREHOUSE')`))
    .execute();
  await db.schema
    .alterTable('service_centres')
    .addColumn('ships_online', 'integer', (col) => col.notNull().defaultTo(0).check(sql`ships_online in (0, 1)`))
    .execute();
  const warehouse = await db
    .insertInto('service_centres')
    .values({
      slug: WAREHOUSE_SLUG,
      name: 'Kho hàng online EV Service',
      city: 'Hà Nội',
      address: 'Kho hàng online, Khu công nghiệp Thăng Long, Đông Anh, Hà Nội',
      phone: '1900 6868',
      email: 'kho@evservice.vn',
      open_time: '08:00',
      close_time: '17:00',
      service_bays: 1,
      kind: 'WAREHOUSE',
      ships_online: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const warehouseId = Number(warehouse.id);

  let transfers = addIdColumn(db.schema.createTable('stock_transfers'), dialect)
    .addColumn('from_location_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('cascade'))
    .addColumn('to_location_id', 'integer', (col) => col.notNull().references('service_centres.id').onDelete('cascade'))
    .addColumn('status', 'varchar(12)', (col) => col.notNull())
    .addColumn('note', 'varchar(300)')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  transfers = addTimestampColumn(transfers, 'created_at', dialect, { defaultNow: true }).addColumn('received_by', 'integer', (col) =>
    col.references('users.id').onDelete('set null'),
  );
  transfers = addTimestampColumn(transfers, 'received_at', dialect, { nullable: true })
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('stock_transfers_status_known', sql`status in ('IN_TRANSIT', 'RECEIVED', 'CANCELLED')`)
    .addCheckConstraint('stock_transfers_two_places', sql`from_location_id <> to_location_id`);
  await transfers.execute();
  await db.schema.createIndex('stock_transfers_from_idx').on('stock_transfers').columns(['from_location_id', 'status', 'id']).execute();
  await db.schema.createIndex('stock_transfers_to_idx').on('stock_transfers').columns(['to_location_id', 'status', 'id']).execute();
  await db.schema
    .createTable('stock_transfer_lines')
    .addColumn('transfer_id', 'integer', (col) => col.notNull().references('stock_transfers.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('stock_transfer_lines_pk', ['transfer_id', 'product_id'])
    .addCheckConstraint('stock_transfer_lines_quantity_positive', sql`quantity > 0`)
    .execute();

  await setMovementChecks(db, KIND_CHECK, SIGN_CHECK, { kind: OLD_KIND_CHECK, sign: OLD_SIGN_CHECK });
  await db.schema.alterTable('stock_movements').addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null')).execute();
  await db.schema.alterTable('stock_movements').addColumn('transfer_id', 'integer', (col) => col.references('stock_transfers.id').onDelete('set null')).execute();
  await db.schema.createIndex('stock_movements_order_idx').on('stock_movements').column('order_id').execute();
  await db.schema.createIndex('stock_movements_transfer_idx').on('stock_movements').column('transfer_id').execute();

  await db.schema.alterTable('orders').addColumn('stock_location_id', 'integer', (col) => col.references('service_centres.id').onDelete('restrict')).execute();

  // The opening balance: what products.stock had plus what in-flight orders hold (reserved).
  await sql`
    insert into centre_stock (centre_id, product_id, on_hand, reserved, min_stock)
    select ${warehouseId}, p.id, p.stock + coalesce(h.held, 0), coalesce(h.held, 0), 0
    from products p
    left join (
      select l.ref_id as product_id, sum(l.quantity) as held
      from order_lines l join orders o on o.id = l.order_id
      where l.kind = 'product' and ${sql.raw(HOLDING)}
      group by l.ref_id
    ) h on h.product_id = p.id`.execute(db);
  await sql`
    insert into stock_movements (centre_id, product_id, kind, quantity, on_hand_after, reason)
    select centre_id, product_id, 'OPENING', on_hand, on_hand, ${OPENING_REASON}
    from centre_stock where centre_id = ${warehouseId} and on_hand > 0 order by product_id`.execute(db);
  await sql`
    update orders set stock_location_id = ${warehouseId}
    where exists (select 1 from order_lines l where l.order_id = orders.id and l.kind = 'product')`.execute(db);

  if (dialect === 'postgres') {
    await sql`alter table products drop column stock`.execute(db);
    await sql`
      create function product_list_mark_stock() returns trigger language plpgsql as $$
      declare
        row_centre integer;
        row_product integer;
      begin
        if tg_op = 'DELETE' then
          row_centre := old.centre_id;
          row_product := old.product_id;
        else
          row_centre := new.centre_id;
          row_product := new.product_id;
        end if;
        if exists (select 1 from service_centres where id = row_centre and ships_online = 1) then
          insert into product_list_pending (product_id) values (row_product)
            on conflict (product_id) do update set product_id = excluded.product_id;
        end if;
        if tg_op = 'DELETE' then return old; end if;
        return new;
      end
      $$`.execute(db);
    await sql`create trigger centre_stock_list_pending after insert or update or delete on centre_stock for each row execute function product_list_mark_stock()`.execute(db);
  } else {
    const columns = (await columnsOf(db, 'products')).filter((name) => name !== 'stock');
    await rebuildSqliteTable(
      db,
      'products',
      (definition) => {
        const next = definition.replace('"stock" integer default 0 not null, ', '').replace('constraint "products_stock_non_negative" check (stock >= 0), ', '');
        if (/\bstock\b/.test(next)) throw new Error('0028: products.stock was not found in the products table');
        return next;
      },
      { columns },
    );
    const ships = (ref: string) => `(select ships_online from service_centres where id = ${ref}.centre_id) = 1`;
    const mark = (ref: string) =>
      `insert into product_list_pending (product_id) select ${ref}.product_id where not exists (select 1 from product_list_pending where product_id = ${ref}.product_id);`;
    await sql.raw(`create trigger centre_stock_list_pending_insert after insert on centre_stock when ${ships('new')} begin ${mark('new')} end`).execute(db);
    await sql.raw(`create trigger centre_stock_list_pending_update after update on centre_stock when ${ships('new')} begin ${mark('new')} end`).execute(db);
    await sql.raw(`create trigger centre_stock_list_pending_delete after delete on centre_stock when ${ships('old')} begin ${mark('old')} end`).execute(db);
  }
  // The list's stock is now the warehouse's availability: every row is rewritten.
  await sql`insert into product_list_pending (product_id) select id from products where true on conflict (product_id) do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  if (dialect === 'postgres') {
    await sql`drop trigger if exists centre_stock_list_pending on centre_stock`.execute(db);
    await sql`drop function if exists product_list_mark_stock()`.execute(db);
  } else {
    for (const name of SQLITE_STOCK_TRIGGERS) await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  // products.stock again: the online availability, with the units in-flight orders hold taken out as before.
  await db.schema.alterTable('products').addColumn('stock', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await sql`
    update products set stock = coalesce((
      select sum(s.on_hand - s.reserved) from centre_stock s join service_centres c on c.id = s.centre_id
      where s.product_id = products.id and c.ships_online = 1), 0)`.execute(db);
  await db.schema.alterTable('orders').dropColumn('stock_location_id').execute();

  await db.deleteFrom('stock_movements').where('kind', 'in', ['OPENING', 'TRANSFER_OUT', 'TRANSFER_IN']).execute();
  await db.schema.dropIndex('stock_movements_transfer_idx').ifExists().execute();
  await db.schema.dropIndex('stock_movements_order_idx').ifExists().execute();
  await db.schema.alterTable('stock_movements').dropColumn('transfer_id').execute();
  await db.schema.alterTable('stock_movements').dropColumn('order_id').execute();
  await setMovementChecks(db, OLD_KIND_CHECK, OLD_SIGN_CHECK, { kind: KIND_CHECK, sign: SIGN_CHECK });
  await db.schema.dropTable('stock_transfer_lines').ifExists().execute();
  await db.schema.dropTable('stock_transfers').ifExists().execute();

  // The warehouse goes with its stock and ledger (cascade).
  await db.deleteFrom('service_centres').where('kind', '=', 'WAREHOUSE').execute();
  if (dialect === 'postgres') {
    await db.schema.alterTable('service_centres').dropColumn('ships_online').execute();
    await db.schema.alterTable('service_centres').dropColumn('kind').execute();
  } else {
    const columns = (await columnsOf(db, 'service_centres')).filter((name) => name !== 'kind' && name !== 'ships_online');
    await rebuildSqliteTable(
      db,
      'service_centres',
      (definition) =>
        definition
          .replace(/, "kind" varchar\(16\) default 'SERVICE_CENTRE' not null check \(kind in \('SERVICE_CENTRE', 'WAREHOUSE'\)\)/, '')
          .replace(/, "ships_online" integer default 0 not null check \(ships_online in \(0, 1\)\)/, ''),
      { columns },
    );
  }
}
