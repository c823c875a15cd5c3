import { expect, test, type Page } from '../support/fixtures.ts';
import { expectAccessible } from '../support/floor.ts';
import { apiLogin, DEMO_EMAILS, storeSession } from '../support/session.ts';

const account = (page: Page) => page.locator('[data-remote-area="mfe_account"]');
const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');

/** Tomorrow in Vietnamese time (the booking calendar's days), as YYYY-MM-DD. */
function vietnamDate(daysAhead: number): string {
  return new Date(Date.now() + 7 * 3_600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

test('add a vehicle → book from /services → see it on /dashboard → a staff status change shows up live → cancel', async ({ page }) => {
  test.setTimeout(120_000);
  await storeSession(page);
  const series = 1 + Math.floor(Math.random() * 9);
  const digits = String(Math.floor(10_000 + Math.random() * 89_999));
  const plate = `29MĐ${series}-${digits.slice(0, 3)}.${digits.slice(3)}`;

  // 1. a new vehicle on /my-vehicles, the plate typed loosely and normalised
  await page.goto('/my-vehicles');
  await account(page).getByRole('button', { name: 'Thêm xe' }).click();
  const form = account(page).getByRole('form', { name: 'Thêm xe mới' });
  await form.getByLabel('Loại xe').selectOption('scooter');
  await form.getByLabel('Hãng xe').selectOption('VinFast');
  await form.getByLabel('Mẫu xe').selectOption('Feliz S');
  await form.getByLabel('Biển số xe').fill(`29md${series} ${digits}`);
  await expect(form.getByText(`Biển số sẽ được lưu là ${plate}`)).toBeVisible();
  await form.getByLabel('Năm sản xuất').fill('2024');
  await form.getByLabel('Số km đã đi').fill('1200');
  await form.getByRole('button', { name: 'Lưu xe' }).click();
  await expect(account(page).getByText(`Đã thêm xe ${plate}.`)).toBeVisible();
  await expect(account(page).getByRole('article', { name: plate })).toBeVisible();

  // 2. from /services, 'Đặt lịch' of a service opens the wizard with it preselected
  await page.goto('/services');
  await storefront(page).getByRole('link', { name: 'Đặt lịch: Bảo dưỡng cơ bản' }).first().click();
  await expect(page).toHaveURL(/\/booking\?service=bao-duong-co-ban/);
  const wizard = storefront(page);
  const next = () => wizard.getByRole('button', { name: 'Tiếp tục' }).click();
  await wizard.getByRole('radio', { name: new RegExp(plate.replace('.', '\\.')) }).check();
  await next();
  await expect(wizard.getByRole('checkbox', { name: /Bảo dưỡng cơ bản/ })).toBeChecked();
  await next();
  await wizard.getByRole('radio', { name: /EV Service/ }).first().check();
  await next();

  // a day with a free slot, from tomorrow on
  let chosen = false;
  for (let day = 1; day <= 7 && !chosen; day += 1) {
    await wizard.getByLabel('Ngày hẹn').fill(vietnamDate(day));
    const slots = wizard.getByRole('group', { name: /^Khung giờ ngày/ });
    await expect(slots).toBeVisible();
    const free = slots.locator('input[type="radio"]:not([disabled])');
    if ((await free.count()) > 0) {
      await free.first().check();
      chosen = true;
    }
  }
  expect(chosen).toBe(true);
  await next();
  await wizard.getByRole('textbox', { name: 'Ghi chú' }).fill('Kiểm tra giúp tiếng kêu ở phanh sau');
  await next();
  await expect(wizard.getByRole('heading', { name: 'Bước 6: Xác nhận lịch hẹn' })).toBeVisible();
  await expect(wizard.getByText(/\d[\d.]*\s₫/).first()).toBeVisible();

  const booked = page.waitForResponse((response) => response.url().endsWith('/api/appointments') && response.request().method() === 'POST');
  await wizard.getByRole('button', { name: 'Đặt lịch', exact: true }).click();
  const created = (await (await booked).json()) as { data: { id: number; code: string } };
  await expect(wizard.getByRole('heading', { name: 'Đặt lịch thành công!' })).toBeVisible();
  await expect(wizard.getByText(created.data.code)).toBeVisible();
  await expect(wizard.getByText('Chờ xác nhận')).toBeVisible();

  // 3. on the dashboard, with the live status stream open
  const streamOpen = page.waitForResponse((response) => response.url().endsWith('/api/appointments/events') && response.status() === 200);
  await wizard.getByRole('link', { name: 'Xem lịch hẹn trên Bảng điều khiển' }).click();
  await expect(page).toHaveURL('/dashboard');
  await streamOpen;
  const card = account(page).getByRole('article', { name: created.data.code });
  await expect(card.getByTestId('appointment-status')).toHaveText(/Chờ xác nhận/);
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));

  // 4. staff confirm it through the API: the page shows it without a reload
  const staff = await apiLogin(page.request, DEMO_EMAILS.staff);
  const change = await page.request.patch(`/api/appointments/${created.data.id}/status`, {
    headers: { Authorization: `Bearer ${staff.accessToken}` },
    data: { status: 'CONFIRMED' },
  });
  expect(change.status()).toBe(200);
  await expect(card.getByTestId('appointment-status')).toHaveText(/Đã xác nhận/);
  await expect(account(page).getByText(`Lịch hẹn ${created.data.code}: Đã xác nhận`)).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);

  // 5. the customer cancels it
  await card.getByRole('button', { name: `Hủy lịch hẹn ${created.data.code}` }).click();
  await card.getByRole('button', { name: 'Xác nhận hủy' }).click();
  await expect(card.getByTestId('appointment-status')).toHaveText(/Đã hủy/);
  await expect(card.getByRole('button', { name: /Hủy lịch hẹn/ })).toHaveCount(0);
});

