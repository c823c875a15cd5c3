import { expect, test, type Page } from '../support/fixtures.ts';
import { readInviteFromOutbox } from '../support/backOffice.ts';
import { backoffice, expectAccessible, signedInPage } from '../support/floor.ts';
import { DEMO_EMAILS } from '../support/session.ts';

/**
 * An admin hires, places and removes a technician (issue 15; spec back-office §7 A2, A3): the admin creates the
 * account on /admin/users → the invite is in the development outbox → the new technician, in a browser of
 * their own, follows its link, sets a password with its code, signs in and opens /technician, which tells them
 * they have no centre yet → the admin assigns them to a centre on /admin/staff-management → their dashboard
 * loads → the admin disables them on /admin/users → their next page ends their session with the Vietnamese
 * message, and signing in again is refused. Every admin page passes axe.
 */

const PASSWORD = 'KyThuat@2026';
const NO_CENTRE = 'Tài khoản của bạn chưa được phân công về trung tâm nào. Vui lòng liên hệ quản lý.';
const SESSION_EXPIRED = 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.';
const ACCOUNT_DISABLED = 'Tài khoản đã bị vô hiệu hoá. Vui lòng liên hệ quản trị viên.';

async function logIn(page: Page, email: string, password: string, redirect: string): Promise<void> {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Email hoặc số điện thoại').fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

test('admin invites a technician → they set a password from the outbox and sign in → assigned to a centre → disabled: their session ends', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const name = `Phạm Quốc Bảo ${stamp % 100_000}`;
  const email = `ktv.moi.${stamp}@example.vn`;
  const phone = `09${String(stamp).slice(-8)}`;
  const admin = await signedInPage(browser, DEMO_EMAILS.admin);

  // 1. /admin/users: the create-account dialog, a technician without a centre yet.
  await admin.goto('/admin/users');
  const users = backoffice(admin);
  await expect(users.getByRole('table')).toBeVisible();
  await expectAccessible(admin);
  await users.getByRole('button', { name: 'Tạo tài khoản nhân sự' }).click();
  const create = users.getByRole('dialog', { name: 'Tạo tài khoản nhân sự' });
  await create.getByLabel('Họ và tên').fill(name);
  await create.getByLabel('Email').fill(email);
  await create.getByLabel('Số điện thoại (không bắt buộc)').fill(phone);
  await create.getByLabel('Vai trò').selectOption({ label: 'Kỹ thuật viên' });
  await expect(create.getByLabel('Trung tâm làm việc').locator('option:checked')).toHaveText('Chưa phân công');
  await expectAccessible(admin);
  await create.getByRole('button', { name: 'Tạo và gửi lời mời' }).click();
  await expect(users.getByRole('status').filter({ hasText: `Đã tạo tài khoản ${name} và gửi email mời tới ${email}.` })).toBeVisible();
  await expect(create).toHaveCount(0);
  await users.getByLabel('Tìm theo tên, email hoặc số điện thoại').fill(email);
  await users.getByRole('button', { name: 'Tìm', exact: true }).click();
  const row = users.getByRole('row').filter({ has: admin.getByRole('rowheader', { name, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Kỹ thuật viên');
  await expect(row).toContainText('Chờ đặt mật khẩu');

  // 2. The invite in the development outbox: a code and the link to the reset form.
  const mailbox = await admin.context().newPage();
  const invite = await readInviteFromOutbox(mailbox, email);
  await mailbox.close();
  expect(new URL(invite.link).pathname).toBe('/auth/forgot-password/confirm');

  // 3. The new technician, in a browser of their own: the link, the code and a password, then signing in.
  const technicianContext = await browser.newContext();
  const technician = await technicianContext.newPage();
  await technician.goto(invite.link);
  const reset = technician.getByRole('form', { name: 'Đặt lại mật khẩu' });
  await expect(reset.getByLabel('Email')).toHaveValue(email);
  await reset.getByLabel('Mã xác nhận').fill(invite.code);
  await reset.getByLabel('Mật khẩu mới', { exact: true }).fill(PASSWORD);
  await reset.getByLabel('Xác nhận mật khẩu mới', { exact: true }).fill(PASSWORD);
  await reset.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(technician).toHaveURL(/\/auth\/login$/);
  await expect(technician.getByText('Đặt lại mật khẩu thành công. Vui lòng đăng nhập bằng mật khẩu mới.')).toBeVisible();
  await logIn(technician, email, PASSWORD, '/technician');
  await expect(technician).toHaveURL(/\/technician$/);
  await expect(technician.getByRole('heading', { level: 1 })).toBeVisible();
  // …where the work queue tells them they have no centre yet
  await expect(backoffice(technician).getByRole('alert').filter({ hasText: NO_CENTRE })).toBeVisible();

  // 4. /admin/staff-management: the admin assigns them to the selected centre.
  await admin.goto('/admin/staff-management');
  const staff = backoffice(admin);
  const centreSelect = staff.getByLabel('Trung tâm', { exact: true });
  await expect(centreSelect).toBeEnabled();
  const centreName = (await centreSelect.locator('option:checked').innerText()).trim();
  await expect(staff.getByRole('heading', { name: `Nhân sự tại ${centreName}` })).toBeVisible();
  const waiting = staff.getByRole('list', { name: 'Chưa được phân công' }).getByRole('listitem').filter({ hasText: email });
  await expect(waiting).toHaveCount(1);
  await expectAccessible(admin);
  await waiting.getByRole('button', { name: `Phân công ${name} về trung tâm này` }).click();
  const assign = staff.getByRole('dialog', { name: `Phân công ${name} về ${centreName}?` });
  await expectAccessible(admin);
  await assign.getByRole('button', { name: 'Phân công', exact: true }).click();
  await expect(staff.getByRole('status').filter({ hasText: `Đã phân công ${name} về ${centreName}.` })).toBeVisible();
  const member = staff.getByRole('row').filter({ has: admin.getByRole('rowheader', { name }) });
  await expect(member).toHaveCount(1);
  await expect(member).toContainText('Kỹ thuật viên');
  await expect(staff.getByRole('list', { name: 'Chưa được phân công' }).getByText(email)).toHaveCount(0);

  // 5. The technician's dashboard now loads their centre's queue: the clock, no "no centre" alert.
  await technician.reload();
  await expect(backoffice(technician).getByRole('heading', { name: 'Đồng hồ làm việc' })).toBeVisible();
  await expect(backoffice(technician).getByRole('heading', { name: 'Xe được giao cho tôi' })).toBeVisible();
  await expect(backoffice(technician).getByText(NO_CENTRE)).toHaveCount(0);
  await backoffice(technician).getByRole('link', { name: 'Hàng đợi công việc' }).first().click();
  await expect(technician).toHaveURL(/\/technician\/work-queue$/);
  await expect(backoffice(technician).getByRole('heading', { name: 'Phiếu chưa phân công tại trung tâm' })).toBeVisible();

  // 6. /admin/users: the admin disables them.
  await admin.goto('/admin/users');
  await users.getByLabel('Tìm theo tên, email hoặc số điện thoại').fill(email);
  await users.getByRole('button', { name: 'Tìm', exact: true }).click();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(centreName);
  await expect(row).toContainText('Đang hoạt động');
  await row.getByRole('button', { name: `Khoá tài khoản ${name}` }).click();
  const disable = users.getByRole('dialog', { name: `Khoá tài khoản ${name}?` });
  await expect(disable).toContainText('Mọi phiên đăng nhập của người này kết thúc ngay');
  await disable.getByRole('button', { name: 'Khoá tài khoản', exact: true }).click();
  await expect(users.getByRole('status').filter({ hasText: `Đã khoá tài khoản ${name}.` })).toBeVisible();
  await expect(row).toContainText('Đã khoá');
  await expect(row.getByRole('button', { name: `Mở khoá tài khoản ${name}` })).toBeVisible();

  // 7. The technician's next page ends their session: the Vietnamese message, signed out; signing in is refused.
  await backoffice(technician).getByRole('link', { name: 'Bảng điều khiển' }).first().click();
  await expect(technician.getByRole('status').filter({ hasText: SESSION_EXPIRED })).toBeVisible();
  expect(await technician.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await expect(technician.getByRole('banner').getByRole('link', { name: 'Đăng nhập' })).toBeVisible();
  await logIn(technician, email, PASSWORD, '/technician');
  await expect(technician.getByRole('alert').filter({ hasText: ACCOUNT_DISABLED })).toBeVisible();
  await expect(technician).toHaveURL(/\/auth\/login/);
  expect(await technician.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await technicianContext.close();

  // The admin's other pages pass axe too.
  for (const route of ['/admin', '/admin/reports']) {
    await admin.goto(route);
    await expect(backoffice(admin).getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(admin);
  }
});
