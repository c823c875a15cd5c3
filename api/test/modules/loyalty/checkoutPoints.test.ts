import type { Order, Quote } from 'shared-contracts/schemas';
import { invoiceTotals, webOrderDocument } from '../../../src/modules/invoices';
import { lotExpiry } from '../../../src/modules/loyalty/loyaltyRules';
import { creditLot, holdMember } from '../../../src/modules/loyalty/pointsLedger';
import { startServiceApp, type ServiceApp } from '../../support/serviceTestKit';
import { createProduct, createUser, deliveryTo, orderOf, postOrder, type TestUser } from '../../support/shopTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

/**
 * Points pay part of a web order (issue 67 §4): the quote shows what they may pay (the cap's share of the goods, from
 * the minimum, within the balance) and takes off what the customer chose; the server recomputes it when the order is
 * placed, the receipt and e-invoice carry it as a discount, a cancelled order gives the points back, and redemptions
 * against one balance at once never overspend it.
 */
describe.each(testDatabases())('points at checkout on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let customer: TestUser;
  let product: { id: number; price: number };

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    customer = await createUser(service.app, scratch.db);
    product = await createProduct(scratch.db, { price: 400_000, stock: 50 });
  });
  afterAll(() => service.close());

  const give = (points: number, key: string) =>
    scratch.db.transaction().execute(async (trx) => {
      await holdMember(trx, customer.id);
      const at = service.clock.now();
      await creditLot(trx, { userId: customer.id, points, key, reason: 'Điều chỉnh', saleId: null, actorId: null, at, expiresAt: lotExpiry(at) });
    });
  const balance = async () => {
    const answer = await service.app.inject({ method: 'GET', url: '/api/loyalty/me', headers: customer.headers });
    return (answer.json() as { data: { balance: number } }).data.balance;
  };
  const quote = async (points?: number) => {
    const answer = await service.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      headers: customer.headers,
      payload: { items: [{ kind: 'product', refId: product.id, quantity: 1 }], fulfilment: { method: 'delivery', province: 'Hà Nội' }, ...(points === undefined ? {} : { points }) },
    });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { data: Quote }).data;
  };

  it('quotes what the points may pay and takes off what the customer chose, or says why not', async () => {
    await give(30_000, 'test-give-quote');
    const plain = await quote();
    // A point is worth 10 ₫; at most 50 % of the goods (400.000 ₫): 20.000 points.
    expect(plain.points).toEqual({ balance: 30_000, pointValue: 10, minimum: 100, capPercent: 50, maxUsable: 20_000, used: 0, value: 0 });
    const used = await quote(5_000);
    expect(used.points).toMatchObject({ used: 5_000, value: 50_000 });
    expect(used.total).toBe(plain.total - 50_000);
    expect(used.pointsError).toBeNull();

    expect((await quote(50)).pointsError).toBe('Dùng tối thiểu 100 điểm mỗi đơn.');
    expect((await quote(25_000)).pointsError).toBe('Điểm thưởng trả tối đa 50% tiền hàng (200.000 ₫): tối đa 20.000 điểm.');
    const tooMany = await quote(40_000);
    expect(tooMany.pointsError).toBe('Bạn chỉ có 30.000 điểm.');
    expect(tooMany.total).toBe(plain.total);
  });

  it('places an order paid partly by points: the balance drops, the receipt carries them, a cancellation gives them back', async () => {
    const before = await balance();
    const placed = await postOrder(service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], fulfilment: deliveryTo(), points: 2_000 });
    expect(placed.statusCode).toBe(201);
    const order = orderOf(placed);
    const plain = await quote();
    expect(order).toMatchObject({ pointsUsed: 2_000, pointsValue: 20_000, total: plain.total - 20_000 });
    expect(order.subtotal - order.discount + order.shippingFee - (order.pointsValue ?? 0)).toBe(order.total);
    expect(await balance()).toBe(before - 2_000);

    // The receipt (and so the e-invoice) totals what the customer pays, the points as a discount line.
    const row = await scratch.db.selectFrom('orders').selectAll().where('code', '=', order.code).executeTakeFirstOrThrow();
    const document = await webOrderDocument(scratch.db, service.config, row);
    expect(document.lines.some((line) => line.name === 'Chiết khấu bằng điểm thưởng (2000 điểm)')).toBe(true);
    expect(invoiceTotals(document.lines).gross).toBe(order.total);
    const read = await service.app.inject({ method: 'GET', url: `/api/orders/${order.code}`, headers: customer.headers });
    expect((read.json() as { data: Order }).data).toMatchObject({ pointsUsed: 2_000, pointsValue: 20_000, discount: order.discount });

    const cancelled = await service.app.inject({ method: 'POST', url: `/api/orders/${order.code}/cancel`, headers: customer.headers, payload: { reason: 'Đổi ý' } });
    expect(cancelled.statusCode).toBe(200);
    expect(await balance()).toBe(before);
    const entries = await scratch.db.selectFrom('loyalty_entries').select(['kind', 'points']).where('order_id', '=', row.id).orderBy('id').execute();
    expect(entries).toEqual([
      { kind: 'REDEEM', points: -2_000 },
      { kind: 'RETURN', points: 2_000 },
    ]);
  });

  it('refuses points past the balance or the cap when the order is placed (the server recomputes)', async () => {
    const answer = await postOrder(service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], fulfilment: deliveryTo(), points: 25_000 });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ code: 'POINTS_REFUSED', message: 'Điểm thưởng trả tối đa 50% tiền hàng (200.000 ₫): tối đa 20.000 điểm.' });
  });

  it('never overspends one balance when 12 orders use it at once', async () => {
    const start = await balance();
    const each = Math.floor(start / 2) + 1;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => postOrder(service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], fulfilment: deliveryTo(), points: Math.min(each, 20_000) })),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.every((answer) => [409, 422].includes(answer.statusCode) && /điểm/.test((answer.json() as { message: string }).message))).toBe(true);
    const spent = placed.reduce((sum, answer) => sum + (orderOf(answer).pointsUsed ?? 0), 0);
    expect(spent).toBeLessThanOrEqual(start);
    expect(await balance()).toBe(start - spent);
    expect(await balance()).toBeGreaterThanOrEqual(0);
    expect(placed.length).toBeGreaterThanOrEqual(1);
  });
});
