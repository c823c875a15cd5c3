import { sql, type Kysely } from 'kysely';
import { addTimestampColumn, dialectOf } from '../portable';

/**
 * Each outside provider's circuit breaker as the API instances last saw it (issue 63): the owner's status panel shows
 * "Zalo đang lỗi" from it, whichever instance answers. One row per provider, replaced on each transition.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let table = db.schema.createTable('provider_health').addColumn('provider', 'varchar(20)', (col) => col.primaryKey()).addColumn('state', 'varchar(10)', (col) => col.notNull());
  table = addTimestampColumn(table, 'changed_at', dialect);
  table = addTimestampColumn(table, 'open_until', dialect, { nullable: true })
    .addColumn('last_error', 'varchar(500)')
    .addCheckConstraint('provider_health_state', sql`state in ('open', 'closed')`);
  await table.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_health').ifExists().execute();
}
