import { expect, type Page } from './fixtures.ts';

const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');

/** On /packages of a signed-in page: the first service package bought into the (empty) cart; its name. */
export async function buyFirstPackage(page: Page): Promise<string> {
  await page.goto('/packages');
  const card = storefront(page).getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) }).first();
  const name = (await card.getByRole('heading', { level: 2 }).innerText()).trim();
  await storefront(page).getByRole('button', { name: `Mua gói: ${name}` }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  return name;
}

/** On /checkout: picked up at the centre the page offers, a mobile number, paid by VietQR transfer. */
export async function choosePickupPaidByVietQr(page: Page): Promise<void> {
  await storefront(page).getByRole('radio', { name: /Nhận tại trung tâm dịch vụ/ }).check();
  await expect(storefront(page).getByLabel('Trung tâm nhận hàng')).not.toHaveValue('');
  await storefront(page).getByLabel('Số điện thoại di động').fill('0912345678');
  await storefront(page).getByRole('radio', { name: /Chuyển khoản ngân hàng \(VietQR\)/ }).check();
}

/**
 * On /checkout, delivery: the province, then a ward picked from the coded wards the picker finds for `query` (accents
 * optional, former names too); the carriers' options then load. Returns the fee of the option checked (VND).
 */
export async function pickDeliveryWard(page: Page, province: string, query: string, wardName: string): Promise<number> {
  await storefront(page).getByLabel('Tỉnh/thành phố nhận hàng').selectOption(province);
  const ward = storefront(page).getByRole('combobox', { name: 'Phường/Xã' });
  await ward.fill('');
  await ward.pressSequentially(query);
  await storefront(page).getByRole('option', { name: new RegExp(`^${wardName}`) }).first().click();
  await expect(ward).toHaveValue(new RegExp(wardName));
  const checked = storefront(page).getByRole('group', { name: 'Đơn vị vận chuyển' }).getByRole('radio', { checked: true });
  await expect(checked).toHaveCount(1, { timeout: 15_000 });
  const label = await checked.evaluate((input) => input.closest('label')?.querySelector('strong')?.textContent ?? '');
  return Number(label.replace(/\D/g, ''));
}
