import { XMLParser } from 'fast-xml-parser';
import { claimDueInvoices } from '../../../src/modules/eInvoices/eInvoiceSender';
import { createEInvoiceWorker } from '../../../src/modules/eInvoices/eInvoiceWorker';
import { E_INVOICE_MAX_ATTEMPTS } from '../../../src/modules/eInvoices/eInvoiceRules';
import { standInEInvoiceProvider, type StandInFault } from '../../../src/modules/eInvoices/providers/standInEInvoice';
import { testDatabases, useFloor } from '../../support/floorTestKit';

const MINUTE = 60_000;

/**
 * An e-invoice per sale, issued from the ledger's events (issue 64): a paid service invoice gets exactly one invoice
 * at the stand-in (series, number, MCCQT, lookup code, totals as the receipt), a refund one adjustment that nets to
 * it, a provider fault is retried and a refusal waits for the owner, a crash mid-issue resends the same key.
 */
describe.each(testDatabases())('an e-invoice per sale on $label', (target) => {
  const floor = useFloor(target);
  let fault: StandInFault = null;
  beforeEach(() => (fault = null));

  const worker = () => {
    const { config, clock } = floor.service;
    const provider = standInEInvoiceProvider(floor.db, { sellerTaxCode: config.seller.taxCode, publicUrl: config.publicUrl, now: () => clock.now(), fault: () => fault });
    return createEInvoiceWorker({ db: floor.db, provider, config, clock, sendTimeoutMs: 200 });
  };

  const pay = (orderId: number) => floor.request(floor.users.staff, 'POST', `/api/service-orders/${orderId}/payment/confirm`, { method: 'CASH' });
  const invoicesOf = (invoiceId: number) => floor.db.selectFrom('e_invoices').selectAll().where('service_invoice_id', '=', invoiceId).orderBy('id').execute();
  const atStandIn = (key: string) => floor.db.selectFrom('e_invoice_standin').selectAll().where('request_key', '=', key).execute();

  it('issues one invoice for a paid service invoice, with its series, number, MCCQT and lookup code, totalling the receipt', async () => {
    const sale = await floor.invoicedServiceOrder();
    expect((await pay(sale.orderId)).statusCode).toBe(200);
    const issuer = worker();
    expect(await issuer.runRound()).toMatchObject({ events: 1, issued: 1 });
    expect(await issuer.runRound()).toMatchObject({ events: 0, issued: 0 });

    const [invoice, ...others] = await invoicesOf(sale.invoiceId);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ kind: 'ORIGINAL', status: 'ISSUED', provider: 'standin', series: 'C26TYY', attempts: 1, last_error: null, next_attempt_at: null });
    expect(Number(invoice!.gross)).toBe(sale.total);
    expect(invoice!.tax_authority_code).toBe(`M1-26-EVSHP-${String(invoice!.number).padStart(11, '0')}`);
    expect(invoice!.lookup_code).toMatch(/^[0-9A-F]{12}$/);
    expect(invoice!.number).toBeGreaterThan(0);

    const [sent] = await atStandIn(invoice!.request_key);
    const xml = new XMLParser().parse(sent!.xml) as { HDon: { DLHDon: { TTChung: { SHDon: number; KHHDon: string }; NDHDon: { TToan: { TgTTTBSo: number } } } } };
    expect(xml.HDon.DLHDon.TTChung).toMatchObject({ SHDon: invoice!.number, KHHDon: 'C26TYY' });
    expect(xml.HDon.DLHDon.NDHDon.TToan.TgTTTBSo).toBe(sale.total);

    // The customer is told once, with the invoice's series and number and the page where its codes and PDF are.
    const told = await floor.db.selectFrom('notifications').select(['title', 'link', 'topic']).where('user_id', '=', floor.users.customer.id).where('kind', '=', 'e_invoice_issued').execute();
    expect(told).toEqual([{ title: `Hóa đơn bán hàng C26TYY số ${invoice!.number} đã được phát hành`, link: '/dashboard', topic: 'payment' }]);
  });

  it('alerts the admins once a day when a sale is past the grace period without its invoice', async () => {
    const { alertMissingInvoices } = await import('../../../src/modules/eInvoices');
    const sale = await floor.invoicedServiceOrder();
    await pay(sale.orderId);
    fault = 'refuse';
    await worker().runRound();
    const deps = () => ({ db: floor.db, events: floor.service.events, now: floor.service.clock.now() });
    expect(await alertMissingInvoices(deps())).toBe(0);
    floor.service.clock.advance(61 * MINUTE);
    const missing = await alertMissingInvoices(deps());
    expect(missing).toBeGreaterThanOrEqual(1);
    await alertMissingInvoices(deps());
    const alerts = await floor.db.selectFrom('notifications').select(['title', 'link']).where('user_id', '=', floor.users.admin.id).where('kind', '=', 'staff_e_invoices_missing').execute();
    expect(alerts).toEqual([{ title: `${missing} giao dịch chưa có hóa đơn điện tử`, link: '/admin/e-invoices' }]);
  });

  it('invoices one sale once when 12 confirmations of its payment arrive at once', async () => {
    const sale = await floor.invoicedServiceOrder();
    const answers = await Promise.all(Array.from({ length: 12 }, () => pay(sale.orderId)));
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const issuer = worker();
    await Promise.all([issuer.runRound(), worker().runRound()]);
    await issuer.runRound();
    const invoices = await invoicesOf(sale.invoiceId);
    expect(invoices.map((row) => [row.kind, row.status])).toEqual([['ORIGINAL', 'ISSUED']]);
    expect(await atStandIn(invoices[0]!.request_key)).toHaveLength(1);
  });

  it('adjusts an issued invoice by a refund: negative lines that net to the refund, naming the original', async () => {
    const sale = await floor.invoicedServiceOrder();
    await pay(sale.orderId);
    const issuer = worker();
    await issuer.runRound();
    const part = Math.floor(sale.total / 3);
    const refunded = await floor.request(floor.users.manager, 'POST', `/api/service-orders/${sale.orderId}/invoice/refunds`, { amount: part, method: 'CASH', reason: 'Bớt phí công do chờ lâu' });
    expect(refunded.statusCode).toBe(201);
    expect(await issuer.runRound()).toMatchObject({ events: 1, issued: 1 });

    const [original, adjustment] = await invoicesOf(sale.invoiceId);
    expect(adjustment).toMatchObject({ kind: 'ADJUSTMENT', status: 'ISSUED', corrects_id: original!.id, reason: 'Bớt phí công do chờ lâu' });
    expect(Number(adjustment!.gross)).toBe(-part);
    const [sent] = await atStandIn(adjustment!.request_key);
    expect(Number(sent!.gross)).toBe(-part);
    expect(sent!.xml).toContain(`cho hóa đơn ký hiệu ${original!.series} số ${original!.number}`);
  });

  it('retries a provider that is down with back-off, and leaves a refused invoice for the owner', async () => {
    const sale = await floor.invoicedServiceOrder();
    await pay(sale.orderId);
    const issuer = worker();
    fault = 'timeout';
    expect(await issuer.runRound()).toMatchObject({ retried: 1 });
    let [invoice] = await invoicesOf(sale.invoiceId);
    expect(invoice).toMatchObject({ status: 'FAILED', attempts: 1, last_error: expect.stringContaining('không trả lời kịp') });
    expect(invoice!.next_attempt_at).not.toBeNull();
    // Not before its back-off.
    expect(await issuer.runRound()).toMatchObject({ issued: 0, retried: 0 });

    fault = null;
    floor.service.clock.advance(MINUTE);
    expect(await issuer.runRound()).toMatchObject({ issued: 1 });
    [invoice] = await invoicesOf(sale.invoiceId);
    expect(invoice).toMatchObject({ status: 'ISSUED', attempts: 2, last_error: null });

    const refusedSale = await floor.invoicedServiceOrder();
    await pay(refusedSale.orderId);
    fault = 'refuse';
    expect(await issuer.runRound()).toMatchObject({ refused: 1 });
    const [refused] = await invoicesOf(refusedSale.invoiceId);
    expect(refused).toMatchObject({ status: 'FAILED', next_attempt_at: null, last_error: 'Nhà cung cấp (giả lập) từ chối hóa đơn.' });
    floor.service.clock.advance(60 * MINUTE);
    expect(await issuer.runRound()).toMatchObject({ issued: 0, refused: 0 });
    expect(E_INVOICE_MAX_ATTEMPTS).toBeGreaterThan(1);
  });

  it('sends an invoice again with the same key after a crash mid-issue: the provider issues it once', async () => {
    const sale = await floor.invoicedServiceOrder();
    await pay(sale.orderId);
    const issuer = worker();
    // Queue it, then a worker claims it and dies before settling (its claim is the only trace).
    fault = 'timeout';
    await issuer.runRound();
    fault = null;
    floor.service.clock.advance(MINUTE);
    const [claimed] = await claimDueInvoices(floor.db, floor.service.clock.now(), 10);
    expect(claimed).toMatchObject({ status: 'SENDING', attempts: 2 });
    // The provider had issued it when the process died: the resend must not issue a second one.
    const provider = standInEInvoiceProvider(floor.db, { sellerTaxCode: floor.service.config.seller.taxCode, publicUrl: floor.service.config.publicUrl, now: () => floor.service.clock.now() });
    const { requestOf } = await import('../../../src/modules/eInvoices/eInvoiceSender');
    const issuedBeforeCrash = await provider.issue(await requestOf(floor.db, floor.service.config, claimed!, floor.service.clock.now()), AbortSignal.timeout(1_000));

    expect(await issuer.runRound()).toMatchObject({ issued: 0 });
    floor.service.clock.advance(3 * MINUTE);
    expect(await issuer.runRound()).toMatchObject({ issued: 1 });
    const [invoice] = await invoicesOf(sale.invoiceId);
    expect(invoice).toMatchObject({ status: 'ISSUED', attempts: 3, number: issuedBeforeCrash.number, tax_authority_code: issuedBeforeCrash.taxAuthorityCode });
    expect(await atStandIn(invoice!.request_key)).toHaveLength(1);
  });
});
