import { expect, test } from '../support/fixtures.ts';
import { GUARDED_PATHS, PAGE_TITLES } from '../support/pageTitles.ts';
import { DEMO_CUSTOMER_NAME, storeSession } from '../support/session.ts';

test.describe('every route of the spec shows its owner\'s page', () => {
  for (const { path, owner, title } of PAGE_TITLES) {
    test(`${path} → ${owner}`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(path);
      const area = page.locator(`[data-remote-area="${owner}"]`);
      await expect(area.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(new RegExp(title));
      expect(errors).toEqual([]);
    });
  }

  test('/profile → mfe_account for a logged-in user; a guest is asked to log in first', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL('/auth/login?redirect=%2Fprofile');
    await storeSession(page);
    await page.goto('/profile');
    await expect(page.locator('[data-remote-area="mfe_account"]').getByRole('heading', { level: 1 })).toHaveText('Hồ sơ cá nhân');
    await expect(page).toHaveTitle(/Hồ sơ cá nhân/);
  });

  for (const path of GUARDED_PATHS) {
    test(`${path} → mfe_account for a logged-in user`, async ({ page }) => {
      await storeSession(page);
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page.locator('[data-remote-area="mfe_account"]').getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});

test('an unknown path shows the not-found page with header and footer', async ({ page }) => {
  await page.goto('/duong-dan/khong-ton-tai?x=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()}`)).toContainText('All rights reserved');
  await page.getByRole('link', { name: 'Về trang chủ' }).click();
  await expect(page.locator('[data-remote-area="mfe_storefront"]').getByRole('heading', { level: 1 })).toHaveText('Trang chủ');
});

for (const path of GUARDED_PATHS) {
  test(`${path} without a token redirects to /auth/login with redirect = path and query`, async ({ page }) => {
    await page.goto(`${path}?tab=2&sort=moi-nhat`);
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe(`${path}?tab=2&sort=moi-nhat`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Đăng nhập');
  });
}

test('a corrupt stored user is removed and the visitor is a guest', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('corrupted')) return;
    sessionStorage.setItem('corrupted', '1');
    localStorage.setItem('authToken', 'abc');
    localStorage.setItem('user', '{"id": broken');
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Đăng nhập' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('user')])).toEqual([null, null]);
  expect(errors).toEqual([]);
});

test('logged in: profile link and logout; logout says Đã đăng xuất and goes home as a guest', async ({ page }) => {
  await storeSession(page);
  await page.goto('/products');
  await expect(page.getByRole('link', { name: new RegExp(DEMO_CUSTOMER_NAME) })).toHaveAttribute('href', '/profile');
  await page.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(page.getByText('Đã đăng xuất')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Đặt chỗ ngay' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('the API answers through the shell origin', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.ok()).toBe(true);
  const body = await response.json();
  expect(body).toMatchObject({ success: true, data: { database: { reachable: true } } });
});
