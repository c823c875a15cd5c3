import { expect, test, type APIRequestContext, type Page } from '../support/fixtures.ts';
import { apiLogin, DEMO_EMAILS, DEMO_PASSWORD } from '../support/session.ts';

const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');
const account = (page: Page) => page.locator('[data-remote-area="mfe_account"]');

interface WishlistRow {
  productId: number;
  name: string;
  price: number;
  priceWhenAdded: number;
  available: boolean;
}

interface ProductRow {
  id: number;
  slug: string;
  name: string;
  stock: number;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function demoWishlist(request: APIRequestContext, token: string): Promise<WishlistRow[]> {
  const response = await request.get('/api/wishlist', { headers: bearer(token) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { items: WishlistRow[] } }).data.items;
}

const entryOf = (page: Page, name: string) =>
  account(page)
    .getByTestId('wishlist-item')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

test('a guest hearts a product, logs in and finds it on /wishlist with the demo’s items; an opt-in persists; no sideways scroll at 360 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { accessToken } = await apiLogin(request, DEMO_EMAILS.customer);
  const saved = await demoWishlist(request, accessToken);
  expect(saved.length).toBeGreaterThan(0);

  // a product in stock the demo customer has not saved
  const listing = await request.get('/api/products?sort=popular&pageSize=48');
  expect(listing.ok()).toBe(true);
  const products = ((await listing.json()) as { data: { items: ProductRow[] } }).data.items;
  const product = products.find((candidate) => candidate.stock > 0 && !saved.some((row) => row.productId === candidate.id))!;
  expect(product).toBeDefined();

  try {
    // the guest's heart is kept in the browser
    await page.goto(`/products/${product.slug}`);
    const heart = storefront(page).getByRole('button', { name: 'Thêm vào yêu thích' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(storefront(page).getByRole('button', { name: 'Bỏ khỏi yêu thích' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('wishlist') ?? '{}').productIds)).toEqual([product.id]);

    // the login merges it into the account
    await page.goto('/auth/login?redirect=%2Fwishlist');
    await page.getByLabel('Email hoặc số điện thoại').fill(DEMO_EMAILS.customer);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(page).toHaveURL('/wishlist');
    await expect(account(page).getByRole('heading', { level: 1 })).toHaveText('Sản phẩm yêu thích');

    const merged = entryOf(page, product.name);
    await expect(merged).toBeVisible();
    await expect(merged.getByRole('link', { name: product.name, exact: true })).toHaveAttribute('href', `/products/${product.slug}`);
    for (const row of saved) {
      const entry = entryOf(page, row.name);
      await expect(entry).toBeVisible();
      if (row.price < row.priceWhenAdded) await expect(entry.getByText(/^Giảm từ /)).toBeVisible();
      if (!row.available) await expect(entry.getByText('Hết hàng', { exact: true })).toBeVisible();
    }
    await expect(account(page).getByTestId('wishlist-item')).toHaveCount(saved.length + 1);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();

    // "Báo khi giảm giá" is saved at once and is still on after a reload
    const priceDrop = merged.getByRole('checkbox', { name: 'Báo khi giảm giá' });
    await expect(priceDrop).not.toBeChecked();
    await priceDrop.check();
    await expect(account(page).getByRole('status').filter({ hasText: 'Đã bật “Báo khi giảm giá”' })).toBeAttached();
    await page.reload();
    await expect(entryOf(page, product.name).getByRole('checkbox', { name: 'Báo khi giảm giá' })).toBeChecked();
    await expect(entryOf(page, product.name).getByRole('checkbox', { name: 'Báo khi có hàng' })).not.toBeChecked();

    // on a 360 px phone the list fits the screen
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(entryOf(page, product.name)).toBeVisible();
    const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);
  } finally {
    // the demo's wishlist as it was, so the test can run again
    await request.delete(`/api/wishlist/items/${product.id}`, { headers: bearer(accessToken) });
  }
});
