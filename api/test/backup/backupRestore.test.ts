import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import { listFiles } from '../../src/backup/fileDigests';
import { readManifest, type BackupManifest } from '../../src/backup/manifest';
import { restoreBackup, type RefusalReason, type RestoreOptions } from '../../src/backup/restoreBackup';
import type { DatabaseConfig } from '../../src/config';
import { createDatabase } from '../../src/db/createDatabase';
import type { Database } from '../../src/db/schema';
import { receiveStock } from '../../src/modules/inventory/inventoryWrites';
import { systemClock } from '../../src/security/clock';
import { seed } from '../../seed';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';
import { onlineStock, setWarehouseStock } from '../../src/modules/stockLocations/onlineStock';
import { runCli } from '../cli/runCli';

/**
 * `npm run backup` under a write load, then a restore into a fresh database: the manifest's counts are those of
 * the snapshot (writes landed before and after it), the restored database has exactly those counts and the same
 * stock-ledger checksum, the stock moved by the load adds up across tables, and the uploads come back byte for
 * byte. A tampered file, the other database kind and a non-empty target are refused.
 */

const WAREHOUSE_STOCK = 100_000;
const LOAD_NOTE = 'backup-test load';

/** The environment the CLI reads, as the API's: one database kind only. */
function cliEnv(config: DatabaseConfig, uploadDir: string): Record<string, string> {
  const database: Record<string, string> = config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : { SQLITE_FILE: config.sqliteFile };
  return { UPLOAD_DIR: uploadDir, NODE_ENV: 'test', ...database };
}

