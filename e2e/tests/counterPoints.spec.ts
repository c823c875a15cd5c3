import { expect, test, type APIRequestContext } from '../support/fixtures.ts';
import { account, backoffice, plateSource, signedInPage } from '../support/floor.ts';
import { invoicedVisit } from '../support/reviews.ts';
import { apiLogin, DEMO_EMAILS } from '../support/session.ts';

const points = (count: number) => `${new Intl.NumberFormat('vi-VN').format(count)} điểm`;
const vnd = (amount: number) => new RegExp(`^${new Intl.NumberFormat('vi-VN').format(amount).replace(/\./g, '\\.')}\\s₫$`);

async function balanceOf(request: APIRequestContext): Promise<number> {
  const login = await apiLogin(request, DEMO_EMAILS.customer);
  const answer = await request.get('/api/loyalty/me', { headers: { Authorization: `Bearer ${login.accessToken}` } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { balance: number } }).data.balance;
}

/**
 * Points at the service counter (issue 67 §4): the demo customer's visit is invoiced through the floor's APIs; on
 * "Điểm thưởng" the customer takes the code for the counter; the demo staff enter it with 100 points on the unpaid
 * invoice and see the total drop by their worth; the customer's balance drops. "Bỏ dùng điểm" gives them back at the
 * end (the invoice stays unpaid, as it was).
 */
test('the counter applies points to a service invoice', async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  const staff = await signedInPage(browser, DEMO_EMAILS.staff);
  const visit = await invoicedVisit(customer, staff);
  const before = await balanceOf(customer.request);
  expect(before).toBeGreaterThanOrEqual(100);

  // The customer takes the code on "Điểm thưởng".
  await customer.goto('/loyalty');
  const card = account(customer).getByRole('region', { name: 'Dùng điểm tại quầy' });
  await card.getByRole('button', { name: 'Dùng điểm tại quầy' }).click();
  const shown = card.getByTestId('counter-code');
  await expect(shown).toHaveText(/^\d{6}$/);
  await expect(card.getByRole('img', { name: 'Mã QR dùng điểm tại quầy' })).toBeVisible();
  const code = (await shown.textContent())!.trim();

  // The counter opens the invoiced order and applies 100 points with the code.
  await staff.goto('/staff/service-orders');
  await backoffice(staff).getByRole('button', { name: new RegExp(`Mở phiếu .*, xe ${plateSource(visit.licensePlate)}`) }).click();
  const drawer = backoffice(staff).getByRole('dialog');
  const section = drawer.getByRole('group', { name: 'Dùng điểm thưởng' });
  const factOf = (scope: typeof drawer, label: string) => scope.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(factOf(section, 'Số dư của khách')).toHaveText(points(before));
  await section.getByLabel(/^Số điểm/).fill('100');
  await section.getByLabel(/^Mã xác nhận của khách/).fill(code);
  await section.getByRole('button', { name: 'Áp dụng điểm' }).click();

  await expect(drawer.getByText('Điểm thưởng (−100 điểm)', { exact: true })).toBeVisible();
  await expect(factOf(drawer, 'Tổng cộng')).toHaveText(vnd(visit.total - 1_000));
  expect(await balanceOf(customer.request)).toBe(before - 100);

  // The customer's page shows the balance dropped.
  await customer.goto('/loyalty');
  await expect(account(customer).getByText(`${points(before - 100)} · trị giá`, { exact: false })).toBeVisible();

  // Taken off again before payment: the points come back and the total is restored.
  await drawer.getByRole('group', { name: 'Dùng điểm thưởng' }).getByRole('button', { name: 'Bỏ dùng điểm' }).click();
  await expect(factOf(drawer, 'Tổng cộng')).toHaveText(vnd(visit.total));
  await expect(drawer.getByText('Điểm thưởng (−100 điểm)', { exact: true })).toHaveCount(0);
  expect(await balanceOf(customer.request)).toBe(before);
});
