import { expect, test, type Locator, type Page } from '../support/fixtures.ts';
import { account, backoffice, bookToday, expectAccessible, plateSource, signedInPage } from '../support/floor.ts';
import { apiLogin, DEMO_EMAILS } from '../support/session.ts';

/**
 * Parts and the customer's approval end to end (issue 14, spec back-office S6, T4, M2): a customer books today →
 * staff check the car in with the demo technician → the technician (a 360 px phone) starts, answers the horn
 * FAIL with a note and asks for a horn from that item → staff, at the parts desk, send it to the customer → the
 * customer approves on /dashboard in their own context (live) → the staff drawer shows the approval within 2 s
 * → reserve (automatic, or by hand when it stays approved) → issue → the technician finishes → the invoice
 * preview lists the horn and its total is the estimate the customer approved; the invoice is issued with it.
 * Every page of the path that issue 13's spec does not check passes axe.
 *
 * Robust to the demo data: the demo technician's clock may run on another car (the switch offer), other parts
 * requests are on the floor and another approval may wait for the demo customer, on the same car (everything is
 * found by this order's code, read from the check-in's confirmation), slots may be taken (the first free one).
 * The customer's car is booked, not their first vehicle: issue 13's spec finds the scooter on the board by its
 * plate, and this order stays on the floor (invoiced, unpaid).
 */

const PART = { name: 'Còi điện 12V chống nước', sku: 'HRN-12V-EV', search: 'còi' };
const HORN_ITEM = 'Còi';
const FINDING = 'Còi kêu rè, lúc kêu lúc không';

/** The <dd> of the <dt> named `term` in `scope`'s description lists. */
const fact = (scope: Locator, term: string) => scope.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);

/** 'available (tồn onHand, đang giữ reserved)' of the parts desk. */
function shelfOf(text: string): { available: number; onHand: number; reserved: number } {
  const match = /^(\d+) \(tồn (\d+), đang giữ (\d+)\)$/.exec(text.trim());
  if (!match) throw new Error(`not an availability: ${text}`);
  return { available: Number(match[1]), onHand: Number(match[2]), reserved: Number(match[3]) };
}

