import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../../src/db/createDatabase';
import { startWalCheckpointer } from '../../src/db/sqliteCheckpointer';

/** Waits until `condition` holds (Jest's timeout ends a wait that never does). */
async function eventually(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('SQLite WAL checkpoints from a worker thread', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'ev-checkpointer-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it("turns the API connection's own checkpoints off and still moves committed pages into the database file", async () => {
    const file = path.join(folder, 'api.sqlite');
    const db = createDatabase({ databaseUrl: null, sqliteFile: file }, { walCheckpointer: true });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(rows[0]?.wal_autocheckpoint).toBe(0);
      await sql`create table note (id integer primary key, body text not null)`.execute(db);
      const body = 'ghi chú '.repeat(128);
      for (let batch = 0; batch < 40; batch += 1) {
        await db.transaction().execute(async (trx) => {
          for (let row = 0; row < 50; row += 1) await sql`insert into note (body) values (${body})`.execute(trx);
        });
      }
      // 2,000 rows of ~1 KB: only a checkpoint puts them in the database file, and the API's connection does none.
      await eventually(() => statSync(file).size > 2_000_000);
      const { rows: count } = await sql<{ n: number }>`select count(*) as n from note`.execute(db);
      expect(Number(count[0]?.n)).toBe(2_000);
    } finally {
      await db.destroy();
    }
  });

  it('tells its owner when it cannot work, so that SQLite checkpoints by itself again', async () => {
    const failure = await new Promise<Error>((resolve) => startWalCheckpointer(path.join(folder, 'missing', 'api.sqlite'), resolve));
    expect(failure.message).toMatch(/directory does not exist|unable to open|SQLITE_CANTOPEN/i);
  });
});
