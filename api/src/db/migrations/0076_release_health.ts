import { sql, type Kysely } from 'kysely';
import { addTimestampColumn, dialectOf } from '../portable';
import { rebuildSqliteTable } from '../sqliteRebuild';

/**
 * Release health and the system as a releaser (issue 68, decision 0070):
 * - remote_builds and release_events accept the channel SYSTEM (the start script making the current builds live, the
 *   automatic stop of a failing canary), its label in token_label (the CHECKs widened; on SQLite by rebuilding the
 *   tables, their rows, ids and indexes kept);
 * - release_build_health: per build, the sampled page views and errors the browsers reported, each report added to
 *   the counters in one statement.
 */
const CHECKS: Record<'remote_builds' | 'release_events', Array<{ name: string; from: string; to: string }>> = {
  remote_builds: [
    { name: 'remote_builds_via_known', from: `published_via in ('ADMIN', 'TOKEN')`, to: `published_via in ('ADMIN', 'TOKEN', 'SYSTEM')` },
    {
      name: 'remote_builds_actor',
      from: `(published_via = 'ADMIN' and published_by is not null) or (published_via = 'TOKEN' and token_label is not null)`,
      to: `(published_via = 'ADMIN' and published_by is not null) or (published_via in ('TOKEN', 'SYSTEM') and token_label is not null)`,
    },
  ],
  release_events: [{ name: 'release_events_via_known', from: `actor_via in ('ADMIN', 'TOKEN')`, to: `actor_via in ('ADMIN', 'TOKEN', 'SYSTEM')` }],
};

async function setChecks(db: Kysely<any>, direction: 'up' | 'down'): Promise<void> {
  for (const [table, checks] of Object.entries(CHECKS)) {
    if (dialectOf(db) === 'postgres') {
      for (const check of checks) {
        await sql.raw(`alter table ${table} drop constraint ${check.name}`).execute(db);
        await sql.raw(`alter table ${table} add constraint ${check.name} check (${direction === 'up' ? check.to : check.from})`).execute(db);
      }
      continue;
    }
    // SQLite cannot alter a CHECK: the table is rebuilt with the new ones (its rows, ids and indexes kept).
    await rebuildSqliteTable(db, table, (definition) => {
      let next = definition;
      for (const check of checks) {
        const [from, to] = direction === 'up' ? [check.from, check.to] : [check.to, check.from];
        const pattern = new RegExp(`("?${check.name}"?\\s+check\\s*\\()${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`, 'i');
        if (!pattern.test(next)) throw new Error(`0076: the CHECK ${check.name} of ${table} was not found`);
        next = next.replace(pattern, (_match, head: string) => `${head}${to})`);
      }
      return next;
    });
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await setChecks(db, 'up');

  let health = db.schema
    .createTable('release_build_health')
    .addColumn('remote', 'varchar(40)', (col) => col.notNull())
    .addColumn('build_id', 'varchar(80)', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('errors', 'integer', (col) => col.notNull().defaultTo(0));
  health = addTimestampColumn(health, 'updated_at', dialectOf(db), { defaultNow: true })
    .addPrimaryKeyConstraint('release_build_health_pkey', ['remote', 'build_id'])
    .addCheckConstraint('release_build_health_counts', sql`views >= 0 and errors >= 0`);
  await health.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('release_build_health').ifExists().execute();
  // The old CHECKs know no SYSTEM: its rows are kept as a token's, under the same label.
  await db.updateTable('release_events').set({ actor_via: 'TOKEN' }).where('actor_via', '=', 'SYSTEM').execute();
  await db.updateTable('remote_builds').set({ published_via: 'TOKEN' }).where('published_via', '=', 'SYSTEM').execute();
  await setChecks(db, 'down');
}
