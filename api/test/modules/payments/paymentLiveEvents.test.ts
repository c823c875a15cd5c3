import { PAYMENT_EXCEPTION_CHANGE_KIND, orderStatusEventSchema, type FloorChangedEvent } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { DEMO_PAYMENT_KEYS } from '../../../src/config';
import { memoryEventBus } from '../../../src/events/eventBus';
import { expireUnpaidOrders } from '../../../src/modules/orders/orderLifecycle';
import type { AuthTestApp } from '../../support/authTestKit';
import { insertOrder } from '../../support/paymentTestKit';
import { listen, openEventStream, type SseStream } from '../../support/sseClient';
import { createUser, type TestUser } from '../../support/shopTestKit';
import { startAuthApp } from '../../support/authTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

let transferIds = 9_500_000;

function sepayBody(content: string, transferAmount: number) {
  transferIds += 1;
  return {
    id: transferIds,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-26 10:15:00',
    accountNumber: '1023456789',
    code: null,
    content,
    transferType: 'in',
    transferAmount,
    accumulated: 19_077_000,
    subAccount: null,
    referenceCode: `MBVCB.${transferIds}`,
    description: 'BankAPINotify',
  };
}

/** Payments reach the customer's page live (order-status) and the desk's exception queue live (floor-changed). */
describe.each(productionDatabase())('live payment events on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  const events = memoryEventBus();
  let shop: AuthTestApp;
  let app: App;
  let baseUrl: string;
  let owner: TestUser;
  let other: TestUser;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    shop = await startAuthApp(scratch.db, { events });
    app = shop.app;
    baseUrl = await listen(app);
    owner = await createUser(app, scratch.db);
    other = await createUser(app, scratch.db);
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(() => shop.close());

  const sepay = (body: object) =>
    app.inject({ method: 'POST', url: '/api/payments/sepay/webhook', headers: { authorization: `Apikey ${DEMO_PAYMENT_KEYS.sepayWebhookKey}` }, payload: body });
  const open = async (user: TestUser) => {
    const stream = await openEventStream(baseUrl, user.token);
    streams.push(stream);
    return stream;
  };

  it("sends the owner's stream an order-status PAID when a SePay transfer pays the order, and no other customer's", async () => {
    const order = await insertOrder(scratch.db, owner.id, { total: 320_000, createdAt: shop.clock.now() });
    const mine = await open(owner);
    const theirs = await open(other);

    const response = await sepay(sepayBody(`TT ${order.code}`, 320_000));
    expect(response.json().data).toEqual({ outcome: 'MATCHED' });

    const event = await mine.next();
    expect(event.event).toBe('order-status');
    const data = orderStatusEventSchema.parse(JSON.parse(event.data));
    const row = await scratch.db.selectFrom('orders').select('version').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(data).toEqual({ code: order.code, status: 'PLACED', paymentStatus: 'PAID', version: Number(row.version) });
    await expect(theirs.next(300)).rejects.toThrow('no server-sent event in time');
  });

  /** The next order-status of `stream`, checked against the order's row as it now stands. */
  async function nextOrderStatus(stream: SseStream, orderId: number) {
    const event = await stream.next();
    expect(event.event).toBe('order-status');
    const row = await scratch.db.selectFrom('orders').select(['code', 'version']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const data = orderStatusEventSchema.parse(JSON.parse(event.data));
    expect(data).toMatchObject({ code: row.code, version: Number(row.version) });
    return data;
  }

  it("tells the owner's open page when staff match a queued transfer to the order: PLACED and PAID", async () => {
    const order = await insertOrder(scratch.db, owner.id, { total: 275_000, createdAt: shop.clock.now() });
    const desk = await scratch.db.selectFrom('orders').select('desk_centre_id').where('id', '=', order.id).executeTakeFirstOrThrow();
    const staff = await createUser(app, scratch.db, { role: 'staff' });
    await scratch.db.insertInto('staff_assignments').values({ user_id: staff.id, centre_id: desk.desk_centre_id!, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();
    // A typo'd code: the transfer waits in the queue, the order stays unpaid.
    expect((await sepay(sepayBody(`TT ${order.code.replace('EV', 'EW')}`, 275_000))).json().data).toEqual({ outcome: 'EXCEPTION' });
    const transfer = await scratch.db.selectFrom('payment_transactions').select(['id', 'version']).where('amount', '=', 275_000).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const mine = await open(owner);

    const matched = await app.inject({ method: 'POST', url: `/api/payment-exceptions/${transfer.id}/match`, headers: staff.headers, payload: { orderCode: order.code, version: Number(transfer.version) } });
    expect(matched.statusCode).toBe(200);

    expect(await nextOrderStatus(mine, order.id)).toMatchObject({ status: 'PLACED', paymentStatus: 'PAID' });
  });

  it("tells the owner's open page when the payment window passes and the order is cancelled", async () => {
    const placedAt = new Date(shop.clock.now().getTime() - (shop.config.vietQr.paymentHours + 1) * 3_600_000);
    const order = await insertOrder(scratch.db, owner.id, { total: 330_000, createdAt: placedAt });
    const mine = await open(owner);

    expect(await expireUnpaidOrders({ db: scratch.db, clock: shop.clock, config: shop.config, events: app.events }, shop.clock.now())).toBeGreaterThanOrEqual(1);

    expect(await nextOrderStatus(mine, order.id)).toMatchObject({ status: 'CANCELLED', paymentStatus: 'UNPAID' });
  });

  it('an exception (wrong amount, or no order code) joins the desk queue live, and tells the owner nothing', async () => {
    const order = await insertOrder(scratch.db, owner.id, { total: 500_000, createdAt: shop.clock.now() });
    const centre = await scratch.db.selectFrom('orders').select('desk_centre_id').where('id', '=', order.id).executeTakeFirstOrThrow();
    const shipping = await scratch.db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow();
    const floor: FloorChangedEvent[] = [];
    const unsubscribe = [centre.desk_centre_id!, shipping.id].filter((id, index, all) => all.indexOf(id) === index).map((id) => events.subscribeCentre(id, (event) => floor.push(event)));
    const mine = await open(owner);
    try {
      expect((await sepay(sepayBody(`TT ${order.code}`, 400_000))).json().data).toEqual({ outcome: 'EXCEPTION' });
      expect(floor.filter((event) => event.kind === PAYMENT_EXCEPTION_CHANGE_KIND && event.centreId === centre.desk_centre_id)).toHaveLength(1);

      floor.length = 0;
      expect((await sepay(sepayBody('chuyen tien khong ghi ma', 90_000))).json().data).toEqual({ outcome: 'EXCEPTION' });
      // No order: the shipping centre's desk (the first service centre unless configured) owns it.
      expect(floor.filter((event) => event.kind === PAYMENT_EXCEPTION_CHANGE_KIND)).toEqual([expect.objectContaining({ centreId: shop.config.shippingCentreId ?? shipping.id })]);
      await expect(mine.next(300)).rejects.toThrow('no server-sent event in time');
    } finally {
      for (const stop of unsubscribe) stop();
    }
  });
});
