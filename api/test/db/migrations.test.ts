import { sql } from 'kysely';
import { migrateToLatest, pendingMigrations } from '../../src/db/migrate';
import { migrations } from '../../src/db/migrations';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

describe.each(testDatabases())('migrations on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: false });

  it('apply every migration on an empty database, then are a no-op the second time', async () => {
    expect(await pendingMigrations(scratch.db)).toEqual(Object.keys(migrations));
    const first = await migrateToLatest(scratch.db);
    expect(first.applied).toEqual(Object.keys(migrations));
    const second = await migrateToLatest(scratch.db);
    expect(second.applied).toEqual([]);
    expect(await pendingMigrations(scratch.db)).toEqual([]);
  });

  it('create service_centres with a unique slug, UTC created_at and the checks', async () => {
    await scratch.db
      .insertInto('service_centres')
      .values({
        slug: 'thu-nghiem',
        name: 'Chi nhánh thử nghiệm',
        city: 'Hà Nội',
        address: '1 Tràng Tiền, phường Hoàn Kiếm, Hà Nội',
        phone: '024 3825 0000',
        email: 'test@evservice.vn',
        open_time: '08:00',
        close_time: '17:00',
        service_bays: 2,
      })
      .execute();
    const row = await scratch.db.selectFrom('service_centres').selectAll().where('slug', '=', 'thu-nghiem').executeTakeFirstOrThrow();
    expect(row.id).toEqual(expect.any(Number));
    const createdAt = new Date(row.created_at);
    expect(Math.abs(createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    if (typeof row.created_at === 'string') expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const duplicate = scratch.db
      .insertInto('service_centres')
      .values({ ...row, id: undefined, created_at: undefined })
      .execute();
    await expect(duplicate).rejects.toThrow();

    const noBays = scratch.db
      .insertInto('service_centres')
      .values({ ...row, id: undefined, created_at: undefined, slug: 'khong-co-khoang', service_bays: 0 })
      .execute();
    await expect(noBays).rejects.toThrow();

    await scratch.db.deleteFrom('service_centres').execute();
  });

  it('leave the migration bookkeeping in kysely_migration', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(scratch.db);
    expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });
});
