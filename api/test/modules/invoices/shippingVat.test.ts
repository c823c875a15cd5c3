import { XMLParser } from 'fast-xml-parser';
import { vatInvoiceRequestSchema } from 'shared-contracts/schemas';
import { loadConfig } from '../../../src/config';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { pdfText } from '../../support/pdfText';
import { createProduct, createUser, orderOf, postOrder, type TestUser } from '../../support/shopTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

/**
 * The shipping fee carries its own VAT rate (decision 0054): SHIPPING_VAT_RATE, stored on the order when it is
 * placed, so the receipt and the VAT invoice print the products at their rate and the shipping at the rate that
 * was in force when the customer ordered, however the setting changes afterwards.
 */

describe('the SHIPPING_VAT_RATE setting', () => {
  it('is 8 % unless set, takes 0, 5, 8 or 10 (with or without "%"), and refuses any other rate', () => {
    expect(loadConfig({}).shippingVatRate).toBe(8);
    expect(loadConfig({ SHIPPING_VAT_RATE: '10' }).shippingVatRate).toBe(10);
    expect(loadConfig({ SHIPPING_VAT_RATE: '5%' }).shippingVatRate).toBe(5);
    expect(loadConfig({ SHIPPING_VAT_RATE: '0' }).shippingVatRate).toBe(0);
    expect(() => loadConfig({ SHIPPING_VAT_RATE: '7' })).toThrow('SHIPPING_VAT_RATE must be one of 0, 5, 8, 10');
    expect(() => loadConfig({ SHIPPING_VAT_RATE: 'mười' })).toThrow('SHIPPING_VAT_RATE');
  });
});

describe.each(productionDatabase())('the shipping fee’s VAT on receipts and invoices on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => ['HHDVu', 'LTSuat'].includes(name) });
  let shop: AuthTestApp;
  let customer: TestUser;
  let admin: TestUser;
  let product: { id: number; name: string; price: number };

  beforeAll(async () => {
    shop = await startAuthApp(scratch.db, { configOverrides: { shippingVatRate: 8 } });
    customer = await createUser(shop.app, scratch.db);
    admin = await createUser(shop.app, scratch.db, { role: 'admin' });
    product = await createProduct(scratch.db, { price: 1_100_000, stock: 20 });
    await scratch.db.updateTable('products').set({ vat_rate: 10 }).where('id', '=', product.id).execute();
  });
  afterAll(() => shop.close());

  /** A delivered-to-Hà-Nội order (30.000 ₫ shipping) of one product at 10 %, paid. */
  async function paidOrder(): Promise<string> {
    const order = orderOf(await postOrder(shop.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }] }));
    expect(order.shippingFee).toBe(30_000);
    await scratch.db.updateTable('orders').set({ payment_status: 'PAID', paid_at: new Date().toISOString() }).where('code', '=', order.code).execute();
    return order.code;
  }
  const receiptText = async (code: string) => {
    const response = await shop.app.inject({ method: 'GET', url: `/api/orders/${code}/receipt.pdf`, headers: customer.headers });
    expect(response.statusCode).toBe(200);
    return pdfText(response.rawPayload);
  };
  async function invoiceXml(code: string) {
    const asked = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${code}/vat-invoice-request`,
      headers: customer.headers,
      payload: { companyName: 'Công ty TNHH Xe Điện Sài Gòn', taxCode: '0314409058', address: '12 Lê Lợi, TP. Hồ Chí Minh', email: 'ketoan@xedien.vn' },
    });
    expect(asked.statusCode).toBe(201);
    const request = vatInvoiceRequestSchema.parse(asked.json().data);
    const xml = await shop.app.inject({ method: 'GET', url: `/api/vat-invoice-requests/${request.id}/xml`, headers: admin.headers });
    expect(xml.statusCode).toBe(200);
    return parser.parse(xml.body).HDon.DLHDon.NDHDon;
  }

  it('prints the products at 10 % and the shipping at the setting’s 8 % as separate VAT lines, on the receipt and the invoice', async () => {
    const code = await paidOrder();
    expect((await scratch.db.selectFrom('orders').select('shipping_vat_rate').where('code', '=', code).executeTakeFirstOrThrow()).shipping_vat_rate).toBe(8);

    const text = await receiptText(code);
    // 1.100.000 ₫ at 10 %: 1.000.000 ₫ + 100.000 ₫ VAT; 30.000 ₫ shipping at 8 %: 27.778 ₫ + 2.222 ₫ VAT.
    expect(text).toMatch(/Thuế suất 8%\s*27\.778 ₫\s*2\.222 ₫/);
    expect(text).toMatch(/Thuế suất 10%\s*1\.000\.000 ₫\s*100\.000 ₫/);

    const invoice = await invoiceXml(code);
    const lines = invoice.DSHHDVu.HHDVu as Array<{ THHDVu: string; TSuat: string }>;
    expect(lines.map((line) => [line.THHDVu, line.TSuat])).toEqual([
      [product.name, '10%'],
      ['Phí vận chuyển', '8%'],
    ]);
    const rates = invoice.TToan.THTTLTSuat.LTSuat as Array<{ TSuat: string; ThTien: string; TThue: string }>;
    expect(rates).toEqual([
      { TSuat: '8%', ThTien: '27778', TThue: '2222' },
      { TSuat: '10%', ThTien: '1000000', TThue: '100000' },
    ]);
  });

  it('keeps the rate in force when the order was placed: a later change of the setting applies to new orders only', async () => {
    shop.config.shippingVatRate = 8;
    const before = await paidOrder();
    shop.config.shippingVatRate = 10;
    try {
      const after = await paidOrder();
      const beforeText = await receiptText(before);
      expect(beforeText).toMatch(/Thuế suất 8%\s*27\.778 ₫\s*2\.222 ₫/);
      // At 10 % the shipping joins the product's VAT line: 1.130.000 ₫ = 1.027.273 ₫ + 102.727 ₫.
      const afterText = await receiptText(after);
      expect(afterText).not.toMatch(/Thuế suất 8%/);
      expect(afterText).toMatch(/Thuế suất 10%\s*1\.027\.273 ₫\s*102\.727 ₫/);
      const rates = (await invoiceXml(after)).TToan.THTTLTSuat.LTSuat as Array<{ TSuat: string }>;
      expect(rates.map((rate) => rate.TSuat)).toEqual(['10%']);
    } finally {
      shop.config.shippingVatRate = 8;
    }
  });
});
