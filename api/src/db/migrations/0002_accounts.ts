import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Accounts: users (every role), refresh tokens (stored hashed, by family), one-time codes (stored hashed)
 * and the transactional email outbox.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let users = addIdColumn(db.schema.createTable('users'), dialect)
    // Lower-cased on the way in: unique case-insensitively.
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    // argon2id (PHC string); null for an account that only signs in with Google.
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('full_name', 'varchar(100)', (col) => col.notNull())
    // '0912345678' (normalised Vietnamese mobile number).
    .addColumn('phone_number', 'varchar(20)')
    .addColumn('address', 'varchar(300)')
    // 'YYYY-MM-DD' (a calendar date, no time zone).
    .addColumn('date_of_birth', 'varchar(10)')
    .addColumn('gender', 'varchar(6)')
    .addColumn('avatar_url', 'varchar(1000)')
    .addColumn('role', 'varchar(20)', (col) => col.notNull().defaultTo('customer'))
    // The Google account's `sub`, once linked.
    .addColumn('google_sub', 'varchar(255)', (col) => col.unique());
  users = addTimestampColumn(users, 'email_verified_at', dialect, { nullable: true });
  users = addTimestampColumn(users, 'created_at', dialect, { defaultNow: true });
  users = addTimestampColumn(users, 'updated_at', dialect, { defaultNow: true })
    .addCheckConstraint('users_role_known', sql`role in ('customer', 'staff', 'technician', 'manager', 'admin')`)
    .addCheckConstraint('users_gender_known', sql`gender is null or gender in ('MALE', 'FEMALE')`);
  await users.execute();
  await db.schema.createIndex('users_phone_number_idx').on('users').column('phone_number').unique().execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

  let refreshTokens = addIdColumn(db.schema.createTable('refresh_tokens'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // SHA-256 of the opaque token, base64url.
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    // Every token obtained by rotating the one from a login shares the login's family id.
    .addColumn('family_id', 'varchar(64)', (col) => col.notNull());
  refreshTokens = addTimestampColumn(refreshTokens, 'created_at', dialect, { defaultNow: true });
  refreshTokens = addTimestampColumn(refreshTokens, 'expires_at', dialect);
  // Set when the token was exchanged for a new pair: presenting it again is a reuse.
  refreshTokens = addTimestampColumn(refreshTokens, 'rotated_at', dialect, { nullable: true });
  refreshTokens = addTimestampColumn(refreshTokens, 'revoked_at', dialect, { nullable: true });
  await refreshTokens.execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

  let otpCodes = addIdColumn(db.schema.createTable('otp_codes'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(30)', (col) => col.notNull())
    // HMAC-SHA256 of the code (keyed: 6 digits alone would be trivial to reverse).
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0));
  otpCodes = addTimestampColumn(otpCodes, 'created_at', dialect, { defaultNow: true });
  otpCodes = addTimestampColumn(otpCodes, 'expires_at', dialect);
  // Set when the code was used, or replaced by a newer code of the same purpose.
  otpCodes = addTimestampColumn(otpCodes, 'consumed_at', dialect, { nullable: true })
    .addCheckConstraint('otp_codes_purpose_known', sql`purpose in ('verify_email', 'reset_password')`);
  await otpCodes.execute();
  await db.schema.createIndex('otp_codes_user_purpose_idx').on('otp_codes').columns(['user_id', 'purpose']).execute();

  let outbox = addIdColumn(db.schema.createTable('email_outbox'), dialect)
    .addColumn('kind', 'varchar(40)', (col) => col.notNull())
    .addColumn('to_address', 'varchar(254)', (col) => col.notNull())
    .addColumn('subject', 'varchar(300)', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(1000)');
  outbox = addTimestampColumn(outbox, 'created_at', dialect, { defaultNow: true });
  outbox = addTimestampColumn(outbox, 'next_attempt_at', dialect, { defaultNow: true });
  outbox = addTimestampColumn(outbox, 'sent_at', dialect, { nullable: true });
  // Set when delivery was given up after too many attempts.
  outbox = addTimestampColumn(outbox, 'failed_at', dialect, { nullable: true });
  await outbox.execute();
  await db.schema.createIndex('email_outbox_pending_idx').on('email_outbox').columns(['sent_at', 'failed_at', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_outbox').execute();
  await db.schema.dropTable('otp_codes').execute();
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema.dropTable('users').execute();
}
