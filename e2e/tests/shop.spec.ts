import { expect, test, type APIRequestContext, type Page } from '../support/fixtures.ts';
import { expectAccessible } from '../support/floor.ts';
import { apiLogin, DEMO_EMAILS, DEMO_PASSWORD, storeSession } from '../support/session.ts';
import { buyFirstPackage, choosePickupPaidByVietQr, pickDeliveryWard } from '../support/checkout.ts';

const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');
const account = (page: Page) => page.locator('[data-remote-area="mfe_account"]');

interface ProductRow {
  id: number;
  slug: string;
  name: string;
  price: number;
  stock: number;
}

/** Integer VND as the pages show it ('8.490.000 ₫'), any kind of space before ₫. */
function vnd(amount: number): RegExp {
  return new RegExp(`${new Intl.NumberFormat('vi-VN').format(amount).replace(/\./g, '\\.')}\\s₫`);
}

async function productsOf(request: APIRequestContext, query: string): Promise<ProductRow[]> {
  const response = await request.get(`/api/products?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { items: ProductRow[] } }).data.items;
}

/** The demo customer's server cart emptied, so the test sees only what it puts there. */
async function emptyServerCart(request: APIRequestContext): Promise<string> {
  const login = await apiLogin(request);
  const response = await request.delete('/api/cart', { headers: { Authorization: `Bearer ${login.accessToken}` } });
  expect(response.ok()).toBe(true);
  return login.accessToken;
}

/** Cancels an order of the demo customer (stock and the promotion's use are given back: the test can run again). */
async function cancelOrder(request: APIRequestContext, code: string): Promise<void> {
  const login = await apiLogin(request);
  await request.post(`/api/orders/${code}/cancel`, { headers: { Authorization: `Bearer ${login.accessToken}` }, data: { reason: 'Kiểm thử e2e' } });
}

test('a guest fills a cart, logs in (the cart is merged), applies SAVE500K, pays COD and finds the order in Đơn hàng của tôi', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await emptyServerCart(request);
  // a battery (category group 'parts', what SAVE500K applies to) of at least 5.000.000 ₫, and a charging cable
  const battery = (await productsOf(request, 'category=pin-bo-sac&sort=price_desc&pageSize=48')).find((product) => product.price >= 5_000_000 && product.stock >= 3)!;
  const cable = (await productsOf(request, 'category=cap-sac&sort=price_asc&pageSize=48')).find((product) => product.stock >= 3)!;
  expect(battery).toBeDefined();
  expect(cable).toBeDefined();

  // the guest adds the battery on its page…
  await page.goto(`/products/${battery.slug}`);
  await storefront(page).getByRole('button', { name: `Thêm vào giỏ: ${battery.name}` }).click();
  await expect(page.getByText('Đã thêm vào giỏ hàng').first()).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');

  // …and, after a reload (the guest cart lives in localStorage), the cable from the list
  await page.goto('/products?category=cap-sac&sort=price_asc&pageSize=48');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await storefront(page).getByRole('button', { name: `Thêm vào giỏ: ${cable.name}` }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');

  await page.getByTestId('cart-link').click();
  await expect(page).toHaveURL('/cart');
  await expect(storefront(page).getByRole('link', { name: battery.name })).toBeVisible();
  await expect(storefront(page).getByRole('spinbutton', { name: `Số lượng ${cable.name}` })).toHaveValue('1');
  await expect(storefront(page).getByTestId('order-total')).toHaveText(vnd(battery.price + cable.price + 30_000));

  // checkout needs a login: the shell sends the guest to the login page, which comes back to /checkout
  await storefront(page).getByRole('button', { name: 'Thanh toán' }).click();
  await expect(page).toHaveURL('/auth/login?redirect=%2Fcheckout');
  await page.getByLabel('Email hoặc số điện thoại').fill(DEMO_EMAILS.customer);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page).toHaveURL('/checkout');

  // the guest cart is now the customer's server cart
  const summary = storefront(page).getByRole('region', { name: 'Đơn hàng của bạn' });
  await expect(summary.getByText(`${battery.name} × 1`)).toBeVisible();
  await expect(summary.getByText(`${cable.name} × 1`)).toBeVisible();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').userId ?? null)).not.toBeNull();
  const serverCart = await page.request.get('/api/cart', { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authToken'))}` } });
  expect(((await serverCart.json()) as { data: { itemCount: number } }).data.itemCount).toBe(2);

  // the promo box is on the cart page
  await storefront(page).getByRole('link', { name: 'Quay lại giỏ hàng' }).click();
  await expect(page).toHaveURL('/cart');
  const promo = storefront(page).getByRole('region', { name: 'Mã khuyến mãi' });
  await promo.getByLabel('Nhập mã khuyến mãi').fill('save500k');
  await promo.getByRole('button', { name: 'Áp dụng' }).click();
  await expect(promo.getByText('Đã áp dụng mã SAVE500K.')).toBeVisible();
  // the cart quotes the flat fee of the province; the checkout quotes the carriers for the ward
  await expect(storefront(page).getByText('Giảm giá (SAVE500K)')).toBeVisible();
  await expect(storefront(page).getByTestId('order-total')).toHaveText(vnd(battery.price + cable.price - 500_000 + 30_000));

  await storefront(page).getByRole('button', { name: 'Thanh toán' }).click();
  await expect(page).toHaveURL('/checkout');
  await storefront(page).getByLabel('Họ và tên người nhận').fill('Nguyễn Minh Anh');
  await storefront(page).getByLabel('Số điện thoại di động').fill('0912 345 678');
  const fee = await pickDeliveryWard(page, 'Hà Nội', 'cau giay', 'Phường Cầu Giấy');
  const expectedTotal = battery.price + cable.price - 500_000 + fee;
  await expect(summary.getByTestId('order-total')).toHaveText(vnd(expectedTotal));
  await storefront(page).getByLabel('Số nhà, tên đường').fill('88 Xuân Thủy');
  await storefront(page).getByRole('radio', { name: /Thanh toán khi nhận hàng \(COD\)/ }).check();
  await storefront(page).getByRole('button', { name: 'Đặt hàng' }).click();

  await expect(storefront(page).getByRole('heading', { name: 'Đặt hàng thành công' })).toBeVisible();
  const code = (await storefront(page).getByTestId('order-code').innerText()).trim();
  expect(code).toMatch(/^EV\d{10,}$/);
  // the ordered lines left the cart
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);

  try {
    await storefront(page).getByRole('link', { name: 'Xem chi tiết đơn hàng' }).click();
    await expect(page).toHaveURL(`/orders/${code}`);
    await expect(account(page).getByTestId('order-code')).toHaveText(code);
    await expect(account(page).getByTestId('order-status')).toHaveText('Đã đặt hàng');
    const lines = account(page).getByRole('region', { name: 'Sản phẩm' });
    await expect(lines.getByText('Giảm giá (SAVE500K)')).toBeVisible();
    await expect(lines.getByText('Tổng cộng').locator('xpath=following-sibling::dd[1]')).toHaveText(vnd(expectedTotal));
    await expect(account(page).getByRole('region', { name: 'Nhận hàng' })).toContainText('88 Xuân Thủy, Phường Cầu Giấy, Hà Nội');
    await expect(account(page).getByRole('region', { name: 'Nhận hàng' })).toContainText('Thanh toán khi nhận hàng (COD)');

    // 'Đơn hàng của tôi' lists it first
    await account(page).getByRole('link', { name: 'Tất cả đơn hàng' }).click();
    await expect(page).toHaveURL('/orders');
    await expect(account(page).getByRole('heading', { level: 1 })).toHaveText('Đơn hàng của tôi');
    const first = account(page).getByRole('list', { name: 'Danh sách đơn hàng' }).getByRole('article').first();
    await expect(first.getByRole('heading')).toHaveText(`Mã đơn hàng ${code}`);
    await expect(first).toContainText(vnd(expectedTotal));
    await expect(first).toContainText('Đã đặt hàng');

    // and the customer can still cancel it
    await first.getByRole('link', { name: `Xem chi tiết đơn hàng ${code}` }).click();
    await account(page).getByRole('button', { name: 'Hủy đơn' }).click();
    await account(page).getByLabel(/Lý do hủy/).fill('Đặt nhầm địa chỉ');
    await account(page).getByRole('button', { name: 'Xác nhận hủy đơn' }).click();
    await expect(account(page).getByText('Đã hủy đơn hàng.')).toBeVisible();
    await expect(account(page).getByTestId('order-status')).toHaveText('Đã hủy');
  } finally {
    await cancelOrder(request, code);
  }
});

