import { expect, test, type Locator, type Page } from '../support/fixtures.ts';
import { backoffice, expectAccessible, signedInPage } from '../support/floor.ts';
import { DEMO_EMAILS } from '../support/session.ts';

/**
 * A page per catalogue item (issue 45): "Thêm sản phẩm" and "Sửa" open the item's own page with its form in the
 * viewport and the first field focused (they opened 3,000 and 2,500 px down the list before); a reload of the item's
 * URL shows it again; leaving with unsaved edits asks first; the promotions tab searches and filters, its query
 * in the URL; the product list's names line up whether a product has a photo or not.
 */

/** The field is inside the viewport, focused, and the focus is inside the item's form. */
async function expectFormInViewWithFocus(page: Page, field: Locator) {
  await expect(field).toBeFocused();
  const box = await field.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(await page.evaluate(() => document.activeElement?.closest('form') !== null && document.activeElement?.closest('[data-remote-area="mfe_backoffice"]') !== null)).toBe(true);
}

test('"Thêm sản phẩm" and "Sửa" open the form in view with focus; a reload of the deep link shows the product; unsaved edits ask first', async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await signedInPage(browser, DEMO_EMAILS.admin);
  const area = backoffice(admin);
  await admin.goto('/admin/catalogue');
  await expect(area.getByRole('table').first()).toBeVisible();

  // "Thêm sản phẩm": the new product's page, its name field focused at the top
  await area.getByRole('link', { name: 'Thêm sản phẩm' }).click();
  await expect(admin).toHaveURL(/\/admin\/catalogue\/products\/new$/);
  await expect(area.getByRole('heading', { level: 1, name: 'Thêm sản phẩm' })).toBeVisible();
  await expectFormInViewWithFocus(admin, area.getByRole('textbox', { name: 'Tên sản phẩm' }));
  await area.getByRole('link', { name: '← Danh mục' }).click();
  await expect(admin).toHaveURL(/\/admin\/catalogue$/);

  // "Sửa" on a row: that product's page under its id, the form in view with its name focused
  const edit = area.getByRole('link', { name: /^Sửa / }).first();
  const productName = ((await edit.getAttribute('aria-label')) ?? '').replace(/^Sửa /, '');
  await edit.click();
  await expect(admin).toHaveURL(/\/admin\/catalogue\/products\/\d+$/);
  const name = area.getByRole('textbox', { name: 'Tên sản phẩm' });
  await expect(area.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expectFormInViewWithFocus(admin, name);
  await expect(name).toHaveValue(productName);
  await expect(area.getByRole('region', { name: 'Lịch sử thay đổi' })).toBeAttached();
  await expect(admin).toHaveTitle(new RegExp(productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expectAccessible(admin);

  // the deep link reloaded: the same product, the form in view again
  const url = admin.url();
  await admin.reload();
  await expect(area.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(name).toHaveValue(productName);
  await expectFormInViewWithFocus(admin, name);

  // unsaved edits: leaving asks; dismissed, the page and the edit stay; accepted, the list shows
  await name.fill(`${productName} (chưa lưu)`);
  const asked: string[] = [];
  admin.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await area.getByRole('link', { name: '← Danh mục' }).click();
  await expect.poll(() => asked).toEqual(['Bạn có thay đổi chưa lưu. Rời trang?']);
  expect(admin.url()).toBe(url);
  await expect(name).toHaveValue(`${productName} (chưa lưu)`);
  admin.once('dialog', (dialog) => void dialog.accept());
  await area.getByRole('link', { name: '← Danh mục' }).click();
  await expect(admin).toHaveURL(/\/admin\/catalogue$/);
  await admin.context().close();
});

test('the promotions tab searches by code and filters by status, the query surviving a reload', async ({ browser }) => {
  const admin = await signedInPage(browser, DEMO_EMAILS.admin);
  const area = backoffice(admin);
  await admin.goto('/admin/catalogue?tab=promotions');
  const rows = area.getByRole('table').first().locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const total = await rows.count();
  const code = (await rows.first().locator('td').first().innerText()).trim();
  expect(total).toBeGreaterThan(1);

  // part of the code, lower case: only that promotion
  await area.getByRole('searchbox', { name: 'Tìm theo mã hoặc tiêu đề' }).fill(code.slice(0, -1).toLowerCase());
  await area.getByRole('button', { name: 'Tìm', exact: true }).click();
  await expect(admin).toHaveURL(/[?&]q=/);
  // the first row held this code before the search too: wait for the list to shrink, not for the first row
  await expect.poll(() => rows.count()).toBeLessThan(total);
  await expect(rows.first().locator('td').first()).toHaveText(code);
  for (const cell of await rows.locator('td:first-child').allInnerTexts()) expect(cell.toUpperCase()).toContain(code.slice(0, -1).toUpperCase());

  // the query in the URL: a reload shows the same search
  await admin.reload();
  await expect(area.getByRole('searchbox', { name: 'Tìm theo mã hoặc tiêu đề' })).toHaveValue(code.slice(0, -1).toLowerCase());
  await expect(rows.first().locator('td').first()).toHaveText(code);

  // by status: every row listed is running now
  await area.getByRole('searchbox', { name: 'Tìm theo mã hoặc tiêu đề' }).fill('');
  await area.getByRole('button', { name: 'Tìm', exact: true }).click();
  await area.getByRole('combobox', { name: 'Trạng thái' }).selectOption({ label: 'Đang chạy' });
  await expect(admin).toHaveURL(/[?&]status=active/);
  await expect(rows.first()).toBeVisible();
  await expect.poll(async () => [...new Set((await rows.locator('td:nth-child(6)').allInnerTexts()).map((status) => status.trim()))]).toEqual(['Đang chạy']);
  await expectAccessible(admin);
  await admin.context().close();
});

test('the product list’s names line up beside fixed-size thumbnails', async ({ browser }) => {
  const admin = await signedInPage(browser, DEMO_EMAILS.admin);
  const area = backoffice(admin);
  await admin.goto('/admin/catalogue');
  const cells = area.getByRole('table').first().locator('tbody tr td:first-child');
  await expect(cells.first()).toBeVisible();
  const boxes = await cells.evaluateAll((tds) =>
    tds.map((td) => {
      const thumb = td.querySelector('span > span:first-child')!.getBoundingClientRect();
      const label = td.querySelector('span > span:last-child')!.getBoundingClientRect();
      return { width: thumb.width, height: thumb.height, labelX: Math.round(label.x) };
    }),
  );
  expect(boxes.length).toBeGreaterThan(1);
  for (const box of boxes) expect(box).toEqual({ width: 48, height: 48, labelX: boxes[0]!.labelX });
  await admin.context().close();
});
