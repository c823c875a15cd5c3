import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Insertable, Kysely } from 'kysely';
import { loadConfig } from '../../../src/config';
import type { Database } from '../../../src/db/schema';
import { recoverProductCsvImports } from '../../../src/modules/catalogueAdmin';
import { DEMO_ACCOUNTS } from '../../../seed';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

/**
 * The product CSV apply is all or nothing across kill -9 and a restart (decision 0053): a process applying a
 * 5,000-row file is killed with SIGKILL part way, then the API's start-up recovery runs, and the catalogue is as
 * before the file — never part of it: its products' columns and their fitment rows ("Xe tương thích", which the file
 * replaces or clears for the products it updates). A run left to finish gives the file, which the recovery keeps.
 */

const API_ROOT = path.resolve(__dirname, '..', '..', '..');
const CHILD = path.join(API_ROOT, 'test', 'support', 'productCsvApplyChild.ts');
const ROWS = 5_000;
const UPDATED = 40;
const HEADER = ['sku', 'name', 'category', 'brand', 'price', 'vatRate', 'unit', 'status', 'description', 'fitments'];
/** The fitment cell of the updated products: every other one gets this row, the others none (their rows cleared). */
const FITMENT_CELL = 'vinfast-feliz-s:2022-:FRONT:2';

jest.setTimeout(90_000);

