import type { LoyaltySummary, WebOrderDetail } from 'shared-contracts/schemas';
import { createLoyaltyWorker } from '../../../src/modules/loyalty/loyaltyWorker';
import { startServiceApp, type ServiceApp } from '../../support/serviceTestKit';
import { createProduct, createUser, deliveryTo, orderOf, pickupAt, postOrder, recordTransferFor, stockCentre, type TestUser } from '../../support/shopTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

/**
 * A web order's points are earned when its goods are handed over (issue 67 §2), on what was paid less what was
 * refunded by then; an order cancelled before hand-over earns nothing, whatever was paid and refunded.
 */
describe.each(testDatabases())('web orders’ points at hand-over on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let shipping: number;
  const people = {} as Record<'customer' | 'staff', TestUser>;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    shipping = (await scratch.db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow()).id;
    people.customer = await createUser(service.app, scratch.db);
    people.staff = await createUser(service.app, scratch.db, { role: 'staff' });
    await scratch.db.insertInto('staff_assignments').values({ user_id: people.staff.id, centre_id: shipping, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();
  });
  afterAll(() => service.close());

  const round = () => createLoyaltyWorker({ db: scratch.db, clock: service.clock }).runRound();
  const step = async (code: string, payload: Record<string, unknown>): Promise<WebOrderDetail> => {
    const detail = await service.app.inject({ method: 'GET', url: `/api/staff/web-orders/${code}`, headers: people.staff.headers });
    const { version } = (detail.json() as { data: WebOrderDetail }).data;
    const response = await service.app.inject({ method: 'POST', url: `/api/staff/web-orders/${code}/actions`, headers: people.staff.headers, payload: { version, ...payload } });
    expect({ status: response.statusCode, body: response.statusCode === 200 ? null : response.body }).toEqual({ status: 200, body: null });
    return (response.json() as { data: WebOrderDetail }).data;
  };
  const balance = async () => {
    const answer = await service.app.inject({ method: 'GET', url: '/api/loyalty/me', headers: people.customer.headers });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { data: LoyaltySummary }).data.balance;
  };
  const saleOf = async (code: string) => {
    const order = await scratch.db.selectFrom('orders').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    return scratch.db.selectFrom('loyalty_sales').selectAll().where('order_id', '=', order.id).executeTakeFirst();
  };

  it('earns a prepaid order’s points only once its goods are delivered', async () => {
    const start = await balance();
    const product = await createProduct(scratch.db, { price: 1_200_000, stock: 3 });
    const order = orderOf(await postOrder(service.app, people.customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], paymentMethod: 'VIETQR', fulfilment: deliveryTo() }));
    expect((await recordTransferFor(service.app, people.staff, order.code, order.total, service.clock.now())).statusCode).toBeLessThan(300);
    await round();
    expect(await saleOf(order.code)).toMatchObject({ status: 'PENDING', points: null });
    expect(await balance()).toBe(start);

    await step(order.code, { action: 'confirm' });
    await step(order.code, { action: 'pack' });
    await step(order.code, { action: 'ship', carrier: 'GHN', trackingCode: 'GHN778899VN' });
    await round();
    expect(await balance()).toBe(start);
    await step(order.code, { action: 'deliver' });
    await round();
    await round();
    expect(await saleOf(order.code)).toMatchObject({ status: 'EARNED', points: Math.floor(order.total / 1000) });
    expect(await balance()).toBe(start + Math.floor(order.total / 1000));
  });

  it('earns a cash-on-delivery order’s points when it is delivered and paid', async () => {
    const start = await balance();
    const product = await createProduct(scratch.db, { price: 650_000, stock: 3 });
    const order = orderOf(await postOrder(service.app, people.customer, { items: [{ kind: 'product', refId: product.id, quantity: 2 }], fulfilment: deliveryTo() }));
    await step(order.code, { action: 'confirm' });
    await step(order.code, { action: 'pack' });
    await step(order.code, { action: 'ship', carrier: 'GHTK', trackingCode: 'S1234-GHTK' });
    await round();
    expect(await saleOf(order.code)).toBeUndefined();
    await step(order.code, { action: 'deliver' });
    await round();
    expect(await balance()).toBe(start + Math.floor(order.total / 1000));
  });

  it('earns nothing for an order cancelled before hand-over, paid and refunded', async () => {
    const start = await balance();
    const product = await createProduct(scratch.db, { price: 800_000, stock: 0 });
    await stockCentre(scratch.db, shipping, product.id, 4);
    const order = orderOf(await postOrder(service.app, people.customer, { items: [{ kind: 'product', refId: product.id, quantity: 2 }], paymentMethod: 'VIETQR', fulfilment: pickupAt(shipping) }));
    await recordTransferFor(service.app, people.staff, order.code, order.total, service.clock.now());
    await round();
    await step(order.code, { action: 'cancel', reason: 'Hàng lỗi từ nhà cung cấp' });
    await step(order.code, { action: 'refund', amount: order.total, method: 'BANK_TRANSFER', reference: 'FT2611190077' });
    await round();
    const sale = await saleOf(order.code);
    expect(sale).toMatchObject({ status: 'VOID', points: null });
    expect(Number(sale!.refunded)).toBe(order.total);
    expect(await balance()).toBe(start);
  });
});
