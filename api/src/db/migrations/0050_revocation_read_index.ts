import { sql, type Kysely } from 'kysely';

/**
 * The session revocation's database read (security/sessionRevocation.ts), which every API instance runs every second:
 * the refresh-token rows revoked since its last read, and the users disabled within the access-token lifetime. Both
 * are range reads on a column that is null for most rows, so the indexes are partial: a login or refresh inserts a
 * row with revoked_at null and pays nothing for them. created_at follows revoked_at so that the rows a revocation
 * writes on old tokens of its families (which can have no live access token) are skipped inside the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('refresh_tokens_revoked_idx')
    .on('refresh_tokens')
    .columns(['revoked_at', 'created_at'])
    .where(sql.ref('revoked_at'), 'is not', null)
    .execute();
  await db.schema.createIndex('users_disabled_idx').on('users').column('disabled_at').where(sql.ref('disabled_at'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_disabled_idx').ifExists().execute();
  await db.schema.dropIndex('refresh_tokens_revoked_idx').ifExists().execute();
}
