import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../portable';

/**
 * The admin's services and packages (issue 34, shop-operations.md §2):
 *
 * - `services.version` and `service_packages.version`: a save carries the version it was edited from (a stale one
 *   changes nothing); archiving and restoring are versioned too (the existing `is_active` switch).
 * - `services.vat_rate` (0, 5, 8 or 10 %; services are 10 % until the admin says otherwise) and
 *   `services.description` (the long text beside the short `summary`).
 * - Names up to 200 characters (§7): PostgreSQL widens the columns; SQLite does not hold varchar lengths.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('services').addColumn('version', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('services').addColumn('vat_rate', 'integer', (col) => col.notNull().defaultTo(10)).execute();
  await db.schema.alterTable('services').addColumn('description', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('service_packages').addColumn('version', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  if (dialectOf(db) === 'postgres') {
    await sql`alter table services alter column name type varchar(200)`.execute(db);
    await sql`alter table service_packages alter column name type varchar(200)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('service_packages').dropColumn('version').execute();
  for (const name of ['description', 'vat_rate', 'version']) await db.schema.alterTable('services').dropColumn(name).execute();
}
