import { expect, test, type APIRequestContext, type Page } from '../support/fixtures.ts';
import { buyFirstPackage, choosePickupPaidByVietQr } from '../support/checkout.ts';
import { apiLogin, storeSession } from '../support/session.ts';

const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');
const account = (page: Page) => page.locator('[data-remote-area="mfe_account"]');
const points = (count: number) => `${new Intl.NumberFormat('vi-VN').format(count)} điểm`;

async function bearer(request: APIRequestContext): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${(await apiLogin(request)).accessToken}` };
}

async function balanceOf(request: APIRequestContext): Promise<number> {
  const answer = await request.get('/api/loyalty/me', { headers: await bearer(request) });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { balance: number } }).data.balance;
}

/**
 * Members' points (issue 67): the demo customer, whose demo history earned points, uses 100 of them at checkout — the
 * box shows their worth and the order's total drops by it — then sees the balance drop on "Điểm thưởng"; the order is
 * cancelled at the end, which gives the points back.
 */
test('a customer uses points at checkout and sees the balance drop on Điểm thưởng', async ({ page, request }) => {
  const headers = await bearer(request);
  expect((await request.delete('/api/cart', { headers })).ok()).toBe(true);
  const before = await balanceOf(request);
  expect(before).toBeGreaterThanOrEqual(100);

  await storeSession(page);
  await buyFirstPackage(page);
  await page.goto('/checkout');
  await choosePickupPaidByVietQr(page);
  const box = storefront(page).getByRole('region', { name: 'Dùng điểm thưởng' });
  await expect(box.getByTestId('points-balance')).toContainText(`Bạn có ${points(before)}`);
  const total = storefront(page).getByTestId('order-total');
  const totalBefore = Number((await total.textContent())?.replace(/\D/g, ''));
  await box.getByLabel('Số điểm muốn dùng').fill('100');
  await expect(box.getByText('= 1.000 ₫')).toBeVisible();
  await expect(storefront(page).getByText('Điểm thưởng (−100 điểm)')).toBeVisible();
  await expect.poll(async () => Number((await total.textContent())?.replace(/\D/g, ''))).toBe(totalBefore - 1_000);

  const placed = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/orders');
  await storefront(page).getByRole('button', { name: 'Đặt hàng' }).click();
  const order = ((await (await placed).json()) as { data: { code: string; pointsUsed: number } }).data;
  expect(order.pointsUsed).toBe(100);
  await expect(storefront(page).getByRole('region', { name: 'Đơn hàng chờ thanh toán' })).toBeVisible();

  await page.goto('/loyalty');
  await expect(account(page).getByText(`${points(before - 100)} · trị giá`, { exact: false })).toBeVisible();
  await expect(account(page).getByRole('listitem').filter({ hasText: 'Dùng điểm cho đơn hàng' }).first()).toContainText(/[−-]100 điểm/);

  // The order is cancelled: its points come back.
  expect((await request.post(`/api/orders/${order.code}/cancel`, { headers, data: { reason: 'Kiểm thử e2e' } })).ok()).toBe(true);
  expect(await balanceOf(request)).toBe(before);
});
