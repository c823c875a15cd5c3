import { expect, test, type Page } from '../support/fixtures.ts';
import { PAGE_TITLES } from '../support/pageTitles.ts';
import { DEMO_EMAILS, storeSession } from '../support/session.ts';

/** A small phone: nothing may be wider than it, and what the thumb presses is at least 44 px. */
const PHONE = { width: 360, height: 780 };
const TOUCH_TARGET_PX = 44;

test.use({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

type Owner = 'mfe_storefront' | 'mfe_account' | 'mfe_backoffice';
type Role = keyof typeof DEMO_EMAILS;

const PUBLIC_PAGES = PAGE_TITLES.filter((page) => page.owner !== 'mfe_backoffice');
const CUSTOMER_PAGES = ['/dashboard', '/my-vehicles', '/maintenance-history', '/orders', '/profile'];
const ROLE_OF_AREA: Record<string, Role> = { staff: 'staff', manager: 'manager', technician: 'technician', admin: 'admin' };
const BACK_OFFICE_PAGES = PAGE_TITLES.filter((page) => page.owner === 'mfe_backoffice').map((page) => ({
  path: page.path,
  role: ROLE_OF_AREA[page.path.split('/')[1]!]!,
}));

/** Opens `path` and waits for its page: its h1, then no loading left in the main area. */
async function openSettled(page: Page, path: string, owner: Owner): Promise<void> {
  await page.goto(path);
  await expect(page.locator(`[data-remote-area="${owner}"]`).getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main') ?? document.body;
      // Google's script never loads offline (its button falls back after 20 s): that wait is not the page's
      const text = main.innerText.replace('Đang tải đăng nhập Google', '');
      return main.querySelectorAll('[aria-busy="true"]').length === 0 && !text.includes('Đang tải');
    },
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * The page's width and every visible element whose right edge passes the viewport's, but for those inside a box
 * that scrolls or clips sideways on purpose (a wide table in its scroller).
 */
async function widthProblems(page: Page): Promise<{ scrollWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const scrolledInside = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const describe = (element: Element): string => {
      const name = element.tagName.toLowerCase();
      const label = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40);
      const className = typeof element.className === 'string' && element.className ? `.${element.className.split(' ')[0]}` : '';
      return `${name}${className} “${label}”`;
    };
    const offenders: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= viewport + 0.5) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (scrolledInside(element)) continue;
      offenders.push(`${describe(element)} right edge at ${Math.round(box.right)} px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, offenders: offenders.slice(0, 12) };
  });
}

async function expectFitsThePhone(page: Page): Promise<void> {
  const { scrollWidth, offenders } = await widthProblems(page);
  expect(offenders, 'elements past the right edge of a 360 px phone').toEqual([]);
  expect(scrollWidth, 'the page is wider than the phone').toBeLessThanOrEqual(PHONE.width);
}

test.describe('at 360 px, every public page fits the phone', () => {
  for (const { path, owner } of PUBLIC_PAGES) {
    test(`${path}`, async ({ page }) => {
      await openSettled(page, path, owner as Owner);
      await expectFitsThePhone(page);
    });
  }
});

test.describe('at 360 px, the customer’s pages fit the phone', () => {
  for (const path of CUSTOMER_PAGES) {
    test(`${path}`, async ({ page }) => {
      await storeSession(page, DEMO_EMAILS.customer);
      await openSettled(page, path, 'mfe_account');
      await expectFitsThePhone(page);
    });
  }

  test('an unpaid order’s VietQR: the account number and the content whole, each with "Sao chép", and "Lưu mã QR"', async ({ page }) => {
    const login = await storeSession(page, DEMO_EMAILS.customer);
    const auth = { Authorization: `Bearer ${login.accessToken}` };
    const products = (await (await page.request.get('/api/products?inStock=true&sort=popular&pageSize=1')).json()) as { data: { items: Array<{ id: number }> } };
    const centres = (await (await page.request.get('/api/centres')).json()) as { data: Array<{ id: number }> };
    const placed = await page.request.post('/api/orders', {
      headers: { ...auth, 'Idempotency-Key': `phone-width-${Date.now()}` },
      data: {
        items: [{ kind: 'product', refId: products.data.items[0]!.id, quantity: 1 }],
        recipientName: 'Nguyễn Minh Anh',
        phone: '0912345678',
        fulfilment: { method: 'pickup', centreId: centres.data[0]!.id },
        paymentMethod: 'VIETQR',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { code, vietQr } = ((await placed.json()) as { data: { code: string; vietQr: { accountNumber: string; transferContent: string } } }).data;
    try {
      await openSettled(page, `/orders/${encodeURIComponent(code)}`, 'mfe_account');
      const block = page.getByRole('region', { name: 'Đơn hàng chờ thanh toán' });
      for (const name of ['Sao chép số tài khoản', 'Sao chép nội dung chuyển khoản', 'Lưu mã QR']) {
        const button = block.getByRole('button', { name });
        await button.scrollIntoViewIfNeeded();
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
        expect(box.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
      }
      // the account number and the transfer content each on one line, never broken between their characters
      for (const value of [vietQr.accountNumber, vietQr.transferContent]) {
        const text = block.getByText(value, { exact: true }).last();
        const lineHeight = await text.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 24);
        expect((await text.boundingBox())!.height, `${value} on one line`).toBeLessThan(lineHeight * 1.5);
      }
      await expectFitsThePhone(page);
    } finally {
      await page.request.post(`/api/orders/${code}/cancel`, { headers: auth, data: { reason: 'Kiểm thử e2e' } });
    }
  });
});

test.describe('at 360 px, every back-office page fits the phone of its role', () => {
  for (const { path, role } of BACK_OFFICE_PAGES) {
    test(`${path} as ${role}`, async ({ page }) => {
      await storeSession(page, DEMO_EMAILS[role]);
      await openSettled(page, path, 'mfe_backoffice');
      await expectFitsThePhone(page);
    });
  }
});

test('at 360 px, every entry of the mobile menu is a touch target of at least 44 × 44 px, and the menu fits', async ({ page }) => {
  await openSettled(page, '/', 'mfe_storefront');
  await page.getByRole('button', { name: 'Mở menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  const targets = await menu.locator('a, button').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { label: (element.textContent ?? '').trim(), width: Math.round(box.width), height: Math.round(box.height) };
    }),
  );
  expect(targets.length).toBeGreaterThan(10);
  expect(targets.filter((target) => target.width < TOUCH_TARGET_PX || target.height < TOUCH_TARGET_PX)).toEqual([]);
  await expectFitsThePhone(page);
});

test('at 360 px, the search page keeps "Tìm kiếm" on screen beside its field', async ({ page }) => {
  await openSettled(page, '/search?q=sac', 'mfe_storefront');
  const button = page.locator('[data-remote-area="mfe_storefront"]').getByRole('search').getByRole('button', { name: 'Tìm kiếm' });
  const box = (await button.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
});

test('at 360 px, the product filters fold behind "Bộ lọc" and the first products show on the first screen', async ({ page }) => {
  await openSettled(page, '/products', 'mfe_storefront');
  const area = page.locator('[data-remote-area="mfe_storefront"]');
  const toggle = area.getByRole('button', { name: 'Bộ lọc' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(area.getByLabel('Danh mục')).toBeHidden();
  const firstProduct = area.getByRole('region', { name: 'Tất cả sản phẩm' }).getByRole('listitem').first();
  expect((await firstProduct.boundingBox())!.y).toBeLessThan(PHONE.height);
  await toggle.click();
  await expect(area.getByLabel('Danh mục')).toBeVisible();
  await expectFitsThePhone(page);
});

test('at 360 px, the technician’s work bar stays one line and every tab of the area is on screen', async ({ page }) => {
  await storeSession(page, DEMO_EMAILS.technician);
  await openSettled(page, '/technician/work-queue', 'mfe_backoffice');
  const bar = page.locator('[data-role-layout="technician"] > header');
  await expect(bar).toHaveCSS('height', '57px');
  const barBottom = await bar.evaluate((header) => header.getBoundingClientRect().bottom);
  const childBottoms = await bar.locator(':scope > *').evaluateAll((children) => children.map((child) => child.getBoundingClientRect().bottom));
  for (const bottom of childBottoms) expect(bottom).toBeLessThanOrEqual(barBottom);
  await expect(bar.getByRole('button', { name: 'Đăng xuất' })).toBeInViewport();

  const tabs = page.getByRole('navigation', { name: 'Khu vực kỹ thuật viên' }).getByRole('link');
  expect(await tabs.count()).toBeGreaterThanOrEqual(4);
  for (const box of await tabs.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
    expect(box.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
  }
});
