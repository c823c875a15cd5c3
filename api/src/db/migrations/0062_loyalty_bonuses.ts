import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../portable';
import { rebuildSqliteTable } from '../sqliteRebuild';

/**
 * Sign-up and birthday bonuses as earning rules (issue 67 §3): two columns of the rules (0 = off; the shop's first:
 * sign-up 50, birthday 100). A customer verified before this migration never gets a sign-up bonus: the cursor keeps
 * the instant from which verified customers get it. A BONUS entry is a lot like an EARN (the entries' CHECKs widen; on
 * SQLite the table is rebuilt, rows and ids kept), and the KPIs read the entries by month of created_at.
 */
const BOUNDS = { max: 100_000 };
/** The shop's first bonuses, in every row of the rules (the first rules included). */
const DEFAULTS: Record<string, number> = { signup_bonus: 50, birthday_bonus: 100 };
const OLD_KINDS = `kind in ('EARN', 'REDEEM', 'RETURN', 'EXPIRE', 'REVERSE', 'ADJUST')`;
const NEW_KINDS = `kind in ('EARN', 'REDEEM', 'RETURN', 'EXPIRE', 'REVERSE', 'ADJUST', 'BONUS')`;
const OLD_LOTS = `kind in ('EARN', 'RETURN', 'ADJUST') or remaining = 0`;
const NEW_LOTS = `kind in ('EARN', 'RETURN', 'ADJUST', 'BONUS') or remaining = 0`;

async function setEntryChecks(db: Kysely<any>, from: { kinds: string; lots: string }, to: { kinds: string; lots: string }): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table loyalty_entries drop constraint loyalty_entries_kind`.execute(db);
    await sql`alter table loyalty_entries drop constraint loyalty_entries_remaining`.execute(db);
    await sql.raw(`alter table loyalty_entries add constraint loyalty_entries_kind check (${to.kinds})`).execute(db);
    await sql.raw(`alter table loyalty_entries add constraint loyalty_entries_remaining check (remaining >= 0 and (${to.lots}))`).execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'loyalty_entries', (definition) => {
    const next = definition.replace(from.kinds, to.kinds).replace(from.lots, to.lots);
    if (!next.includes(to.kinds) || !next.includes(to.lots)) throw new Error('0062: the loyalty_entries CHECKs were not found');
    return next;
  });
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['signup_bonus', 'birthday_bonus']) {
    await db.schema
      .alterTable('loyalty_settings')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(DEFAULTS[column]).check(sql`${sql.ref(column)} between 0 and ${sql.lit(BOUNDS.max)}`))
      .execute();
  }
  // Customers verified from now on get the sign-up bonus; none verified before it existed.
  await db.schema.alterTable('loyalty_cursor').addColumn('signups_from', dialectOf(db) === 'postgres' ? 'timestamptz' : 'text').execute();
  await db.updateTable('loyalty_cursor').set({ signups_from: new Date().toISOString() }).where('id', '=', 1).execute();

  await setEntryChecks(db, { kinds: OLD_KINDS, lots: OLD_LOTS }, { kinds: NEW_KINDS, lots: NEW_LOTS });
  // The KPIs group the entries by month of created_at.
  await db.schema.createIndex('loyalty_entries_created_idx').on('loyalty_entries').column('created_at').execute();
  // The sign-up bonus looks for customers verified since the rule.
  await db.schema.createIndex('users_email_verified_idx').on('users').column('email_verified_at').where(sql.ref('email_verified_at'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_email_verified_idx').ifExists().execute();
  await db.schema.dropIndex('loyalty_entries_created_idx').ifExists().execute();
  await db.deleteFrom('loyalty_entries').where('kind', '=', 'BONUS').execute();
  await setEntryChecks(db, { kinds: NEW_KINDS, lots: NEW_LOTS }, { kinds: OLD_KINDS, lots: OLD_LOTS });
  await db.schema.alterTable('loyalty_cursor').dropColumn('signups_from').execute();
  await db.schema.alterTable('loyalty_settings').dropColumn('birthday_bonus').execute();
  await db.schema.alterTable('loyalty_settings').dropColumn('signup_bonus').execute();
}