/** Rows per table counted through Kysely (its own introspection, not the backup module's catalogue queries). */
async function kyselyCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await db.introspection.getTables({ withInternalKyselyTables: true })) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table.name)}`.execute(db);
    counts[table.name] = Number(row.rows[0]!.n);
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

async function countMovements(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('stock_movements').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The warehouse's available units of the product and what every location (the warehouse too) holds: receiving moves units, never makes them. */
async function unitsOf(db: Kysely<Database>, productId: number): Promise<{ warehouse: number; total: number }> {
  const product = await db.selectFrom('products').select(onlineStock('products.id').as('stock')).where('id', '=', productId).executeTakeFirstOrThrow();
  const held = await db
    .selectFrom('centre_stock')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('on_hand'), eb.lit(0)).as('n'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { warehouse: Number(product.stock), total: Number(held.n) };
}

describe.each(testDatabases())('backup and restore on $label', (target) => {
  const source = useScratchDatabase(target, { migrate: true });
  const adminUrl = process.env.TEST_DATABASE_URL?.trim() ?? '';
  const createdDatabases: string[] = [];
  let work = '';
  let uploadDir = '';
  let productId = 0;
  let centreId = 0;
  let actorId = 0;
  let unitsBefore = 0;
  let backupFolder = '';
  let manifest: BackupManifest;

  /** A database of this kind that does not exist yet (the restore creates it). */
  function freshDatabase(): DatabaseConfig {
    if (target.dialect === 'sqlite') return { databaseUrl: null, sqliteFile: path.join(mkdtempSync(path.join(work, 'db-')), 'restored.sqlite') };
    const name = `ev_test_${randomBytes(6).toString('hex')}`;
    createdDatabases.push(name);
    const url = new URL(source.config.databaseUrl!);
    url.pathname = `/${name}`;
    return { databaseUrl: url.toString(), sqliteFile: ':memory:' };
  }

  async function databaseExists(config: DatabaseConfig): Promise<boolean> {
    if (!config.databaseUrl) return existsSync(config.sqliteFile);
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return (await client.query('select 1 from pg_database where datname = $1', [new URL(config.databaseUrl).pathname.slice(1)])).rowCount === 1;
    } finally {
      await client.end();
    }
  }

  function expectRefused(promise: Promise<unknown>, reason: RefusalReason): Promise<void> {
    return expect(promise).rejects.toMatchObject({ name: 'RestoreRefusedError', reason });
  }

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'ev-backup-test-'));
    await seed(source.db, { demoHistory: false });
    // Uploads: nested folders, a Vietnamese name, an empty file, binary content.
    uploadDir = path.join(work, 'uploads');
    const files: Record<string, Buffer> = {
      'avatars/7/a1.webp': randomBytes(200_000),
      'checklists/12/ảnh-phanh.jpg': randomBytes(1_000_000),
      'empty.txt': Buffer.alloc(0),
    };
    for (const [name, bytes] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(uploadDir, name)), { recursive: true });
      writeFileSync(path.join(uploadDir, name), bytes);
    }
    const product = await source.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    productId = product.id;
    await setWarehouseStock(source.db, productId, WAREHOUSE_STOCK);
    centreId = (await source.db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow()).id;
    actorId = (await source.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    unitsBefore = (await unitsOf(source.db, productId)).total;
  });

  afterAll(async () => {
    if (createdDatabases.length > 0) {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        for (const name of createdDatabases) await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('backs up a consistent snapshot while stock is received, and restores it into a fresh database exactly', async () => {
    const movementsBefore = await countMovements(source.db);
    // The load: one unit from the warehouse into a centre per transaction (products, centre_stock, stock_movements).
    let stop = false;
    let done = 0;
    const load = (async () => {
      const started = Date.now();
      while (!stop && done < 20_000 && Date.now() - started < 30_000) {
        await source.db.transaction().execute((trx) => receiveStock(trx, systemClock, { centreId, lines: [{ productId, quantity: 1 }], actorId, note: LOAD_NOTE }));
        done++;
        await nextTurn(); // lets the child's output and exit through between SQLite's synchronous writes
      }
    })();
    const waitFor = async (count: number) => {
      while (done < count && !stop) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    try {
      await waitFor(20);
      const outDir = path.join(work, 'backups');
      const backup = await runCli('src/cli/backup.ts', ['--out', outDir], cliEnv(source.config, uploadDir));
      expect({ code: backup.code, stderr: backup.stderr }).toEqual({ code: 0, stderr: '' });
      const writesDuringBackup = done;
      await waitFor(writesDuringBackup + 20);
      stop = true;
      await load;
      const folders = readdirSync(outDir);
      expect(folders).toHaveLength(1);
      expect(folders[0]).toMatch(/^\d{4}-\d\d-\d\dT\d{6}Z$/);
      backupFolder = path.join(outDir, folders[0]!);
      expect(backup.stdout).toContain(backupFolder);
    } finally {
      stop = true;
      await load;
    }
    const movementsAfter = await countMovements(source.db);
    manifest = await readManifest(backupFolder);

    // A snapshot taken in the middle of the load, with the ledger digest of the same rows.
    expect(manifest.dialect).toBe(target.dialect);
    expect(manifest.tables.stock_movements).toBeGreaterThanOrEqual(movementsBefore + 20);
    expect(manifest.tables.stock_movements).toBeLessThanOrEqual(movementsAfter - 20);
    expect(manifest.stockLedger.rows).toBe(manifest.tables.stock_movements);
    expect(manifest.migrations.length).toBeGreaterThan(0);
    expect(Object.keys(manifest.files).sort()).toEqual([
      target.dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump',
      'uploads/avatars/7/a1.webp',
      'uploads/checklists/12/ảnh-phanh.jpg',
      'uploads/empty.txt',
    ]);

    const fresh = freshDatabase();
    const restoredUploads = path.join(work, 'restored-uploads');
    const result = await restoreBackup({ folder: backupFolder, database: fresh, uploadDir: restoredUploads });
    expect(result.mismatches).toEqual([]);
    expect(result.restored.stockLedger).toEqual(manifest.stockLedger);

    const restored = createDatabase(fresh);
    try {
      expect(await kyselyCounts(restored)).toEqual(manifest.tables);
      // Across tables in the same snapshot: every unit the restored ledger received left the restored warehouse.
      const units = await unitsOf(restored, productId);
      expect(units.total).toBe(unitsBefore);
      // Each receive of 1 is a TRANSFER_OUT at the warehouse and a TRANSFER_IN at the centre, both with the note.
      const loadRows = await restored
        .selectFrom('stock_movements')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('reason', '=', LOAD_NOTE)
        .where('kind', '=', 'TRANSFER_IN')
        .executeTakeFirstOrThrow();
      expect(Number(loadRows.n)).toBe(WAREHOUSE_STOCK - units.warehouse);
      expect(2 * Number(loadRows.n)).toBe(manifest.tables.stock_movements! - movementsBefore);
    } finally {
      await restored.destroy();
    }

    const sourceFiles = await listFiles(uploadDir);
    expect(await listFiles(restoredUploads)).toEqual(sourceFiles);
    for (const file of sourceFiles) expect(readFileSync(path.join(restoredUploads, file)).equals(readFileSync(path.join(uploadDir, file)))).toBe(true);

    // --force over a database that holds data (and a changed ledger): back to the manifest's figures.
    const changed = createDatabase(fresh);
    try {
      await changed.deleteFrom('stock_movements').where('reason', '=', LOAD_NOTE).execute();
      await sql`create table newer_feature (id integer primary key)`.execute(changed); // as a newer version's migration would
    } finally {
      await changed.destroy();
    }
    writeFileSync(path.join(restoredUploads, 'stray.txt'), 'not in the backup');
    await expectRefused(restoreBackup({ folder: backupFolder, database: fresh, uploadDir: restoredUploads }), 'not-empty');
    const again = await restoreBackup({ folder: backupFolder, database: fresh, uploadDir: restoredUploads, force: true });
    expect(again.mismatches).toEqual([]);
    expect(again.restored.tables).toEqual(manifest.tables);
    expect(again.droppedTables).toEqual(target.dialect === 'postgres' ? ['newer_feature'] : []);
    const reopened = createDatabase(fresh);
    try {
      expect(await kyselyCounts(reopened)).toEqual(manifest.tables);
    } finally {
      await reopened.destroy();
    }
    expect(await listFiles(restoredUploads)).toEqual(sourceFiles);
  }, 60_000);

  it('refuses a backup with a tampered file before touching the target, also through the CLI', async () => {
    expect(backupFolder).not.toBe('');
    const tampered = path.join(work, 'tampered');
    cpSync(backupFolder, tampered, { recursive: true });
    const photo = path.join(tampered, 'uploads', 'checklists', '12', 'ảnh-phanh.jpg');
    const bytes = readFileSync(photo);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff; // same size, one byte flipped
    writeFileSync(photo, bytes);
    const options = (): RestoreOptions => ({ folder: tampered, database: freshDatabase(), uploadDir: path.join(work, 'never-written') });

    const first = options();
    await expectRefused(restoreBackup(first), 'checksum');
    expect(await databaseExists(first.database)).toBe(false);
    expect(existsSync(first.uploadDir)).toBe(false);

    const cli = options();
    const refused = await runCli('src/cli/restore.ts', [tampered], cliEnv(cli.database, cli.uploadDir));
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('ảnh-phanh.jpg: sai checksum');
    expect(await databaseExists(cli.database)).toBe(false);

    // The database file too, and a file slipped into uploads/.
    writeFileSync(photo, readFileSync(path.join(backupFolder, 'uploads', 'checklists', '12', 'ảnh-phanh.jpg')));
    const dump = path.join(tampered, target.dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump');
    writeFileSync(dump, Buffer.concat([readFileSync(dump), Buffer.from([0])]));
    await expect(restoreBackup(options())).rejects.toThrow(/database\.(sqlite|pgdump): sai checksum/);
    cpSync(path.join(backupFolder, path.basename(dump)), dump);
    writeFileSync(path.join(tampered, 'uploads', 'extra.sh'), 'echo hi');
    await expect(restoreBackup(options())).rejects.toThrow(/uploads\/extra\.sh: không có trong manifest/);
  });

  it('refuses the other database kind, and a target with data or uploads without --force', async () => {
    expect(backupFolder).not.toBe('');
    const other: DatabaseConfig =
      target.dialect === 'sqlite'
        ? { databaseUrl: 'postgres://postgres@127.0.0.1:1/ev_never_connected', sqliteFile: ':memory:' }
        : { databaseUrl: null, sqliteFile: path.join(work, 'never.sqlite') };
    await expectRefused(restoreBackup({ folder: backupFolder, database: other, uploadDir: path.join(work, 'never-written') }), 'dialect');
    expect(existsSync(path.join(work, 'never.sqlite'))).toBe(false);

    const sourceCounts = await kyselyCounts(source.db);
    await expectRefused(restoreBackup({ folder: backupFolder, database: source.config, uploadDir: path.join(work, 'never-written') }), 'not-empty');
    expect(await kyselyCounts(source.db)).toEqual(sourceCounts);
    const empty = freshDatabase();
    await expectRefused(restoreBackup({ folder: backupFolder, database: empty, uploadDir }), 'not-empty');
    expect(await databaseExists(empty)).toBe(false);
  });
});
