import type { Kysely } from 'kysely';
import { createMigrator } from '../../../src/db/migrate';
import { migrations } from '../../../src/db/migrations';
import { shipFromAddress } from '../../../src/modules/addresses';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

const MIGRATION = '0065_coded_addresses';
const NAMES = Object.keys(migrations).sort();
const BEFORE = NAMES[NAMES.indexOf(MIGRATION) - 1]!;

/**
 * Migration 0065 (issue 65 §1): saved free-text addresses mapped once to the profile's structured address (a former
 * ward merged whole → its new ward; a split one → the candidates to choose among), the warehouse's ward coded.
 */
describe.each(testDatabases())('migration 0065 (coded addresses) on $label', (target) => {
  const scratch = useScratchDatabase(target);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema changes under the test
  const anyDb = (): Kysely<any> => scratch.db;
  const user = async (email: string, address: string | null) =>
    Number((await anyDb().insertInto('users').values({ email, password_hash: null, full_name: 'Khách Kiểm Thử', role: 'customer', address }).returning('id').executeTakeFirstOrThrow()).id);
  const columns = (id: number) =>
    anyDb().selectFrom('users').select(['address', 'address_province', 'address_ward_code', 'address_street', 'address_ward_choice']).where('id', '=', id).executeTakeFirstOrThrow();

  it('maps saved addresses once: merged ward filled, split ward left to choose, unknown text left alone', async () => {
    const migrator = createMigrator(scratch.db);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const merged = await user('hop-nhat.0065@example.vn', 'Số 12 Lý Thái Tổ, Phường Tràng Tiền, Quận Hoàn Kiếm, Hà Nội');
    const split = await user('tach.0065@example.vn', 'Số 5 ngõ 12 Trần Quốc Vượng, Phường Dịch Vọng Hậu, Quận Cầu Giấy, Hà Nội');
    const unknown = await user('khong-ro.0065@example.vn', 'Gần chợ đầu mối');
    const none = await user('trong.0065@example.vn', null);

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    expect(await columns(merged)).toMatchObject({ address_province: 'Hà Nội', address_ward_code: '00082', address_street: 'Số 12 Lý Thái Tổ', address_ward_choice: null });
    const choice = await columns(split);
    expect(choice).toMatchObject({ address_province: null, address_ward_code: null });
    expect(JSON.parse(choice.address_ward_choice as string)).toMatchObject({ former: 'Phường Dịch Vọng Hậu, Quận Cầu Giấy', codes: ['00160', '00166'] });
    expect(await columns(unknown)).toMatchObject({ address: 'Gần chợ đầu mối', address_ward_code: null, address_ward_choice: null });
    expect(await columns(none)).toMatchObject({ address: null, address_ward_code: null });

    // The warehouse parcels leave from: KCN Thăng Long, now Xã Thiên Lộc, Hà Nội.
    expect(await shipFromAddress(scratch.db)).toMatchObject({ province: 'Hà Nội', wardCode: '00493', wardName: 'Xã Thiên Lộc', name: 'Kho hàng online EV Service' });
  });
});
