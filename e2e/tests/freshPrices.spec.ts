import { productAdminInputOf, type SavedProductFields } from '../../shared-contracts/src/backoffice/productCatalogueRules.ts';
import { expect, test, type APIRequestContext, type Page } from '../support/fixtures.ts';
import { apiLogin, DEMO_EMAILS, storeSession } from '../support/session.ts';

/**
 * Fresh prices in the browser (issue 45): the admin saves a new price → a shopper's reload of the product page
 * shows it at once (the API's catalogue answers are revalidated, never kept for a minute); a customer whose cart
 * holds the product at the old price opens /checkout → the line names the change, old price struck through.
 */

const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');

/** Integer VND as the pages show it ('8.490.000 ₫'), any kind of space before ₫. */
function vnd(amount: number): RegExp {
  return new RegExp(`${new Intl.NumberFormat('vi-VN').format(amount).replace(/\./g, '\\.')}\\s₫`);
}

interface ProductRow {
  id: number;
  slug: string;
  name: string;
  price: number;
  originalPrice: number | null;
}

/** A product in stock online, not on sale (its price alone is what the admin changes). */
async function plainProduct(request: APIRequestContext): Promise<ProductRow> {
  const response = await request.get('/api/products?inStock=true&sort=popular&pageSize=48');
  expect(response.ok()).toBe(true);
  const items = ((await response.json()) as { data: { items: ProductRow[] } }).data.items;
  const product = items.find((item) => item.originalPrice === null);
  if (!product) throw new Error('no product in stock without a sale price');
  return product;
}

/** The admin's save of a new price, as the admin's product form sends it (PUT with the version read). */
async function savePrice(request: APIRequestContext, productId: number, price: number): Promise<void> {
  const admin = await apiLogin(request, DEMO_EMAILS.admin);
  const headers = { Authorization: `Bearer ${admin.accessToken}` };
  const read = await request.get(`/api/admin/catalogue/products/${productId}`, { headers });
  expect(read.ok()).toBe(true);
  const product = ((await read.json()) as { data: SavedProductFields & { version: number } }).data;
  const saved = await request.put(`/api/admin/catalogue/products/${productId}`, {
    headers,
    data: { ...productAdminInputOf(product), price, version: product.version },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The demo customer's server cart emptied; the customer's token. */
async function emptyServerCart(request: APIRequestContext): Promise<string> {
  const login = await apiLogin(request);
  const response = await request.delete('/api/cart', { headers: { Authorization: `Bearer ${login.accessToken}` } });
  expect(response.ok()).toBe(true);
  return login.accessToken;
}

test('a shopper’s reload right after the admin saves a new price shows the new price', async ({ page, request }) => {
  const product = await plainProduct(request);
  const newPrice = product.price + 10_000;
  try {
    await page.goto(`/products/${product.slug}`);
    const price = storefront(page).getByTestId('price');
    await expect(price).toHaveText(vnd(product.price));

    await savePrice(request, product.id, newPrice);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/products/${product.slug}`);
    await page.reload();
    // The page asked the API again (no copy kept for a minute) and got the new price.
    expect((await answer).headers()['cache-control']).toBe('no-cache');
    await expect(price).toHaveText(vnd(newPrice));
  } finally {
    await savePrice(request, product.id, product.price);
  }
});

test('a customer whose cart holds the product at the old price sees the change named on its /checkout line', async ({ page, request }) => {
  const product = await plainProduct(request);
  const newPrice = product.price + 20_000;
  const token = await emptyServerCart(request);
  try {
    const added = await request.post('/api/cart/items', { headers: { Authorization: `Bearer ${token}` }, data: { kind: 'product', refId: product.id, quantity: 2 } });
    expect(added.ok()).toBe(true);
    await savePrice(request, product.id, newPrice);

    await storeSession(page);
    await page.goto('/checkout');
    const summary = storefront(page).getByRole('region', { name: 'Đơn hàng của bạn' });
    const line = summary.getByTestId(`checkout-line-product-${product.id}`);
    await expect(line).toContainText(`${product.name} × 2`);
    const change = line.getByTestId('price-change');
    await expect(change).toContainText('Giá đã thay đổi từ khi thêm vào giỏ');
    await expect(change.locator('del')).toHaveText(vnd(product.price));
    await expect(change.locator('ins')).toHaveText(vnd(newPrice));
    await expect(line).toContainText(vnd(2 * newPrice));
    await expect(summary.getByText('Tổng tiền đã được tính lại theo giá mới.', { exact: false })).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Đặt hàng' })).toBeEnabled();
  } finally {
    await emptyServerCart(request);
    await savePrice(request, product.id, product.price);
  }
});
