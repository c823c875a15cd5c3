import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Member prices (issue 67 §3): a tier's price of a product for members of that tier or higher. A change is a new row
 * and the one it replaces ended (ended_at, ended_by), so the history stays; at most one row in force per product and
 * tier (a partial unique index on the rows not ended).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let prices = addIdColumn(db.schema.createTable('loyalty_member_prices'), dialect)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('min_tier', 'varchar(10)', (col) => col.notNull())
    .addColumn('price', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id'))
    .addColumn('ended_by', 'integer', (col) => col.references('users.id'));
  prices = addTimestampColumn(prices, 'created_at', dialect);
  prices = addTimestampColumn(prices, 'ended_at', dialect, { nullable: true })
    .addCheckConstraint('loyalty_member_prices_tier', sql`min_tier in ('SILVER', 'GOLD', 'DIAMOND')`)
    .addCheckConstraint('loyalty_member_prices_price', sql`price > 0`);
  await prices.execute();
  await db.schema
    .createIndex('loyalty_member_prices_in_force_key')
    .on('loyalty_member_prices')
    .columns(['product_id', 'min_tier'])
    .unique()
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('loyalty_member_prices').ifExists().execute();
}
