import { decodeJwt } from 'jose';
import { authSessionResponseSchema, errorEnvelopeSchema, registerResponseSchema } from 'shared-contracts/schemas';
import { authenticate, requireRole } from '../../../src/security/authGuard';
import { ok } from '../../../src/http/envelope';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../seed';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { bearer, latestCode, newCustomer, outboxCount, PASSWORD, registerAndLogin, startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { emailOutbox } from '../../support/emailOutbox';

describe.each(testDatabases())('register, login, refresh, logout on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthApp(scratch.db);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });

  describe('POST /api/auth/register', () => {
    it('creates an unverified customer, hashes the password with argon2id and queues a Vietnamese code email', async () => {
      const body = newCustomer({ email: '  Chi.Tran@Example.VN ', phoneNumber: '+84 912 000 111' });
      const response = await post('/api/auth/register', body);
      expect(response.statusCode).toBe(201);
      const parsed = registerResponseSchema.parse(response.json());
      expect(parsed.data).toEqual({ userId: expect.stringMatching(/^\d+$/), email: 'chi.tran@example.vn', emailVerified: false });
      expect(parsed.message).toMatch(/Đăng ký thành công/);

      const row = await scratch.db.selectFrom('users').selectAll().where('email', '=', 'chi.tran@example.vn').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: 'customer', email_verified_at: null, phone_number: '0912000111', gender: 'MALE', date_of_birth: '1994-08-15' });
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect(row.password_hash).not.toContain(PASSWORD);

      const email = await emailOutbox(scratch.db).selectAll().where('to_address', '=', 'chi.tran@example.vn').executeTakeFirstOrThrow();
      expect(email.kind).toBe('verify_email');
      expect(email.subject).toMatch(/^Mã xác thực email EV Service: \d{6}$/);
      expect(email.text_body).toMatch(/Mã xác thực email của bạn là: \d{6}/);
      expect(email.text_body).toMatch(/10 phút/);
      expect(email.sent_at).toBeNull();
      // Only a keyed hash of the code is stored.
      const code = /(\d{6})/.exec(email.text_body)![1]!;
      const stored = await scratch.db.selectFrom('otp_codes').select('code_hash').where('user_id', '=', row.id).executeTakeFirstOrThrow();
      expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.code_hash).not.toContain(code);
    });

    it('accepts the alternative spellings phone and dob, and a lower-case gender', async () => {
      const { phoneNumber, dateOfBirth, ...rest } = newCustomer();
      const response = await post('/api/auth/register', { ...rest, phone: phoneNumber, dob: dateOfBirth, gender: 'female' });
      expect(response.statusCode).toBe(201);
      const row = await scratch.db.selectFrom('users').selectAll().where('email', '=', rest.email).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ phone_number: phoneNumber, date_of_birth: dateOfBirth, gender: 'FEMALE' });
    });

    it.each([
      ['a 7-character password', { password: 'Abc@123', confirmPassword: 'Abc@123' }, 'password', /ít nhất 8 ký tự/],
      ['a 129-character password', { password: 'a'.repeat(129), confirmPassword: 'a'.repeat(129) }, 'password', /128 ký tự/],
      ['a confirmation that differs', { confirmPassword: 'KhacHoanToan@1' }, 'confirmPassword', /không khớp/],
      ['an invalid email', { email: 'khong-phai-email' }, 'email', /Email không hợp lệ/],
      ['a landline number', { phoneNumber: '02438256688' }, 'phoneNumber', /Số điện thoại/],
      ['an impossible date', { dateOfBirth: '1990-02-30' }, 'dateOfBirth', /YYYY-MM-DD/],
      ['a birth date in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth', /tương lai/],
      ['an unknown gender', { gender: 'OTHER' }, 'gender', /MALE hoặc FEMALE/],
      ['a one-letter name', { fullName: 'A' }, 'fullName', /ít nhất 2 ký tự/],
    ])('refuses %s with 400 and a Vietnamese field error', async (_label, change, field, message) => {
      const response = await post('/api/auth/register', newCustomer(change));
      expect(response.statusCode).toBe(400);
      const body = errorEnvelopeSchema.parse(response.json());
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors).toEqual(expect.arrayContaining([{ field, message: expect.stringMatching(message) }]));
    });

    it('accepts a password of exactly 8 and of exactly 128 characters', async () => {
      for (const password of ['Ab@12345', 'x'.repeat(128)]) {
        const response = await post('/api/auth/register', newCustomer({ password, confirmPassword: password }));
        expect(response.statusCode).toBe(201);
      }
    });

    it('reports every missing required field', async () => {
      const response = await post('/api/auth/register', {});
      expect(response.statusCode).toBe(400);
      const fields = errorEnvelopeSchema.parse(response.json()).errors!.map((error) => error.field);
      expect(fields).toEqual(expect.arrayContaining(['fullName', 'email', 'password', 'confirmPassword']));
      expect(fields).not.toContain('gender');
      expect(fields).not.toContain('dateOfBirth');
    });

    it('registers a buyer without a birth date or gender (the profile asks later), and still refuses a future birth date', async () => {
      const { dateOfBirth: _dateOfBirth, gender: _gender, ...rest } = newCustomer();
      const response = await post('/api/auth/register', rest);
      expect(response.statusCode).toBe(201);
      const stored = await scratch.db.selectFrom('users').select(['date_of_birth', 'gender']).where('email', '=', rest.email).executeTakeFirstOrThrow();
      expect(stored).toEqual({ date_of_birth: null, gender: null });
      const { session } = await registerAndLogin(t.app, { dateOfBirth: undefined, gender: undefined });
      const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(session.accessToken) });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().data).toMatchObject({ dateOfBirth: null, gender: null });
      const future = await post('/api/auth/register', newCustomer({ dateOfBirth: '2999-01-01' }));
      expect(future.statusCode).toBe(400);
      expect(future.json()).toMatchObject({ errors: [{ field: 'dateOfBirth' }] });
    });

    it('refuses a taken email (whatever its case) and a taken phone number with 409', async () => {
      const body = newCustomer();
      expect((await post('/api/auth/register', body)).statusCode).toBe(201);
      const sameEmail = await post('/api/auth/register', newCustomer({ email: body.email.toUpperCase() }));
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN', errors: [{ field: 'email' }] });
      const samePhone = await post('/api/auth/register', newCustomer({ phoneNumber: body.phoneNumber }));
      expect(samePhone.statusCode).toBe(409);
      expect(samePhone.json()).toMatchObject({ code: 'PHONE_TAKEN', errors: [{ field: 'phoneNumber' }] });
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the email and answers the session: same accessToken and token, a string userId, lower-case role', async () => {
      const body = newCustomer();
      const registered = (await post('/api/auth/register', body)).json().data;
      const response = await post('/api/auth/login', { email: body.email.toUpperCase(), password: PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { data } = authSessionResponseSchema.parse(response.json());
      expect(data).toEqual({
        accessToken: data.token,
        token: data.accessToken,
        refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        userId: registered.userId,
        fullName: body.fullName,
        email: body.email,
        role: 'customer',
        emailVerified: false,
        avatar: null,
      });
      const claims = decodeJwt(data.accessToken);
      expect(claims.exp! - claims.iat!).toBe(15 * 60);
      expect(claims.sub).toBe(registered.userId);
    });

    it('signs in with emailOrPhone holding the phone number in any usual spelling', async () => {
      const body = newCustomer();
      await post('/api/auth/register', body);
      const national = body.phoneNumber;
      for (const spelling of [national, `+84${national.slice(1)}`, `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`]) {
        const response = await post('/api/auth/login', { emailOrPhone: spelling, password: PASSWORD });
        expect(response.statusCode).toBe(200);
        expect(response.json().data.email).toBe(body.email);
      }
      const byEmail = await post('/api/auth/login', { emailOrPhone: body.email, password: PASSWORD });
      expect(byEmail.statusCode).toBe(200);
    });

    it('gives the same 401 for a wrong password and for an unknown account', async () => {
      const body = newCustomer();
      await post('/api/auth/register', body);
      const wrongPassword = await post('/api/auth/login', { email: body.email, password: 'SaiMatKhau@1' }, {}, '10.1.0.1');
      const unknown = await post('/api/auth/login', { email: 'khong.ton.tai@example.vn', password: 'SaiMatKhau@1' }, {}, '10.1.0.1');
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: 'Email/số điện thoại hoặc mật khẩu không đúng.' });
      expect(unknown.json()).toEqual(wrongPassword.json());
    });

    it('refuses a missing or malformed identifier with 400', async () => {
      const missing = await post('/api/auth/login', { password: PASSWORD });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'email', message: 'Vui lòng nhập email hoặc số điện thoại.' }] });
      const malformed = await post('/api/auth/login', { emailOrPhone: '12345', password: PASSWORD });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors[0]).toEqual({ field: 'emailOrPhone', message: 'Email hoặc số điện thoại không hợp lệ.' });
      const noPassword = await post('/api/auth/login', { email: 'a@example.vn' });
      expect(noPassword.statusCode).toBe(400);
    });

    it('signs in every demo account of the seed, verified, with its lower-case role', async () => {
      for (const account of DEMO_ACCOUNTS) {
        const response = await post('/api/auth/login', { email: account.email, password: DEMO_PASSWORD }, {}, '10.9.9.9');
        expect(response.statusCode).toBe(200);
        expect(response.json().data).toMatchObject({ role: account.role, emailVerified: true, fullName: account.fullName });
      }
    });
  });

  describe('login throttling', () => {
    it('locks the account from the guessing address after 5 failures, even for the right password, with 429, Retry-After and a Vietnamese message; the window ends', async () => {
      const body = newCustomer();
      await post('/api/auth/register', body);
      for (let i = 0; i < 5; i += 1) {
        expect((await post('/api/auth/login', { email: body.email, password: `Sai@${i}xxxx` }, {}, '10.2.0.1')).statusCode).toBe(401);
      }
      const locked = await post('/api/auth/login', { email: body.email, password: PASSWORD }, {}, '10.2.0.1');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
      expect(locked.json().message).toMatch(/^Bạn đã đăng nhập sai quá nhiều lần\. Vui lòng thử lại sau \d+ phút\.$/);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // Typing the phone number instead of the email is the same account.
      const byPhone = await post('/api/auth/login', { emailOrPhone: body.phoneNumber, password: PASSWORD }, {}, '10.2.0.1');
      expect(byPhone.statusCode).toBe(429);

      t.clock.advance(15 * 60_000 + 1_000);
      expect((await post('/api/auth/login', { email: body.email, password: PASSWORD }, {}, '10.2.0.1')).statusCode).toBe(200);
    });

    it('does not let a flood from one address lock the owner out: the right password from another address signs in at once', async () => {
      const body = newCustomer();
      await post('/api/auth/register', body);
      for (let i = 0; i < 12; i += 1) await post('/api/auth/login', { email: body.email, password: `Sai@${i}xxxx` }, {}, '10.2.2.2');
      expect((await post('/api/auth/login', { email: body.email, password: PASSWORD }, {}, '10.2.2.2')).statusCode).toBe(429);
      const owner = await post('/api/auth/login', { email: body.email, password: PASSWORD }, {}, '10.2.3.3');
      expect(owner.statusCode).toBe(200);
      // The owner's success does not give the attacker's address a new budget.
      expect((await post('/api/auth/login', { email: body.email, password: PASSWORD }, {}, '10.2.2.2')).statusCode).toBe(429);
    });

    it('bounds the guesses against one account from many addresses; the owner on an address they signed in from gets in, a password reset clears the count', async () => {
      const body = newCustomer();
      await post('/api/auth/register', body);
      expect((await post('/api/auth/login', { email: body.email, password: PASSWORD }, {}, '10.5.0.1')).statusCode).toBe(200);
      t.clock.advance(60_000);

      const answers: number[] = [];
      for (let address = 0; address < 10; address += 1) {
        for (let i = 0; i < 5; i += 1) answers.push((await post('/api/auth/login', { email: body.email, password: `Sai@${i}xxxx` }, {}, `10.5.1.${address}`)).statusCode);
      }
      // Twenty guesses were checked; every later attempt, from any new address, was refused unchecked.
      expect(answers.filter((status) => status === 401)).toHaveLength(20);
      expect(answers.filter((status) => status === 429)).toHaveLength(30);
      const fresh = await post('/api/auth/login', { email: body.email, password: PASSWORD }, {}, '10.5.2.1');
      expect(fresh.statusCode).toBe(429);
      expect(fresh.json().code).toBe('TOO_MANY_REQUESTS');
      expect(fresh.headers['retry-after']).toBeDefined();

      // The owner on the address they signed in from is let through.
      expect((await post('/api/auth/login', { email: body.email, password: PASSWORD }, {}, '10.5.0.1')).statusCode).toBe(200);

      // From a new address, the owner resets the password by email: the account-wide count starts again.
      await post('/api/auth/reset-password/request', { email: body.email });
      const otpCode = await latestCode(scratch.db, body.email, 'reset_password');
      const newPassword = 'MatKhauMoi@2026';
      const reset = await post('/api/auth/reset-password/confirm', { email: body.email, otpCode, newPassword, confirmPassword: newPassword });
      expect(reset.statusCode).toBe(200);
      expect((await post('/api/auth/login', { email: body.email, password: newPassword }, {}, '10.5.2.1')).statusCode).toBe(200);
    });

    it('locks an unknown address the same way (the answer does not tell it is unknown)', async () => {
      for (let i = 0; i < 5; i += 1) await post('/api/auth/login', { email: 'ai.do@example.vn', password: 'Sai@12345' }, {}, '10.3.0.1');
      const locked = await post('/api/auth/login', { email: 'ai.do@example.vn', password: 'Sai@12345' }, {}, '10.3.0.1');
      expect(locked.statusCode).toBe(429);
    });

    it('blocks an IP address after 20 failures across accounts, but not other addresses', async () => {
      const victim = newCustomer();
      await post('/api/auth/register', victim);
      for (let i = 0; i < 20; i += 1) {
        await post('/api/auth/login', { email: `doan.mo.${i}@example.vn`, password: 'Sai@12345' }, {}, '10.4.4.4');
      }
      const fromAttacker = await post('/api/auth/login', { email: victim.email, password: PASSWORD }, {}, '10.4.4.4');
      expect(fromAttacker.statusCode).toBe(429);
      expect(fromAttacker.headers['retry-after']).toBeDefined();
      const fromElsewhere = await post('/api/auth/login', { email: victim.email, password: PASSWORD }, {}, '10.4.4.5');
      expect(fromElsewhere.statusCode).toBe(200);
    });

    it('counts per client behind the local site proxy (X-Forwarded-For from loopback), not per proxy', async () => {
      const victim = newCustomer();
      await post('/api/auth/register', victim);
      for (let i = 0; i < 20; i += 1) {
        await post('/api/auth/login', { email: `qua.proxy.${i}@example.vn`, password: 'Sai@12345' }, { 'x-forwarded-for': '203.0.113.7' }, '127.0.0.1');
      }
      const attacker = await post('/api/auth/login', { email: victim.email, password: PASSWORD }, { 'x-forwarded-for': '203.0.113.7' }, '127.0.0.1');
      expect(attacker.statusCode).toBe(429);
      const neighbour = await post('/api/auth/login', { email: victim.email, password: PASSWORD }, { 'x-forwarded-for': '203.0.113.8' }, '127.0.0.1');
      expect(neighbour.statusCode).toBe(200);
      // A client that is not a trusted proxy cannot pick its IP with the header.
      const spoofed = await post('/api/auth/login', { email: victim.email, password: PASSWORD }, { 'x-forwarded-for': '203.0.113.9' }, '198.51.100.1');
      expect(spoofed.statusCode).toBe(200);
    });
  });

  describe('tokens', () => {
    it('accepts the access token for 15 minutes, then answers 401 UNAUTHENTICATED', async () => {
      const { session } = await registerAndLogin(t.app);
      expect((await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers: bearer(session.accessToken) })).statusCode).toBe(200);
      t.clock.advance(15 * 60_000 - 2_000);
      expect((await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers: bearer(session.accessToken) })).statusCode).toBe(200);
      t.clock.advance(3_000);
      const expired = await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers: bearer(session.accessToken) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: 'Vui lòng đăng nhập để tiếp tục.' });
    });

    it('refuses a missing, malformed or forged token', async () => {
      const { session } = await registerAndLogin(t.app);
      const [header, payload] = session.accessToken.split('.');
      const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(session.accessToken), role: 'admin' })).toString('base64url');
      for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Basic abc' }, bearer('abc.def.ghi'), bearer(`${header}.${forgedPayload}.${session.accessToken.split('.')[2]}`), bearer(`${header}.${payload}.`)]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('UNAUTHENTICATED');
      }
    });

    it('rotates the refresh token: the new pair works, the old token is single use', async () => {
      const { session } = await registerAndLogin(t.app);
      const first = await post('/api/auth/refresh', { refreshToken: session.refreshToken });
      expect(first.statusCode).toBe(200);
      const rotated = authSessionResponseSchema.parse(first.json()).data;
      expect(rotated.refreshToken).not.toBe(session.refreshToken);
      expect(rotated.userId).toBe(session.userId);
      const second = await post('/api/auth/refresh', { refreshToken: rotated.refreshToken });
      expect(second.statusCode).toBe(200);
    });

    it('revokes the whole family when an old refresh token is reused', async () => {
      const { session } = await registerAndLogin(t.app);
      const rotated = (await post('/api/auth/refresh', { refreshToken: session.refreshToken })).json().data;
      const reuse = await post('/api/auth/refresh', { refreshToken: session.refreshToken });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED', message: 'Phiên đăng nhập không còn hợp lệ. Vui lòng đăng nhập lại.' });
      // The legitimate holder of the newest token is signed out too.
      const afterReuse = await post('/api/auth/refresh', { refreshToken: rotated.refreshToken });
      expect(afterReuse.statusCode).toBe(401);
      expect(afterReuse.json().code).toBe('INVALID_REFRESH_TOKEN');
      // Another login of the same user (another family) is untouched.
      const other = await post('/api/auth/login', { email: (await scratch.db.selectFrom('users').select('email').where('id', '=', Number(session.userId)).executeTakeFirstOrThrow()).email, password: PASSWORD });
      expect((await post('/api/auth/refresh', { refreshToken: other.json().data.refreshToken })).statusCode).toBe(200);
    });

    it('refuses an unknown or expired (30 days) refresh token', async () => {
      const unknown = await post('/api/auth/refresh', { refreshToken: 'x'.repeat(43) });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().code).toBe('INVALID_REFRESH_TOKEN');
      const { session } = await registerAndLogin(t.app);
      t.clock.advance(30 * 24 * 60 * 60_000 + 1_000);
      const expired = await post('/api/auth/refresh', { refreshToken: session.refreshToken });
      expect(expired.statusCode).toBe(401);
      const missing = await post('/api/auth/refresh', {});
      expect(missing.statusCode).toBe(400);
    });

    it('logout revokes the refresh token sent in the body', async () => {
      const { session } = await registerAndLogin(t.app);
      const response = await post('/api/auth/logout', { refreshToken: session.refreshToken });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Đã đăng xuất', data: { message: 'Đã đăng xuất' } });
      expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    });

    it('logout with only the access token ends that session, and other sessions stay', async () => {
      const { body, session } = await registerAndLogin(t.app);
      const other = (await post('/api/auth/login', { email: body.email, password: PASSWORD })).json().data;
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.accessToken) });
      expect(response.statusCode).toBe(200);
      expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
      expect((await post('/api/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(200);
    });

    it('logout without any token still answers 200', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('role guard', () => {
    let guarded: AuthTestApp;
    beforeAll(async () => {
      guarded = await startAuthApp(scratch.db, {
        routes: (app) => {
          app.get('/api/test/admin-only', { preHandler: requireRole('admin', 'manager') }, async (request) => ok({ role: request.auth!.role }));
          app.get('/api/test/signed-in', { preHandler: authenticate }, async (request) => ok({ userId: request.auth!.userId }));
        },
      });
    });
    afterAll(() => guarded.close());

    it('answers 401 without a token, 403 FORBIDDEN for another role, 200 for an allowed role', async () => {
      const login = async (email: string) => (await guarded.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } })).json().data.accessToken as string;
      const anonymous = await guarded.app.inject({ method: 'GET', url: '/api/test/admin-only' });
      expect(anonymous.statusCode).toBe(401);
      const customer = await guarded.app.inject({ method: 'GET', url: '/api/test/admin-only', headers: bearer(await login('khachhang@evshop.vn')) });
      expect(customer.statusCode).toBe(403);
      expect(customer.json()).toEqual({ success: false, code: 'FORBIDDEN', message: 'Bạn không có quyền truy cập chức năng này.' });
      const admin = await guarded.app.inject({ method: 'GET', url: '/api/test/admin-only', headers: bearer(await login('quantri@evshop.vn')) });
      expect(admin.statusCode).toBe(200);
      expect(admin.json().data).toEqual({ role: 'admin' });
      const signedIn = await guarded.app.inject({ method: 'GET', url: '/api/test/signed-in', headers: bearer(await login('kythuatvien@evshop.vn')) });
      expect(signedIn.json().data.userId).toEqual(expect.any(Number));
    });
  });

  it('never queued an email for addresses that are not registered', async () => {
    expect(await outboxCount(scratch.db, 'khong.ton.tai@example.vn')).toBe(0);
  });
});
