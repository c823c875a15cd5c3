import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { readFirstRow, readRows, type DirectStatement } from '../../src/db/directRead';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/**
 * Starts `read` while a transaction has renamed the brand `slug` and not committed, then rolls that transaction back:
 * what the read answered, once the transaction has ended (the writer's outcome checked).
 */
async function readDuringRolledBackRename<Result>(db: Kysely<Database>, slug: string, read: () => Promise<Result>): Promise<Result> {
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const writer = db
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable('catalogue_brands').set({ name: 'Chưa lưu' }).where('slug', '=', slug).execute();
      wrote();
      await finished;
      throw new Error('rolled back');
    })
    .catch(() => 'rolled back');
  await written;
  // On SQLite the transaction holds the API's one connection: the read must wait for it, not read inside it.
  const reading = read();
  finish();
  expect(await writer).toBe('rolled back');
  return reading;
}

/**
 * readFirstRow (db/directRead.ts): the product list's read runs on the connection itself, without Kysely's driver;
 * it must still read only what is committed, whatever else is under way on that connection.
 */
describe.each(testDatabases())('readFirstRow on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });

  const brandName = (): DirectStatement => ({
    name: 'test_brand_name',
    text: target.dialect === 'postgres' ? 'select name from catalogue_brands where slug = $1' : 'select name from catalogue_brands where slug = ?',
  });

  beforeAll(async () => {
    await scratch.db.insertInto('catalogue_brands').values({ slug: 'doc-truc-tiep', name: 'Bản đã lưu' }).execute();
  });

  it('reads a row, and undefined when none matches', async () => {
    expect(await readFirstRow<{ name: string }>(scratch.db, brandName(), ['doc-truc-tiep'])).toEqual({ name: 'Bản đã lưu' });
    expect(await readFirstRow(scratch.db, brandName(), ['khong-co'])).toBeUndefined();
  });

  it('does not see the write of a transaction in flight (it rolls back): it reads what is committed', async () => {
    expect(await readDuringRolledBackRename(scratch.db, 'doc-truc-tiep', () => readFirstRow<{ name: string }>(scratch.db, brandName(), ['doc-truc-tiep']))).toEqual({ name: 'Bản đã lưu' });
  });

  it('sees a write once committed', async () => {
    await scratch.db.transaction().execute((trx) => trx.updateTable('catalogue_brands').set({ name: 'Bản mới' }).where('slug', '=', 'doc-truc-tiep').execute());
    expect(await readFirstRow<{ name: string }>(scratch.db, brandName(), ['doc-truc-tiep'])).toEqual({ name: 'Bản mới' });
  });
});

// SQLite only: the CSV export streams on the API's one connection (on PostgreSQL a stream would hold a pooled
// connection of its own, and this API streams nothing there).
describe.each(testDatabases().filter((target) => target.dialect === 'sqlite'))('readFirstRow on $label while a query streams', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });

  it('reads the committed row between two rows of the stream', async () => {
    await scratch.db.insertInto('catalogue_brands').values([{ slug: 'luong-1', name: 'Luồng 1' }, { slug: 'luong-2', name: 'Luồng 2' }]).execute();
    const statement = { name: 'test_brand_name', text: 'select name from catalogue_brands where slug = ?' };
    const streamed: string[] = [];
    for await (const row of scratch.db.selectFrom('catalogue_brands').select('slug').orderBy('slug').stream()) {
      streamed.push(row.slug);
      expect(await readFirstRow<{ name: string }>(scratch.db, statement, ['luong-2'])).toEqual({ name: 'Luồng 2' });
    }
    expect(streamed).toEqual(['luong-1', 'luong-2']);
  });
});

/**
 * readRows (db/directRead.ts): a report page's rows, read on the connection itself on SQLite so that they reach their
 * conversion before other requests' queries run; the same rows as Kysely gives, and only what is committed.
 */
describe.each(testDatabases())('readRows on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });
  const brands = () => scratch.db.selectFrom('catalogue_brands').select(['slug', 'name']).where('slug', 'like', 'trang-%').orderBy('slug');

  beforeAll(async () => {
    await scratch.db
      .insertInto('catalogue_brands')
      .values([
        { slug: 'trang-1', name: 'Trang một' },
        { slug: 'trang-2', name: 'Trang hai' },
      ])
      .execute();
  });

  it('reads the rows Kysely reads, in order, and none when none match', async () => {
    expect(await readRows(scratch.db, brands())).toEqual([
      { slug: 'trang-1', name: 'Trang một' },
      { slug: 'trang-2', name: 'Trang hai' },
    ]);
    expect(await readRows(scratch.db, brands())).toEqual(await brands().execute());
    expect(await readRows(scratch.db, brands().where('slug', '=', 'khong-co'))).toEqual([]);
  });

  it('does not see the write of a transaction in flight (it rolls back): it reads what is committed', async () => {
    expect((await readDuringRolledBackRename(scratch.db, 'trang-1', () => readRows(scratch.db, brands())))[0]).toEqual({ slug: 'trang-1', name: 'Trang một' });
  });
});

describe.each(testDatabases().filter((target) => target.dialect === 'sqlite'))('readRows on $label with queries queued on Kysely', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });

  it('answers before the queries queued behind Kysely’s connection lock, with what is committed', async () => {
    await scratch.db.insertInto('catalogue_brands').values({ slug: 'xep-hang', name: 'Xếp hàng' }).execute();
    const answered: string[] = [];
    const queued = Array.from({ length: 5 }, (_, index) =>
      scratch.db
        .selectFrom('catalogue_brands')
        .select('name')
        .execute()
        .then(() => answered.push(`kysely ${index}`)),
    );
    const direct = readRows(scratch.db, scratch.db.selectFrom('catalogue_brands').select('name').where('slug', '=', 'xep-hang')).then((rows) => {
      answered.push('direct');
      return rows;
    });
    expect(await direct).toEqual([{ name: 'Xếp hàng' }]);
    await Promise.all(queued);
    expect(answered[0]).toBe('direct');
    expect(answered).toHaveLength(6);
  });
});