/** How many requests wait for the demo customer's answer now (GET /api/me/approvals). */
async function waitingApprovals(page: Page): Promise<number> {
  const login = await apiLogin(page.request, DEMO_EMAILS.customer);
  const response = await page.request.get('/api/me/approvals', { headers: { authorization: `Bearer ${login.accessToken}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: unknown[] }).data.length;
}

test('a part for a FAIL item: technician asks → staff send it → the customer approves live → reserve, issue → the invoice equals the approved estimate', async ({ browser }) => {
  test.setTimeout(240_000);
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  const staff = await signedInPage(browser, DEMO_EMAILS.staff);
  const technician = await signedInPage(browser, DEMO_EMAILS.technician, { width: 360, height: 780 });
  const booked = await bookToday(customer, staff, { vehicle: (vehicle) => vehicle.type === 'car', note: 'Còi lúc kêu lúc không' });
  const plate = plateSource(booked.licensePlate);

  // The customer watches the dashboard with the live stream open.
  const streamOpen = customer.waitForResponse((response) => response.url().endsWith('/api/appointments/events') && response.status() === 200);
  await customer.goto('/dashboard');
  await streamOpen;
  const card = account(customer).getByRole('article', { name: booked.code });
  await expect(card).toBeVisible();

  // 1. Staff check the car in with the demo technician; the order's code is in the confirmation.
  await staff.goto('/staff/appointments');
  await backoffice(staff).getByRole('button', { name: `Tiếp nhận xe của lịch hẹn ${booked.code}` }).click();
  const checkIn = backoffice(staff).getByRole('dialog', { name: `Tiếp nhận xe ${booked.licensePlate}` });
  await expect(checkIn.getByLabel('Số km hiện tại')).not.toHaveValue('');
  await checkIn.getByLabel('Khách mô tả tình trạng xe').fill('Còi lúc kêu lúc không');
  const technicianSelect = checkIn.getByLabel('Kỹ thuật viên (không bắt buộc)');
  const demoTechnician = technicianSelect.locator('option', { hasText: 'Lê Văn Cường' });
  await expect(demoTechnician).toHaveCount(1);
  await technicianSelect.selectOption((await demoTechnician.getAttribute('value'))!);
  await checkIn.getByRole('button', { name: 'Tiếp nhận xe' }).click();
  const checkedIn = backoffice(staff).getByText(new RegExp(`Đã tiếp nhận xe ${plate}, phiếu dịch vụ \\S+\\.`));
  await expect(checkedIn).toBeVisible();
  const orderCode = /phiếu dịch vụ (\S+?)\.(?:\s|$)/.exec((await checkedIn.innerText()).trim())![1]!;
  await expect(card.getByText(`Phiếu dịch vụ ${orderCode}`)).toBeVisible();

  // 2. The technician, on a 360 px phone: start (switching the clock over if it runs elsewhere), the horn FAIL.
  await technician.goto('/technician/work-queue');
  const queued = backoffice(technician).getByRole('article', { name: `${orderCode} · ${booked.licensePlate}` });
  await queued.getByRole('button', { name: 'Bắt đầu' }).click();
  const switchOffer = backoffice(technician).getByRole('button', { name: /chuyển sang phiếu/i });
  await expect(queued.getByTestId('order-status').filter({ hasText: 'Đang làm' }).or(switchOffer).first()).toBeVisible();
  if (await switchOffer.isVisible()) await switchOffer.click();
  await expect(card.getByTestId('service-order-status')).toHaveText(/Đang thực hiện/);
  await queued.getByRole('link', { name: /Mở danh sách kiểm tra/ }).click();
  await expect(technician).toHaveURL(/\/technician\/checklists\?order=\d+/);
  const orderId = Number(new URL(technician.url()).searchParams.get('order'));
  const items = backoffice(technician).getByRole('list', { name: 'Kiểm tra', exact: true }).locator(':scope > li');
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  const horn = items.filter({ has: technician.getByText(new RegExp(`^\\d+\\. ${HORN_ITEM}$`)) });
  await expect(horn).toHaveCount(1);
  await horn.getByText('Không đạt', { exact: true }).click();
  await horn.getByRole('textbox').fill(FINDING);
  await horn.getByRole('textbox').blur();
  await expect(horn.getByText('Đã lưu', { exact: true })).toBeVisible();

  // 3. The part, from the FAIL item: the parts request screen with the order and the finding chosen.
  await horn.getByRole('link', { name: `Yêu cầu phụ tùng cho mục ${HORN_ITEM}` }).click();
  await expect(technician).toHaveURL(new RegExp(`/technician/parts-request\\?order=${orderId}&item=\\d+`));
  const requestPage = backoffice(technician);
  await expect(requestPage.getByLabel('Phiếu đang làm')).toHaveValue(String(orderId));
  const form = requestPage.getByRole('form', { name: 'Yêu cầu phụ tùng mới' });
  await expect(form.getByLabel('Mục kiểm tra không đạt (không bắt buộc)').locator('option:checked')).toHaveText(`${HORN_ITEM} – ${FINDING}`);
  await form.getByLabel('Tìm phụ tùng').fill(PART.search);
  const option = form.getByRole('radio', { name: new RegExp(PART.name) });
  await expect(option).toHaveCount(1);
  const optionFace = form.locator('label').filter({ has: technician.getByRole('radio', { name: new RegExp(PART.name) }) });
  await expect(optionFace).toContainText(/Kho còn [1-9]\d*/);
  await optionFace.click();
  await expect(option).toBeChecked();
  await expect(form.getByLabel('Số lượng', { exact: true })).toHaveValue('1');
  await expectAccessible(technician);
  await form.getByRole('button', { name: 'Gửi yêu cầu' }).click();
  await expect(requestPage.getByText(`Đã gửi yêu cầu 1 × ${PART.name}.`)).toBeVisible();
  const mine = requestPage
    .getByRole('region', { name: 'Yêu cầu phụ tùng của tôi' })
    .getByRole('article', { name: PART.name })
    .filter({ hasText: `Phiếu ${orderCode} · ${booked.licensePlate}` });
  await expect(mine).toContainText('Chờ duyệt');
  await expect(fact(mine, 'Mục kiểm tra')).toHaveText(HORN_ITEM);
  await expectAccessible(technician);

  // 4. Staff: the centre's parts desk lists it; its order's drawer sends it to the customer.
  await staff.goto('/staff/service-orders?view=parts-desk');
  const deskList = backoffice(staff).getByRole('region', { name: /^Yêu cầu phụ tùng/ });
  const listed = deskList.getByRole('article').filter({ hasText: orderCode });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Chờ duyệt');
  await expect(listed.getByRole('button', { name: 'Gửi khách duyệt' })).toBeVisible();
  await expectAccessible(staff);
  await listed.getByRole('link', { name: `Mở phiếu ${orderCode}, xe ${booked.licensePlate}` }).click();
  await expect(staff).toHaveURL(new RegExp(`/staff/service-orders\\?order=${orderId}`));
  await expect(backoffice(staff).getByText('Đang cập nhật trực tiếp')).toBeVisible();
  const drawer = backoffice(staff).getByRole('dialog', { name: `Phiếu dịch vụ ${orderCode}` });
  const desk = drawer.getByRole('region', { name: 'Quầy phụ tùng' });
  const request = desk.getByRole('article', { name: `${PART.name} (${PART.sku})` });
  await expect(request).toContainText('Chờ duyệt');
  await expect(fact(request, 'Mục kiểm tra')).toHaveText(`${HORN_ITEM} – ${FINDING}`);
  const shelfBefore = shelfOf(await fact(request, 'Khả dụng tại kho').innerText());
  expect(shelfBefore.available).toBeGreaterThan(0);
  await expectAccessible(staff);
  const approvalsBefore = await waitingApprovals(customer);
  await request.getByRole('button', { name: 'Gửi khách duyệt' }).click();
  await expect(request).toContainText('Chờ khách duyệt');
  await expect(mine).toContainText('Chờ khách duyệt');

  // 5. The customer, live: 'Cần bạn duyệt (1)' on this car's order, the card with one more, and approves.
  await expect(card.getByTestId('service-order-status')).toHaveText(/Cần bạn duyệt \(1\)/);
  await card.getByRole('link', { name: 'Xem và duyệt' }).click();
  const approvals = account(customer).getByRole('region', { name: `Cần bạn duyệt (${approvalsBefore + 1})` });
  await expect(approvals).toBeVisible();
  await expect(approvals.getByRole('heading', { name: `Cần bạn duyệt (${approvalsBefore + 1})` })).toBeFocused();
  const asked = approvals.getByRole('article', { name: PART.name }).filter({ hasText: `Phiếu ${orderCode}` });
  await expect(asked).toContainText(FINDING);
  await expect(fact(asked, 'Số lượng')).toHaveText('1');
  const lineTotal = (await fact(asked, 'Thành tiền').innerText()).trim();
  const approvedEstimate = (await fact(asked, 'Tổng chi phí dự kiến nếu đồng ý').innerText()).trim();
  expect(approvedEstimate).not.toBe((await fact(asked, 'Tổng chi phí dự kiến hiện tại').innerText()).trim());
  await expectAccessible(customer);
  await asked.getByRole('button', { name: `Đồng ý thay ${PART.name}` }).click();

  // 6. The staff drawer shows the customer's yes within 2 s of the click (the floor's live stream).
  await expect(fact(request, 'Quyết định của khách')).toContainText('Đồng ý trên web', { timeout: 2_000 });
  const approvalsAfter = account(customer).getByRole('region', { name: approvalsBefore > 0 ? `Cần bạn duyệt (${approvalsBefore})` : 'Cần bạn duyệt', exact: true });
  await expect(approvalsAfter.getByText('Đã ghi nhận: bạn đồng ý thay phụ tùng.')).toBeVisible();
  await expect(approvalsAfter.getByRole('article', { name: PART.name }).filter({ hasText: orderCode })).toHaveCount(0);
  await expect(card.getByTestId('service-order-status')).toHaveText(/Đang thực hiện/);

  // 7. Reserve (automatic at approval when the shelf has it; by hand if it stayed approved), then issue.
  await expect(request.getByText(/^(Đã giữ hàng|Đã duyệt – chờ giữ hàng)$/)).toBeVisible();
  if (await request.getByText('Đã duyệt – chờ giữ hàng', { exact: true }).isVisible()) await request.getByRole('button', { name: 'Giữ hàng' }).click();
  await expect(request.getByText('Đã giữ hàng', { exact: true })).toBeVisible();
  await expect(fact(request, 'Khả dụng tại kho')).toHaveText(`${shelfBefore.available - 1} (tồn ${shelfBefore.onHand}, đang giữ ${shelfBefore.reserved + 1})`);
  await expect(mine).toContainText('Đã giữ hàng');
  await request.getByRole('button', { name: 'Xuất kho' }).click();
  await expect(request.getByText('Đã xuất kho', { exact: true })).toBeVisible();
  await expect(fact(request, 'Đã xuất / đã trả')).toHaveText('1 / 0');
  await expect(fact(request, 'Khả dụng tại kho')).toHaveText(`${shelfBefore.available - 1} (tồn ${shelfBefore.onHand - 1}, đang giữ ${shelfBefore.reserved})`);
  // …live on the technician's screen too
  await expect(mine).toContainText('Đã xuất kho');

  // 8. The technician finishes the checklist and the order.
  await technician.goto(`/technician/checklists?order=${orderId}`);
  await expect(items.first()).toBeVisible();
  for (let index = 0; index < count; index += 1) {
    const item = items.nth(index);
    if ((await item.getByRole('radio', { name: 'Không đạt' }).isChecked())) continue;
    await item.getByText('Đạt', { exact: true }).click();
  }
  await expect(backoffice(technician).getByText(`${count}/${count} mục đã kiểm tra`)).toBeVisible();
  await backoffice(technician).getByRole('button', { name: 'Hoàn thành' }).click();
  await expect(card.getByTestId('service-order-status')).toHaveText(/Xe đã xong – chờ thanh toán/);

  // 9. Staff invoice: the preview lists the horn and totals what the customer approved; issued as previewed.
  await drawer.getByRole('button', { name: 'Lập hoá đơn' }).click();
  const preview = drawer.getByRole('table', { name: 'Xem trước hoá đơn' });
  await expect(preview).toBeVisible();
  const partLine = preview.getByRole('row').filter({ hasText: PART.name });
  await expect(partLine).toHaveCount(1);
  await expect(partLine.getByRole('rowheader')).toContainText('Phụ tùng');
  await expect(partLine.getByRole('cell').first()).toHaveText('1');
  await expect(partLine.getByRole('cell').last()).toHaveText(lineTotal);
  await expect(preview.getByRole('row', { name: /^Tổng cộng/ }).getByRole('cell')).toHaveText(approvedEstimate);
  await drawer.getByRole('button', { name: 'Xác nhận lập hoá đơn' }).click();
  await expect(fact(drawer, 'Tổng cộng')).toHaveText(approvedEstimate);
  await expect(drawer.getByText(/Lưu ý: tổng hoá đơn/)).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Thu tiền mặt' })).toBeVisible();
  // …and the customer's card shows that invoice, with the horn
  await expect(card.getByTestId('invoice-total')).toHaveText(approvedEstimate);
  await expect(card.getByRole('row').filter({ hasText: PART.name })).toHaveCount(1);

  // 10. The manager's inventory: the horn left the shelf (M2), and the section passes axe.
  const manager = await signedInPage(browser, DEMO_EMAILS.manager);
  await manager.goto('/manager');
  const inventory = backoffice(manager).getByRole('region', { name: 'Tồn kho trung tâm' });
  // the stock table loads when scrolled near (it is below the fold)
  await inventory.scrollIntoViewIfNeeded();
  await expect(inventory.getByRole('table')).toBeVisible();
  await inventory.getByLabel('Tìm sản phẩm').fill(PART.sku);
  await inventory.getByRole('button', { name: 'Tìm', exact: true }).click();
  const shelfRow = inventory.getByRole('row').filter({ has: manager.getByRole('rowheader', { name: new RegExp(`^${PART.name}`) }) });
  await expect(shelfRow).toHaveCount(1);
  await expect(shelfRow.getByRole('cell').nth(1)).toHaveText(String(shelfBefore.onHand - 1));
  await expect(shelfRow.getByRole('cell').nth(2)).toHaveText(String(shelfBefore.reserved));
  await expectAccessible(manager);
});
