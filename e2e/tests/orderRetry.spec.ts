import { expect, test, type APIRequestContext, type Page } from '../support/fixtures.ts';
import { buyFirstPackage, choosePickupPaidByVietQr } from '../support/checkout.ts';
import { apiLogin, storeSession } from '../support/session.ts';

const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');

async function bearer(request: APIRequestContext): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${(await apiLogin(request)).accessToken}` };
}

/** The codes of the demo customer's newest orders (a page of 50), newest first. */
async function orderCodes(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/orders?limit=50', { headers: await bearer(request) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { items: { code: string }[] } }).data.items.map((order) => order.code);
}

/**
 * The order is placed but its answer never reaches the page (the database connection dropped as it committed, the
 * network cut): the page was told 503. After a reload the customer sees the order they sent as not confirmed, and its
 * retry, under the same Idempotency-Key, shows the order the server had placed — one order, not two.
 */
test('an order placed while the page was told 503 is found again by its retry after a reload, never doubled', async ({ page, request }) => {
  const headers = await bearer(request);
  expect((await request.delete('/api/cart', { headers })).ok()).toBe(true);
  const before = await orderCodes(request);
  await storeSession(page);
  const name = await buyFirstPackage(page);
  await page.goto('/checkout');
  await choosePickupPaidByVietQr(page);

  // The request reaches the API and the order commits; the page gets a 503 instead of its answer.
  let placedCode = '';
  let sentKey = '';
  await page.route(
    '**/api/orders',
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      sentKey = route.request().headers()['idempotency-key'] ?? '';
      const placed = await route.fetch();
      placedCode = ((await placed.json()) as { data: { code: string } }).data.code;
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '1' },
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ success: false, code: 'DATABASE_UNREACHABLE', message: 'Kết nối tới cơ sở dữ liệu vừa bị gián đoạn. Vui lòng thử lại sau giây lát.' }),
      });
    },
    { times: 1 },
  );
  await storefront(page).getByRole('button', { name: 'Đặt hàng' }).click();
  await expect(storefront(page).getByText(/Chưa xác nhận được đơn hàng/).first()).toBeVisible();
  expect(placedCode).not.toBe('');
  expect(sentKey).not.toBe('');

  await page.reload();
  const pending = storefront(page).getByRole('region', { name: 'Đơn hàng chưa được xác nhận' });
  await expect(pending).toBeVisible();
  await expect(pending.getByText(name)).toBeVisible();
  const retried = page.waitForRequest((sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/orders');
  await pending.getByRole('button', { name: 'Thử lại đơn hàng này' }).click();
  expect((await retried).headers()['idempotency-key']).toBe(sentKey);

  await expect(storefront(page).getByRole('region', { name: 'Đơn hàng chờ thanh toán' })).toBeVisible();
  await expect(storefront(page).getByTestId('order-code')).toHaveText(placedCode);
  const after = await orderCodes(request);
  expect(after.filter((code) => !before.includes(code))).toEqual([placedCode]);

  await request.post(`/api/orders/${placedCode}/cancel`, { headers, data: { reason: 'Kiểm thử e2e' } });
});