test('a customer may not change an appointment status (staff only)', async ({ page }) => {
  const customer = await apiLogin(page.request);
  const response = await page.request.patch('/api/appointments/1/status', {
    headers: { Authorization: `Bearer ${customer.accessToken}` },
    data: { status: 'CONFIRMED' },
  });
  expect(response.status()).toBe(403);
});

test.describe('accessibility (axe-core) of the service pages: no serious or critical violation', () => {
  const pages: Array<{ path: string; area: 'mfe_storefront' | 'mfe_account'; login: boolean; ready: (page: Page) => Promise<void> }> = [
    { path: '/booking', area: 'mfe_storefront', login: false, ready: async (page) => void (await expect(storefront(page).getByRole('heading', { name: 'Bước 1: Chọn xe' })).toBeVisible()) },
    { path: '/booking?service=bao-duong-co-ban', area: 'mfe_storefront', login: true, ready: async (page) => void (await expect(storefront(page).getByRole('heading', { name: 'Bước 1: Chọn xe' })).toBeVisible()) },
    { path: '/my-vehicles', area: 'mfe_account', login: true, ready: async (page) => void (await expect(account(page).getByRole('article').first()).toBeVisible()) },
    {
      path: '/dashboard',
      area: 'mfe_account',
      login: true,
      ready: async (page) => void (await expect(account(page).getByRole('region', { name: 'Xe và lịch bảo dưỡng' }).getByText(/29MĐ1-234\.56/).first()).toBeVisible()),
    },
    { path: '/maintenance-history', area: 'mfe_account', login: true, ready: async (page) => void (await expect(account(page).getByRole('article').first()).toBeVisible()) },
  ];
  for (const target of pages) {
    test(`${target.path}${target.login ? ' (logged in)' : ''}`, async ({ page }) => {
      if (target.login) await storeSession(page);
      await page.goto(target.path);
      await expect(page.locator(`[data-remote-area="${target.area}"]`).getByRole('heading', { level: 1 })).toBeVisible();
      await target.ready(page);
      await expectAccessible(page);
    });
  }
});
