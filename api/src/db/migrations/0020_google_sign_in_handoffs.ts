import type { Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * google_sign_in_handoffs: the server's Google code flow hands the login page a one-time code, not tokens
 * (auth/googleHandoffs.ts). A row keeps the SHA-256 of that code and of the HttpOnly cookie binding it to the
 * browser that signed in, whose user, until when (2 minutes) and when it was exchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let handoffs = addIdColumn(db.schema.createTable('google_sign_in_handoffs'), dialect)
    // SHA-256 (base64url) of the code in the redirect, and of the browser-binding cookie.
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('binding_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'));
  handoffs = addTimestampColumn(handoffs, 'created_at', dialect, { defaultNow: true });
  handoffs = addTimestampColumn(handoffs, 'expires_at', dialect);
  handoffs = addTimestampColumn(handoffs, 'used_at', dialect, { nullable: true });
  await handoffs.execute();
  // Expired rows are swept by expiry on each new hand-off.
  await db.schema.createIndex('google_sign_in_handoffs_expires_idx').on('google_sign_in_handoffs').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('google_sign_in_handoffs').execute();
}
