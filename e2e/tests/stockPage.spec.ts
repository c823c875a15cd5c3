import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/fixtures.ts';
import { backoffice, expectAccessible, signedInPage } from '../support/floor.ts';
import { pickDeliveryWard } from '../support/checkout.ts';
import { apiLogin, DEMO_EMAILS } from '../support/session.ts';

/**
 * Stock where the owner works (issue 45 §1): the owner creates a product in /admin/catalogue, opens "Kho hàng",
 * picks the online warehouse and receives 5 units from a supplier at a unit cost; a customer then buys it online —
 * all in the UI. The manager sees their own centre's stock without a location picker, and the page fits a 360 px
 * phone (no sideways scroll of the page).
 */

const WAREHOUSE = 'Kho hàng online EV Service';
const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');

/** The demo customer's server cart emptied, so the checkout holds only this product. */
async function emptyServerCart(request: APIRequestContext): Promise<void> {
  const login = await apiLogin(request);
  const response = await request.delete('/api/cart', { headers: { Authorization: `Bearer ${login.accessToken}` } });
  expect(response.ok()).toBe(true);
}

/** A stock row's on hand, reserved and available cells (after the SKU cell). */
async function figures(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allInnerTexts()).slice(1, 4).map((text) => text.trim());
}

/** How far the page scrolls sideways (0: it fits the viewport). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the owner creates a product, receives 5 units into the online warehouse from a supplier, and a customer buys it online', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 100_000;
  const name = `Gương chiếu hậu Kho Thử ${stamp}`;
  const folded = `guong chieu hau kho thu ${stamp}`;
  const sku = `E2E-KHO-${stamp}`;
  const owner = await signedInPage(browser, DEMO_EMAILS.admin);
  const area = backoffice(owner);

  // 1. /admin/catalogue: a new product, published (no stock yet)
  await owner.goto('/admin/catalogue');
  await expect(area.getByRole('heading', { level: 1, name: 'Danh mục sản phẩm' })).toBeVisible();
  // "Thêm sản phẩm" opens the new product's form (a link to its own page, or a button on the list)
  await area.getByRole('link', { name: 'Thêm sản phẩm' }).or(area.getByRole('button', { name: 'Thêm sản phẩm' })).first().click();
  await area.getByLabel('Tên sản phẩm').fill(name);
  await area.getByLabel('Mã SKU').fill(sku);
  await area.getByLabel('Danh mục', { exact: true }).last().selectOption({ index: 1 });
  await area.getByLabel('Thương hiệu', { exact: true }).last().selectOption({ index: 1 });
  await area.getByLabel('Giá bán (₫)').fill('690000');
  await area.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(area.getByRole('status').filter({ hasText: 'Đã tạo sản phẩm.' })).toBeVisible();
  await area.getByRole('button', { name: 'Đăng bán' }).click();
  await expect(area.getByRole('status').filter({ hasText: 'Đã lưu sản phẩm.' })).toBeVisible();

  // 2. "Kho hàng" from the side navigation; the online warehouse picked; a goods receipt of 5 units
  await area.getByRole('navigation', { name: 'Khu vực quản trị' }).getByRole('link', { name: 'Kho hàng' }).click();
  await expect(owner).toHaveURL(/\/admin\/stock/);
  await expect(area.getByRole('heading', { level: 1, name: 'Kho hàng' })).toBeVisible();
  const picker = area.getByLabel('Điểm kho');
  await expect(picker.locator('option').first()).toHaveText(`${WAREHOUSE} (kho bán online)`);
  const warehouseId = await picker.locator('option').first().getAttribute('value');
  await picker.selectOption({ label: `${WAREHOUSE} (kho bán online)` });
  await expect(owner).toHaveURL(new RegExp(`centreId=${warehouseId}`));

  const receipt = area.getByRole('form', { name: 'Nhập hàng từ nhà cung cấp' });
  await receipt.getByLabel('Nhà cung cấp').fill('Công ty Phụ tùng Sao Việt');
  await receipt.getByLabel('Số chứng từ / hóa đơn (không bắt buộc)').fill(`HD-${stamp}`);
  await receipt.getByLabel('Sản phẩm (dòng 1)').fill(name);
  await receipt.getByRole('button', { name: `Chọn ${name}` }).click();
  await receipt.getByLabel('Số lượng (dòng 1)').fill('5');
  await receipt.getByLabel('Đơn giá nhập (đ) (dòng 1)').fill('420.000');
  await expect(receipt).toContainText(/Tổng cộng: 5 đơn vị · 2\.100\.000\s₫/);
  await receipt.getByRole('button', { name: 'Nhập hàng' }).click();
  await expect(area.getByRole('status').filter({ hasText: `Đã nhập 5 đơn vị vào ${WAREHOUSE}` })).toBeVisible();

  const table = area.getByRole('region', { name: 'Tồn kho trung tâm' });
  await table.getByLabel('Tìm sản phẩm').fill(sku);
  await table.getByLabel('Tìm sản phẩm').press('Enter');
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect.poll(() => figures(row)).toEqual(['5', '0', '5']);
  const receipts = area.getByRole('list', { name: `Phiếu nhập hàng tại ${WAREHOUSE}, mới nhất trước` });
  await expect(receipts.getByRole('listitem').first()).toContainText(`Công ty Phụ tùng Sao Việt · HD-${stamp}`);
  await expect(receipts.getByRole('listitem').first()).toContainText(/2\.100\.000\s₫/);
  await expectAccessible(owner);

  // the receipt is in the product's ledger, which a link (?productId=) opens
  const ledger = area.getByRole('region', { name: 'Sổ phát sinh kho' });
  await expect(ledger.getByRole('row', { name: new RegExp(name) }).first()).toContainText('Nhập hàng từ nhà cung cấp');

  // 3. A customer finds it, buys it online (COD), and the warehouse has one fewer available
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  await emptyServerCart(customer.request);
  await customer.goto(`/search?q=${encodeURIComponent(folded)}`);
  await storefront(customer).getByRole('link', { name }).first().click();
  await expect(storefront(customer).getByRole('heading', { level: 1, name })).toBeVisible();
  await storefront(customer).getByRole('button', { name: `Thêm vào giỏ: ${name}` }).click();
  await expect(customer.getByText('Đã thêm vào giỏ hàng').first()).toBeVisible();
  await customer.getByTestId('cart-link').click();
  await expect(customer).toHaveURL('/cart');
  await storefront(customer).getByRole('button', { name: 'Thanh toán' }).click();
  await expect(customer).toHaveURL('/checkout');
  await storefront(customer).getByLabel('Họ và tên người nhận').fill('Nguyễn Minh Anh');
  await storefront(customer).getByLabel('Số điện thoại di động').fill('0912 345 678');
  await pickDeliveryWard(customer, 'Hà Nội', 'cau giay', 'Phường Cầu Giấy');
  await storefront(customer).getByLabel('Số nhà, tên đường').fill('88 Xuân Thủy');
  await storefront(customer).getByRole('radio', { name: /Thanh toán khi nhận hàng \(COD\)/ }).check();
  await storefront(customer).getByRole('button', { name: 'Đặt hàng' }).click();
  await expect(storefront(customer).getByRole('heading', { name: 'Đặt hàng thành công' })).toBeVisible();
  const code = (await storefront(customer).getByTestId('order-code').innerText()).trim();
  try {
    // the owner's page hears of it (or is reloaded): 4 available in the warehouse
    await owner.reload();
    await table.getByLabel('Tìm sản phẩm').fill(sku);
    await table.getByLabel('Tìm sản phẩm').press('Enter');
    await expect.poll(async () => (await figures(row))[2]).toBe('4');
  } finally {
    const login = await apiLogin(customer.request);
    await customer.request.post(`/api/orders/${code}/cancel`, { headers: { Authorization: `Bearer ${login.accessToken}` }, data: { reason: 'Kiểm thử e2e' } });
  }
});

test("the manager sees their own centre's stock without a location picker, and the page fits a 360 px phone", async ({ browser }) => {
  const manager = await signedInPage(browser, DEMO_EMAILS.manager, { width: 360, height: 780 });
  const area = backoffice(manager);
  await manager.goto('/manager/stock');
  await expect(area.getByRole('heading', { level: 1, name: 'Kho hàng' })).toBeVisible();
  await expect(area.getByText(/^Điểm kho: EV Service /)).toBeVisible();
  await expect(area.getByLabel('Điểm kho')).toHaveCount(0);
  await expect(area.getByRole('region', { name: 'Tồn kho trung tâm' }).getByRole('table')).toBeVisible();
  await expect(area.getByRole('form', { name: 'Nhập hàng từ nhà cung cấp' })).toBeVisible();
  await expect(area.getByRole('region', { name: 'Sổ phát sinh kho' })).toBeVisible();
  expect(await sidewaysScroll(manager)).toBe(0);
  // the stock table scrolls inside its own box, labelled by its column headers
  await expect(area.getByRole('region', { name: 'Tồn kho trung tâm' }).getByRole('columnheader', { name: 'Khả dụng' })).toBeAttached();
});
