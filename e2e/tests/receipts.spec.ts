import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { account, backoffice, signedInPage } from '../support/floor.ts';
import { deliverOrder } from '../support/reviews.ts';
import { apiLogin, DEMO_CUSTOMER_NAME, DEMO_EMAILS } from '../support/session.ts';

const COMPANY = { name: 'Công ty TNHH Xe Điện Sài Gòn', taxCode: '0314409058-002', address: '12 Lê Lợi, Phường Bến Thành, TP. Hồ Chí Minh', email: 'ketoan@xedien.vn' };

/**
 * Receipts and invoices (issue 35 §5, shop-operations §6): the demo customer's VietQR order, paid at the desk of
 * Cầu Giấy; the customer downloads its receipt PDF from the order page and asks for a company VAT invoice; the
 * staff member of Cầu Giấy opens the order on the web-order desk, sees the company's details, downloads the PDF
 * and the Circular 78 XML; once the order is delivered, the e-invoice queue issues its invoice in the company's name
 * (the stand-in provider) and the panel shows its series and number.
 */
test('a customer downloads the receipt PDF of a paid order and asks for a company invoice; staff open it with the company’s VAT details', async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  const staff = await signedInPage(browser, DEMO_EMAILS.staff);

  // A VietQR order of the demo customer, delivered from Cầu Giấy, paid (staff confirm the transfer).
  const buyer = await apiLogin(customer.request, DEMO_EMAILS.customer);
  const desk = await apiLogin(staff.request, DEMO_EMAILS.staff);
  const products = (await (await customer.request.get('/api/products?inStock=true&sort=popular&pageSize=1')).json()) as { data: { items: Array<{ id: number }> } };
  const placed = await customer.request.post('/api/orders', {
    headers: { Authorization: `Bearer ${buyer.accessToken}`, 'Idempotency-Key': `receipts-${Date.now()}` },
    data: {
      items: [{ kind: 'product', refId: products.data.items[0]!.id, quantity: 1 }],
      recipientName: DEMO_CUSTOMER_NAME,
      phone: '0912345678',
      fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '25 Trần Thái Tông' } },
      paymentMethod: 'VIETQR',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { code, total } = ((await placed.json()) as { data: { code: string; total: number } }).data;
  // The desk records the transfer the bank statement shows (the whole total): the order is paid.
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  const paid = await staff.request.post(`/api/staff/web-orders/${code}/transfers`, {
    headers: { Authorization: `Bearer ${desk.accessToken}` },
    data: { amount: total, bankReference: `FT${Date.now()}`, transferredOn: today },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(((await paid.json()) as { data: { outcome: string } }).data.outcome).toBe('MATCHED');

  // The customer: 'Tải PDF' on the order page saves bien-nhan-{code}.pdf, a PDF of this order.
  await customer.goto(`/orders/${code}`);
  const page = account(customer);
  const invoice = page.getByRole('region', { name: 'Hóa đơn' });
  const [download] = await Promise.all([customer.waitForEvent('download'), invoice.getByRole('button', { name: 'Tải PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`bien-nhan-${code}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain(code);

  // … and asks for a company VAT invoice (the tax code with its branch).
  await invoice.getByRole('button', { name: 'Xuất hóa đơn công ty' }).click();
  await invoice.getByLabel('Tên công ty').fill(COMPANY.name);
  await invoice.getByLabel('Mã số thuế').fill('0314409058002');
  await invoice.getByLabel('Địa chỉ').fill(COMPANY.address);
  await invoice.getByLabel('Email nhận hóa đơn').fill(COMPANY.email);
  await invoice.getByRole('button', { name: 'Gửi yêu cầu' }).click();
  await expect(invoice.getByTestId('vat-request')).toHaveText(`${COMPANY.name} · MST ${COMPANY.taxCode} · Đã yêu cầu`);

  // Staff of Cầu Giấy: the order on the desk, with the company's details; its PDF and its XML; issue it.
  await staff.goto('/staff/web-orders');
  const area = backoffice(staff);
  await area.getByRole('region', { name: 'Danh sách đơn hàng' }).getByRole('button', { name: `Xem đơn ${code}` }).click();
  const detail = area.getByRole('region', { name: code });
  const panel = detail.getByRole('region', { name: 'Hóa đơn' });
  await expect(panel.getByTestId('vat-invoice-request')).toContainText(`${COMPANY.name} · MST ${COMPANY.taxCode}`);
  await expect(panel.getByTestId('vat-invoice-request')).toContainText(COMPANY.email);
  const [staffPdf] = await Promise.all([staff.waitForEvent('download'), panel.getByRole('button', { name: 'Tải PDF' }).click()]);
  expect(staffPdf.suggestedFilename()).toBe(`bien-nhan-${code}.pdf`);
  const [xml] = await Promise.all([staff.waitForEvent('download'), panel.getByRole('button', { name: 'Tải XML (Thông tư 78)' }).click()]);
  const xmlText = await readFile((await xml.path())!, 'utf8');
  expect(xmlText).toContain(`<MST>${COMPANY.taxCode}</MST>`);
  expect(xmlText).toContain(`<Ten>${COMPANY.name}</Ten>`);
  // The e-invoice in the company's name is issued from the sale at hand-over, not from this panel.
  await expect(panel.getByTestId('vat-invoice-request')).toContainText('Hóa đơn điện tử ghi tên công ty được phát hành tự động');
  await expect(panel.getByRole('button', { name: /Xuất hóa đơn/ })).toHaveCount(0);
  await deliverOrder(staff.request, code);
  // The panel reads the request again every 20 s: the invoice's series and number show without a reload.
  await expect(panel.getByText(/^Đã xuất: C\d\dTYY-\d{8}$/)).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('vat-invoice-request')).toContainText('Đã xuất hóa đơn');
});
