import path from 'node:path';
import { expect, test, type Page } from '../support/fixtures.ts';
import { GOOGLE_STAND_IN } from '../support/googleStandIn.ts';
import { readCodeFromOutbox } from '../support/outbox.ts';
import { apiLogin, DEMO_CUSTOMER_NAME } from '../support/session.ts';

const AVATAR = path.join(import.meta.dirname, '..', 'fixtures', 'avatar.png');

async function logIn(page: Page, email: string, password: string, redirect = '/'): Promise<void> {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Email hoặc số điện thoại').fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

test('a new customer registers, verifies the emailed code, logs out and in, edits the profile and uploads an avatar', async ({ page }) => {
  const run = Date.now();
  const email = `khach.moi.${run}@example.vn`;
  const password = 'MatKhau@2026';
  // A phone number is one account's: this run's own, so a retry against the same server registers afresh.
  const phone = (prefix: string) => `${prefix} ${String(run).slice(-7, -4)} ${String(run).slice(-4)}`;

  await page.goto('/auth/register');
  await page.getByLabel('Họ và tên').fill('Đỗ Thị Mai');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Số điện thoại').fill(phone('098'));
  await page.getByLabel('Ngày sinh').fill('1996-08-15');
  await page.getByLabel('Giới tính').selectOption('FEMALE');
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByLabel('Xác nhận mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng ký', exact: true }).click();
  await expect(page.getByText('Đăng ký thành công!')).toBeVisible();

  // The code arrives by email: a new user without a mail server reads it in the development outbox (another tab).
  const mailbox = await page.context().newPage();
  const code = await readCodeFromOutbox(mailbox, email);
  await mailbox.close();
  await page.getByLabel('Mã xác nhận').fill(code);
  await page.getByRole('button', { name: 'Xác thực email' }).click();
  await expect(page.getByText('Xác thực email thành công! Vui lòng đăng nhập.')).toBeVisible();
  await logIn(page, email, password);

  await expect(page.getByText('Chào mừng Đỗ Thị Mai! Đăng nhập thành công.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Đỗ Thị Mai/ })).toBeVisible();

  await page.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(page.getByText('Đã đăng xuất')).toBeVisible();
  await expect(page).toHaveURL('/');

  await logIn(page, email, password, '/profile');
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hồ sơ cá nhân');
  await expect(page.getByText('Gửi lại email')).toHaveCount(0); // verified: no banner

  await page.getByRole('button', { name: 'Chỉnh sửa' }).click();
  await page.getByLabel('Địa chỉ', { exact: true }).fill('12 Nguyễn Huệ, phường Sài Gòn, TP. Hồ Chí Minh');
  await page.getByLabel('Số điện thoại').fill(phone('091'));
  await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(page.getByText('Cập nhật hồ sơ thành công.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('12 Nguyễn Huệ, phường Sài Gòn, TP. Hồ Chí Minh')).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles(AVATAR);
  await page.getByRole('button', { name: 'Tải ảnh lên' }).click();
  await expect(page.getByText('Đã cập nhật ảnh đại diện.').first()).toBeVisible();
  const headerAvatar = page.locator('header img').first();
  await expect(headerAvatar).toHaveAttribute('src', /\/api\/media\/avatars\//);
  const avatarUrl = await headerAvatar.getAttribute('src');
  expect(avatarUrl).toBeTruthy();
  const served = await page.request.get(avatarUrl!);
  expect(served.ok()).toBe(true);
  expect(served.headers()['content-type']).toBe('image/webp');
});

test('a wrong password is refused with a Vietnamese message and no session', async ({ page }) => {
  await logIn(page, 'khachhang@evshop.vn', 'sai-mat-khau-123');
  await expect(page.getByRole('alert').first()).toContainText(/không đúng/i);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('Google sign-in with the identity provider stand-in: the button signs in and honours the redirect', async ({ page, request }) => {
  // The Google script is served by the stand-in provider's rules: its button hands over an ID token signed with
  // the stand-in's key (the API checks signature, issuer, audience and expiry against its JWKS). The token is
  // fetched here, not by the page: Google's real button works in its own frame, the site's policy lets the page
  // connect to nothing else.
  const token = await request.post(`${GOOGLE_STAND_IN.origin}/id-token`, {
    data: { email: 'le.google@gmail.com', name: 'Lê Google', sub: 'google-sub-42' },
  });
  const { credential } = (await token.json()) as { credential: string };
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `window.google = { accounts: { id: {
        initialize(config) { window.__gsi = config; },
        renderButton(element, options) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Google (stand-in)';
          button.style.width = (options && options.width ? options.width : 280) + 'px';
          button.onclick = () => window.__gsi.callback({ credential: ${JSON.stringify(credential)} });
          element.appendChild(button);
        },
        prompt() {}, disableAutoSelect() {}, cancel() {},
      } } };`,
    }),
  );
  await page.goto('/auth/login?redirect=%2Fprofile');
  await page.getByRole('button', { name: 'Google (stand-in)' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByText('Chào mừng Lê Google! Đăng nhập thành công.')).toBeVisible();
  await expect(page.getByText('le.google@gmail.com').first()).toBeVisible();
});

test('Google fallback: the server-side code flow with the stand-in signs in and returns to the redirect', async ({ page, request }) => {
  await request.post(`${GOOGLE_STAND_IN.origin}/account`, {
    data: { email: 'pham.oauth@gmail.com', name: 'Phạm OAuth', sub: 'google-sub-77' },
  });
  await page.route('https://accounts.google.com/gsi/client', (route) => route.abort());
  // Every address the tab requests, redirect hops included: the callback hands over a one-time code, never tokens.
  const visited: string[] = [];
  page.on('request', (sent) => visited.push(sent.url()));
  await page.goto('/api/auth/google?redirect=%2Fdashboard');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('link', { name: /Phạm OAuth/ })).toBeVisible();
  expect(visited.some((url) => url.includes('googleCode='))).toBe(true);
  expect(visited.filter((url) => /accessToken|refreshToken/i.test(url))).toEqual([]);
});

test('a login link carrying tokens in its fragment signs nobody in (login CSRF)', async ({ page }) => {
  // Someone's real, valid tokens, put in a link as an attacker would.
  const attacker = await apiLogin(page.request);
  await page.goto(`/auth/login?redirect=%2Fprofile#accessToken=${attacker.accessToken}&refreshToken=${attacker.refreshToken}`);
  await expect(page.getByRole('heading', { name: 'Đăng nhập' }).first()).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await expect(page.getByRole('link', { name: new RegExp(DEMO_CUSTOMER_NAME) })).toHaveCount(0);
});
