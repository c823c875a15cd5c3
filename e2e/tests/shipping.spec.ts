import { expect, test, type APIRequestContext, type Page } from '../support/fixtures.ts';
import { account, backoffice, expectAccessible, signedInPage } from '../support/floor.ts';
import { apiLogin, DEMO_EMAILS } from '../support/session.ts';

/**
 * Parcels with a carrier (issue 65), against the carriers' local stand-ins that `npm start` runs in development: the
 * customer picks a ward typed without accents (a former ward's name) and sees the carriers' live fees; the clerk
 * confirms and packs the order, creates the waybill, prints its label; the carrier's webhooks move the order to
 * "Đang giao hàng" and then "Đã giao hàng", and the customer's page shows the parcel's journey.
 */
const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');
const vndPattern = /[\d.]+\s₫/;

async function emptyServerCart(request: APIRequestContext, token: string): Promise<void> {
  const emptied = await request.delete('/api/cart', { headers: { Authorization: `Bearer ${token}` } });
  expect(emptied.ok()).toBe(true);
}

/** Tells the carrier's stand-in that the parcel moved; it posts the carrier's webhook to the API. */
async function carrierSays(request: APIRequestContext, carrier: string, trackingCode: string, status: string): Promise<void> {
  const answer = await request.post(`/api/dev/carriers/${carrier}/${encodeURIComponent(trackingCode)}/status`, { data: { status } });
  expect(answer.status(), await answer.text()).toBe(200);
  // Our API took the carrier's webhook (a 200 that moved nothing would leave the desk waiting).
  expect(((await answer.json()) as { webhook: number | null }).webhook).toBe(200);
}

