import { expect, test } from '../support/fixtures.ts';
import { checkInCode, openAppointmentThread, readAllNotifications } from '../support/conversations.ts';
import { account, backoffice, bookToday, expectAccessible, plateSource, signedInPage } from '../support/floor.ts';
import { DEMO_EMAILS } from '../support/session.ts';

/**
 * Issue 49 in the browser: a customer writes to the centre about their car, the staff answer from the inbox, the
 * customer's thread and bell follow without a reload; the counter checks a car in by a scanned QR code typed into
 * its search box (a USB scanner types and presses Enter).
 */

test('a customer writes about their car, staff answer, the customer sees the reply and the bell shows 1', async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  const staff = await signedInPage(browser, DEMO_EMAILS.staff);
  const booked = await bookToday(customer, staff, { note: 'Xe kêu lạch cạch ở bánh trước' });
  const threadId = await openAppointmentThread(customer.request, booked.id);

  // The staff are on the day's appointments, another page: its live stream and the menu's message count share one
  // connection, and the count is read once.
  const staffStreams: string[] = [];
  staff.on('request', (request) => {
    if (request.url().includes('/api/staff/events')) staffStreams.push(request.url());
  });
  const countRead = staff.waitForResponse((response) => response.url().includes('/api/staff/conversations?') && response.url().includes('pageSize=1'));
  await staff.goto('/staff/appointments');
  await countRead;
  const messagesLink = staff.getByRole('navigation', { name: 'Khu vực nhân viên' }).getByRole('link', { name: /^Tin nhắn/ });
  await expect(backoffice(staff).getByRole('heading', { level: 1 })).toBeVisible();
  const unreadBefore = Number(/(\d+) tin chưa đọc/.exec(await messagesLink.evaluate((link) => link.textContent ?? ''))?.[1] ?? 0);

  // The customer writes from the thread's page, with the live stream open.
  const streamOpen = customer.waitForResponse((response) => response.url().endsWith('/api/notifications/events') && response.status() === 200);
  await customer.goto(`/messages/${threadId}`);
  await streamOpen;
  await readAllNotifications(customer.request, DEMO_EMAILS.customer);
  await customer.reload();
  const bell = customer.getByRole('button', { name: /^Thông báo/ });
  await expect(bell).toHaveAccessibleName('Thông báo');
  const customerText = `Bánh trước xe ${booked.licensePlate} kêu lạch cạch khi qua ổ gà, trung tâm xem giúp em.`;
  await account(customer).getByRole('textbox', { name: 'Nội dung tin nhắn' }).fill(customerText);
  await account(customer).getByRole('button', { name: 'Gửi', exact: true }).click();
  await expect(account(customer).getByRole('list', { name: 'Các tin nhắn' }).getByText(customerText)).toBeVisible();
  await expectAccessible(customer);
  // Without a reload, the staff's menu counts the new message.
  await expect(messagesLink).toHaveAccessibleName(`Tin nhắn ${unreadBefore + 1} tin chưa đọc`);
  expect(staffStreams).toEqual([expect.stringMatching(/\/api\/staff\/events$/)]);

  // The staff's inbox shows the thread; they open it and answer.
  await staff.goto(`/staff/messages?thread=${threadId}`);
  const thread = backoffice(staff).getByRole('region', { name: new RegExp(plateSource(booked.licensePlate)) }).or(backoffice(staff).locator('section[aria-labelledby="messages-thread"]')).first();
  await expect(thread.getByText(customerText)).toBeVisible();
  await expectAccessible(staff);
  const reply = 'Dạ, anh/chị cứ đưa xe vào, kỹ thuật viên sẽ kiểm tra rô-tuyn và giảm xóc trước ạ.';
  await thread.getByRole('textbox', { name: 'Nội dung tin nhắn' }).fill(reply);
  await thread.getByRole('button', { name: 'Gửi', exact: true }).click();
  await expect(thread.getByText(reply)).toBeVisible();

  // Without a reload: the reply in the customer's open thread, and the bell shows 1.
  await expect(account(customer).getByRole('list', { name: 'Các tin nhắn' }).getByText(reply)).toBeVisible();
  await expect(bell).toHaveAccessibleName('Thông báo: 1 chưa đọc');
  await bell.click();
  const panel = customer.getByRole('dialog', { name: /Thông báo/ });
  await expect(panel.getByText(/tin nhắn/i).first()).toBeVisible();
});

test('the counter checks a car in by typing its scanned QR code; a forged code is explained', async ({ browser }) => {
  test.setTimeout(90_000);
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  const staff = await signedInPage(browser, DEMO_EMAILS.staff);
  const booked = await bookToday(customer, staff);
  const code = await checkInCode(customer.request, booked.id);

  await staff.goto('/staff/appointments');
  const search = backoffice(staff).getByLabel('Biển số, số điện thoại hoặc mã lịch hẹn');
  // A forged code (its signature changed) is refused in Vietnamese.
  const forged = `${code.slice(0, -4)}${code.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
  await search.fill(forged);
  await search.press('Enter');
  await expect(backoffice(staff).getByRole('alert').filter({ hasText: 'Mã QR không hợp lệ' })).toBeVisible();

  // The scanner types the real code and Enter: that appointment's check-in opens.
  await search.fill(code);
  await search.press('Enter');
  await expect(backoffice(staff).getByRole('dialog', { name: `Tiếp nhận xe ${booked.licensePlate}` })).toBeVisible();
});
