import { expect, test, type APIRequestContext, type Page } from '../support/fixtures.ts';
import { expectAccessible, signedInPage } from '../support/floor.ts';
import { apiLogin, DEMO_EMAILS } from '../support/session.ts';

/**
 * The shop knows the customer's vehicle (issue 66 §2): a customer with a saved VinFast Feliz S picks it as "Xe của
 * bạn", filters the list to the parts that fit it ("Chỉ hiện phụ tùng vừa xe"), opens a part that does not fit it,
 * adds it anyway and is warned in the cart and at checkout. Which parts fit and which do not is asked of the API
 * (the demo catalogue's fitment rows), not assumed.
 */
const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');

interface ModelAnswer {
  id: number;
  slug: string;
  label: string;
  yearFrom: number | null;
  yearTo: number | null;
}
interface VehicleAnswer {
  id: number;
  year: number;
  licensePlate: string;
  modelId: number | null;
}
interface ProductAnswer {
  id: number;
  slug: string;
  name: string;
  inStock: boolean;
  fit?: 'FITS' | 'DOES_NOT_FIT' | 'UNKNOWN';
}
interface ProductPageAnswer {
  items: ProductAnswer[];
  total: number;
  totalPages: number;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function dataOf<T>(answer: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
  expect(answer.ok(), `${answer.status()} ${await answer.text()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

/** The customer's saved Feliz S: the demo's if it has one, else saved now (and removed at the end). */
async function savedFeliz(request: APIRequestContext, token: string, feliz: ModelAnswer): Promise<{ vehicle: VehicleAnswer; created: boolean }> {
  const vehicles = await dataOf<VehicleAnswer[]>(await request.get('/api/vehicles', { headers: auth(token) }));
  const known = vehicles.find((vehicle) => vehicle.modelId === feliz.id);
  if (known) return { vehicle: known, created: false };
  const year = Math.min(Math.max(2023, feliz.yearFrom ?? 2023), feliz.yearTo ?? 2023);
  const digits = String(Date.now() % 100_000).padStart(5, '0');
  const vehicle = await dataOf<VehicleAnswer>(
    await request.post('/api/vehicles', {
      headers: auth(token),
      data: {
        type: 'scooter',
        brand: 'VinFast',
        model: 'Feliz S',
        modelId: feliz.id,
        year,
        licensePlate: `29MĐ1-${digits.slice(0, 3)}.${digits.slice(3)}`,
        odometerKm: 1200,
      },
    }),
  );
  return { vehicle, created: true };
}

/** The first in-stock product whose fit for the vehicle is `fit` (pages of the list asked with the vehicle). */
async function productWithFit(request: APIRequestContext, modelId: number, year: number, fit: 'FITS' | 'DOES_NOT_FIT'): Promise<ProductAnswer> {
  for (let page = 1; page <= 20; page += 1) {
    const answer = await dataOf<ProductPageAnswer>(await request.get(`/api/products?fitModel=${modelId}&fitYear=${year}&inStock=true&pageSize=48&page=${page}`));
    const found = answer.items.find((product) => product.fit === fit && product.inStock);
    if (found) return found;
    if (page >= answer.totalPages) break;
  }
  throw new Error(`the demo catalogue has no in-stock product whose fit for model ${modelId} ${year} is ${fit}`);
}

test('a customer with a saved Feliz S filters "vừa xe", adds a part that does not fit and is warned', async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  const login = await apiLogin(customer.request, DEMO_EMAILS.customer);
  const headers = auth(login.accessToken);
  expect((await customer.request.delete('/api/cart', { headers })).ok()).toBe(true);

  const models = await dataOf<{ items: ModelAnswer[] }>(await customer.request.get('/api/vehicle-models?q=feliz s'));
  const feliz = models.items.find((model) => model.slug === 'vinfast-feliz-s');
  expect(feliz, 'the reference models hold the VinFast Feliz S').toBeDefined();
  const { vehicle, created } = await savedFeliz(customer.request, login.accessToken, feliz!);
  const name = `${feliz!.label} ${vehicle.year}`;
  const fitting = await productWithFit(customer.request, feliz!.id, vehicle.year, 'FITS');
  const notFitting = await productWithFit(customer.request, feliz!.id, vehicle.year, 'DOES_NOT_FIT');

  try {
    // 1. "Xe của bạn": the saved Feliz S is offered and chosen.
    await customer.goto('/products');
    const chooser = storefront(customer).getByRole('region', { name: 'Xe của bạn' }).first();
    await chooser.getByRole('button', { name: 'Chọn xe' }).click();
    await chooser.getByRole('button', { name: `Chọn ${name} (${vehicle.licensePlate})` }).click();
    await expect(chooser.getByTestId('chosen-vehicle')).toHaveText(name);

    // 2. "Chỉ hiện phụ tùng vừa xe": in the URL, and every card fits the Feliz S.
    // The box follows the URL (a navigation), so it is clicked and then found checked rather than check()ed.
    const fitOnlyBox = storefront(customer).getByRole('checkbox', { name: 'Chỉ hiện phụ tùng vừa xe' });
    await fitOnlyBox.click();
    await expect(customer).toHaveURL(/[?&]fitOnly=1/);
    await expect(fitOnlyBox).toBeChecked();
    const cards = storefront(customer).getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.getByTestId('fit-badge').filter({ hasNotText: `Vừa xe của bạn: ${name}` })).toHaveCount(0);
    await expect(cards.getByTestId('fit-badge').first()).toContainText(`Vừa xe của bạn: ${name}`);
    const fitOnly = await dataOf<ProductPageAnswer>(await customer.request.get(`/api/products?fitModel=${feliz!.id}&fitYear=${vehicle.year}&fitOnly=true&pageSize=1`));
    await expect(storefront(customer).getByRole('status').filter({ hasText: 'sản phẩm' })).toHaveText(`${fitOnly.total} sản phẩm`);
    expect(fitOnly.total).toBeGreaterThan(0);
    // the choice survives a reload
    await customer.reload();
    await expect(storefront(customer).getByTestId('chosen-vehicle').first()).toHaveText(name);
    await expect(storefront(customer).getByRole('checkbox', { name: 'Chỉ hiện phụ tùng vừa xe' })).toBeChecked();
    await expectAccessible(customer);

    // 3. The product page of a part that fits, then of one that does not: its badge and its "Xe tương thích".
    await customer.goto(`/products/${fitting.slug}`);
    await expect(storefront(customer).getByTestId('fit-badge')).toContainText(`Vừa xe của bạn: ${name}`);
    await expect(storefront(customer).getByRole('region', { name: 'Xe tương thích' })).toContainText(feliz!.label);
    await customer.goto(`/products/${notFitting.slug}`);
    await expect(storefront(customer).getByTestId('fit-badge')).toContainText('Không vừa xe của bạn');
    await expect(storefront(customer).getByRole('region', { name: 'Xe tương thích' }).getByRole('listitem').first()).toBeVisible();

    // 4. Added anyway: the cart and the checkout warn by its line, and the order can still go ahead.
    await storefront(customer).getByRole('button', { name: `Thêm vào giỏ: ${notFitting.name}` }).click();
    await expect(customer.getByText('Đã thêm vào giỏ hàng').first()).toBeVisible();
    const warning = `Phụ tùng này không vừa xe ${name} của bạn.`;
    await customer.goto('/cart');
    const cartLine = storefront(customer).getByTestId(`cart-line-product-${notFitting.id}`);
    await expect(cartLine.getByTestId('fit-warning')).toContainText(warning);
    // The server's totals first: the order the click goes on to is priced by them.
    await expect(storefront(customer).getByTestId('order-total')).toBeVisible();
    await expect(storefront(customer).getByRole('button', { name: 'Thanh toán' })).toBeEnabled();
    await storefront(customer).getByRole('button', { name: 'Thanh toán' }).click();
    await expect(customer).toHaveURL(/\/checkout$/);
    await expect(storefront(customer).getByTestId(`checkout-line-product-${notFitting.id}`).getByTestId('fit-warning')).toContainText(warning);
    await expect(storefront(customer).getByRole('button', { name: 'Đặt hàng' })).toBeEnabled();

    // 5. "Bỏ chọn xe": no badge, no warning.
    await customer.goto('/products');
    await storefront(customer).getByRole('region', { name: 'Xe của bạn' }).first().getByRole('button', { name: 'Bỏ chọn xe' }).click();
    await expect(storefront(customer).getByTestId('chosen-vehicle').first()).toHaveText('Chọn xe để biết phụ tùng nào vừa xe của bạn.');
    await expect(storefront(customer).getByTestId('fit-badge')).toHaveCount(0);
  } finally {
    await customer.request.delete('/api/cart', { headers });
    if (created) await customer.request.delete(`/api/vehicles/${vehicle.id}`, { headers });
    await customer.context().close();
  }
});
