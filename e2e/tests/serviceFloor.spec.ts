import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { account, backoffice, bookToday, expectAccessible, signedInPage, smallTouchTargets } from '../support/floor.ts';
import { DEMO_EMAILS } from '../support/session.ts';

/**
 * The service centre floor end to end (issue 13): a customer books today → staff check the car in → the
 * technician (on a 360 px phone) starts, answers the checklist with one FAIL and a photo, finishes → staff invoice
 * → the customer pays its VietQR and the bank's notification closes it (issue 62) → the customer's dashboard showed every step live, and the record with its photo is in the
 * maintenance history. The API's clock starts at 09:00 of today (CLOCK_START in playwright.config.ts), so a slot
 * later today is free whenever the suite runs.
 */

const SEPAY_DEMO_KEY = 'demo-sepay-webhook-key-5e7b9c1a';
const PHOTO = path.resolve(import.meta.dirname, '..', 'fixtures', 'avatar.png');

test('a car through the floor: check-in → technician on a phone with a FAIL photo → invoice paid by its QR → the customer saw it live', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  const staff = await signedInPage(browser, DEMO_EMAILS.staff);
  const technician = await signedInPage(browser, DEMO_EMAILS.technician, { width: 360, height: 780 });
  const booked = await bookToday(customer, staff, { symptoms: ['BRAKE_NOISE'] });

  // The customer watches the dashboard with the live stream open.
  const streamOpen = customer.waitForResponse((response) => response.url().endsWith('/api/appointments/events') && response.status() === 200);
  await customer.goto('/dashboard');
  await streamOpen;
  const card = account(customer).getByRole('article', { name: booked.code });
  await expect(card).toBeVisible();

  // 1. Staff: the day view, check-in with the technician assigned.
  await staff.goto('/staff');
  await expect(backoffice(staff).getByText('Lịch hẹn cần đón')).toBeVisible();
  await expectAccessible(staff);
  await staff.goto('/staff/appointments');
  await backoffice(staff).getByRole('button', { name: `Tiếp nhận xe của lịch hẹn ${booked.code}` }).click();
  const checkIn = backoffice(staff).getByRole('dialog', { name: `Tiếp nhận xe ${booked.licensePlate}` });
  await expect(checkIn.getByLabel('Số km hiện tại')).not.toHaveValue('');
  await checkIn.getByLabel('Khách mô tả tình trạng xe').fill('Phanh sau kêu khi đi chậm');
  // The symptom the customer picked when booking is ticked already; staff confirm it with the check-in.
  await expect(checkIn.getByRole('checkbox', { name: /Tiếng kêu khi phanh/ })).toBeChecked();
  const technicianSelect = checkIn.getByLabel('Kỹ thuật viên (không bắt buộc)');
  const demoTechnician = technicianSelect.locator('option', { hasText: 'Lê Văn Cường' });
  await expect(demoTechnician).toHaveCount(1);
  await technicianSelect.selectOption((await demoTechnician.getAttribute('value'))!);
  await expectAccessible(staff);
  await checkIn.getByRole('button', { name: 'Tiếp nhận xe' }).click();
  await expect(backoffice(staff).getByText(new RegExp(`Đã tiếp nhận xe ${booked.licensePlate.replace(/[.]/g, '\\.')}`))).toBeVisible();
  await expect(card.getByTestId('service-order-status')).toHaveText(/Đã tiếp nhận/);

  // 2. The technician, on a 360 px phone: start, the checklist with one FAIL and a photo, finish.
  await technician.goto('/technician/work-queue');
  const order = backoffice(technician).getByRole('article', { name: new RegExp(booked.licensePlate.replace(/[.]/g, '\\.')) });
  await expect(order).toBeVisible();
  // The area's tabs and every button are touch targets of at least 44 px at 360 px.
  expect(await smallTouchTargets(technician)).toEqual([]);
  await order.getByRole('button', { name: 'Bắt đầu' }).click();
  // The demo technician's clock may be running on another car of today's floor: the queue offers to switch.
  const switchOffer = backoffice(technician).getByRole('button', { name: /chuyển sang phiếu/i });
  await expect(order.getByTestId('order-status').filter({ hasText: 'Đang làm' }).or(switchOffer).first()).toBeVisible();
  if (await switchOffer.isVisible()) await switchOffer.click();
  await expect(card.getByTestId('service-order-status')).toHaveText(/Đang thực hiện/);
  await expectAccessible(technician);
  await order.getByRole('link', { name: /Mở danh sách kiểm tra/ }).click();
  await expect(technician).toHaveURL(/\/technician\/checklists\?order=\d+/);
  const items = backoffice(technician).getByRole('list', { name: 'Kiểm tra', exact: true }).locator(':scope > li');
  await expect(items.first()).toBeVisible();
  expect(await smallTouchTargets(technician)).toEqual([]);
  // The customer's symptom is listed, and what it points to comes first, marked 'Nên kiểm tra kỹ'.
  await expect(backoffice(technician).getByText('Tiếng kêu khi phanh').first()).toBeVisible();
  await expect(items.first()).toContainText('Nên kiểm tra kỹ');
  const count = await items.count();
  expect(count).toBeGreaterThan(1);
  const failing = items.first();
  await failing.getByText('Không đạt', { exact: true }).click();
  await failing.getByRole('textbox').fill('Má phanh sau mòn quá giới hạn');
  await failing.getByRole('textbox').blur();
  await failing.locator('input[type="file"]').setInputFiles(PHOTO);
  await expect(failing.getByText('Đã tải ảnh lên.')).toBeVisible();
  await expect(failing.getByRole('img')).toHaveCount(1);
  for (let index = 1; index < count; index += 1) await items.nth(index).getByText('Đạt', { exact: true }).click();
  await expect(backoffice(technician).getByText(`${count}/${count} mục đã kiểm tra`)).toBeVisible();
  await expectAccessible(technician);
  await backoffice(technician).getByRole('button', { name: 'Hoàn thành' }).click();
  await expect(card.getByTestId('service-order-status')).toHaveText(/Xe đã xong – chờ thanh toán/);
  // The customer sees the inspection: the FAIL with the technician's note and photo, and it as advice for next time.
  const inspection = card.getByRole('region', { name: 'Kết quả kiểm tra xe' });
  await expect(inspection.getByText(`Đã kiểm tra ${count}/${count} hạng mục`)).toBeVisible();
  await expect(inspection.getByText('Không đạt', { exact: true })).toBeVisible();
  await expect(inspection.locator('img[src*="/api/media/checklist-photos/"]')).toHaveCount(1);
  await expect(inspection.getByRole('region', { name: 'Lời khuyên cho lần bảo dưỡng tới' })).toContainText('Má phanh sau mòn quá giới hạn');

  // 3. Staff: the board (live), the drawer, the invoice preview then the invoice, cash.
  await staff.goto('/staff/service-orders');
  await backoffice(staff).getByRole('button', { name: new RegExp(`Mở phiếu .*, xe ${booked.licensePlate.replace(/[.]/g, '\\.')}`) }).click();
  const drawer = backoffice(staff).getByRole('dialog');
  await expect(drawer.getByText('Má phanh sau mòn quá giới hạn')).toBeVisible();
  await expectAccessible(staff);
  await drawer.getByRole('button', { name: 'Lập hoá đơn' }).click();
  await expect(drawer.getByRole('heading', { name: 'Xem trước hoá đơn' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Xác nhận lập hoá đơn' }).click();
  await expect(drawer.getByRole('button', { name: 'Thu tiền mặt' })).toBeVisible();
  await expect(card.getByText(/Hoá đơn/).first()).toBeVisible();
  // The customer pays the invoice's VietQR from their bank app: the bank's notification (SePay) names the invoice code,
  // and the counter's drawer and the customer's card turn paid by themselves (cash at the counter: partsApproval.spec).
  await drawer.getByRole('button', { name: 'Thanh toán VietQR' }).click();
  await expect(drawer.getByRole('img', { name: /^Mã VietQR thanh toán hoá đơn HD/ })).toBeVisible();
  const qrText = (await drawer.getByText(/Nội dung chuyển khoản: /).textContent({ timeout: 5_000 })) ?? '';
  const qrContent = /Nội dung chuyển khoản: (\S+)/.exec(qrText)?.[1] ?? '';
  const total = Number(/Số tiền: ([\d.]+)/.exec(qrText)?.[1]?.replace(/\./g, '') ?? NaN);
  expect(total).toBeGreaterThan(0);
  expect(qrContent).toMatch(/^HD\d{6}[A-Z2-9]{4}$/);
  const transferId = Date.now();
  const webhook = await request.post('/api/payments/sepay/webhook', {
    headers: { Authorization: `Apikey ${SEPAY_DEMO_KEY}` },
    data: {
      id: transferId,
      gateway: 'Vietcombank',
      transactionDate: '2026-11-26 10:15:00',
      accountNumber: '0071000888888',
      code: null,
      content: `${qrContent} NGUYEN MINH ANH chuyen tien`,
      transferType: 'in',
      transferAmount: total,
      accumulated: total,
      subAccount: null,
      referenceCode: `FT${transferId}`,
      description: 'BankAPINotify',
    },
  });
  expect(webhook.status()).toBe(200);
  await expect(drawer.getByText(/^Đã thanh toán lúc .* \(Chuyển khoản VietQR\)\.$/)).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Thu tiền mặt' })).toHaveCount(0);
  await expect(card.getByTestId('service-order-status')).toHaveText(/Đã thanh toán/);

  // 4. The record, with its FAIL photo, in the customer's maintenance history.
  await customer.goto('/maintenance-history');
  const record = account(customer).getByRole('article').filter({ hasText: booked.licensePlate }).first();
  await expect(record).toBeVisible();
  await record.getByRole('button', { name: /Xem chi tiết|Chi tiết/ }).first().click();
  // the FAIL item in the record's checklist, and the same note as advice for next time above it
  await expect(account(customer).getByRole('cell', { name: 'Má phanh sau mòn quá giới hạn' })).toBeVisible();
  await expect(account(customer).getByRole('paragraph').filter({ hasText: 'Má phanh sau mòn quá giới hạn' }).first()).toBeVisible();
  await expect(account(customer).locator('img[src*="/api/media/checklist-photos/"]').first()).toBeVisible();

  // The floor's other pages pass axe too.
  for (const route of ['/staff/customers', '/technician', '/technician/checklists']) {
    const page = route.startsWith('/technician') ? technician : staff;
    await page.goto(route);
    await expect(backoffice(page).getByRole('heading').first()).toBeVisible();
    await expectAccessible(page);
  }
});