test('a service package bought with VietQR waits for payment, shows the QR with the order code as content, and staff confirm the transfer', async ({ browser, page, request }) => {
  await emptyServerCart(request);
  await storeSession(page);
  const name = await buyFirstPackage(page);

  await page.goto('/checkout');
  await expect(storefront(page).getByRole('region', { name: 'Đơn hàng của bạn' }).getByText(`${name} × 1`)).toBeVisible();
  await choosePickupPaidByVietQr(page);
  await storefront(page).getByRole('button', { name: 'Đặt hàng' }).click();

  const qr = storefront(page).getByRole('region', { name: 'Đơn hàng chờ thanh toán' });
  await expect(qr).toBeVisible();
  const code = (await storefront(page).getByTestId('order-code').innerText()).trim();
  try {
    const image = qr.getByRole('img', { name: `Mã VietQR thanh toán đơn hàng ${code}` });
    await expect(image).toBeVisible();
    expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    // the content on its own, then its "Sao chép" button (named for what it copies)
    const content = qr.getByText('Nội dung chuyển khoản').locator('xpath=following-sibling::dd[1]');
    await expect(content).toHaveText(`${code}Sao chép nội dung chuyển khoản`);
    await expect(content.getByRole('button', { name: 'Sao chép nội dung chuyển khoản' })).toBeVisible();
    // the payment window (VIETQR_PAYMENT_HOURS, 24 h by default): HH:mm dd/MM/yyyy, then the order is cancelled
    await expect(qr.getByText('Hạn thanh toán').locator('xpath=following-sibling::dd[1]')).toHaveText(
      /^\d{2}:\d{2} \d{2}\/\d{2}\/\d{4}\. Quá hạn, đơn hàng sẽ tự động hủy\.$/,
    );
    await expectAccessible(page);

    // the detail page shows the QR again while the order is unpaid
    await page.goto(`/orders/${code}`);
    await expect(account(page).getByTestId('order-status')).toHaveText('Chờ thanh toán');
    await expect(account(page).getByRole('region', { name: 'Đơn hàng chờ thanh toán' }).getByRole('img', { name: `Mã VietQR thanh toán đơn hàng ${code}` })).toBeVisible();
    await expectAccessible(page);

    // staff of the order's centre tick the transfer off on their dashboard: the order leaves the list, paid
    const staffContext = await browser.newContext();
    try {
      const staffPage = await staffContext.newPage();
      await storeSession(staffPage, DEMO_EMAILS.staff);
      await staffPage.goto('/staff');
      const transfers = staffPage.locator('[data-remote-area="mfe_backoffice"]').getByRole('region', { name: 'Đơn hàng chờ xác nhận chuyển khoản' });
      await expect(transfers.getByRole('rowheader', { name: code })).toBeVisible();
      await expectAccessible(staffPage);
      // the desk records the transfer the bank statement shows: the whole total, its bank reference
      await transfers.getByRole('button', { name: `Ghi nhận chuyển khoản cho đơn ${code}` }).click();
      const form = transfers.getByRole('form', { name: `Chuyển khoản đã nhận cho đơn ${code}` });
      await form.getByLabel('Mã giao dịch ngân hàng').fill(`FT${Date.now()}`);
      await form.getByRole('button', { name: 'Ghi nhận' }).click();
      await expect(transfers.getByRole('status')).toHaveText(`Đã ghi nhận chuyển khoản: đơn ${code} đã thanh toán.`);
      await expect(transfers.getByRole('rowheader', { name: code })).toHaveCount(0);
    } finally {
      await staffContext.close();
    }
    // the customer sees it paid, without the QR
    await page.reload();
    await expect(account(page).getByTestId('order-status')).toHaveText('Đã đặt hàng');
    await expect(account(page).getByRole('region', { name: 'Đơn hàng chờ thanh toán' })).toHaveCount(0);
  } finally {
    await cancelOrder(request, code);
  }
});

