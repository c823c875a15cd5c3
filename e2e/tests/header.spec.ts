import { expect, test } from '../support/fixtures.ts';

test.describe('header at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('is 57 px high with the five menu items, search, cart and guest actions', async ({ page }) => {
    await page.goto('/');
    // the header shown (the first view's, then the app's: the first view carries both forms, CSS shows one)
    await expect(page.locator('header:visible').first()).toHaveCSS('height', '57px');
    const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
    for (const label of ['Dịch vụ', 'Sản phẩm', 'Ưu đãi', 'Gói dịch vụ', 'Liên hệ']) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tìm kiếm' })).toBeVisible();
    await expect(page.getByTestId('cart-link')).toHaveAttribute('href', '/cart');
    await expect(page.getByRole('link', { name: 'Đăng nhập' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Đặt chỗ ngay' })).toHaveAttribute('href', '/booking');
    await expect(page.getByRole('button', { name: 'Mở menu' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/header-1280.png' });
  });

  test('the services mega menu opens on hover (800 px wide) and leads to /booking', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link', { name: 'Dịch vụ', exact: true }).hover();
    const dropdown = page.getByTestId('dropdown-services');
    await expect(dropdown).toBeVisible();
    expect((await dropdown.boundingBox())?.width).toBe(800);
    await dropdown.getByRole('link', { name: /Quản lý lịch hẹn/ }).click();
    await expect(page).toHaveURL('/booking');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Đặt lịch dịch vụ');
  });

  test('a product category entry lands on the filtered products page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link', { name: 'Sản phẩm', exact: true }).hover();
    await page.getByTestId('dropdown-products').getByRole('link', { name: /Pin & bộ sạc/ }).click();
    await expect(page).toHaveURL('/products?category=pin-bo-sac');
    await expect(page.locator('[data-remote-area="mfe_storefront"]')).toContainText('Pin & bộ sạc');
  });
});

test.describe('header at 800 px', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('switches to the mobile form: menu button, panel with every item', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('header:visible').first()).toHaveCSS('height', '57px');
    await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Mở menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
    await expect(nav.getByRole('link', { name: 'Gói dịch vụ', exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/header-800-open.png' });
    await nav.getByRole('link', { name: 'Liên hệ', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('button', { name: 'Mở menu' })).toBeVisible();
  });
});
