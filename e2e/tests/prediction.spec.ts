import { expect, test, type Page } from '../support/fixtures.ts';
import { backoffice, expectAccessible, signedInPage } from '../support/floor.ts';
import { DEMO_EMAILS, storeSession } from '../support/session.ts';

/**
 * Failure prediction and diagnostics as the people who use them see them (issue 22): a guest's diagnosis and the
 * booking it pre-fills, the safety answer first, the demo customer's "Dự đoán bảo dưỡng" (the seed trains the first
 * model on the demo history's wear), and the admin's model page with its calibration and "Huấn luyện ngay".
 */

const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');
const account = (page: Page) => page.locator('[data-remote-area="mfe_account"]');

test('a guest gets a diagnosis and books from it with the services and the symptoms pre-filled', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link', { name: 'Dịch vụ', exact: true }).hover();
  await page.getByRole('link', { name: /Chẩn đoán AI/ }).first().click();
  await expect(page).toHaveURL(/\/services\/chan-doan$/);

  const site = storefront(page);
  await expect(site.getByRole('heading', { name: 'Xe của bạn đang gặp vấn đề gì?' })).toBeVisible();
  await site.getByRole('button', { name: 'Chẩn đoán' }).click();
  await expect(site.getByText('Vui lòng chọn ít nhất một triệu chứng hoặc mô tả tình trạng xe.')).toBeVisible();

  await site.getByRole('checkbox', { name: 'Tiếng kêu khi phanh' }).check();
  await site.getByLabel('Mô tả thêm (không bắt buộc)').fill('Phanh sau kêu ken két khi đi chậm');
  await site.getByRole('button', { name: 'Chẩn đoán' }).click();
  const ranking = site.getByRole('region', { name: 'Các hạng mục có khả năng gặp vấn đề' });
  await expect(ranking).toBeVisible();
  await expect(ranking.getByRole('article').first().getByRole('heading')).toHaveText(/phanh/i);
  await expect(ranking).toContainText('%');
  await expect(site.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);

  await site.getByRole('link', { name: 'Đặt lịch' }).click();
  await expect(page).toHaveURL(/\/booking\?.*service=bao-duong-phanh/);
  await expect(page).toHaveURL(/symptom=BRAKE_NOISE/);
  const bookingUrl = page.url();

  // The demo customer who follows the same link finds the brake service ticked and the symptom marked.
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  await customer.goto(bookingUrl.replace(/^https?:\/\/[^/]+/, ''));
  const wizard = storefront(customer);
  await expect(wizard.getByRole('heading', { name: 'Bước 1: Chọn xe' })).toBeVisible();
  await wizard.getByRole('radio').first().check();
  await wizard.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(wizard.getByRole('checkbox', { name: /Bảo dưỡng phanh/ })).toBeChecked();
  await customer.close();
});

test('a safety-critical symptom answers "stop and call" before any ranking', async ({ page }) => {
  await page.goto('/services/chan-doan');
  const site = storefront(page);
  await site.getByRole('checkbox', { name: 'Mất phanh' }).check();
  await site.getByRole('button', { name: 'Chẩn đoán' }).click();
  const alert = site.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Dừng xe');
  await expect(alert.getByRole('link', { name: /Gọi cứu hộ/ })).toHaveAttribute('href', /^tel:/);
  // The alert stands before the ranking in the page.
  const alertBox = (await alert.boundingBox())!;
  const rankingBox = (await site.getByRole('heading', { name: 'Các hạng mục có khả năng gặp vấn đề' }).boundingBox())!;
  expect(alertBox.y).toBeLessThan(rankingBox.y);
  await expectAccessible(page);
});

test("the demo customer sees their vehicles' maintenance forecast with its evidence and books a check from it", async ({ page }) => {
  test.setTimeout(60_000);
  await storeSession(page, DEMO_EMAILS.customer);
  await page.goto('/my-vehicles');
  const panel = account(page).getByRole('region', { name: /^Dự đoán bảo dưỡng/ }).first();
  await expect(panel).toBeVisible();
  // Real numbers from the seeded model: a percentage, its interval and what it rests on.
  await expect(panel).toContainText('%');
  await expect(panel).toContainText(/Dựa trên [\d.]+ lần kiểm tra/);
  await expectAccessible(page);

  const book = panel.getByRole('link', { name: /^Đặt lịch kiểm tra/ }).first();
  await book.click();
  await expect(page).toHaveURL(/\/booking\?vehicleId=\d+/);
  await expect(storefront(page).getByRole('heading', { name: /^Bước \d/ })).toBeVisible();
});

test('the admin sees each component model against the baseline with its calibration, and trains a new version', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await signedInPage(browser, DEMO_EMAILS.admin);
  await admin.goto('/admin/models');
  const area = backoffice(admin);
  await expect(area.getByRole('heading', { name: /^Phiên bản đang dùng: #\d+$/ })).toBeVisible();
  await expect(area.getByText('Đang dùng', { exact: true }).first()).toBeVisible();
  // The calibration chart's figures as a table.
  await area.getByText('Xem bảng số liệu').first().click();
  await expect(area.getByRole('columnheader', { name: 'Tỷ lệ hỏng thực tế' }).first()).toBeVisible();
  // The diagnosis ranking's evaluation on held-out orders, next to the knowledge base alone.
  const diagnosis = area.getByRole('region', { name: 'Chẩn đoán theo triệu chứng' });
  await expect(diagnosis.getByText(/^Phiên bản này học từ [\d.]+ lệnh sửa chữa/)).toBeVisible();
  await expect(diagnosis.getByRole('rowheader', { name: 'Chỉ cơ sở tri thức' })).toBeVisible();
  await expectAccessible(admin);

  await area.getByRole('button', { name: 'Huấn luyện ngay' }).click();
  await expect(area.getByText(/^Đã huấn luyện xong phiên bản #\d+: \d+\/\d+ hạng mục/)).toBeVisible({ timeout: 150_000 });
  await admin.close();
});
