import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Each remote released alone (issue 68, decision 0070):
 * - remote_builds: every published build of an app (a remote, or 'shell'), immutable: build_id '<version>-<hash>'
 *   unique per app, its release.json as JSON text, who published it (an admin, or a release token's label);
 * - remote_releases: one row per app — the live build, an optional canary with its share of browsers (0–100), and a
 *   version every move is conditional on;
 * - release_events: the audit of every PUBLISH, CANARY, PROMOTE, ROLLBACK and CANARY_STOP (who, when, from which build);
 * - release_tokens: the tokens a team's pipeline releases one app with, kept as SHA-256 only, revocable.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let builds = addIdColumn(db.schema.createTable('remote_builds'), dialect)
    .addColumn('remote', 'varchar(40)', (col) => col.notNull())
    .addColumn('build_id', 'varchar(80)', (col) => col.notNull())
    .addColumn('version', 'varchar(40)', (col) => col.notNull())
    .addColumn('content_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('commit', 'varchar(64)', (col) => col.notNull())
    .addColumn('contracts_version', 'varchar(40)', (col) => col.notNull())
    .addColumn('manifest_url', 'varchar(500)', (col) => col.notNull())
    .addColumn('release_info', 'text', (col) => col.notNull())
    .addColumn('published_by', 'integer', (col) => col.references('users.id'))
    .addColumn('published_via', 'varchar(10)', (col) => col.notNull())
    .addColumn('token_label', 'varchar(80)');
  builds = addTimestampColumn(builds, 'published_at', dialect, { defaultNow: true })
    .addUniqueConstraint('remote_builds_remote_build_key', ['remote', 'build_id'])
    .addCheckConstraint('remote_builds_via_known', sql`published_via in ('ADMIN', 'TOKEN')`)
    .addCheckConstraint('remote_builds_actor', sql`(published_via = 'ADMIN' and published_by is not null) or (published_via = 'TOKEN' and token_label is not null)`);
  await builds.execute();

  let releases = db.schema
    .createTable('remote_releases')
    .addColumn('remote', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('live_build_id', 'varchar(80)', (col) => col.notNull())
    .addColumn('canary_build_id', 'varchar(80)')
    .addColumn('canary_percent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1));
  releases = addTimestampColumn(releases, 'updated_at', dialect, { defaultNow: true })
    .addColumn('updated_by', 'integer', (col) => col.references('users.id'))
    .addForeignKeyConstraint('remote_releases_live_fkey', ['remote', 'live_build_id'], 'remote_builds', ['remote', 'build_id'])
    .addForeignKeyConstraint('remote_releases_canary_fkey', ['remote', 'canary_build_id'], 'remote_builds', ['remote', 'build_id'])
    .addCheckConstraint('remote_releases_percent', sql`canary_percent >= 0 and canary_percent <= 100`)
    .addCheckConstraint('remote_releases_canary', sql`canary_build_id is not null or canary_percent = 0`)
    .addCheckConstraint('remote_releases_version', sql`version >= 1`);
  await releases.execute();

  let events = addIdColumn(db.schema.createTable('release_events'), dialect)
    .addColumn('remote', 'varchar(40)', (col) => col.notNull())
    .addColumn('action', 'varchar(12)', (col) => col.notNull())
    .addColumn('build_id', 'varchar(80)', (col) => col.notNull())
    .addColumn('from_build_id', 'varchar(80)')
    .addColumn('percent', 'integer')
    .addColumn('actor_id', 'integer', (col) => col.references('users.id'))
    .addColumn('actor_via', 'varchar(10)', (col) => col.notNull())
    .addColumn('token_label', 'varchar(80)')
    .addColumn('note', 'varchar(300)');
  events = addTimestampColumn(events, 'at', dialect, { defaultNow: true })
    .addCheckConstraint('release_events_action_known', sql`action in ('PUBLISH', 'CANARY', 'PROMOTE', 'ROLLBACK', 'CANARY_STOP')`)
    .addCheckConstraint('release_events_via_known', sql`actor_via in ('ADMIN', 'TOKEN')`)
    .addCheckConstraint('release_events_percent', sql`percent is null or (percent >= 0 and percent <= 100)`);
  await events.execute();
  await db.schema.createIndex('release_events_remote_idx').on('release_events').columns(['remote', 'id']).execute();

  let tokens = addIdColumn(db.schema.createTable('release_tokens'), dialect)
    .addColumn('remote', 'varchar(40)', (col) => col.notNull())
    .addColumn('label', 'varchar(80)', (col) => col.notNull())
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'));
  tokens = addTimestampColumn(tokens, 'created_at', dialect, { defaultNow: true });
  tokens = addTimestampColumn(tokens, 'revoked_at', dialect, { nullable: true });
  await tokens.execute();
  await db.schema.createIndex('release_tokens_remote_idx').on('release_tokens').column('remote').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('release_tokens').ifExists().execute();
  await db.schema.dropTable('release_events').ifExists().execute();
  await db.schema.dropTable('remote_releases').ifExists().execute();
  await db.schema.dropTable('remote_builds').ifExists().execute();
}
