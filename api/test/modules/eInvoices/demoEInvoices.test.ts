import type { UncoveredSales } from 'shared-contracts/schemas';
import { seed } from '../../../seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../seed/demoAccounts';
import { DEMO_REFUSED_INVOICE_ERROR, seedDemoEInvoices } from '../../../src/modules/eInvoices';
import { manualClock } from '../../../src/security/clock';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { DEMO_HISTORY_NOW, productionDatabase, useScratchDatabase } from '../../support/testDatabases';

const NOW = new Date(DEMO_HISTORY_NOW);

/** The demo's e-invoices (issue 64 §5): the history's paid sales carry the stand-in's invoices; one refused waits. */
describe.each(productionDatabase())('the demo e-invoices on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: 'demoHistory' });
  let shop: AuthTestApp;
  beforeAll(async () => {
    shop = await startAuthApp(scratch.db, { clock: manualClock(NOW) });
  }, 300_000);
  afterAll(() => shop.close());

  it('gives every paid, handed-over sale one issued invoice dated its payment day, but one refused that the owner sees', async () => {
    const paidSales = await scratch.db
      .selectFrom('sale_payments')
      .leftJoin('orders', 'orders.id', 'sale_payments.order_id')
      .select(['sale_payments.order_id', 'sale_payments.service_invoice_id', 'sale_payments.paid_at', 'orders.status'])
      .execute();
    const due = paidSales.filter((sale) => sale.service_invoice_id !== null || sale.status === 'DELIVERED' || sale.status === 'COMPLETED');
    const invoices = await scratch.db.selectFrom('e_invoices').selectAll().where('kind', '=', 'ORIGINAL').execute();
    expect(due.length).toBeGreaterThan(50);
    expect(invoices).toHaveLength(due.length);
    const failed = invoices.filter((invoice) => invoice.status !== 'ISSUED');
    expect(failed).toEqual([expect.objectContaining({ status: 'FAILED', last_error: DEMO_REFUSED_INVOICE_ERROR, next_attempt_at: null })]);
    const numbers = invoices.flatMap((invoice) => (invoice.number === null ? [] : [invoice.number]));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(invoices.filter((invoice) => invoice.status === 'ISSUED').every((invoice) => /^M1-\d\d-EVSHP-\d{11}$/.test(invoice.tax_authority_code ?? '') && invoice.lookup_code?.length === 12)).toBe(true);
    // The stand-in's own record of each issued invoice carries the same code.
    const standIns = await scratch.db.selectFrom('e_invoice_standin').select(['request_key', 'tax_authority_code']).execute();
    const standInCode = new Map(standIns.map((row) => [row.request_key, row.tax_authority_code]));
    expect(invoices.filter((invoice) => invoice.status === 'ISSUED' && standInCode.get(invoice.request_key) !== invoice.tax_authority_code)).toEqual([]);

    const login = await shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_ACCOUNTS.find((account) => account.role === 'admin')!.email, password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${(login.json() as { data: { accessToken: string } }).data.accessToken}` };
    const check = (await shop.app.inject({ method: 'GET', url: '/api/admin/e-invoices/check', headers })).json().data as UncoveredSales;
    expect(check.items).toEqual([expect.objectContaining({ status: 'FAILED', invoiceId: failed[0]!.id, lastError: DEMO_REFUSED_INVOICE_ERROR })]);

    // Anyone with an issued invoice's lookup code reads it, the buyer's name masked.
    const issued = invoices.find((invoice) => invoice.status === 'ISSUED')!;
    const lookup = await shop.app.inject({ method: 'GET', url: `/api/e-invoices/lookup/${issued.lookup_code}` });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().data).toMatchObject({ series: issued.series, number: issued.number, buyer: expect.stringMatching(/^\S\*+( \S\*+)*$/) });
    expect((await shop.app.inject({ method: 'GET', url: '/api/e-invoices/lookup/000000000000' })).statusCode).toBe(404);
  });

  it('writes nothing more when the seed runs again', async () => {
    const before = await scratch.db.selectFrom('e_invoices').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(await seedDemoEInvoices(scratch.db, { publicUrl: 'http://localhost:3000', now: NOW })).toBe(0);
    await seed(scratch.db, { demoHistory: true, now: NOW });
    const after = await scratch.db.selectFrom('e_invoices').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  }, 300_000);
});
