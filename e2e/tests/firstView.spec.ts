import { expect, test, type Page } from '../support/fixtures.ts';
import { storeSession } from '../support/session.ts';

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

  await page.goto('/products');
  await expect(firstView(page).getByRole('heading', { level: 1, name: 'Sản phẩm' })).toBeVisible();

  const product = (await (await page.request.get('/api/products?pageSize=1&sort=popular')).json()) as { data: { items: Array<{ slug: string }> } };
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
