import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * The shop (issue 5): server carts, orders with their lines and status history, promotion redemptions and the
 * service credits of bought packages.
 *
 * Concurrency is carried by the schema as much as by the code: stock and promotion usage are decremented by
 * conditional UPDATEs (checks keep them ≥ 0 / ≤ limit), an Idempotency-Key is unique per customer
 * (`orders_user_idempotency_key_unique`: two concurrent requests with one key make one order), a promotion is
 * redeemed at most once per order, and a package line gives its credits once (`package_credits_once`).
 * Money is integer VND; instants UTC (timestamptz / ISO text).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let carts = addIdColumn(db.schema.createTable('carts'), dialect).addColumn('user_id', 'integer', (col) =>
    col.notNull().unique().references('users.id').onDelete('cascade'),
  );
  carts = addTimestampColumn(carts, 'created_at', dialect, { defaultNow: true });
  carts = addTimestampColumn(carts, 'updated_at', dialect, { defaultNow: true });
  await carts.execute();

  let cartLines = addIdColumn(db.schema.createTable('cart_lines'), dialect)
    .addColumn('cart_id', 'integer', (col) => col.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('ref_id', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    /** The unit price when the line was added (or its quantity last set): price changes are flagged against it. */
    .addColumn('price_at_add', 'integer', (col) => col.notNull());
  cartLines = addTimestampColumn(cartLines, 'added_at', dialect, { defaultNow: true });
  cartLines = addTimestampColumn(cartLines, 'updated_at', dialect, { defaultNow: true })
    .addUniqueConstraint('cart_lines_item_unique', ['cart_id', 'kind', 'ref_id'])
    .addCheckConstraint('cart_lines_kind_known', sql`kind in ('product', 'package')`)
    .addCheckConstraint('cart_lines_quantity_positive', sql`quantity > 0`)
    .addCheckConstraint('cart_lines_price_non_negative', sql`price_at_add >= 0`);
  await cartLines.execute();

  let orders = addIdColumn(db.schema.createTable('orders'), dialect)
    .addColumn('code', 'varchar(40)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('payment_method', 'varchar(20)', (col) => col.notNull())
    .addColumn('payment_status', 'varchar(20)', (col) => col.notNull())
    .addColumn('subtotal', 'integer', (col) => col.notNull())
    /** Off the goods (percentage / fixed promotions). */
    .addColumn('discount', 'integer', (col) => col.notNull().defaultTo(0))
    /** The fee before a shipping promotion. */
    .addColumn('shipping_fee', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('shipping_discount', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('promotion_id', 'integer', (col) => col.references('promotions.id').onDelete('set null'))
    .addColumn('promotion_code', 'varchar(30)')
    .addColumn('fulfilment_method', 'varchar(10)', (col) => col.notNull())
    .addColumn('province', 'varchar(60)')
    .addColumn('ward', 'varchar(100)')
    .addColumn('street', 'varchar(200)')
    .addColumn('centre_id', 'integer', (col) => col.references('service_centres.id').onDelete('restrict'))
    .addColumn('recipient_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('phone', 'varchar(20)', (col) => col.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('idempotency_key', 'varchar(100)', (col) => col.notNull())
    /** SHA-256 (hex) of the canonical request body: a replay with another body is refused. */
    .addColumn('request_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('cancel_reason', 'varchar(300)');
  orders = addTimestampColumn(orders, 'paid_at', dialect, { nullable: true });
  orders = addTimestampColumn(orders, 'created_at', dialect, { defaultNow: true });
  orders = addTimestampColumn(orders, 'updated_at', dialect, { defaultNow: true })
    .addUniqueConstraint('orders_user_idempotency_key_unique', ['user_id', 'idempotency_key'])
    .addCheckConstraint(
      'orders_status_known',
      sql`status in ('PENDING_PAYMENT', 'PLACED', 'CONFIRMED', 'SHIPPING', 'READY_FOR_PICKUP', 'COMPLETED', 'CANCELLED')`,
    )
    .addCheckConstraint('orders_payment_method_known', sql`payment_method in ('COD', 'VIETQR', 'PAY_AT_PICKUP')`)
    .addCheckConstraint('orders_payment_status_known', sql`payment_status in ('UNPAID', 'PAID', 'REFUNDED')`)
    .addCheckConstraint('orders_fulfilment_known', sql`fulfilment_method in ('delivery', 'pickup')`)
    .addCheckConstraint(
      'orders_amounts_consistent',
      sql`subtotal >= 0 and discount >= 0 and shipping_fee >= 0 and shipping_discount >= 0 and total = subtotal - discount + shipping_fee - shipping_discount and total >= 0`,
    );
  await orders.execute();
  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'created_at']).execute();

  const orderLines = addIdColumn(db.schema.createTable('order_lines'), dialect)
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    /** products.id or service_packages.id (by kind). */
    .addColumn('ref_id', 'integer', (col) => col.notNull())
    .addColumn('slug', 'varchar(160)', (col) => col.notNull())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('image', 'varchar(300)')
    .addColumn('promo_group', 'varchar(20)')
    .addColumn('unit_price', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('line_total', 'integer', (col) => col.notNull())
    .addUniqueConstraint('order_lines_item_unique', ['order_id', 'kind', 'ref_id'])
    .addCheckConstraint('order_lines_kind_known', sql`kind in ('product', 'package')`)
    .addCheckConstraint('order_lines_quantity_positive', sql`quantity > 0`)
    .addCheckConstraint('order_lines_total', sql`line_total = unit_price * quantity`);
  await orderLines.execute();

  let history = addIdColumn(db.schema.createTable('order_status_history'), dialect)
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('payment_status', 'varchar(20)', (col) => col.notNull())
    .addColumn('note', 'varchar(300)')
    /** Who made the change (the customer, a staff member); null for the system. */
    .addColumn('actor_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'));
  history = addTimestampColumn(history, 'created_at', dialect, { defaultNow: true });
  await history.execute();
  await db.schema.createIndex('order_status_history_order_idx').on('order_status_history').columns(['order_id', 'id']).execute();

  let redemptions = addIdColumn(db.schema.createTable('promotion_redemptions'), dialect)
    .addColumn('promotion_id', 'integer', (col) => col.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id').onDelete('cascade'));
  redemptions = addTimestampColumn(redemptions, 'created_at', dialect, { defaultNow: true });
  /** Set when the order is cancelled: the use is given back (no longer counted for the customer). */
  redemptions = addTimestampColumn(redemptions, 'released_at', dialect, { nullable: true });
  await redemptions.execute();
  await db.schema.createIndex('promotion_redemptions_customer_idx').on('promotion_redemptions').columns(['promotion_id', 'user_id']).execute();

  let credits = addIdColumn(db.schema.createTable('package_credits'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('package_id', 'integer', (col) => col.notNull().references('service_packages.id').onDelete('restrict'))
    .addColumn('service_id', 'integer', (col) => col.notNull().references('services.id').onDelete('restrict'))
    .addColumn('quantity_total', 'integer', (col) => col.notNull())
    .addColumn('quantity_used', 'integer', (col) => col.notNull().defaultTo(0));
  credits = addTimestampColumn(credits, 'expires_at', dialect);
  credits = addTimestampColumn(credits, 'created_at', dialect, { defaultNow: true })
    .addUniqueConstraint('package_credits_once', ['order_id', 'package_id', 'service_id'])
    .addCheckConstraint('package_credits_quantities', sql`quantity_total > 0 and quantity_used >= 0 and quantity_used <= quantity_total`);
  await credits.execute();
  await db.schema.createIndex('package_credits_user_idx').on('package_credits').columns(['user_id', 'expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['package_credits', 'promotion_redemptions', 'order_status_history', 'order_lines', 'orders', 'cart_lines', 'carts']) {
    await db.schema.dropTable(table).execute();
  }
}
