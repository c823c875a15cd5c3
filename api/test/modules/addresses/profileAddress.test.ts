import { profileResponseSchema } from 'shared-contracts/schemas';
import { DEMO_ACCOUNTS } from '../../../seed';
import { mapSavedAddress } from '../../../src/modules/addresses';
import type { AuthTestApp } from '../../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { createUser, startShopApp, type TestUser } from '../../support/shopTestKit';

/** The profile's structured delivery address (issue 65 §1) and the ward choice a split district-era ward leaves. */
describe.each(productionDatabase())('the profile delivery address on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
    customer = await createUser(shop.app, scratch.db);
  });
  afterAll(() => shop.close());

  const profile = async () => profileResponseSchema.parse((await shop.app.inject({ method: 'GET', url: '/api/auth/profile', headers: customer.headers })).json()).data;
  const save = (deliveryAddress: unknown) => shop.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: customer.headers, payload: { deliveryAddress } });

  it('saves a coded ward of the province and shows its official name', async () => {
    const response = await save({ province: 'Hà Nội', wardCode: '00166', street: '12 Trần Duy Hưng' });
    expect(response.statusCode).toBe(200);
    expect((await profile()).deliveryAddress).toEqual({ province: 'Hà Nội', wardCode: '00166', ward: 'Phường Cầu Giấy', street: '12 Trần Duy Hưng' });
  });

  it('refuses a ward of another province with a 422 on deliveryAddress.wardCode', async () => {
    const response = await save({ province: 'Cần Thơ', wardCode: '00166', street: '12 Trần Duy Hưng' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: [{ field: 'deliveryAddress.wardCode', message: 'Phường/xã không thuộc tỉnh/thành đã chọn.' }] });
    expect((await profile()).deliveryAddress).toMatchObject({ wardCode: '00166' });
  });

  it('asks among the new wards of a split former ward, and settles the choice once one is saved', async () => {
    const text = 'Số 5 ngõ 12 Trần Quốc Vượng, Phường Dịch Vọng Hậu, Quận Cầu Giấy, Hà Nội';
    await scratch.db.updateTable('users').set({ address: text, ...mapSavedAddress(text)! }).where('id', '=', customer.id).execute();
    const before = await profile();
    expect(before.deliveryAddress).toBeNull();
    expect(before.deliveryAddressChoice).toMatchObject({ former: 'Phường Dịch Vọng Hậu, Quận Cầu Giấy', province: 'Hà Nội', street: 'Số 5 ngõ 12 Trần Quốc Vượng' });
    expect(before.deliveryAddressChoice!.candidates.map((ward) => ward.name)).toEqual(['Phường Nghĩa Đô', 'Phường Cầu Giấy']);

    expect((await save({ province: 'Hà Nội', wardCode: '00160', street: 'Số 5 ngõ 12 Trần Quốc Vượng' })).statusCode).toBe(200);
    const after = await profile();
    expect(after.deliveryAddressChoice).toBeNull();
    expect(after.deliveryAddress).toMatchObject({ wardCode: '00160', ward: 'Phường Nghĩa Đô' });
  });

  it('seeds the demo customer with its saved address coded', async () => {
    const demo = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!;
    const row = await scratch.db.selectFrom('users').select(['address_province', 'address_ward_code', 'address_street']).where('email', '=', demo.email).executeTakeFirstOrThrow();
    expect(row).toEqual({ address_province: 'Hà Nội', address_ward_code: '00082', address_street: '25 Lý Thường Kiệt' });
  });
});
