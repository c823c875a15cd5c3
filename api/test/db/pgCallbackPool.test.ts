import { sql } from 'kysely';
import { Pool } from 'pg';
import { AUTO_PREPARE_AFTER, callbackQueryPool } from '../../src/db/pgCallbackPool';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/**
 * The API's Kysely on PostgreSQL runs each query through pg's callback form (db/pgCallbackPool.ts, so that a report's
 * rows die young): queries, their errors, transactions and parameters must behave exactly as through pg's promise.
 */
describe.each(testDatabases())('the API database on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });

  it('answers a parameterised read with its rows, and a bad statement with the database error, the connection still serving', async () => {
    await scratch.db.insertInto('catalogue_brands').values([{ slug: 'vinfast', name: 'VinFast' }, { slug: 'pega', name: 'Pega' }]).execute();
    const rows = await scratch.db.selectFrom('catalogue_brands').select(['slug', 'name']).where('slug', 'in', ['pega', 'vinfast']).orderBy('slug').execute();
    expect(rows).toEqual([
      { slug: 'pega', name: 'Pega' },
      { slug: 'vinfast', name: 'VinFast' },
    ]);
    const failure = await sql`select * from khong_co_bang_nay`.execute(scratch.db).catch((error: unknown) => error);
    // (SQLite's error class comes from another realm under Jest: matched by its message, not instanceof)
    expect(failure).toMatchObject({ message: expect.stringMatching(/khong_co_bang_nay/) });
    if (target.dialect === 'postgres') expect((failure as { code?: string }).code).toBe('42P01');
    expect(await scratch.db.selectFrom('catalogue_brands').select('slug').where('slug', '=', 'pega').executeTakeFirst()).toEqual({ slug: 'pega' });
  });

  it('keeps a transaction on its one connection: what it wrote is gone after its rollback, and kept after a commit', async () => {
    const rolledBack = await scratch.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('catalogue_brands').values({ slug: 'tam-thoi', name: 'Tạm thời' }).execute();
        expect(await trx.selectFrom('catalogue_brands').select('name').where('slug', '=', 'tam-thoi').executeTakeFirst()).toEqual({ name: 'Tạm thời' });
        throw new Error('rollback');
      })
      .catch((error: Error) => error.message);
    expect(rolledBack).toBe('rollback');
    expect(await scratch.db.selectFrom('catalogue_brands').select('slug').where('slug', '=', 'tam-thoi').executeTakeFirst()).toBeUndefined();
    await scratch.db.transaction().execute((trx) => trx.insertInto('catalogue_brands').values({ slug: 'da-luu', name: 'Đã lưu' }).execute());
    expect(await scratch.db.selectFrom('catalogue_brands').select('name').where('slug', '=', 'da-luu').executeTakeFirst()).toEqual({ name: 'Đã lưu' });
  });

  if (target.dialect === 'postgres') {
    it('hands Kysely one client object per pg connection, with its backend pid, and gives the connection back on release', async () => {
      const pool = new Pool({ connectionString: scratch.config.databaseUrl!, max: 1 });
      const kyselyPool = callbackQueryPool(pool);
      try {
        const first = await kyselyPool.connect();
        const pid = (await first.query<{ pid: number }>('select pg_backend_pid() as pid', [])).rows[0]!.pid;
        expect(first.processID).toBe(pid);
        first.release();
        // max 1: the second connect gets the same pg connection back only if the first was released.
        const second = await kyselyPool.connect();
        expect(second).toBe(first);
        expect((await second.query<{ sum: number }>('select $1::int + $2::int as sum', [2, 3])).rows).toEqual([{ sum: 5 }]);
        second.release(true);
        const third = await kyselyPool.connect();
        expect(third).not.toBe(first);
        expect(third.processID).not.toBe(pid);
        third.release();
      } finally {
        await kyselyPool.end();
      }
    });

    it(`keeps a statement with parameters prepared from its ${AUTO_PREPARE_AFTER}th run, each run still answering its own values; never one without`, async () => {
      const pool = new Pool({ connectionString: scratch.config.databaseUrl!, max: 1 });
      const kyselyPool = callbackQueryPool(pool);
      const client = await kyselyPool.connect();
      // A text no other test runs, so that its runs are counted from zero here.
      const text = `select $1::int * $2::int as product, 'tự chuẩn bị ${process.pid}' as tag`;
      const prepared = async () =>
        (await client.query<{ statement: string }>('select statement from pg_prepared_statements where not from_sql', [])).rows.map((row) => row.statement);
      try {
        for (let run = 1; run <= AUTO_PREPARE_AFTER + 2; run += 1) {
          expect((await client.query<{ product: number }>(text, [run, 7])).rows[0]!.product).toBe(run * 7);
          expect(await prepared()).toEqual(run < AUTO_PREPARE_AFTER ? [] : [text]);
        }
        for (let run = 1; run <= AUTO_PREPARE_AFTER + 2; run += 1) await client.query('select 1 as one', []);
        expect(await prepared()).toEqual([text]);
      } finally {
        client.release();
        await kyselyPool.end();
      }
    });
  }
});
