import type { LoyaltySummary } from 'shared-contracts/schemas';
import { createLoyaltyWorker } from '../../../src/modules/loyalty/loyaltyWorker';
import { createProduct, deliveryTo, orderOf, pickupAt, postOrder, recordTransferFor, stockCentre } from '../../support/shopTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { useWebOrderDesk } from '../../support/webOrderDeskKit';

/**
 * A web order's points are earned when its goods are handed over (issue 67 §2), on what was paid less what was
 * refunded by then; an order cancelled before hand-over earns nothing, whatever was paid and refunded.
 */
describe.each(productionDatabase())('web orders’ points at hand-over on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  const desk = useWebOrderDesk(scratch);

  const round = () => createLoyaltyWorker({ db: scratch.db, clock: desk.service.clock }).runRound();
  const balance = async () => {
    const answer = await desk.service.app.inject({ method: 'GET', url: '/api/loyalty/me', headers: desk.customer.headers });
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
    const order = orderOf(await postOrder(desk.service.app, desk.customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], paymentMethod: 'VIETQR', fulfilment: deliveryTo() }));
    expect((await recordTransferFor(desk.service.app, desk.staff, order.code, order.total, desk.service.clock.now())).statusCode).toBeLessThan(300);
    await round();
    expect(await saleOf(order.code)).toMatchObject({ status: 'PENDING', points: null });
    expect(await balance()).toBe(start);

    await desk.step(order.code, { action: 'confirm' });
    await desk.step(order.code, { action: 'pack' });
    await desk.step(order.code, { action: 'ship', carrier: 'GHN', trackingCode: 'GHN778899VN' });
    await round();
    expect(await balance()).toBe(start);
    await desk.step(order.code, { action: 'deliver' });
    await round();
    await round();
    expect(await saleOf(order.code)).toMatchObject({ status: 'EARNED', points: Math.floor(order.total / 1000) });
    expect(await balance()).toBe(start + Math.floor(order.total / 1000));
  });

  it('earns a cash-on-delivery order’s points when it is delivered and paid', async () => {
    const start = await balance();
    const product = await createProduct(scratch.db, { price: 650_000, stock: 3 });
    const order = orderOf(await postOrder(desk.service.app, desk.customer, { items: [{ kind: 'product', refId: product.id, quantity: 2 }], fulfilment: deliveryTo() }));
    await desk.step(order.code, { action: 'confirm' });
    await desk.step(order.code, { action: 'pack' });
    await desk.step(order.code, { action: 'ship', carrier: 'GHTK', trackingCode: 'S1234-GHTK' });
    await round();
    expect(await saleOf(order.code)).toBeUndefined();
    await desk.step(order.code, { action: 'deliver' });
    await round();
    expect(await balance()).toBe(start + Math.floor(order.total / 1000));
  });

  it('earns nothing for an order cancelled before hand-over, paid and refunded', async () => {
    const start = await balance();
    const product = await createProduct(scratch.db, { price: 800_000, stock: 0 });
    await stockCentre(scratch.db, desk.shipping, product.id, 4);
    const order = orderOf(await postOrder(desk.service.app, desk.customer, { items: [{ kind: 'product', refId: product.id, quantity: 2 }], paymentMethod: 'VIETQR', fulfilment: pickupAt(desk.shipping) }));
    await recordTransferFor(desk.service.app, desk.staff, order.code, order.total, desk.service.clock.now());
    await round();
    await desk.step(order.code, { action: 'cancel', reason: 'Hàng lỗi từ nhà cung cấp' });
    await desk.step(order.code, { action: 'refund', amount: order.total, method: 'BANK_TRANSFER', reference: 'FT2611190077' });
    await round();
    const sale = await saleOf(order.code);
    expect(sale).toMatchObject({ status: 'VOID', points: null });
    expect(Number(sale!.refunded)).toBe(order.total);
    expect(await balance()).toBe(start);
  });
});
