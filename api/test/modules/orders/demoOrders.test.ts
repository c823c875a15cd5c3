import { orderResponseSchema, orderSummaryPageResponseSchema } from 'shared-contracts/schemas';
import { DEMO_ACCOUNTS, seed } from '../../../seed';
import type { AuthTestApp } from '../../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { bearer, startShopApp } from '../../support/shopTestKit';

describe.each(productionDatabase())('the seeded demo order on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
  });
  afterAll(() => shop.close());

  it("shows the demo customer delivered orders in 'Đơn hàng của tôi', once however often the seed runs", async () => {
    const email = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email;
    const customer = await scratch.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await seed(scratch.db)).demoOrders).toBe(2);
    const { token } = await shop.app.accessTokens.issue({ userId: customer.id, role: 'customer' });
    const list = orderSummaryPageResponseSchema.parse((await shop.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(token) })).json()).data.items;
    expect(list).toHaveLength(2);
    // The older one: the battery pack of a Vàng member's 12 months (issue 67: the demo customer is Vàng).
    expect(list[1]).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID', itemCount: 1 });
    expect(list[1]!.total).toBeGreaterThanOrEqual(20_000_000);
    expect(list[0]).toMatchObject({ status: 'COMPLETED', statusLabel: 'Hoàn thành', paymentMethod: 'COD', paymentStatus: 'PAID', itemCount: 3 });
    const order = orderResponseSchema.parse((await shop.app.inject({ method: 'GET', url: `/api/orders/${list[0]!.code}`, headers: bearer(token) })).json()).data;
    expect(order.history.map((entry) => entry.status)).toEqual(['PLACED', 'CONFIRMED', 'SHIPPING', 'COMPLETED']);
    expect(order.total).toBe(order.subtotal + order.shippingFee);
    expect(order.promotionCode).toBeNull();
    expect(order.canCancel).toBe(false);
  });
});
