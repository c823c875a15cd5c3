import { expect, test, type APIRequestContext, type Page } from '../support/fixtures.ts';
import { apiLogin, storeSession } from '../support/session.ts';

const account = (page: Page) => page.locator('[data-remote-area="mfe_account"]');

/** A VietQR order of the demo customer for one service package (no stock involved), placed through the API. */
async function placeVietQrOrder(request: APIRequestContext): Promise<string> {
  const login = await apiLogin(request);
  const packages = ((await (await request.get('/api/packages')).json()) as { data: Array<{ id: number }> }).data;
  const centres = ((await (await request.get('/api/centres')).json()) as { data: Array<{ id: number }> }).data;
  const response = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${login.accessToken}`, 'Idempotency-Key': `e2e-payos-${Date.now()}` },
    data: {
      items: [{ kind: 'package', refId: packages[0]!.id, quantity: 1 }],
      recipientName: 'Nguyễn Minh Anh',
      phone: '0912345678',
      fulfilment: { method: 'pickup', centreId: centres[0]!.id },
      paymentMethod: 'VIETQR',
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { code: string } }).data.code;
}

test("a customer pays a VietQR order on the payOS stand-in's checkout page and sees it paid on the order", async ({ page, request }) => {
  const code = await placeVietQrOrder(request);
  await storeSession(page);
  await page.goto(`/orders/${code}`);
  await expect(account(page).getByTestId('order-status')).toHaveText('Chờ thanh toán');
  const qr = account(page).getByRole('region', { name: 'Đơn hàng chờ thanh toán' });
  await qr.getByRole('button', { name: 'Thanh toán qua payOS' }).click();

  // payOS's checkout (the local stand-in): pay
  await expect(page.getByRole('heading', { name: 'Cổng thanh toán payOS (giả lập)' })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
  await page.getByRole('button', { name: 'Thanh toán' }).click();

  // back on the order: paid by the webhook, no QR any more
  await expect(page).toHaveURL(new RegExp(`/orders/${code}\\?payos=return`));
  await expect(account(page).getByText('Đã nhận thanh toán. Cảm ơn bạn!')).toBeVisible({ timeout: 15_000 });
  await expect(account(page).getByTestId('order-status')).toHaveText('Đã đặt hàng');
  await expect(account(page).getByRole('region', { name: 'Đơn hàng chờ thanh toán' })).toHaveCount(0);
  await expect(account(page).getByRole('region', { name: 'Lịch sử đơn hàng' }).getByText(/Đã nhận chuyển khoản .* \(payOS\)/)).toBeVisible();
});
