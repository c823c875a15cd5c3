import { Client } from 'pg';

/**
 * Ends every session of `databaseUrl`'s database but the caller's own, as a PostgreSQL restart, a failover or a
 * managed database's maintenance does (SQLSTATE 57P01 on each); resolves with how many were ended.
 */
export async function terminateSessions(databaseUrl: string): Promise<number> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const result = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}
