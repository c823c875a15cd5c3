import { expect, test } from '../support/fixtures.ts';
import { backoffice, expectAccessible, signedInPage } from '../support/floor.ts';
import { DEMO_EMAILS } from '../support/session.ts';

/**
 * The admin's product catalogue (issue 34, shop-operations.md §2): the admin creates a product with a photo on
 * /admin/catalogue and publishes it → a guest finds it by a search typed without diacritics within a second →
 * the guest's cart holds it → the admin changes its price → the guest's cart shows the new price with
 * "Giá đã thay đổi từ khi thêm vào giỏ". The admin's page passes axe (no serious or critical finding). A CSV import
 * with one bad row is refused in its dry run, naming the row.
 */

/** A 2 × 2 PNG (the server re-encodes it as WebP through the image encoder). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('admin creates and publishes a product with a photo → a guest finds it without diacritics within a second → a price change shows in their cart', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now() % 100_000;
  const name = `Đèn pha LED Thử Nghiệm ${stamp}`;
  const folded = `den pha led thu nghiem ${stamp}`;
  const sku = `E2E-DEN-${stamp}`;
  const admin = await signedInPage(browser, DEMO_EMAILS.admin);

  // 1. /admin/catalogue: the list, then a new product with every required field and a photo.
  await admin.goto('/admin/catalogue');
  const area = backoffice(admin);
  await expect(area.getByRole('heading', { level: 1, name: 'Danh mục sản phẩm' })).toBeVisible();
  await expect(area.getByRole('table').first()).toBeVisible();
  await expectAccessible(admin);
  await area.getByRole('link', { name: 'Thêm sản phẩm' }).click();
  await area.getByLabel('Tên sản phẩm').fill(name);
  await area.getByLabel('Mã SKU').fill(sku);
  await area.getByLabel('Danh mục', { exact: true }).last().selectOption({ index: 1 });
  await area.getByLabel('Thương hiệu', { exact: true }).last().selectOption({ index: 1 });
  await area.getByLabel('Giá bán (₫)').fill('450000');
  await area.getByLabel('Tải ảnh lên').setInputFiles({ name: 'den-pha.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(area.getByLabel('Mô tả ảnh 1 (alt)')).toHaveValue(name);
  await expect(area.getByText('Ảnh chính', { exact: true })).toBeVisible();
  await area.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(area.getByRole('status').filter({ hasText: 'Đã tạo sản phẩm.' })).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/catalogue\/products\/\d+$/);
  await expectAccessible(admin);

  // 2. Published: a guest's search without diacritics finds it within a second.
  await area.getByRole('button', { name: 'Đăng bán' }).click();
  await expect(area.getByRole('status').filter({ hasText: 'Đã lưu sản phẩm.' })).toBeVisible();
  const publishedAt = Date.now();
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/search?q=${encodeURIComponent(folded)}`);
      return ((await response.json()) as { data: { hits: { title: string }[] } }).data.hits.map((hit) => hit.title);
    }, { timeout: 1000, intervals: [50] })
    .toContain(name);
  expect(Date.now() - publishedAt).toBeLessThan(1000);
  await page.goto(`/search?q=${encodeURIComponent(folded)}`);
  await page.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('img', { name })).toBeVisible();

  // 3. The guest's cart holds it at the price they saw (a new product has no stock yet, so the guest cart is written
  // as the storefront keeps it); the admin raises the price; the cart shows the change.
  const detail = (await (await page.request.get(`/api/products/${encodeURIComponent(folded.replace(/ /g, '-'))}`)).json()) as { data: { id: number; slug: string } };
  await page.evaluate(
    ({ id, slug, productName }) => {
      localStorage.setItem('cart', JSON.stringify({ items: [{ kind: 'product', refId: id, quantity: 1, name: productName, slug, price: 450_000, stock: 0 }], userId: null }));
    },
    { id: detail.data.id, slug: detail.data.slug, productName: name },
  );
  await admin.getByRole('textbox', { name: 'Giá bán (₫)' }).fill('490000');
  await area.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(area.getByRole('status').filter({ hasText: 'Đã lưu sản phẩm.' })).toBeVisible();
  await expect(area.getByRole('row', { name: /Giá bán/ }).first()).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByText('Giá đã thay đổi từ khi thêm vào giỏ')).toBeVisible();
  await expect(page.getByText(/490\.000/).first()).toBeVisible();

  // 4. A supplier's CSV with one bad row (row 3: price 0): the dry run names the row, "Áp dụng" stays disabled.
  const refs = (await (await page.request.get(`/api/products/${detail.data.slug}`)).json()) as { data: { category: { name: string }; brand: { name: string } } };
  const csvRow = (csvSku: string, price: string) => [csvSku, `Phụ tùng CSV ${csvSku}`, refs.data.category.name, refs.data.brand.name, price, '10', 'cái'].map((cell) => `"${cell}"`).join(',');
  const csv = ['sku,name,category,brand,price,vatRate,unit', csvRow(`E2E-CSV-${stamp}-1`, '250000'), csvRow(`E2E-CSV-${stamp}-2`, '0')].join('\r\n');
  await admin.goto('/admin/catalogue');
  await area.getByLabel(/Chọn tệp CSV/).setInputFiles({ name: 'nha-cung-cap.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const badRow = area.getByRole('row', { name: /Dòng 3/ });
  await expect(badRow).toContainText('Giá bán phải là');
  await expect(area.getByText('2 dòng: tạo mới 1, cập nhật 0, không đổi 0.')).toBeVisible();
  await expect(area.getByRole('button', { name: 'Áp dụng' })).toBeDisabled();
  await expectAccessible(admin);
});

/**
 * The admin's services (issue 34, shop-operations.md §2): the admin adds an item to a service's checklist template and
 * changes its price on the "Dịch vụ" tab → the public /services shows the new price within a second. Both new tabs
 * ("Dịch vụ", "Gói dịch vụ") pass axe.
 */