test.describe('accessibility (axe-core): no serious or critical violation', () => {
  test('/cart with lines and /checkout', async ({ page, request }) => {
    const token = await emptyServerCart(request);
    const [product] = await productsOf(request, 'inStock=true&sort=popular&pageSize=1');
    await request.post('/api/cart/items', { headers: { Authorization: `Bearer ${token}` }, data: { kind: 'product', refId: product!.id, quantity: 1 } });
    await storeSession(page);

    await page.goto('/cart');
    await expect(storefront(page).getByRole('link', { name: product!.name })).toBeVisible();
    // a signed-in page keeps its notification stream open (never network-idle): wait for the bell it feeds instead
    await expect(page.getByTestId('notification-bell')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/checkout');
    await expect(storefront(page).getByRole('button', { name: 'Đặt hàng' })).toBeVisible();
    // with the field errors shown too
    await storefront(page).getByLabel('Số điện thoại di động').fill('123');
    await storefront(page).getByRole('button', { name: 'Đặt hàng' }).click();
    await expect(storefront(page).getByText('Vui lòng kiểm tra lại các trường được đánh dấu.')).toBeVisible();
    await expectAccessible(page);
    await emptyServerCart(request);
  });

  test('the empty /cart of a guest', async ({ page }) => {
    await page.goto('/cart');
    await expect(storefront(page).getByText('Giỏ hàng của bạn đang trống.')).toBeVisible();
    await expectAccessible(page);
  });
});
