import type { Kysely } from 'kysely';
import { createMigrator } from '../../../../src/db/migrate';
import { migrations } from '../../../../src/db/migrations';
import { testDatabases, useScratchDatabase } from '../../../support/testDatabases';

const MIGRATION = '0077_notification_unread_counts';
const NAMES = Object.keys(migrations).sort();
const BEFORE = NAMES[NAMES.indexOf(MIGRATION) - 1]!;

/** Migration 0077 (issue 70 §2): each user's bell count filled from the notifications already written. */
describe.each(testDatabases())('migration 0077 (unread counts) on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: false });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema changes under the test
  const anyDb = (): Kysely<any> => scratch.db;

  it("counts each user's unread notifications, and none for a user who read them all", async () => {
    const migrator = createMigrator(scratch.db);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const user = async (email: string) =>
      Number((await anyDb().insertInto('users').values({ email, password_hash: null, full_name: 'Khách Kiểm Thử', role: 'customer' }).returning('id').executeTakeFirstOrThrow()).id);
    const [busy, done] = [await user('ban.0077@example.vn'), await user('xong.0077@example.vn')];
    await user('yen.0077@example.vn'); // never told anything: no row
    const at = new Date().toISOString();
    const notification = (userId: number, index: number, read: boolean) => ({
      user_id: userId,
      kind: 'order_shipped',
      topic: 'order',
      title: `Thông báo ${index}`,
      body: 'Đơn hàng đang trên đường đến bạn.',
      link: null,
      event_key: `m0077:${userId}:${index}`,
      created_at: at,
      read_at: read ? at : null,
    });
    await anyDb()
      .insertInto('notifications')
      .values([...Array.from({ length: 7 }, (_, index) => notification(busy, index, index < 2)), notification(done, 1, true), notification(done, 2, true)])
      .execute();

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    const rows = await anyDb().selectFrom('notification_unread_counts').select(['user_id', 'unread']).orderBy('user_id').execute();
    expect(rows.map((row) => [Number(row.user_id), Number(row.unread)])).toEqual([[busy, 5]]);
    await expect(anyDb().insertInto('notification_unread_counts').values({ user_id: done, unread: -1 }).execute()).rejects.toThrow();

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
