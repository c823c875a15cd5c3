import { orderResponseSchema } from 'shared-contracts/schemas';
import type { AuthTestApp } from '../../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { createProduct, createUser, newIdempotencyKey, orderBody, orderOf, startShopApp, type TestUser } from '../../support/shopTestKit';

/** An order's delivery ward checked against the coded wards (issue 65 §1): code of the province, or text resolved. */
describe.each(productionDatabase())('the delivery ward of an order on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let customer: TestUser;
  let productId: number;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
    customer = await createUser(shop.app, scratch.db);
    productId = (await createProduct(scratch.db, { price: 450_000, stock: 50 })).id;
  });
  afterAll(() => shop.close());

  const place = (address: Record<string, string>) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...customer.headers, 'idempotency-key': newIdempotencyKey() },
      payload: { ...orderBody({ items: [{ kind: 'product', refId: productId, quantity: 1 }] }), fulfilment: { method: 'delivery', address } },
    });
  const wardCodeOf = async (code: string) =>
    (await scratch.db.selectFrom('orders').select(['ward', 'ward_code']).where('code', '=', code).executeTakeFirstOrThrow());

  it('refuses a ward code of another province with a 422 on address.wardCode', async () => {
    const response = await place({ province: 'Đà Nẵng', ward: 'Phường Cầu Giấy', wardCode: '00166', street: '12 Trần Duy Hưng' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'Phường/xã không thuộc tỉnh/thành đã chọn.',
      errors: [{ field: 'address.wardCode', message: 'Phường/xã không thuộc tỉnh/thành đã chọn.' }],
    });
  });

  it('stores a picked ward by its code and its official name', async () => {
    const response = await place({ province: 'Hà Nội', ward: 'cau giay', wardCode: '00166', street: '12 Trần Duy Hưng' });
    expect(response.statusCode).toBe(201);
    const order = orderResponseSchema.parse(response.json()).data;
    expect(order.fulfilment.address).toEqual({ province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '12 Trần Duy Hưng', wardCode: '00166' });
    expect(await wardCodeOf(order.code)).toEqual({ ward: 'Phường Cầu Giấy', ward_code: '00166' });
  });

  it('resolves a ward typed as text (an older client) to its code when it names one ward of the province', async () => {
    const response = await place({ province: 'TP. Hồ Chí Minh', ward: 'phuong gia dinh', street: '208 Điện Biên Phủ' });
    expect(response.statusCode).toBe(201);
    expect(await wardCodeOf(orderOf(response).code)).toEqual({ ward: 'Phường Gia Định', ward_code: '26944' });
  });

  it('keeps a ward text that names no current ward as typed, without a code (the desk picks one)', async () => {
    const response = await place({ province: 'Hà Nội', ward: 'Phường Dịch Vọng Hậu', street: '5 ngõ 12 Trần Quốc Vượng' });
    expect(response.statusCode).toBe(201);
    expect(await wardCodeOf(orderOf(response).code)).toEqual({ ward: 'Phường Dịch Vọng Hậu', ward_code: null });
  });
});
