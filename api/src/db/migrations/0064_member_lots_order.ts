import { sql, type Kysely } from 'kysely';

/**
 * A member's lots in the order debits take them (issue 67): unspent, soonest to expire first. Without it PostgreSQL
 * walks every member's lots by expiry to find one member's, which made each expiry or redemption cost tens of ms.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('loyalty_entries_member_lots_idx').on('loyalty_entries').columns(['user_id', 'expires_at', 'id']).where(sql.ref('remaining'), '>', 0).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('loyalty_entries_member_lots_idx').ifExists().execute();
}
