import { expect, test, type APIRequestContext, type Page } from '../support/fixtures.ts';
import { backoffice, expectAccessible, signedInPage } from '../support/floor.ts';
import { apiLogin, DEMO_EMAILS } from '../support/session.ts';

/**
 * One inventory (issue 34 §3): the product page says how many units each service centre has for pick-up, and a
 * pick-up order at Cầu Giấy takes one of them there; the manager of Cầu Giấy pulls units from the online warehouse
 * with a stock transfer, receives it, and the stock table shows them on hand. The new panel passes axe.
 */

const CAU_GIAY = 'EV Service Cầu Giấy';
const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');

interface ProductRow {
  id: number;
  slug: string;
  name: string;
  sku?: string;
  stock: number;
}
interface Pickup {
  centreId: number;
  centreName: string;
  available: number;
}

async function data<T>(request: APIRequestContext, url: string, token?: string): Promise<T> {
  const response = await request.get(url, token ? { headers: { Authorization: `Bearer ${token}` } } : undefined);
  expect(response.ok(), `${url} → ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

const pickupAt = async (request: APIRequestContext, slug: string) =>
  (await data<{ pickup: Pickup[] }>(request, `/api/products/${slug}/availability`)).pickup.find((centre) => centre.centreName === CAU_GIAY)!;

/** The "Nhận tại cửa hàng" box, every stocked centre shown. */
async function pickupBox(page: Page) {
  const box = storefront(page).getByRole('region', { name: 'Nhận tại cửa hàng' });
  await expect(box).toHaveAttribute('aria-busy', 'false');
  const more = box.getByRole('button', { name: /^Xem thêm/ });
  if (await more.count()) await more.click();
  return box;
}

test('the product page shows the pick-up units at Cầu Giấy, one fewer after a pick-up order there', async ({ page, request }) => {
  const products = (await data<{ items: ProductRow[] }>(request, '/api/products?inStock=true&pageSize=48')).items;
  let chosen: { product: ProductRow; pickup: Pickup } | null = null;
  for (const product of products) {
    const pickup = await pickupAt(request, product.slug);
    if (pickup && pickup.available >= 2) {
      chosen = { product, pickup };
      break;
    }
  }
  expect(chosen, 'a product Cầu Giấy has at least 2 of').not.toBeNull();
  const { product, pickup } = chosen!;

  await page.goto(`/products/${product.slug}`);
  await expect(storefront(page).getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(await pickupBox(page)).toContainText(`Còn ${pickup.available} tại ${CAU_GIAY}`);

  const login = await apiLogin(request);
  const placed = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${login.accessToken}`, 'Idempotency-Key': `e2e-pickup-${Date.now()}` },
    data: {
      items: [{ kind: 'product', refId: product.id, quantity: 1 }],
      recipientName: 'Nguyễn Minh Anh',
      phone: '0912345678',
      fulfilment: { method: 'pickup', centreId: pickup.centreId },
      paymentMethod: 'COD',
    },
  });
  expect(placed.status()).toBe(201);
  const code = ((await placed.json()) as { data: { code: string } }).data.code;
  try {
    await page.reload();
    await expect(await pickupBox(page)).toContainText(`Còn ${pickup.available - 1} tại ${CAU_GIAY}`);
  } finally {
    // the unit goes back to Cầu Giấy: the test can run again
    await request.post(`/api/orders/${code}/cancel`, { headers: { Authorization: `Bearer ${login.accessToken}` }, data: { reason: 'Kiểm thử e2e' } });
  }
});

test('the manager pulls units from the online warehouse with a transfer, receives it, and the stock table shows them; axe on the panel', async ({ browser }) => {
  test.setTimeout(120_000);
  const manager = await signedInPage(browser, DEMO_EMAILS.manager);
  const token = (await apiLogin(manager.request, DEMO_EMAILS.manager)).accessToken;
  // a part the warehouse has (online availability) and what Cầu Giấy has of it now
  const candidates = (await data<{ items: ProductRow[] }>(manager.request, '/api/products?inStock=true&pageSize=48')).items;
  const product = candidates.find((candidate) => candidate.stock >= 5)!;
  expect(product, 'a product the warehouse has at least 5 of').toBeDefined();
  const stocked = await data<{ items: Array<{ productId: number; onHand: number }> }>(manager.request, `/api/inventory?q=${encodeURIComponent(product.name)}&pageSize=50`, token);
  const before = stocked.items.find((item) => item.productId === product.id)?.onHand ?? 0;

  await manager.goto('/manager');
  const area = backoffice(manager);
  const panel = area.getByRole('region', { name: 'Chuyển kho' });
  await panel.scrollIntoViewIfNeeded();
  await panel.getByRole('button', { name: 'Tạo phiếu chuyển kho' }).click();
  const dialog = manager.getByRole('dialog', { name: 'Tạo phiếu chuyển kho' });
  await expect(dialog.getByLabel('Chuyển từ')).toHaveValue(/\d+/);
  await expect(dialog.getByLabel('Chuyển từ').locator('option:checked')).toHaveText('Kho hàng online EV Service');
  await expect(dialog.getByLabel('Chuyển đến').locator('option:checked')).toHaveText(CAU_GIAY);
  await dialog.getByLabel('Sản phẩm (dòng 1)').fill(product.name);
  await dialog.getByRole('button', { name: `Chọn ${product.name}` }).first().click();
  await dialog.getByLabel('Số lượng (dòng 1)').fill('2');
  await dialog.getByLabel('Ghi chú (không bắt buộc)').fill('Kiểm thử e2e chuyển kho');
  const creating = manager.waitForResponse((response) => response.url().endsWith('/api/inventory/transfers') && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Chuyển kho', exact: true }).click();
  const created = await creating;
  expect(created.status()).toBe(201);
  const transferId = ((await created.json()) as { data: { id: number } }).data.id;
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByRole('status')).toHaveText('Đã tạo phiếu chuyển kho; hàng đã rời nơi chuyển đi.');

  const entry = panel.getByRole('listitem', { name: `Phiếu chuyển #${transferId}` });
  await expect(entry).toContainText('Đang chuyển');
  await expect(entry).toContainText(`${product.name}`);
  await expectAccessible(manager);
  await entry.getByRole('button', { name: `Đã nhận hàng phiếu chuyển #${transferId}` }).click();
  await expect(panel.getByRole('status')).toHaveText('Đã nhận hàng chuyển kho.');
  await expect(entry).toContainText('Đã nhận');

  // the stock table shows the units on hand at Cầu Giấy
  const table = area.getByRole('region', { name: 'Tồn kho trung tâm' });
  await table.scrollIntoViewIfNeeded();
  await table.getByLabel('Tìm sản phẩm').fill(product.name);
  await table.getByLabel('Tìm sản phẩm').press('Enter');
  const row = table.getByRole('row', { name: new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
  await expect(row.getByRole('cell').nth(1)).toHaveText(new Intl.NumberFormat('vi-VN').format(before + 2));
});
