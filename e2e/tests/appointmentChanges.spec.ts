import { expect, test, type Page } from '../support/fixtures.ts';
import { account, expectAccessible, signedInPage } from '../support/floor.ts';
import { apiLogin, DEMO_EMAILS } from '../support/session.ts';

/** A Vietnamese calendar date `daysAhead` from today, as YYYY-MM-DD. */
function vietnamDate(daysAhead: number): string {
  return new Date(Date.now() + 7 * 3_600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** The demo customer books a basic maintenance tomorrow (outside the change cut-off) in a free slot of a vehicle without a live booking. */
async function bookTomorrow(customer: Page): Promise<{ id: number; code: string }> {
  const login = await apiLogin(customer.request, DEMO_EMAILS.customer);
  const auth = { authorization: `Bearer ${login.accessToken}` };
  const centres = ((await (await customer.request.get('/api/centres')).json()) as { data: Array<{ id: number }> }).data;
  const vehicles = ((await (await customer.request.get('/api/vehicles', { headers: auth })).json()) as { data: Array<{ id: number }> }).data;
  const services = ((await (await customer.request.get('/api/services')).json()) as { data: Array<{ id: number; slug: string; durationMinutes: number }> }).data;
  const basic = services.find((service) => service.slug === 'bao-duong-co-ban')!;
  const date = vietnamDate(1);
  const availability = await customer.request.get(`/api/centres/${centres[0]!.id}/availability?date=${date}&durationMinutes=${basic.durationMinutes}`);
  const slots = ((await availability.json()) as { data: { slots: Array<{ start: string; available: boolean }> } }).data.slots.filter((slot) => slot.available);
  for (const vehicle of vehicles) {
    for (const slot of slots.slice(0, 3)) {
      const response = await customer.request.post('/api/appointments', {
        headers: auth,
        data: { vehicleId: vehicle.id, serviceIds: [basic.id], centreId: centres[0]!.id, start: slot.start },
      });
      if (response.status() === 409) continue;
      expect(response.status()).toBe(201);
      return ((await response.json()) as { data: { id: number; code: string } }).data;
    }
  }
  throw new Error('no vehicle of the demo customer could be booked tomorrow');
}

/**
 * The customer changes their appointment from /dashboard (issue 36): "Đổi lịch" picks another free slot of the
 * centre and moves it, "Hủy lịch" cancels it after a confirmation with an optional reason; no "call the centre".
 */
test('the customer reschedules, then cancels, an appointment from the dashboard', async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  const booked = await bookTomorrow(customer);

  await customer.goto('/dashboard');
  const card = account(customer).getByRole('article', { name: booked.code });
  await expect(card.getByTestId('appointment-status')).toHaveText(/Chờ xác nhận/);
  await expect(account(customer).getByText(/Vui lòng gọi trung tâm/)).toHaveCount(0);

  // Đổi lịch: the first other free slot of the day
  await card.getByRole('button', { name: `Đổi lịch hẹn ${booked.code}` }).click();
  const form = card.getByRole('group', { name: `Đổi lịch hẹn ${booked.code}` });
  await expect(form.getByLabel('Ngày mới')).toHaveValue(vietnamDate(1));
  const free = form.locator('input[type="radio"]:not([disabled])');
  await expect(free.first()).toBeVisible();
  await expectAccessible(customer);
  await free.first().check();
  await form.getByRole('button', { name: 'Xác nhận đổi lịch' }).click();
  await expect(account(customer).getByText(new RegExp(`Đã đổi lịch hẹn ${booked.code} sang \\d{2}:\\d{2} \\d{2}/\\d{2}/\\d{4}\\.`))).toBeAttached();
  await expect(form).toHaveCount(0);

  // Hủy lịch: confirmation with a reason
  await card.getByRole('button', { name: `Hủy lịch hẹn ${booked.code}` }).click();
  const confirm = card.getByRole('group', { name: `Hủy lịch hẹn ${booked.code}` });
  await confirm.getByLabel('Lý do hủy (không bắt buộc)').fill('Bận việc đột xuất');
  await confirm.getByRole('button', { name: 'Xác nhận hủy' }).click();
  await expect(card.getByTestId('appointment-status')).toHaveText(/Đã hủy/);
  await expect(card.getByRole('button', { name: /Đổi lịch|Hủy lịch/ })).toHaveCount(0);
});
