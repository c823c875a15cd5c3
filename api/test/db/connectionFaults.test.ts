import { sql, type Kysely } from 'kysely';
import { createDatabase } from '../../src/db/createDatabase';
import { isDatabaseConnectionFault } from '../../src/db/connectionFaults';
import type { Database } from '../../src/db/schema';
import { toErrorReply } from '../../src/http/errorHandling';
import { buildTestApp } from '../support/testApp';
import { terminateSessions } from '../support/postgresSessions';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/**
 * A PostgreSQL restart, failover or `pg_terminate_backend` ends the API's connections, some of them checked out in
 * the middle of a transaction. The process must live on, the request that met the dead connection answers 503
 * with Retry-After, and the pool reconnects by itself.
 */

const postgres = testDatabases().find((target) => target.dialect === 'postgres');
const describeOnPostgres = postgres ? describe : describe.skip;

describe('what counts as a connection fault', () => {
  it.each([
    ['the server ended the session', { code: '57P01', message: 'terminating connection due to administrator command' }],
    ['the server is starting', { code: '57P03', message: 'the database system is starting up' }],
    ['a connection exception', { code: '08006', message: 'connection failure' }],
    ['a dropped socket', { code: 'ECONNRESET', message: 'read ECONNRESET' }],
    ['node-postgres lost the connection', { message: 'Connection terminated unexpectedly' }],
    ['a client that lost its connection', { message: 'Client has encountered a connection error and is not queryable' }],
    ['the pool could not connect in time', { message: 'timeout exceeded when trying to connect' }],
    ['SQLite locked past its busy timeout', { code: 'SQLITE_BUSY', message: 'database is locked' }],
  ])('%s → 503 with a one-second Retry-After, in Vietnamese', (_label, error) => {
    expect(isDatabaseConnectionFault(error)).toBe(true);
    const reply = toErrorReply(error);
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ success: false, code: 'DATABASE_UNREACHABLE' });
    expect(reply.body.message).toMatch(/cơ sở dữ liệu/);
    expect(reply.retryAfterSeconds).toBe(1);
  });

  it.each([
    ['a unique violation', { code: '23505', message: 'duplicate key value violates unique constraint' }],
    ['a syntax error', { code: '42601', message: 'syntax error at or near' }],
    ['a plain error', new Error('boom')],
  ])('%s is not one', (_label, error) => {
    expect(isDatabaseConnectionFault(error)).toBe(false);
  });
});

describeOnPostgres('a PostgreSQL connection ended under the API', () => {
  const scratch = useScratchDatabase(postgres!);
  let db: Kysely<Database>;
  const lost: string[] = [];

  beforeEach(() => {
    lost.length = 0;
    db = createDatabase(scratch.config, { poolSize: 4, onPoolError: (error) => lost.push(error.message) });
  });
  afterEach(async () => {
    await db.destroy().catch(() => undefined);
  });

  it('inside a transaction: the transaction fails as a connection fault, nothing is committed, the pool heals', async () => {
    await sql`create table if not exists fault_probe (id serial primary key, note text not null)`.execute(db);
    await sql`delete from fault_probe`.execute(db);
    const attempt = db.transaction().execute(async (trx) => {
      await sql`insert into fault_probe (note) values ('before the drop')`.execute(trx);
      // Idle in the transaction, checked out of the pool, when the server ends the session.
      expect(await terminateSessions(scratch.config.databaseUrl!)).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`insert into fault_probe (note) values ('after the drop')`.execute(trx);
    });
    const error = await attempt.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(isDatabaseConnectionFault(error)).toBe(true);
    expect(lost.some((message) => /terminating connection/.test(message))).toBe(true);
    // The next statements get fresh connections: nothing of the broken transaction was committed.
    const rows = await sql<{ note: string }>`select note from fault_probe`.execute(db);
    expect(rows.rows).toEqual([]);
  });

  it('idle in the pool: the next request is served on a new connection', async () => {
    const app = buildTestApp(db);
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      expect(await terminateSessions(scratch.config.databaseUrl!)).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const after = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(after.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('in the middle of a request: 503 DATABASE_UNREACHABLE with Retry-After, then served again', async () => {
    const app = buildTestApp(db);
    app.get('/api/test/slow-transaction', async () => {
      await db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await terminateSessions(scratch.config.databaseUrl!);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 2`.execute(trx);
      });
      return { success: true };
    });
    try {
      const broken = await app.inject({ method: 'GET', url: '/api/test/slow-transaction' });
      expect(broken.statusCode).toBe(503);
      expect(broken.headers['retry-after']).toBe('1');
      expect(broken.json()).toMatchObject({ success: false, code: 'DATABASE_UNREACHABLE' });
      expect(broken.body).not.toMatch(/terminating|stack|at /);
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
