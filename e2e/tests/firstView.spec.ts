import { expect, test, type Page } from '../support/fixtures.ts';
import { DEMO_CUSTOMER_NAME, DEMO_EMAILS, storeSession } from '../support/session.ts';

/**
 * Issue 23 §1: a public page paints from its HTML (the first view), then the app takes its place without a layout
 * shift; a visitor with a session never sees a guest's first view.
 */

const firstView = (page: Page) => page.locator('#ev-first-view');

test('without its scripts a public page already shows its frame and its text; the product page its image', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(firstView(page).getByRole('heading', { level: 1, name: 'Trang chủ' })).toBeVisible();
  await expect(firstView(page).getByRole('link', { name: 'Đăng nhập' })).toBeVisible();
  // its buttons and fields wait for the app (disabled), so no tap or typed text is lost at the swap; links work
  await expect(firstView(page).getByRole('button', { name: 'Tìm kiếm' })).toBeDisabled();
  await expect(page.locator('#root')).toBeHidden();

  const product = (await (await page.request.get('/api/products?pageSize=1&sort=popular')).json()) as { data: { items: Array<{ slug: string }> } };
  await page.goto('/products');
  await expect(firstView(page).getByRole('heading', { level: 1, name: 'Sản phẩm' })).toBeVisible();
  // the listing's first product's image, the page's largest element on a phone, is in the HTML
  await expect(firstView(page).locator(`img[src="/api/media/product-cover/${product.data.items[0]!.slug}"]`)).toBeVisible();

  await page.goto(`/products/${product.data.items[0]!.slug}`);
  const image = firstView(page).locator('img[src^="/api/media/product-cover/"]');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  await context.close();
});

test('the app takes the first view’s place once it has rendered the page, with no layout shift', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/products');
  await expect(firstView(page)).toHaveCount(0);
  await expect(page.locator('#root')).toBeVisible();
  await expect(page.locator('[data-remote-area="mfe_storefront"]').getByRole('article').first()).toBeVisible();
  await page.waitForTimeout(500);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
});

test('a signed-in customer sees the app from the start, not a guest’s first view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await storeSession(page);
  await page.goto('/products');
  await expect(page.locator('html')).toHaveAttribute('data-ev-session', '');
  await expect(page.locator('[data-remote-area="mfe_storefront"]').getByRole('heading', { level: 1, name: 'Sản phẩm' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Đăng nhập' })).toHaveCount(0);
});

test('a signed-in visitor’s page paints the signed-in frame and the page’s intro from its HTML, then the app takes its place', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await storeSession(page);
  // the shell's scripts held back: what shows is the HTML alone
  let releaseScripts!: () => void;
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/main\.js(\?|$)/, async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  const signedInView = firstView(page);
  await expect(signedInView.getByRole('link', { name: 'Tài khoản' })).toBeVisible();
  // the page's intro from the account's first view, its cards' places until their data
  await expect(signedInView.getByRole('heading', { level: 1, name: 'Bảng điều khiển' })).toBeVisible();
  await expect(signedInView.getByRole('status')).toBeVisible();
  // no guest's items, and nothing of the user in the server's HTML
  await expect(signedInView.getByRole('link', { name: 'Đăng nhập' })).toHaveCount(0);
  await expect(signedInView.getByRole('link', { name: 'Đặt lịch ngay' })).toHaveCount(0);
  expect(await page.content()).not.toContain(DEMO_CUSTOMER_NAME);
  await expect(page.locator('#root')).toBeHidden();

  releaseScripts();
  await expect(page.locator('[data-remote-area="mfe_account"]').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(signedInView).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(DEMO_CUSTOMER_NAME) })).toBeVisible();
});

test('a work area paints its bar from the HTML for a signed-in technician; a guest there sees the app at once', async ({ page, browser }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await storeSession(page, DEMO_EMAILS.technician);
  await page.route(/\/main\.js(\?|$)/, (route) => route.abort());
  await page.goto('/technician/work-queue', { waitUntil: 'domcontentloaded' });
  await expect(firstView(page).getByText('Kỹ thuật viên', { exact: true }).first()).toBeVisible();
  await expect(firstView(page).getByRole('heading', { level: 1, name: 'Hàng đợi công việc' })).toBeVisible();
  await expect(firstView(page).getByRole('button', { name: 'Đăng xuất' })).toBeDisabled();

  const guest = await browser.newPage();
  await guest.route(/\/main\.js(\?|$)/, (route) => route.abort());
  await guest.goto(new URL('/technician/work-queue', page.url()).href, { waitUntil: 'domcontentloaded' });
  await expect(firstView(guest)).toBeHidden();
  await guest.close();
});

