import { sql, type Kysely } from 'kysely';

/**
 * The web-order desk's search by phone (GET /staff/web-orders?q=0912345…): an index on the phone without its spaces,
 * the expression the desk's filter compares, so a number typed (almost) in full is a range of that index instead
 * of a walk through the desk's orders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_phone_compact_idx')
    .on('orders')
    .expression(sql`replace(phone, ' ', '')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_phone_compact_idx').ifExists().execute();
}
