import { expect, test } from '../support/fixtures.ts';
import { backoffice, bookToday, expectAccessible, signedInPage } from '../support/floor.ts';
import { DEMO_EMAILS } from '../support/session.ts';

/**
 * Recall campaigns (issue 66 §4): the demo seed's active campaign VF5-2611-01 holds the demo customer's VinFast VF 5
 * (30K-567.89). The customer books it today at the demo staff's centre; the counter opens its check-in and sees the
 * recall flag before taking the car in.
 */
const FLAG = 'Xe thuộc diện triệu hồi: VF5-2611-01 – Kiểm tra bulông giá bắt mô-tơ gạt mưa';

test('the counter sees the recall flag at check-in', async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  const staff = await signedInPage(browser, DEMO_EMAILS.staff);
  const booked = await bookToday(customer, staff, { vehicle: (vehicle) => vehicle.licensePlate === '30K-567.89', note: 'Kiểm tra triệu hồi' });

  await staff.goto('/staff/appointments');
  await backoffice(staff).getByRole('button', { name: `Tiếp nhận xe của lịch hẹn ${booked.code}` }).click();
  const checkIn = backoffice(staff).getByRole('dialog', { name: `Tiếp nhận xe ${booked.licensePlate}` });
  const flag = checkIn.getByRole('alert', { name: 'Cảnh báo triệu hồi' });
  await expect(flag).toContainText(FLAG);
  await expect(flag).toContainText('Khắc phục miễn phí');
  await expectAccessible(staff);
});
