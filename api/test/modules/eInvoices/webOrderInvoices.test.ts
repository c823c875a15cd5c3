import type { CustomerEInvoice } from 'shared-contracts/schemas';
import { createEInvoiceWorker } from '../../../src/modules/eInvoices/eInvoiceWorker';
import { standInEInvoiceProvider } from '../../../src/modules/eInvoices/providers/standInEInvoice';
import { createProduct, deliveryTo, orderOf, pickupAt, postOrder, recordTransferFor, stockCentre } from '../../support/shopTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { useWebOrderDesk } from '../../support/webOrderDeskKit';

/**
 * A web order's e-invoice is dated at hand-over (Decree 123 Art. 9(1)): paid before, it waits as a draft until the
 * goods are delivered or collected; paid on delivery (COD), it is issued then; cancelled before hand-over, it is never
 * issued (CANCELLED), nor is its refund's adjustment.
 */
describe.each(productionDatabase())('web orders’ e-invoices at hand-over on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  const desk = useWebOrderDesk(scratch);

  const round = () => {
    const { config, clock } = desk.service;
    const provider = standInEInvoiceProvider(scratch.db, { sellerTaxCode: config.seller.taxCode, publicUrl: config.publicUrl, now: () => clock.now() });
    return createEInvoiceWorker({ db: scratch.db, provider, config, clock }).runRound();
  };
  const invoicesOf = async (code: string): Promise<CustomerEInvoice[]> => {
    const answer = await desk.service.app.inject({ method: 'GET', url: `/api/orders/${code}/e-invoices`, headers: desk.customer.headers });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { data: { items: CustomerEInvoice[] } }).data.items;
  };
  const kindsAndStatuses = async (code: string) => {
    const order = await scratch.db.selectFrom('orders').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    return (await scratch.db.selectFrom('e_invoices').select(['kind', 'status']).where('order_id', '=', order.id).orderBy('id').execute()).map((row) => [row.kind, row.status]);
  };

  it('keeps a prepaid order’s invoice a draft until the goods are delivered, then issues it dated that day', async () => {
    const product = await createProduct(scratch.db, { price: 1_200_000, stock: 3 });
    const order = orderOf(await postOrder(desk.service.app, desk.customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], paymentMethod: 'VIETQR', fulfilment: deliveryTo() }));
    expect((await recordTransferFor(desk.service.app, desk.staff, order.code, order.total, desk.service.clock.now())).statusCode).toBeLessThan(300);
    await round();
    expect(await kindsAndStatuses(order.code)).toEqual([['ORIGINAL', 'DRAFT']]);
    expect(await invoicesOf(order.code)).toEqual([expect.objectContaining({ status: 'DRAFT', series: null, pdfUrl: null })]);

    await desk.step(order.code, { action: 'confirm' });
    await desk.step(order.code, { action: 'pack' });
    await desk.step(order.code, { action: 'ship', carrier: 'GHN', trackingCode: 'GHN778899VN' });
    await round();
    expect(await kindsAndStatuses(order.code)).toEqual([['ORIGINAL', 'DRAFT']]);

    // Delivered a few minutes later (the session's token outlives it): the invoice is dated then.
    desk.service.clock.advance(5 * 60_000);
    await desk.step(order.code, { action: 'deliver' });
    await round();
    const [issued] = await invoicesOf(order.code);
    expect(issued).toMatchObject({ status: 'ISSUED', gross: order.total, series: 'C26TYY', issuedAt: desk.service.clock.now().toISOString() });
  });

  it('issues a cash-on-delivery order’s invoice when it is delivered and paid', async () => {
    const product = await createProduct(scratch.db, { price: 650_000, stock: 3 });
    const order = orderOf(await postOrder(desk.service.app, desk.customer, { items: [{ kind: 'product', refId: product.id, quantity: 2 }], fulfilment: deliveryTo() }));
    await desk.step(order.code, { action: 'confirm' });
    await desk.step(order.code, { action: 'pack' });
    await desk.step(order.code, { action: 'ship', carrier: 'GHTK', trackingCode: 'S1234-GHTK' });
    await round();
    expect(await kindsAndStatuses(order.code)).toEqual([]);
    await desk.step(order.code, { action: 'deliver' });
    await round();
    expect(await kindsAndStatuses(order.code)).toEqual([['ORIGINAL', 'ISSUED']]);
  });

  it('never issues the invoice of an order cancelled before hand-over, nor its refund’s adjustment', async () => {
    const product = await createProduct(scratch.db, { price: 800_000, stock: 0 });
    await stockCentre(scratch.db, desk.shipping, product.id, 4);
    const order = orderOf(await postOrder(desk.service.app, desk.customer, { items: [{ kind: 'product', refId: product.id, quantity: 2 }], paymentMethod: 'VIETQR', fulfilment: pickupAt(desk.shipping) }));
    await recordTransferFor(desk.service.app, desk.staff, order.code, order.total, desk.service.clock.now());
    await round();
    await desk.step(order.code, { action: 'cancel', reason: 'Hàng lỗi từ nhà cung cấp' });
    await desk.step(order.code, { action: 'refund', amount: order.total, method: 'BANK_TRANSFER', reference: 'FT2611190077' });
    await round();
    expect(await kindsAndStatuses(order.code)).toEqual([
      ['ORIGINAL', 'CANCELLED'],
      ['ADJUSTMENT', 'CANCELLED'],
    ]);
    expect(await invoicesOf(order.code)).toEqual([]);
    expect(await scratch.db.selectFrom('e_invoice_standin').select('id').where('request_key', 'like', `%order-${(await scratch.db.selectFrom('orders').select('id').where('code', '=', order.code).executeTakeFirstOrThrow()).id}`).execute()).toEqual([]);
  });
});