test('admin adds a checklist item and changes a service’s price → /services shows the new price within a second', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const slug = 've-sinh-chuyen-sau';
  const before = ((await (await page.request.get('/api/services')).json()) as { data: { slug: string; name: string; price: number; checklist: { code: string }[] }[] }).data.find(
    (service) => service.slug === slug,
  )!;
  // A component the template does not have yet (the test may run again on the same database).
  const candidates: [string, string][] = [
    ['ROAD_TEST', 'Chạy thử'],
    ['SEAL', 'Gioăng chống nước'],
    ['LIGHTS', 'Đèn'],
    ['HORN', 'Còi'],
    ['BOLTS', 'Ốc khung, tay lái, bánh xe'],
  ];
  const [code, component] = candidates.find(([candidate]) => !before.checklist.some((item) => item.code === candidate))!;
  const price = before.price + 10_000;
  const position = before.checklist.length + 1;
  const admin = await signedInPage(browser, DEMO_EMAILS.admin);

  await admin.goto('/admin/catalogue');
  const area = backoffice(admin);
  await area.getByRole('tab', { name: 'Dịch vụ', exact: true }).click();
  await expect(area.getByRole('row', { name: new RegExp(before.name) })).toBeVisible();
  await expectAccessible(admin);
  await area.getByRole('link', { name: `Sửa ${before.name}`, exact: true }).click();
  const checklist = area.getByRole('group', { name: /Danh mục kiểm tra/ });
  await expect(checklist.getByRole('combobox', { name: 'Linh kiện của hạng mục 1', exact: true })).toBeVisible();
  await area.getByRole('textbox', { name: 'Giá (₫)', exact: true }).fill(String(price));
  await checklist.getByRole('button', { name: 'Thêm hạng mục' }).click();
  // The component picker: typed without diacritics, picked by its Vietnamese name, the code a hint beneath; the
  // whole name fits its box (not cut off).
  const picker = checklist.getByRole('combobox', { name: `Linh kiện của hạng mục ${position}`, exact: true });
  await picker.fill(component.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[đĐ]/g, 'd'));
  await checklist.getByRole('option', { name: new RegExp(`^${component}`) }).click();
  await expect(picker).toHaveValue(component);
  await expect(checklist.getByText(`Mã: ${code}`, { exact: true })).toBeVisible();
  expect(await picker.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
  await checklist.getByRole('textbox', { name: `Nội dung kiểm tra của hạng mục ${position}`, exact: true }).fill(`${component}: kiểm tra thử`);
  await area.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(area.getByRole('status').filter({ hasText: 'Đã lưu dịch vụ.' })).toBeVisible();
  const savedAt = Date.now();

  await expect
    .poll(async () => {
      const response = await page.request.get('/api/services');
      return ((await response.json()) as { data: { slug: string; price: number }[] }).data.find((service) => service.slug === slug)?.price;
    }, { timeout: 1000, intervals: [50] })
    .toBe(price);
  expect(Date.now() - savedAt).toBeLessThan(1000);
  await expectAccessible(admin);
  await page.goto(`/services#${slug}`);
  const shown = new Intl.NumberFormat('vi-VN').format(price);
  await expect(page.getByText(new RegExp(shown.replace(/\./g, '\\.'))).first()).toBeVisible();

  // The history shows the template's change in words; the packages tab passes axe too.
  await expect(area.getByRole('region', { name: 'Lịch sử thay đổi' }).getByText(`Thêm: ${component}: kiểm tra thử (${code})`)).toBeVisible();
  await area.getByRole('link', { name: '← Danh mục' }).click();
  await area.getByRole('tab', { name: 'Gói dịch vụ' }).click();
  await expect(area.getByRole('row', { name: /Gói/ }).first()).toBeVisible();
  await expectAccessible(admin);
});
