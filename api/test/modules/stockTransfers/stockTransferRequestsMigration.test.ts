import type { Kysely } from 'kysely';
import { createMigrator } from '../../../src/db/migrate';
import { migrations } from '../../../src/db/migrations';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

const MIGRATION = '0037_stock_transfer_requests';
const NAMES = Object.keys(migrations).sort();
const BEFORE = NAMES[NAMES.indexOf(MIGRATION) - 1]!;

/**
 * Migration 0037 (issue 44 §3): the stock_transfers CHECK admits REQUESTED and DECLINED (SQLite rebuilds the
 * table: rows, ids, lines and indexes kept), the request's columns arrive; down takes the requests that moved no
 * stock away and puts the old CHECK back.
 */
describe.each(testDatabases())('migration 0037 (stock transfer requests) on $label', (target) => {
  const scratch = useScratchDatabase(target);

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema changes under the test
  const anyDb = (): Kysely<any> => scratch.db;
  const places = async () => {
    const rows = await anyDb().selectFrom('service_centres').select('id').orderBy('id').execute();
    if (rows.length >= 2) return [rows[0]!.id as number, rows[1]!.id as number] as const;
    const added = await anyDb()
      .insertInto('service_centres')
      .values({
        slug: 'trung-tam-kiem-thu-0037',
        name: 'Trung tâm kiểm thử 0037',
        city: 'Hà Nội',
        address: '1 Phố Kiểm Thử, Hà Nội',
        phone: '024 0000 0037',
        email: 'kiemthu0037@evservice.vn',
        open_time: '08:00',
        close_time: '17:00',
        service_bays: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return [rows[0]!.id as number, Number(added.id)] as const;
  };
  const product = async () => {
    const row = await anyDb().selectFrom('products').select('id').orderBy('id').executeTakeFirst();
    if (row) return row.id as number;
    const category = await anyDb().insertInto('catalogue_categories').values({ slug: 'phu-tung-0037', name: 'Phụ tùng 0037', promo_group: 'parts' }).returning('id').executeTakeFirstOrThrow();
    const brand = await anyDb().insertInto('catalogue_brands').values({ slug: 'hang-0037', name: 'Hãng 0037' }).returning('id').executeTakeFirstOrThrow();
    const added = await anyDb()
      .insertInto('products')
      .values({ sku: 'MIG-0037', slug: 'mig-0037', name: 'Sản phẩm 0037', category_id: category.id, brand_id: brand.id, price: 1000, description: 'x', is_active: 1, search_text: 'mig 0037' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(added.id);
  };
  const insert = (values: Record<string, unknown>) => anyDb().insertInto('stock_transfers').values(values).returning('id').executeTakeFirstOrThrow();

  it('widens the status CHECK, keeps every transfer and its lines, adds the request columns; down takes them back', async () => {
    const migrator = createMigrator(scratch.db);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const [from, to] = await places();
    const productId = await product();
    const old = await insert({ from_location_id: from, to_location_id: to, status: 'IN_TRANSIT', note: 'trước 0037', version: 2 });
    await anyDb().insertInto('stock_transfer_lines').values({ transfer_id: old.id, product_id: productId, quantity: 3 }).execute();
    await expect(insert({ from_location_id: from, to_location_id: to, status: 'REQUESTED', version: 0 })).rejects.toThrow();

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    const kept = await anyDb().selectFrom('stock_transfers').selectAll().where('id', '=', old.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ status: 'IN_TRANSIT', note: 'trước 0037', version: 2, requested_at: null, decided_by: null, decided_at: null, decline_reason: null });
    expect(await anyDb().selectFrom('stock_transfer_lines').select(['product_id', 'quantity']).where('transfer_id', '=', old.id).execute()).toEqual([
      { product_id: productId, quantity: 3 },
    ]);
    const at = '2026-11-22T02:30:00.000Z';
    const asked = await insert({ from_location_id: from, to_location_id: to, status: 'REQUESTED', requested_at: at, version: 0 });
    await anyDb().insertInto('stock_transfer_lines').values({ transfer_id: asked.id, product_id: productId, quantity: 1 }).execute();
    const declined = await insert({ from_location_id: to, to_location_id: from, status: 'DECLINED', requested_at: at, decided_at: at, decline_reason: 'Hết hàng', version: 1 });
    const accepted = await insert({ from_location_id: from, to_location_id: to, status: 'IN_TRANSIT', requested_at: at, decided_at: at, version: 1 });
    expect(asked.id).toBeGreaterThan(old.id);
    await expect(insert({ from_location_id: from, to_location_id: to, status: 'LOST', version: 0 })).rejects.toThrow();
    await expect(insert({ from_location_id: from, to_location_id: from, status: 'REQUESTED', version: 0 })).rejects.toThrow();

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const left = await anyDb().selectFrom('stock_transfers').select(['id', 'status']).where('id', 'in', [old.id, asked.id, declined.id, accepted.id]).orderBy('id').execute();
    expect(left).toEqual([
      { id: old.id, status: 'IN_TRANSIT' },
      { id: accepted.id, status: 'IN_TRANSIT' },
    ]);
    expect(await anyDb().selectFrom('stock_transfer_lines').select('transfer_id').where('transfer_id', '=', asked.id).execute()).toEqual([]);
    const columns = (await scratch.db.introspection.getTables()).find((table) => table.name === 'stock_transfers')!.columns.map((column) => column.name);
    expect(columns).not.toEqual(expect.arrayContaining(['requested_at']));
    expect(columns).not.toContain('decided_by');
    await expect(insert({ from_location_id: from, to_location_id: to, status: 'REQUESTED', version: 0 })).rejects.toThrow();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
