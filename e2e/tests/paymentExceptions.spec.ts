import { expect, test, type APIRequestContext } from '../support/fixtures.ts';
import { account, backoffice, expectAccessible, signedInPage, smallTouchTargets } from '../support/floor.ts';
import { apiLogin, DEMO_EMAILS } from '../support/session.ts';

/** The demo's SePay webhook key (config.ts DEMO_PAYMENT_KEYS: never valid in production). */
const SEPAY_DEMO_KEY = 'demo-sepay-webhook-key-5e7b9c1a';

/** A VietQR order of the demo customer for one service package, picked up at the first centre (Cầu Giấy). */
async function placeVietQrOrder(request: APIRequestContext): Promise<{ code: string; total: number }> {
  const login = await apiLogin(request);
  const packages = ((await (await request.get('/api/packages')).json()) as { data: Array<{ id: number }> }).data;
  const centres = ((await (await request.get('/api/centres')).json()) as { data: Array<{ id: number }> }).data;
  const response = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${login.accessToken}`, 'Idempotency-Key': `e2e-exception-${Date.now()}` },
    data: {
      items: [{ kind: 'package', refId: packages[0]!.id, quantity: 1 }],
      recipientName: 'Nguyễn Minh Anh',
      phone: '0912345678',
      fulfilment: { method: 'pickup', centreId: centres[0]!.id },
      paymentMethod: 'VIETQR',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { code, total } = ((await response.json()) as { data: { code: string; total: number } }).data;
  return { code, total };
}

/**
 * The exceptions queue (issue 35 §3): a bank transfer whose content has the order code mistyped ("EW…" for "EV…")
 * reaches SePay's webhook, cannot pay an order by itself and waits in "Giao dịch cần xử lý"; staff match it to the
 * order, which the customer then sees paid. Both new views (the queue, the admin's reconciliation) pass axe.
 */
test("a transfer with a typo'd code lands in the queue, staff match it to the order, the customer sees it paid; axe on both pages", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { code, total } = await placeVietQrOrder(request);
  const transferId = Date.now();
  const webhook = await request.post('/api/payments/sepay/webhook', {
    headers: { Authorization: `Apikey ${SEPAY_DEMO_KEY}` },
    data: {
      id: transferId,
      gateway: 'Vietcombank',
      transactionDate: '2026-11-26 10:15:00',
      accountNumber: '0071000888888',
      code: null,
      content: `NGUYEN MINH ANH chuyen tien ${code.replace('EV', 'EW')}`,
      transferType: 'in',
      transferAmount: total,
      accumulated: total,
      subAccount: null,
      referenceCode: `FT${transferId}`,
      description: 'BankAPINotify',
    },
  });
  expect(webhook.ok(), await webhook.text()).toBe(true);

  const staff = await signedInPage(browser, DEMO_EMAILS.staff);
  const area = backoffice(staff);
  await staff.goto('/staff/web-orders?view=payments');
  const queue = area.getByRole('region', { name: 'Giao dịch cần xử lý' });
  await expect(queue.getByText('Đang cập nhật trực tiếp')).toBeVisible();
  const item = queue.getByRole('listitem').filter({ hasText: code.replace('EV', 'EW') });
  await expect(item).toBeVisible({ timeout: 10_000 });
  await expect(item).toContainText('Không tìm thấy mã đơn');
  await expectAccessible(staff);

  await item.getByRole('button').click();
  const detail = area.getByRole('region', { name: /SePay/ });
  await expect(detail.getByText(`FT${transferId}`, { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Ghép vào đơn' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Ghép vào đơn' });
  await dialog.getByRole('textbox', { name: 'Mã đơn hàng' }).fill(code);
  await expectAccessible(staff);
  await dialog.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(detail.getByText('Đã cập nhật giao dịch.')).toBeVisible();
  await expect(detail.getByText(/Đã ghép vào đơn/)).toBeVisible();
  await expect(queue.getByRole('listitem').filter({ hasText: code.replace('EV', 'EW') })).toHaveCount(0);

  // The customer's order: paid.
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  await customer.goto(`/orders/${code}`);
  await expect(account(customer).getByTestId('order-status')).toHaveText('Đã đặt hàng');
  await expect(account(customer).getByText('Đã thanh toán').first()).toBeVisible();

  // The admin's reconciliation: today's transfers, a CSV to download.
  const admin = await signedInPage(browser, DEMO_EMAILS.admin);
  await admin.goto('/admin/web-orders?view=reconciliation');
  const reconciliation = backoffice(admin).getByRole('region', { name: 'Đối soát' });
  await expect(reconciliation.getByRole('table')).toBeVisible();
  await expect(reconciliation.getByRole('button', { name: 'Tải CSV', exact: true })).toBeVisible();
  await expectAccessible(admin);
});

/** On a 360 px phone: the queue, a transfer's detail and the reconciliation fit the width; every button is 44 px high. */
test('the queue and the reconciliation are usable on a 360 px phone', async ({ browser, request }) => {
  const phone = { width: 360, height: 780 };
  const { total } = await placeVietQrOrder(request);
  const transferId = Date.now();
  const webhook = await request.post('/api/payments/sepay/webhook', {
    headers: { Authorization: `Apikey ${SEPAY_DEMO_KEY}` },
    data: { id: transferId, gateway: 'MBBank', transactionDate: '2026-11-26 11:00:00', accountNumber: '0071000888888', code: null, content: 'CHUYEN TIEN KHONG GHI MA DON HANG NAO CA', transferType: 'in', transferAmount: total + 1_000, accumulated: 0, subAccount: null, referenceCode: `FT${transferId}`, description: 'BankAPINotify' },
  });
  expect(webhook.ok(), await webhook.text()).toBe(true);
  const pageWidth = (page: Awaited<ReturnType<typeof signedInPage>>) => page.evaluate(() => document.documentElement.scrollWidth);

  const staff = await signedInPage(browser, DEMO_EMAILS.staff, phone);
  await staff.goto('/staff/web-orders?view=payments');
  const queue = backoffice(staff).getByRole('region', { name: 'Giao dịch cần xử lý' });
  const item = queue.getByRole('listitem').filter({ hasText: 'CHUYEN TIEN KHONG GHI MA DON HANG NAO CA' });
  await item.getByRole('button').click();
  await expect(backoffice(staff).getByRole('button', { name: 'Hoàn tiền' })).toBeVisible();
  expect(await pageWidth(staff)).toBeLessThanOrEqual(phone.width);
  expect(await smallTouchTargets(staff)).toEqual([]);

  const admin = await signedInPage(browser, DEMO_EMAILS.admin, phone);
  await admin.goto('/admin/web-orders?view=reconciliation');
  await expect(backoffice(admin).getByRole('region', { name: 'Đối soát' }).getByRole('table')).toBeVisible();
  expect(await pageWidth(admin)).toBeLessThanOrEqual(phone.width);
  expect(await smallTouchTargets(admin)).toEqual([]);
});