/** What the shop and the admin see of the catalogue: every product, its slug redirects, its fitment rows and its history. */
async function catalogueOf(db: Kysely<Database>) {
  const products = await db.selectFrom('products').select(['id', 'sku', 'slug', 'name', 'price', 'status', 'is_active', 'version', 'search_text', 'updated_at']).orderBy('sku').execute();
  const redirects = await db.selectFrom('product_slug_redirects').select(['slug', 'product_id']).orderBy('slug').execute();
  const fitments = await db
    .selectFrom('product_fitments as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .innerJoin('vehicle_models as m', 'm.id', 'f.model_id')
    .select(['p.sku', 'm.slug', 'f.year_from', 'f.year_to', 'f.position', 'f.quantity_per_vehicle'])
    .execute();
  const history = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return {
    products: products.map((row) => ({ ...row, price: Number(row.price), updated_at: new Date(row.updated_at).toISOString() })),
    redirects,
    fitments: fitments.map((row) => `${row.sku} ${row.slug}:${row.year_from ?? ''}-${row.year_to ?? ''}:${row.position ?? ''}:${Number(row.quantity_per_vehicle)}`).sort(),
    history: Number(history.n),
  };
}

type Catalogue = Awaited<ReturnType<typeof catalogueOf>>;

const csvLine = (cells: string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',');

describe.each(testDatabases())('a product CSV apply killed with SIGKILL on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let folder = '';
  let csvFile = '';
  let actorId = 0;
  let before: Catalogue;
  /** Each file row's SKU with the name and price it sets. */
  const fileRows: { sku: string; name: string; price: number }[] = [];
  /** The updated products' SKUs: with FITMENT_CELL (true) or an empty cell (false). */
  const fitted = new Map<string, boolean>();
  const chunks = () => Math.ceil(ROWS / (target.dialect === 'sqlite' ? 25 : 250));

  beforeAll(async () => {
    const db = scratch.db;
    folder = mkdtempSync(path.join(tmpdir(), 'ev-csv-crash-'));
    actorId = (await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.find((account) => account.role === 'admin')!.email).executeTakeFirstOrThrow()).id;
    const existing = await db
      .selectFrom('products')
      .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
      .innerJoin('catalogue_brands', 'catalogue_brands.id', 'products.brand_id')
      .select(['products.sku', 'products.name', 'products.price', 'products.vat_rate', 'products.unit', 'catalogue_categories.name as category', 'catalogue_brands.name as brand'])
      .orderBy('products.id')
      .limit(UPDATED)
      .execute();
    const lines = [csvLine(HEADER)];
    existing.forEach((product, index) => {
      // Every fourth one renamed: a new slug and a redirect from the old one, which an undo must take back too.
      const name = index % 4 === 0 ? `${product.name} (đợt mới)` : product.name;
      const price = Number(product.price) + 10_000;
      fileRows.push({ sku: product.sku, name, price });
      fitted.set(product.sku, index % 2 === 0);
      const cell = index % 2 === 0 ? FITMENT_CELL : '';
      lines.push(csvLine([product.sku, name, product.category, product.brand, String(price), String(product.vat_rate), product.unit, '', 'Giá mới theo bảng giá tháng 12.', cell]));
    });
    const first = existing[0]!;
    for (let index = fileRows.length; index < ROWS; index += 1) {
      const sku = `CRASH-${String(index).padStart(5, '0')}`;
      const name = `Phụ tùng nhập CSV số ${index}`;
      const price = 100_000 + index * 1_000;
      fileRows.push({ sku, name, price });
      lines.push(csvLine([sku, name, first.category, first.brand, String(price), '10', 'cái', 'published', 'Phụ tùng nhập từ bảng giá.', '']));
    }
    csvFile = path.join(folder, 'san-pham.csv');
    writeFileSync(csvFile, `${lines.join('\r\n')}\r\n`);
    before = await catalogueOf(db);
    // Some of the products the file updates have rows (the demo parts'), which the file replaces or clears.
    expect(before.fitments.filter((row) => fitted.has(row.split(' ')[0]!)).length).toBeGreaterThan(0);
  });

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  function startApply(): { child: ChildProcess; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> } {
    const { config } = scratch;
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: API_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        CSV_FILE: csvFile,
        ACTOR_ID: String(actorId),
        ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : { SQLITE_FILE: config.sqliteFile }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) => resolve({ code, signal, output }));
    });
    return { child, exited };
  }

  const journalled = async () =>
    Number((await scratch.db.selectFrom('product_csv_import_journal').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);

  /** The recovery the API runs at its start (server.ts), with this database's configuration. */
  const recoverAsTheServerStarts = () =>
    recoverProductCsvImports({
      config: loadConfig(scratch.config.databaseUrl ? { DATABASE_URL: scratch.config.databaseUrl } : { SQLITE_FILE: scratch.config.sqliteFile }),
      db: scratch.db,
      log: { warn: () => undefined, error: () => undefined },
    });

  /** Kills the apply once at least `atChunks` chunks are committed (the catalogue then holds part of the file). */
  async function killAfter(atChunks: number): Promise<void> {
    const { child, exited } = startApply();
    let done: Awaited<typeof exited> | null = null;
    void exited.then((result) => (done = result));
    while ((await journalled()) < atChunks) {
      if (done) throw new Error(`the apply ended before it was killed: ${(done as { output: string }).output}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    child.kill('SIGKILL');
    const result = await exited;
    expect(result.signal).toBe('SIGKILL');
  }

  function expectTheFile(after: Catalogue): void {
    const bySku = new Map(after.products.map((product) => [product.sku, product]));
    for (const row of fileRows) expect({ sku: row.sku, name: bySku.get(row.sku)?.name, price: bySku.get(row.sku)?.price }).toEqual(row);
    const updatedRows = after.fitments.filter((row) => fitted.has(row.split(' ')[0]!));
    const expected = [...fitted].filter(([, withRow]) => withRow).map(([sku]) => `${sku} vinfast-feliz-s:2022-:FRONT:2`);
    expect(updatedRows).toEqual(expected.sort());
    expect(after.products).toHaveLength(before.products.length + ROWS - UPDATED);
  }

  it.each([
    ['a few chunks', () => 3],
    ['about half the chunks', () => Math.floor(chunks() / 2)],
  ])('killed after %s, the start-up recovery gives back the catalogue as before the file', async (_label, atChunks) => {
    await killAfter(atChunks());
    const cutShort = await catalogueOf(scratch.db);
    // What kill -9 left: part of the file live (what this change is about).
    expect(cutShort.products.length).toBeGreaterThan(before.products.length);
    expect(cutShort.products.length).toBeLessThan(before.products.length + ROWS - UPDATED);

    expect(await recoverAsTheServerStarts()).toBe(1);
    expect(await catalogueOf(scratch.db)).toEqual(before);
    expect(await journalled()).toBe(0);
    expect(await scratch.db.selectFrom('product_csv_imports').selectAll().execute()).toEqual([]);
    // A second start finds nothing to undo.
    expect(await recoverAsTheServerStarts()).toBe(0);
  });

  it('killed after a parts request took one of its new products, the start archives that chunk instead and serves', async () => {
    await killAfter(3);
    const db = scratch.db;
    const taken = await db.selectFrom('products').select(['id', 'sku']).where('sku', 'like', 'CRASH-%').orderBy('id').executeTakeFirstOrThrow();
    // A technician's parts request for it, made before the crash: the database refuses the product's deletion.
    const { id: _id, ...request } = await db.selectFrom('parts_requests').selectAll().orderBy('id').executeTakeFirstOrThrow();
    // Its instants as ISO text (PostgreSQL reads them as Dates).
    const copy = JSON.parse(JSON.stringify(request)) as Insertable<Database['parts_requests']>;
    const inserted = await db.insertInto('parts_requests').values({ ...copy, product_id: taken.id }).returning('id').executeTakeFirstOrThrow();

    expect(await recoverAsTheServerStarts()).toBe(1);
    const after = await catalogueOf(db);
    const leftOver = after.products.filter((product) => product.sku.startsWith('CRASH-'));
    // Only the chunk holding that product stays, archived: off the shop; every other row as before the file.
    expect(leftOver.map((product) => product.sku)).toContain(taken.sku);
    expect(leftOver.length).toBeLessThanOrEqual(target.dialect === 'sqlite' ? 25 : 250);
    for (const product of leftOver) expect({ status: product.status, is_active: Number(product.is_active) }).toEqual({ status: 'archived', is_active: 0 });
    expect(after.products.filter((product) => !product.sku.startsWith('CRASH-'))).toEqual(before.products);
    expect(await journalled()).toBe(0);

    // Back to the catalogue before the file, for the next test.
    await db.deleteFrom('parts_requests').where('id', '=', inserted.id).execute();
    const ids = leftOver.map((product) => product.id);
    await db.deleteFrom('catalogue_changes').where('entity', '=', 'product').where('entity_id', 'in', ids).execute();
    await db.deleteFrom('products').where('id', 'in', ids).execute();
    expect(await catalogueOf(db)).toEqual(before);
  });

  it("leaves another machine's apply alone while its heartbeat is fresh, and undoes it once it is a minute old", async () => {
    const db = scratch.db;
    await db.insertInto('product_csv_imports').values({ id: 'an-apply-on-another-machine', owner: 'another-machine|4242|boot', actor_id: actorId, alive_ms: Date.now() }).execute();
    expect(await recoverAsTheServerStarts()).toBe(0);
    expect(await db.selectFrom('product_csv_imports').select('id').execute()).toEqual([{ id: 'an-apply-on-another-machine' }]);
    await db.updateTable('product_csv_imports').set({ alive_ms: Date.now() - 61_000 }).execute();
    expect(await recoverAsTheServerStarts()).toBe(1);
    expect(await db.selectFrom('product_csv_imports').select('id').execute()).toEqual([]);
  });

  it('left to finish, the apply gives the file, and a start afterwards keeps it', async () => {
    const { exited } = startApply();
    const result = await exited;
    expect(result.output).toContain('applied');
    expect(result.code).toBe(0);
    const applied = await catalogueOf(scratch.db);
    expectTheFile(applied);
    expect(await recoverAsTheServerStarts()).toBe(0);
    expect(await catalogueOf(scratch.db)).toEqual(applied);
  });
});
