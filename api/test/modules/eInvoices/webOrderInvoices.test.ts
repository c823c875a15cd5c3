import type { CustomerEInvoice, WebOrderDetail } from 'shared-contracts/schemas';
import { createEInvoiceWorker } from '../../../src/modules/eInvoices/eInvoiceWorker';
import { standInEInvoiceProvider } from '../../../src/modules/eInvoices/providers/standInEInvoice';
import { startServiceApp, type ServiceApp } from '../../support/serviceTestKit';
import { createProduct, createUser, deliveryTo, orderOf, pickupAt, postOrder, recordTransferFor, stockCentre, type TestUser } from '../../support/shopTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

/**
 * A web order's e-invoice is dated at hand-over (Decree 123 Art. 9(1)): paid before, it waits as a draft until the
 * goods are delivered or collected; paid on delivery (COD), it is issued then; cancelled before hand-over, it is never
 * issued (CANCELLED), nor is its refund's adjustment.
 */
describe.each(testDatabases())('web orders’ e-invoices at hand-over on $label', (target) => {
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

  const round = () => {
    const { config, clock } = service;
    const provider = standInEInvoiceProvider(scratch.db, { sellerTaxCode: config.seller.taxCode, publicUrl: config.publicUrl, now: () => clock.now() });
    return createEInvoiceWorker({ db: scratch.db, provider, config, clock }).runRound();
  };
  const step = async (code: string, payload: Record<string, unknown>): Promise<WebOrderDetail> => {
    const detail = await service.app.inject({ method: 'GET', url: `/api/staff/web-orders/${code}`, headers: people.staff.headers });
    const { version } = (detail.json() as { data: WebOrderDetail }).data;
    const response = await service.app.inject({ method: 'POST', url: `/api/staff/web-orders/${code}/actions`, headers: people.staff.headers, payload: { version, ...payload } });
    expect({ status: response.statusCode, body: response.statusCode === 200 ? null : response.body }).toEqual({ status: 200, body: null });
    return (response.json() as { data: WebOrderDetail }).data;
  };
  const invoicesOf = async (code: string): Promise<CustomerEInvoice[]> => {
    const answer = await service.app.inject({ method: 'GET', url: `/api/orders/${code}/e-invoices`, headers: people.customer.headers });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { data: { items: CustomerEInvoice[] } }).data.items;
  };
  const kindsAndStatuses = async (code: string) => {
    const order = await scratch.db.selectFrom('orders').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    return (await scratch.db.selectFrom('e_invoices').select(['kind', 'status']).where('order_id', '=', order.id).orderBy('id').execute()).map((row) => [row.kind, row.status]);
  };

  it('keeps a prepaid order’s invoice a draft until the goods are delivered, then issues it dated that day', async () => {
    const product = await createProduct(scratch.db, { price: 1_200_000, stock: 3 });
    const order = orderOf(await postOrder(service.app, people.customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], paymentMethod: 'VIETQR', fulfilment: deliveryTo() }));
    expect((await recordTransferFor(service.app, people.staff, order.code, order.total, service.clock.now())).statusCode).toBeLessThan(300);
    await round();
    expect(await kindsAndStatuses(order.code)).toEqual([['ORIGINAL', 'DRAFT']]);
    expect(await invoicesOf(order.code)).toEqual([expect.objectContaining({ status: 'DRAFT', series: null, pdfUrl: null })]);

    await step(order.code, { action: 'confirm' });
    await step(order.code, { action: 'pack' });
    await step(order.code, { action: 'ship', carrier: 'GHN', trackingCode: 'GHN778899VN' });
    await round();
    expect(await kindsAndStatuses(order.code)).toEqual([['ORIGINAL', 'DRAFT']]);

    // Delivered a few minutes later (the session's token outlives it): the invoice is dated then.
    service.clock.advance(5 * 60_000);
    await step(order.code, { action: 'deliver' });
    await round();
    const [issued] = await invoicesOf(order.code);
    expect(issued).toMatchObject({ status: 'ISSUED', gross: order.total, series: 'C26TYY', issuedAt: service.clock.now().toISOString() });
  });

  it('issues a cash-on-delivery order’s invoice when it is delivered and paid', async () => {
    const product = await createProduct(scratch.db, { price: 650_000, stock: 3 });
    const order = orderOf(await postOrder(service.app, people.customer, { items: [{ kind: 'product', refId: product.id, quantity: 2 }], fulfilment: deliveryTo() }));
    await step(order.code, { action: 'confirm' });
    await step(order.code, { action: 'pack' });
    await step(order.code, { action: 'ship', carrier: 'GHTK', trackingCode: 'S1234-GHTK' });
    await round();
    expect(await kindsAndStatuses(order.code)).toEqual([]);
    await step(order.code, { action: 'deliver' });
    await round();
    expect(await kindsAndStatuses(order.code)).toEqual([['ORIGINAL', 'ISSUED']]);
  });

  it('never issues the invoice of an order cancelled before hand-over, nor its refund’s adjustment', async () => {
    const product = await createProduct(scratch.db, { price: 800_000, stock: 0 });
    await stockCentre(scratch.db, shipping, product.id, 4);
    const order = orderOf(await postOrder(service.app, people.customer, { items: [{ kind: 'product', refId: product.id, quantity: 2 }], paymentMethod: 'VIETQR', fulfilment: pickupAt(shipping) }));
    await recordTransferFor(service.app, people.staff, order.code, order.total, service.clock.now());
    await round();
    await step(order.code, { action: 'cancel', reason: 'Hàng lỗi từ nhà cung cấp' });
    await step(order.code, { action: 'refund', amount: order.total, method: 'BANK_TRANSFER', reference: 'FT2611190077' });
    await round();
    expect(await kindsAndStatuses(order.code)).toEqual([
      ['ORIGINAL', 'CANCELLED'],
      ['ADJUSTMENT', 'CANCELLED'],
    ]);
    expect(await invoicesOf(order.code)).toEqual([]);
    expect(await scratch.db.selectFrom('e_invoice_standin').select('id').where('request_key', 'like', `%order-${(await scratch.db.selectFrom('orders').select('id').where('code', '=', order.code).executeTakeFirstOrThrow()).id}`).execute()).toEqual([]);
  });
});
