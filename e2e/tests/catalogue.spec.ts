import { expect, test, type Page } from '../support/fixtures.ts';
import { expectAccessible } from '../support/floor.ts';

const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');

test('from the mega menu to a product: category list, product page with price, stock and add to cart', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link', { name: 'Sản phẩm', exact: true }).hover();
  await page.getByRole('link', { name: /Pin & bộ sạc/ }).first().click();
  await expect(page).toHaveURL(/\/products\?category=pin-bo-sac/);
  const firstCard = storefront(page).getByRole('article').first();
  await expect(firstCard).toBeVisible();
  await expect(firstCard).toContainText(/\d[\d.]*\s₫/);
  const name = (await firstCard.getByRole('heading').first().innerText()).trim();
  await firstCard.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(storefront(page).getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(storefront(page).getByText(/₫/).first()).toBeVisible();
  await storefront(page).getByRole('button', { name: 'Thêm vào giỏ' }).click();
  await expect(page.getByText('Đã thêm vào giỏ hàng')).toBeVisible();
});

test('filters, sort and pagination live in the URL: reload and back keep them', async ({ page }) => {
  await page.goto('/products?sort=price_asc');
  const count = storefront(page).getByText(/^\d+ sản phẩm$/);
  await expect(count).toBeVisible();
  const total = Number((await count.innerText()).split(' ')[0]);
  expect(total).toBeGreaterThanOrEqual(60);

  await storefront(page).getByRole('link', { name: 'Trang sau' }).or(storefront(page).getByRole('button', { name: 'Trang sau' })).first().click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(storefront(page).getByRole('link', { name: 'Trang 2' })).toHaveAttribute('aria-current', 'page');

  // Reload keeps the page and the sort. Which products it holds may change meanwhile: the other shard's specs edit
  // prices (freshPrices.spec.ts), which moves products across pages of a price sort.
  await page.reload();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(storefront(page).getByRole('link', { name: 'Trang 2' })).toHaveAttribute('aria-current', 'page');
  await expect(storefront(page).getByRole('article').first()).toBeVisible();

  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);

  await storefront(page).getByLabel('Thương hiệu').selectOption({ label: 'VinFast' });
  const apply = storefront(page).getByRole('button', { name: 'Áp dụng' });
  if (await apply.isVisible()) await apply.click();
  await expect(page).toHaveURL(/brand=vinfast/);
  await page.reload();
  await expect(storefront(page).getByLabel('Thương hiệu')).toHaveValue('vinfast');
  const cards = storefront(page).getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allInnerTexts()) expect(text).toMatch(/VinFast/i);
});

test("search 'sac' without diacritics finds chargers, instantly and on the results page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Tìm kiếm' }).first().click();
  await page.getByRole('combobox', { name: 'Tìm kiếm' }).fill('sac');
  await expect(page.getByRole('listbox').getByRole('option').filter({ hasText: /sạc/i }).first()).toBeVisible();
  await page.goto('/search?q=sac');
  await expect(storefront(page).getByText(/Bộ sạc/).first()).toBeVisible();
});

test('the contact form sends a message and says so', async ({ page }) => {
  await page.goto('/contact');
  await storefront(page).getByRole('button', { name: 'Gửi tin nhắn' }).click();
  await expect(storefront(page).getByText('Vui lòng kiểm tra lại các trường được đánh dấu.')).toBeVisible();
  await storefront(page).getByLabel(/Họ và tên/).fill('Vũ Văn Hùng');
  await storefront(page).getByLabel(/Số điện thoại/).fill('0903 456 789');
  await storefront(page).getByLabel(/Tiêu đề/).fill('Hỏi giá thay pin VinFast Klara S');
  await storefront(page).getByLabel(/Nội dung/).fill('Cho tôi hỏi giá thay pin lithium cho Klara S đời 2022 và thời gian làm.');
  await storefront(page).getByRole('button', { name: 'Gửi tin nhắn' }).click();
  await expect(storefront(page).getByText(/Cảm ơn bạn! Chúng tôi đã nhận được tin nhắn/)).toBeVisible();
});

test.describe('accessibility (axe-core): no serious or critical violation', () => {
  const paths = ['/', '/products', 'product', '/services', '/promotions', '/packages', '/contact'];
  for (const target of paths) {
    test(target === 'product' ? 'a product page' : target, async ({ page, request }) => {
      let path = target;
      if (target === 'product') {
        const body = (await (await request.get('/api/products?pageSize=1&sort=popular')).json()) as { data: { items: Array<{ slug: string }> } };
        path = `/products/${body.data.items[0]!.slug}`;
      }
      await page.goto(path);
      await expect(storefront(page).getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    });
  }
});
