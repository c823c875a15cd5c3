import { expect, test, type APIRequestContext, type Locator } from '../support/fixtures.ts';
import { backoffice, signedInPage } from '../support/floor.ts';
import { apiLogin, DEMO_EMAILS } from '../support/session.ts';

/** The demo's SePay webhook key (config.ts DEMO_PAYMENT_KEYS: never valid in production). */
const SEPAY_DEMO_KEY = 'demo-sepay-webhook-key-5e7b9c1a';
const PHONE = { width: 360, height: 780 };
const COUNTER_PC = { width: 1366, height: 768 };
const TOUCH_TARGET_PX = 44;

/** A VietQR order of the demo customer for one service package, picked up at the first centre (Cầu Giấy). */
async function placeVietQrOrder(request: APIRequestContext): Promise<{ code: string; total: number }> {
  const login = await apiLogin(request);
  const packages = ((await (await request.get('/api/packages')).json()) as { data: Array<{ id: number }> }).data;
  const centres = ((await (await request.get('/api/centres')).json()) as { data: Array<{ id: number }> }).data;
  const response = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${login.accessToken}`, 'Idempotency-Key': `e2e-desk-phone-${Date.now()}` },
    data: {
      items: [{ kind: 'package', refId: packages[0]!.id, quantity: 1 }],
      recipientName: 'Nguyễn Minh Anh',
      phone: '0912345678',
      fulfilment: { method: 'pickup', centreId: centres[0]!.id },
      paymentMethod: 'VIETQR',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { code: string; total: number } }).data;
}

/** The bank (through SePay's verified webhook) reports the order's transfer, with its reference. */
async function payBySePay(request: APIRequestContext, order: { code: string; total: number }, reference: string): Promise<void> {
  const response = await request.post('/api/payments/sepay/webhook', {
    headers: { Authorization: `Apikey ${SEPAY_DEMO_KEY}` },
    data: {
      id: Date.now(),
      gateway: 'Vietcombank',
      transactionDate: '2026-11-26 10:15:00',
      accountNumber: '0071000888888',
      code: null,
      content: `NGUYEN MINH ANH chuyen tien ${order.code}`,
      transferType: 'in',
      transferAmount: order.total,
      accumulated: order.total,
      subAccount: null,
      referenceCode: reference,
      description: 'BankAPINotify',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Horizontal overflow of the page and of the list itself. */
const widthsOf = (list: Locator) =>
  list.evaluate((element) => {
    const page = document.scrollingElement!;
    return { page: { scroll: page.scrollWidth, client: page.clientWidth }, list: { scroll: element.scrollWidth, client: element.clientWidth } };
  });

/**
 * The web-order desk on a phone (issue 45 §4): at 360 px the list is a card per order with no sideways scroll, the
 * first order in the first screen, opened with one tap to its actions; at 1366 px the list takes the area's width
 * until an order is open, then sits beside it; a transfer SePay reported shows its "Mã giao dịch".
 */
test('at 360 px: cards, no horizontal scroll, the first order in the first screen, its actions one tap away', async ({ browser }) => {
  test.setTimeout(90_000);
  const staff = await signedInPage(browser, DEMO_EMAILS.staff, PHONE);
  const area = backoffice(staff);
  await staff.goto('/staff/web-orders');
  const list = area.getByRole('region', { name: 'Danh sách đơn hàng' });
  const cards = list.getByRole('list', { name: 'Đơn hàng' });
  const first = cards.getByRole('listitem').first();
  await expect(first).toBeVisible();
  await expect(list.getByRole('table')).toHaveCount(0);

  const widths = await widthsOf(list);
  expect(widths.page.scroll).toBeLessThanOrEqual(widths.page.client);
  expect(widths.list.scroll).toBeLessThanOrEqual(widths.list.client);
  const cardWidths = await widthsOf(cards);
  expect(cardWidths.list.scroll).toBeLessThanOrEqual(cardWidths.list.client);

  // The first order starts and ends within the first screen, before any scrolling.
  const box = (await first.boundingBox())!;
  // What stands above it, should it not: each block's bottom edge.
  const above = await staff.evaluate(() =>
    ['header', 'main aside', 'main h1', 'main h1 + p', '[data-testid="web-order-list"] select', '[data-testid="web-order-list"] form']
      .map((selector) => `${selector}: ${Math.round(document.querySelector(selector)?.getBoundingClientRect().bottom ?? -1)}`)
      .join(', '),
  );
  expect(box.y + box.height, above).toBeLessThanOrEqual(PHONE.height);
  await expect(first).toContainText(/EV\d+/);
  await expect(first).toContainText('₫');
  await expect(first).toContainText(/(Vừa xong|phút trước|giờ trước|ngày trước|\d{2}\/\d{2}\/\d{4})/);

  const open = first.getByRole('button', { name: /^Xem đơn EV/ });
  expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
  for (const control of await list.locator('select, input, button').all()) {
    if (await control.isVisible()) expect((await control.boundingBox())!.height, await control.evaluate((element) => element.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
  }

  // One tap: the order in place of the list, its actions at hand.
  const code = ((await open.getAttribute('aria-label')) ?? '').replace('Xem đơn ', '');
  await open.tap();
  const detail = area.getByRole('region', { name: code });
  await expect(detail.getByRole('heading', { name: 'Thao tác' })).toBeVisible();
  await expect(list).toBeHidden();
  const detailWidths = await widthsOf(detail);
  expect(detailWidths.page.scroll).toBeLessThanOrEqual(detailWidths.page.client);
  const back = detail.getByRole('button', { name: 'Quay lại danh sách' });
  expect((await back.boundingBox())!.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
  await back.tap();
  await expect(first).toBeVisible();
});

test('at 1366 px: the list takes the width with no order open, sits beside an open one; a SePay transfer shows "Mã giao dịch"', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const order = await placeVietQrOrder(request);
  const reference = `FT${Date.now()}`;
  await payBySePay(request, order, reference);

  const staff = await signedInPage(browser, DEMO_EMAILS.staff, COUNTER_PC);
  const area = backoffice(staff);
  await staff.goto('/staff/web-orders');
  const list = area.getByRole('region', { name: 'Danh sách đơn hàng' });
  await expect(list.getByRole('table')).toBeVisible();

  // The page's working area: the role area's content column, inside its padding (the side navigation aside).
  const share = () =>
    list.evaluate((element) => {
      const content = element.closest('[data-role-area]')!.lastElementChild!;
      const style = getComputedStyle(content);
      const inner = content.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return element.getBoundingClientRect().width / inner;
    });
  expect(await share()).toBeGreaterThanOrEqual(0.9);

  await list.getByRole('searchbox', { name: 'Tìm theo mã đơn, số điện thoại hoặc tên' }).fill(order.code);
  await list.getByRole('button', { name: 'Tìm', exact: true }).click();
  await list.getByRole('button', { name: `Xem đơn ${order.code}` }).click();
  const detail = area.getByRole('region', { name: order.code });
  const payment = detail.getByRole('region', { name: 'Thanh toán' });
  const record = payment.getByLabel('Khoản thanh toán 1');
  await expect(record).toContainText('Mã giao dịch');
  await expect(record).toContainText(reference);
  await expect(record).toContainText('Chuyển khoản VietQR (ngân hàng báo qua SePay)');
  await expect(record).toContainText('Tự động (ngân hàng)');

  // Side by side: the detail to the right of the list, their tops level.
  const listBox = (await list.boundingBox())!;
  const detailBox = (await detail.boundingBox())!;
  expect(detailBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width - 1);
  expect(Math.abs(detailBox.y - listBox.y)).toBeLessThanOrEqual(2);
});