test('a customer picks a ward typed without accents and sees live fees; the clerk ships it with a waybill and label; the carrier delivers it', async ({ browser }) => {
  test.setTimeout(180_000);
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  const login = await apiLogin(customer.request, DEMO_EMAILS.customer);
  await emptyServerCart(customer.request, login.accessToken);
  const products = (await (await customer.request.get('/api/products?inStock=true&sort=popular&pageSize=1')).json()) as { data: { items: Array<{ id: number; slug: string; name: string }> } };
  const product = products.data.items[0]!;

  // 1. The customer: a ward found by its former name typed without accents, then the carriers' live options.
  await customer.goto(`/products/${product.slug}`);
  await storefront(customer).getByRole('button', { name: `Thêm vào giỏ: ${product.name}` }).click();
  await expect(customer.getByText('Đã thêm vào giỏ hàng').first()).toBeVisible();
  await customer.goto('/checkout');
  await storefront(customer).getByLabel('Họ và tên người nhận').fill('Nguyễn Minh Anh');
  await storefront(customer).getByLabel('Số điện thoại di động').fill('0912 345 678');
  await storefront(customer).getByRole('radio', { name: /Giao hàng tận nơi/ }).check();
  await storefront(customer).getByLabel('Tỉnh/thành phố nhận hàng').selectOption('Hà Nội');
  const ward = storefront(customer).getByRole('combobox', { name: 'Phường/Xã' });
  await ward.fill('');
  await ward.pressSequentially('dich vong hau');
  const option = storefront(customer).getByRole('option', { name: /Phường Cầu Giấy/ }).first();
  await expect(option).toContainText('Dịch Vọng Hậu');
  await option.click();
  await expect(ward).toHaveValue(/Phường Cầu Giấy/);
  await storefront(customer).getByLabel('Số nhà, tên đường').fill('25 Trần Thái Tông');

  const carriers = storefront(customer).getByRole('group', { name: 'Đơn vị vận chuyển' });
  await expect(carriers.getByRole('radio')).not.toHaveCount(0, { timeout: 15_000 });
  await expect(carriers).toContainText('Rẻ nhất');
  await expect(carriers).toContainText('Nhanh nhất');
  await expect(carriers).toContainText(/Dự kiến giao: \d{2}\/\d{2}\/\d{4}/);
  const cheapest = carriers.locator('label').filter({ hasText: 'Rẻ nhất' }).first();
  const fee = (await cheapest.locator('strong').innerText()).trim();
  expect(fee).toMatch(vndPattern);
  await expect(storefront(customer).getByRole('region', { name: 'Đơn hàng của bạn' })).toContainText(fee);
  await storefront(customer).getByRole('radio', { name: /Thanh toán khi nhận hàng \(COD\)/ }).check();
  await storefront(customer).getByRole('button', { name: 'Đặt hàng' }).click();
  await expect(storefront(customer).getByRole('heading', { name: 'Đặt hàng thành công' })).toBeVisible();
  const code = (await storefront(customer).getByTestId('order-code').innerText()).trim();

  // 2. The clerk: confirm, pack, "Tạo vận đơn" (the customer's carrier pre-selected), the label as a PDF.
  const staff = await signedInPage(browser, DEMO_EMAILS.staff);
  const area = backoffice(staff);
  await staff.goto(`/staff/web-orders?code=${code}`);
  const list = area.getByRole('region', { name: 'Danh sách đơn hàng' });
  await list.getByRole('button', { name: `Xem đơn ${code}` }).click();
  const detail = area.getByRole('region', { name: code });
  await detail.getByRole('button', { name: 'Xác nhận đơn' }).click();
  await expect(detail.getByText('Đã xác nhận đơn hàng')).toBeVisible();
  await detail.getByRole('button', { name: 'Đã đóng gói' }).click();
  await expect(detail.getByText('Đã đóng gói hàng')).toBeVisible();
  await detail.getByRole('button', { name: 'Tạo vận đơn' }).click();
  const dialog = area.getByRole('dialog', { name: new RegExp(`Tạo vận đơn · ${code}`) });
  await expect(dialog.getByRole('group', { name: 'Đơn vị vận chuyển và dịch vụ' }).getByRole('radio', { checked: true })).toHaveCount(1, { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Tạo vận đơn' }).click();
  await expect(dialog).toBeHidden();
  const waybill = detail.getByRole('region', { name: 'Vận đơn' });
  await expect(waybill).toContainText('Chờ lấy hàng');
  await expectAccessible(staff);
  const token = await staff.evaluate(() => localStorage.getItem('authToken'));
  const detailAnswer = await staff.request.get(`/api/staff/web-orders/${code}`, { headers: { Authorization: `Bearer ${token}` } });
  const shipment = ((await detailAnswer.json()) as { data: { carrierShipment: { id: number; carrier: string; trackingCode: string; codAmount: number } } }).data.carrierShipment;
  const trackingCode = shipment.trackingCode;
  await expect(waybill).toContainText(trackingCode);
  const labels = await staff.request.post('/api/staff/shipments/labels', { headers: { Authorization: `Bearer ${token}` }, data: { shipmentIds: [shipment.id], size: 'A5' } });
  expect(labels.status()).toBe(200);
  expect(labels.headers()['content-type']).toContain('application/pdf');
  expect((await labels.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const printed = staff.waitForEvent('popup');
  await waybill.getByRole('button', { name: 'In nhãn' }).click();
  await (await printed).close();

  // 3. The carrier picks the parcel up and delivers it: the desk follows without a reload.
  const carrier = shipment.carrier;
  await carrierSays(staff.request, carrier, trackingCode, 'PICKED');
  await expect(detail.getByText('Đang giao hàng').first()).toBeVisible({ timeout: 15_000 });
  await carrierSays(staff.request, carrier, trackingCode, 'DELIVERED');
  await expect(waybill).toContainText('Đã giao hàng', { timeout: 15_000 });

  // 4. The customer's order page: delivered, with the parcel's journey.
  await customer.goto(`/orders/${code}`);
  const journey = account(customer).getByRole('region', { name: 'Hành trình đơn hàng' });
  await expect(journey).toContainText('Đã giao hàng');
  await expect(journey).toContainText('Đã lấy hàng');
  await expect(journey).toContainText(trackingCode);

  // 5. The admin imports the carrier's COD statement: the parcel's line reconciles, an unknown waybill is queued.
  const admin = await signedInPage(browser, DEMO_EMAILS.admin);
  await admin.goto('/admin/cod-statements');
  const page = backoffice(admin);
  const columns = carrier === 'GHN' ? 'Mã đơn hàng,Tiền thu hộ,Phí' : 'Mã đơn hàng,Tiền CoD,Phí';
  const unknownCode = `${carrier}E2E${Date.now() % 1_000_000}`;
  const csv = `${columns}\n${trackingCode},${shipment.codAmount},22000\n${unknownCode},150000,22000\n`;
  await page.getByRole('radio', { name: carrier === 'GHN' ? /GHN|Giao Hàng Nhanh/ : /GHTK|Giao Hàng Tiết Kiệm/ }).check();
  await page.getByLabel('Mã bảng đối soát').fill(`DS-${code}`);
  await page.getByLabel('Tệp CSV bảng đối soát').setInputFiles({ name: 'doi-soat.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Nhập bảng đối soát' }).click();
  const result = page.getByRole('region', { name: 'Kết quả đối soát' });
  await expect(result.locator('dt', { hasText: 'Khớp' }).locator('xpath=following-sibling::dd[1]')).toHaveText('1');
  await expect(result.locator('dt', { hasText: 'Không tìm thấy' }).locator('xpath=following-sibling::dd[1]')).toHaveText('1');
  await expect(result.getByRole('row', { name: new RegExp(unknownCode) })).toContainText('Không tìm thấy vận đơn');
  await expect(page.getByRole('region', { name: /Các bảng đối soát đã nhập/ }).first()).toContainText(`DS-${code}`);
  await expectAccessible(admin);
});
