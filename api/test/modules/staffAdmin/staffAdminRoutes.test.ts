import { adminUserPageSchema, staffRosterSchema } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { testDatabases, useFloor, type Floor, type FloorRole } from '../../support/floorTestKit';
import { emailOutbox } from '../../support/emailOutbox';

const PASSWORD = 'MatKhau@2026';
type Who = 'anonymous' | 'customer' | 'staff' | 'technician' | 'manager' | 'admin' | 'managerB';
const EVERYONE: Who[] = ['anonymous', 'customer', 'staff', 'technician', 'manager', 'admin', 'managerB'];

let emailCounter = 0;
function newEmail(): string {
  emailCounter += 1;
  return `moi.${process.pid}.${Date.now()}.${emailCounter}@example.vn`;
}

/** The invite code in the newest outbox email to `email`. */
async function inviteCode(floor: Floor, email: string): Promise<{ code: string; subject: string; text: string; kind: string }> {
  const row = await emailOutbox(floor.db).select(['subject', 'text_body', 'kind']).where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const code = /Mã: (\d{6})/.exec(row.text_body)?.[1];
  if (!code) throw new Error(`no code in ${row.text_body}`);
  return { code, subject: row.subject, text: row.text_body, kind: row.kind };
}

describe.each(testDatabases())('users and staff management on $label', (target) => {
  const floor = useFloor(target);
  const who = (name: Who): TestUser | null => (name === 'anonymous' ? null : floor.users[name as FloorRole]);
  const expected = (name: Who, readable: 'admin' | 'manager'): number => {
    if (name === 'anonymous') return 401;
    if (name === 'admin') return 200;
    if (readable === 'manager' && (name === 'manager' || name === 'managerB')) return 200;
    return 403;
  };

  describe('who may do what (every route × role)', () => {
    it.each(EVERYONE)('GET /api/admin/users as %s', async (name) => {
      const response = await floor.request(who(name), 'GET', '/api/admin/users?pageSize=100');
      expect(response.statusCode).toBe(expected(name, 'manager'));
      if (response.statusCode !== 200) {
        expect(response.json().message).toMatch(/[ạ-ỹđĐ]|đăng nhập|quyền/i);
        return;
      }
      const page = adminUserPageSchema.parse(response.json().data);
      const ids = page.items.map((item) => item.id);
      if (name === 'manager') {
        expect(ids).toEqual(expect.arrayContaining([floor.users.staff.id, floor.users.technician.id, floor.users.manager.id]));
        expect(ids).not.toContain(floor.users.staffB.id);
        expect(ids).not.toContain(floor.users.admin.id);
        expect(page.items.every((item) => item.centre?.id === floor.centreA.id)).toBe(true);
      }
      if (name === 'managerB') {
        expect(ids).toContain(floor.users.staffB.id);
        expect(ids).not.toContain(floor.users.staff.id);
      }
      if (name === 'admin') expect(ids).toEqual(expect.arrayContaining([floor.users.admin.id, floor.users.customer.id, floor.users.staffB.id]));
    });

    it("gives a manager their centre's working people only: no customer or admin, even one with an assignment row left to the centre", async () => {
      // An account whose role was changed by hand, or a stray row: assigned to centre A but a customer / an admin.
      for (const user of [floor.users.customer, floor.users.admin]) {
        await floor.db.insertInto('staff_assignments').values({ user_id: user.id, centre_id: floor.centreA.id }).execute();
      }
      try {
        for (const query of ['?pageSize=100', '?role=customer', '?role=admin', `?q=${encodeURIComponent(floor.users.customer.email)}`]) {
          const page = adminUserPageSchema.parse((await floor.request(floor.users.manager, 'GET', `/api/admin/users${query}`)).json().data);
          expect(page.items.every((item) => ['staff', 'technician', 'manager'].includes(item.role))).toBe(true);
          expect(page.items.map((item) => item.id)).not.toContain(floor.users.customer.id);
          expect(page.items.map((item) => item.id)).not.toContain(floor.users.admin.id);
        }
        // The admin still sees everyone.
        const all = adminUserPageSchema.parse((await floor.request(floor.users.admin, 'GET', '/api/admin/users?pageSize=100')).json().data);
        expect(all.items.map((item) => item.id)).toEqual(expect.arrayContaining([floor.users.customer.id, floor.users.admin.id]));
      } finally {
        await floor.db.deleteFrom('staff_assignments').where('user_id', 'in', [floor.users.customer.id, floor.users.admin.id]).execute();
      }
    });

    it.each(EVERYONE)('GET /api/admin/staff?centreId=A as %s', async (name) => {
      const response = await floor.request(who(name), 'GET', `/api/admin/staff?centreId=${floor.centreA.id}`);
      // The manager of another centre asking for centre A: 404, as another centre's data always is.
      expect(response.statusCode).toBe(name === 'managerB' ? 404 : expected(name, 'manager'));
      if (response.statusCode !== 200) return;
      const roster = staffRosterSchema.parse(response.json().data);
      expect(roster.centreId).toBe(floor.centreA.id);
      expect(roster.members.map((member) => member.userId)).toEqual(expect.arrayContaining([floor.users.staff.id, floor.users.technician.id, floor.users.manager.id]));
      expect(roster.members.map((member) => member.userId)).not.toContain(floor.users.staffB.id);
      if (name === 'manager') expect(roster.unassigned).toEqual([]);
    });

    it.each(EVERYONE)('POST /api/admin/users as %s', async (name) => {
      const response = await floor.request(who(name), 'POST', '/api/admin/users', { fullName: 'Ngô Thử Quyền', email: newEmail(), role: 'staff' });
      expect(response.statusCode).toBe(name === 'admin' ? 201 : expected(name, 'admin'));
    });

    it.each(EVERYONE)('PATCH role, disable, enable, assign and end as %s', async (name) => {
      const target = await floor.addMember('staff');
      const user = who(name);
      const calls: Array<[string, string, unknown?]> = [
        ['PATCH', `/api/admin/users/${target.id}/role`, { role: 'manager' }],
        ['POST', `/api/admin/users/${target.id}/disable`],
        ['POST', `/api/admin/users/${target.id}/enable`],
        ['POST', `/api/admin/staff/${target.id}/assignment`, { centreId: floor.centreB.id }],
        ['DELETE', `/api/admin/staff/${target.id}/assignment`],
      ];
      const statuses = [];
      for (const [method, url, body] of calls) statuses.push((await floor.request(user, method as 'POST', url, body)).statusCode);
      expect(statuses).toEqual(calls.map(() => expected(name, 'admin')));
      const row = await floor.db.selectFrom('users').select(['role', 'disabled_at']).where('id', '=', target.id).executeTakeFirstOrThrow();
      expect(row.role).toBe(name === 'admin' ? 'manager' : 'staff');
      expect(row.disabled_at).toBeNull();
      const active = await floor.db.selectFrom('staff_assignments').select('centre_id').where('user_id', '=', target.id).where('ended_at', 'is', null).execute();
      expect(active).toEqual(name === 'admin' ? [] : [{ centre_id: floor.centreA.id }]);
    });
  });

  describe('the users list', () => {
    it('searches names without diacritics, emails and phones, filters by role and pages', async () => {
      const member = await floor.addMember('technician', floor.centreA.id, 'Trương Thị Ánh Dương');
      const phone = (await floor.db.selectFrom('users').select('phone_number').where('id', '=', member.id).executeTakeFirstOrThrow()).phone_number!;
      const search = async (query: string) => {
        const response = await floor.request(floor.users.admin, 'GET', `/api/admin/users?${query}`);
        expect(response.statusCode).toBe(200);
        return adminUserPageSchema.parse(response.json().data);
      };
      for (const q of ['anh duong', 'TRUONG THI', 'duong anh', member.email.toUpperCase(), phone]) {
        expect((await search(`q=${encodeURIComponent(q)}`)).items.map((item) => item.id)).toContain(member.id);
      }
      const found = (await search(`q=${encodeURIComponent('ánh dương')}&role=technician`)).items.find((item) => item.id === member.id)!;
      expect(found).toMatchObject({ role: 'technician', disabled: false, emailVerified: true, centre: { id: floor.centreA.id } });
      expect((await search(`q=${encodeURIComponent('ánh dương')}&role=staff`)).items.map((item) => item.id)).not.toContain(member.id);
      const first = await search('pageSize=2&page=1');
      const second = await search('pageSize=2&page=2');
      expect(first.items).toHaveLength(2);
      expect(first.total).toBe(second.total);
      expect(first.total).toBeGreaterThan(4);
      expect(second.items.map((item) => item.id)).not.toContain(first.items[0]!.id);
    });

    it('refuses bad input with 400 VALIDATION_ERROR in Vietnamese', async () => {
      for (const query of ['role=boss', 'page=0', 'pageSize=1000', 'page=abc']) {
        const response = await floor.request(floor.users.admin, 'GET', `/api/admin/users?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
      const bodies = [{}, { fullName: 'A', email: 'x@y.vn', role: 'staff' }, { fullName: 'Ngô Văn A', email: 'khong-phai-email', role: 'staff' }, { fullName: 'Ngô Văn A', email: newEmail(), role: 'admin' }, { fullName: 'Ngô Văn A', email: newEmail(), role: 'staff', phone: '123' }];
      for (const body of bodies) {
        const response = await floor.request(floor.users.admin, 'POST', '/api/admin/users', body);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
      const role = await floor.request(floor.users.admin, 'PATCH', `/api/admin/users/${floor.users.staff.id}/role`, { role: 'customer' });
      expect(role.statusCode).toBe(400);
      expect((await floor.request(floor.users.admin, 'POST', '/api/admin/users/abc/disable')).statusCode).toBe(400);
      expect((await floor.request(floor.users.admin, 'POST', '/api/admin/users/999999/disable')).statusCode).toBe(404);
    });
  });

  describe('invite, password, disable', () => {
    it('creates the account with its centre, the invite lands in the outbox, the user sets a password with the reset flow and logs in', async () => {
      const email = newEmail();
      const created = await floor.request(floor.users.admin, 'POST', '/api/admin/users', { fullName: 'Đặng Mời Thử', email: email.toUpperCase(), phone: '+84 936 111 222', role: 'technician', centreId: floor.centreB.id });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject({ email, phone: '0936111222', role: 'technician', emailVerified: false, hasPassword: false, disabled: false, centre: { id: floor.centreB.id } });
      const userId = created.json().data.id as number;
      const invite = await inviteCode(floor, email);
      expect(invite.kind).toBe('reset_password');
      expect(invite.subject).toContain('Lời mời tham gia EV Service');
      expect(invite.text).toContain('kỹ thuật viên');
      expect(invite.text).toContain(`/auth/forgot-password/confirm?email=${encodeURIComponent(email)}`);

      // No password yet: a login cannot succeed.
      expect((await floor.request(null, 'POST', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
      const reset = await floor.request(null, 'POST', '/api/auth/reset-password/confirm', { email, otpCode: invite.code, newPassword: PASSWORD, confirmPassword: PASSWORD });
      expect(reset.statusCode).toBe(200);
      const login = await floor.request(null, 'POST', '/api/auth/login', { email, password: PASSWORD });
      expect(login.statusCode).toBe(200);
      expect(login.json().data).toMatchObject({ userId: String(userId), role: 'technician', emailVerified: true });
      const active = await floor.db.selectFrom('staff_assignments').select('centre_id').where('user_id', '=', userId).where('ended_at', 'is', null).execute();
      expect(active).toEqual([{ centre_id: floor.centreB.id }]);

      const duplicate = await floor.request(floor.users.admin, 'POST', '/api/admin/users', { fullName: 'Người Trùng', email, role: 'staff' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Email này đã được dùng cho một tài khoản khác.' });
      const samePhone = await floor.request(floor.users.admin, 'POST', '/api/admin/users', { fullName: 'Người Trùng', email: newEmail(), phone: '0936111222', role: 'staff' });
      expect(samePhone.json()).toMatchObject({ code: 'PHONE_TAKEN' });
    });

    it('an unknown centre leaves no account and no email behind (one transaction)', async () => {
      const email = newEmail();
      const response = await floor.request(floor.users.admin, 'POST', '/api/admin/users', { fullName: 'Người Không Trung Tâm', email, role: 'staff', centreId: 999_999 });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('CENTRE_NOT_FOUND');
      expect(await floor.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
      expect(await emailOutbox(floor.db).select('id').where('to_address', '=', email).execute()).toEqual([]);
    });

    it("disabling ends the user's sessions at once: the refresh token stops working and login answers 403 ACCOUNT_DISABLED; enable lets them back", async () => {
      const email = newEmail();
      const created = await floor.request(floor.users.admin, 'POST', '/api/admin/users', { fullName: 'Lý Sẽ Bị Khoá', email, role: 'staff', centreId: floor.centreA.id });
      const userId = created.json().data.id as number;
      const { code } = await inviteCode(floor, email);
      await floor.request(null, 'POST', '/api/auth/reset-password/confirm', { email, otpCode: code, newPassword: PASSWORD, confirmPassword: PASSWORD });
      const session = (await floor.request(null, 'POST', '/api/auth/login', { email, password: PASSWORD })).json().data;
      const bearer = { authorization: `Bearer ${session.accessToken as string}` };
      expect((await floor.app.inject({ method: 'GET', url: '/api/staff/appointments', headers: bearer })).statusCode).toBe(200);

      const disabled = await floor.request(floor.users.admin, 'POST', `/api/admin/users/${userId}/disable`);
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json().data).toMatchObject({ id: userId, disabled: true });
      expect((await floor.app.inject({ method: 'GET', url: '/api/staff/appointments', headers: bearer })).statusCode).toBe(401);
      const refresh = await floor.request(null, 'POST', '/api/auth/refresh', { refreshToken: session.refreshToken });
      expect(refresh.statusCode).toBe(403);
      expect(refresh.json().code).toBe('ACCOUNT_DISABLED');
      const login = await floor.request(null, 'POST', '/api/auth/login', { email, password: PASSWORD });
      expect(login.statusCode).toBe(403);
      expect(login.json().code).toBe('ACCOUNT_DISABLED');

      const enabled = await floor.request(floor.users.admin, 'POST', `/api/admin/users/${userId}/enable`);
      expect(enabled.json().data).toMatchObject({ disabled: false, disabledAt: null });
      expect((await floor.request(null, 'POST', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
      // The sessions ended on disabling stay ended.
      expect((await floor.request(null, 'POST', '/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    });

    it('an admin can neither change their own role nor disable themself', async () => {
      const role = await floor.request(floor.users.admin, 'PATCH', `/api/admin/users/${floor.users.admin.id}/role`, { role: 'manager' });
      expect(role.statusCode).toBe(403);
      expect(role.json()).toMatchObject({ code: 'SELF_CHANGE', message: 'Bạn không thể tự đổi vai trò của chính mình.' });
      const disable = await floor.request(floor.users.admin, 'POST', `/api/admin/users/${floor.users.admin.id}/disable`);
      expect(disable.json()).toMatchObject({ code: 'SELF_CHANGE' });
      const row = await floor.db.selectFrom('users').select(['role', 'disabled_at']).where('id', '=', floor.users.admin.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'admin', disabled_at: null });
    });

    it("a customer's role is not changed here (422); a new admin's centre assignment ends", async () => {
      const customer = await floor.request(floor.users.admin, 'PATCH', `/api/admin/users/${floor.users.customer.id}/role`, { role: 'staff' });
      expect(customer.statusCode).toBe(422);
      const member = await floor.addMember('manager');
      const promoted = await floor.request(floor.users.admin, 'PATCH', `/api/admin/users/${member.id}/role`, { role: 'admin' });
      expect(promoted.json().data).toMatchObject({ role: 'admin', centre: null });
    });
  });

  describe('staff assignments', () => {
    const activeRows = (userId: number) => floor.db.selectFrom('staff_assignments').select(['centre_id', 'ended_at']).where('user_id', '=', userId).where('ended_at', 'is', null).execute();

    it('assigns an unassigned member, moves them in one transaction, ends the assignment', async () => {
      const created = await floor.request(floor.users.admin, 'POST', '/api/admin/users', { fullName: 'Cao Chưa Phân Công', email: newEmail(), role: 'staff' });
      const userId = created.json().data.id as number;
      const roster = staffRosterSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/staff?centreId=${floor.centreA.id}`)).json().data);
      expect(roster.unassigned.map((member) => member.userId)).toContain(userId);

      const assigned = await floor.request(floor.users.admin, 'POST', `/api/admin/staff/${userId}/assignment`, { centreId: floor.centreA.id });
      expect(assigned.statusCode).toBe(200);
      expect(assigned.json().data).toMatchObject({ userId, assignment: { centreId: floor.centreA.id }, previousCentreId: null });
      const moved = await floor.request(floor.users.admin, 'POST', `/api/admin/staff/${userId}/assignment`, { centreId: floor.centreB.id });
      expect(moved.json().data).toMatchObject({ assignment: { centreId: floor.centreB.id }, previousCentreId: floor.centreA.id });
      const rows = await floor.db.selectFrom('staff_assignments').select(['centre_id', 'ended_at']).where('user_id', '=', userId).orderBy('id').execute();
      expect(rows.map((row) => [row.centre_id, row.ended_at === null])).toEqual([
        [floor.centreA.id, false],
        [floor.centreB.id, true],
      ]);
      const same = await floor.request(floor.users.admin, 'POST', `/api/admin/staff/${userId}/assignment`, { centreId: floor.centreB.id });
      expect(same.json().data).toMatchObject({ assignment: { centreId: floor.centreB.id }, previousCentreId: null });
      expect(await floor.db.selectFrom('staff_assignments').select('id').where('user_id', '=', userId).execute()).toHaveLength(2);

      const ended = await floor.request(floor.users.admin, 'DELETE', `/api/admin/staff/${userId}/assignment`);
      expect(ended.json().data).toEqual({ userId, assignment: null, previousCentreId: floor.centreB.id });
      expect(await activeRows(userId)).toEqual([]);
      const again = await floor.request(floor.users.admin, 'DELETE', `/api/admin/staff/${userId}/assignment`);
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('NO_ASSIGNMENT');
    });

    it('only staff, technicians and managers are assigned (admin and customer: 422); unknown user 404, unknown centre 422', async () => {
      for (const user of [floor.users.admin, floor.users.customer]) {
        const response = await floor.request(floor.users.admin, 'POST', `/api/admin/staff/${user.id}/assignment`, { centreId: floor.centreA.id });
        expect(response.statusCode).toBe(422);
        expect(response.json().code).toBe('ROLE_NOT_ASSIGNABLE');
      }
      expect((await floor.request(floor.users.admin, 'POST', '/api/admin/staff/999999/assignment', { centreId: floor.centreA.id })).statusCode).toBe(404);
      const member = await floor.addMember('staff');
      const centre = await floor.request(floor.users.admin, 'POST', `/api/admin/staff/${member.id}/assignment`, { centreId: 999_999 });
      expect(centre.statusCode).toBe(422);
      expect(await activeRows(member.id)).toEqual([{ centre_id: floor.centreA.id, ended_at: null }]);
      const body = await floor.request(floor.users.admin, 'POST', `/api/admin/staff/${member.id}/assignment`, { centreId: 'B' });
      expect(body.statusCode).toBe(400);
      expect(body.json().code).toBe('VALIDATION_ERROR');
    });

    it('a technician with a service order IN_PROGRESS is neither moved, ended nor changed to another role (409 HAS_ACTIVE_WORK)', async () => {
      const technician = await floor.addMember('technician');
      const order = await floor.startedOrder({ technician });
      const move = await floor.request(floor.users.admin, 'POST', `/api/admin/staff/${technician.id}/assignment`, { centreId: floor.centreB.id });
      expect(move.statusCode).toBe(409);
      expect(move.json()).toMatchObject({ code: 'HAS_ACTIVE_WORK', message: expect.stringContaining('đang thực hiện 1 phiếu') });
      expect((await floor.request(floor.users.admin, 'DELETE', `/api/admin/staff/${technician.id}/assignment`)).json().code).toBe('HAS_ACTIVE_WORK');
      expect((await floor.request(floor.users.admin, 'PATCH', `/api/admin/users/${technician.id}/role`, { role: 'staff' })).json().code).toBe('HAS_ACTIVE_WORK');
      expect(await activeRows(technician.id)).toEqual([{ centre_id: floor.centreA.id, ended_at: null }]);
      const roster = staffRosterSchema.parse((await floor.request(floor.users.manager, 'GET', '/api/admin/staff')).json().data);
      expect(roster.members.find((member) => member.userId === technician.id)?.activeWorkCount).toBe(1);

      // Once the order is no longer in progress, the move goes through.
      await floor.db.updateTable('service_orders').set({ status: 'WORK_DONE' }).where('id', '=', order.id).execute();
      expect((await floor.request(floor.users.admin, 'POST', `/api/admin/staff/${technician.id}/assignment`, { centreId: floor.centreB.id })).statusCode).toBe(200);
    });

    it('12 concurrent moves of one member: every one answers 200 or 409, exactly one assignment stays active, each move ended the one before', async () => {
      const member = await floor.addMember('staff');
      const centres = [floor.centreA.id, floor.centreB.id];
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, index) => floor.request(floor.users.admin, 'POST', `/api/admin/staff/${member.id}/assignment`, { centreId: centres[(index + 1) % 2] })),
      );
      for (const response of responses) expect([200, 409]).toContain(response.statusCode);
      const active = await activeRows(member.id);
      expect(active).toHaveLength(1);
      const rows = await floor.db.selectFrom('staff_assignments').select(['centre_id', 'ended_at']).where('user_id', '=', member.id).orderBy('id').execute();
      // Consecutive rows alternate centres: a move never left two rows active, nor skipped ending one.
      for (let index = 1; index < rows.length; index += 1) expect(rows[index]!.centre_id).not.toBe(rows[index - 1]!.centre_id);
      expect(rows.filter((row) => row.ended_at === null)).toHaveLength(1);
      expect(rows[rows.length - 1]!.ended_at).toBeNull();
    });
  });
});
