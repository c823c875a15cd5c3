import { errorEnvelopeSchema, messageResponseSchema, verifyEmailResponseSchema } from 'shared-contracts/schemas';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { bearer, latestCode, newCustomer, outboxCount, PASSWORD, registerAndLogin, startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { emailOutbox } from '../../support/emailOutbox';

const MINUTE = 60_000;

describe.each(productionDatabase())('one-time codes: email verification, password reset, change password on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthApp(scratch.db);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  async function register() {
    const body = newCustomer();
    const response = await post('/api/auth/register', body);
    expect(response.statusCode).toBe(201);
    return { body, userId: response.json().data.userId as string };
  }

  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('POST /api/auth/verify-email', () => {
    it('verifies the email with the emailed code: success message, profile and login show emailVerified', async () => {
      const { body, userId } = await register();
      const code = await latestCode(scratch.db, body.email, 'verify_email');
      const response = await post('/api/auth/verify-email', { userId, otpCode: code });
      expect(response.statusCode).toBe(200);
      const parsed = verifyEmailResponseSchema.parse(response.json());
      expect(parsed.message).toBe('Xác thực email thành công!');
      expect(parsed.data).toEqual({ userId, emailVerified: true, message: 'Xác thực email thành công!' });
      const login = await post('/api/auth/login', { email: body.email, password: PASSWORD });
      expect(login.json().data.emailVerified).toBe(true);
    });

    it('accepts the user id as a number too', async () => {
      const { body, userId } = await register();
      const code = await latestCode(scratch.db, body.email, 'verify_email');
      expect((await post('/api/auth/verify-email', { userId: Number(userId), otpCode: code })).statusCode).toBe(200);
    });

    it('refuses a wrong code with the Vietnamese message, and the code stays usable', async () => {
      const { body, userId } = await register();
      const code = await latestCode(scratch.db, body.email, 'verify_email');
      const wrong = await post('/api/auth/verify-email', { userId, otpCode: wrongCode(code) });
      expect(wrong.statusCode).toBe(400);
      expect(errorEnvelopeSchema.parse(wrong.json())).toMatchObject({ code: 'OTP_INVALID', message: 'Mã OTP không đúng. Vui lòng thử lại.' });
      expect((await post('/api/auth/verify-email', { userId, otpCode: code })).statusCode).toBe(200);
    });

    it('kills a code after 5 wrong tries: the 6th try is refused even with the right code', async () => {
      const { body, userId } = await register();
      const code = await latestCode(scratch.db, body.email, 'verify_email');
      const answers = [];
      for (let i = 0; i < 5; i += 1) answers.push((await post('/api/auth/verify-email', { userId, otpCode: wrongCode(code) })).json().code);
      expect(answers).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_LOCKED']);
      const right = await post('/api/auth/verify-email', { userId, otpCode: code });
      expect(right.statusCode).toBe(400);
      expect(right.json()).toMatchObject({ code: 'OTP_LOCKED', message: 'Bạn đã nhập sai mã quá 5 lần. Vui lòng yêu cầu mã mới.' });
      const profile = await scratch.db.selectFrom('users').select('email_verified_at').where('id', '=', Number(userId)).executeTakeFirstOrThrow();
      expect(profile.email_verified_at).toBeNull();

      // A new code (after the resend wait) works.
      t.clock.advance(MINUTE + 1_000);
      expect((await post('/api/auth/resend-verification', { email: body.email })).statusCode).toBe(200);
      const fresh = await latestCode(scratch.db, body.email, 'verify_email');
      expect((await post('/api/auth/verify-email', { userId, otpCode: fresh })).statusCode).toBe(200);
    });

    it('makes a code single use and expires it after 10 minutes', async () => {
      const first = await register();
      const code = await latestCode(scratch.db, first.body.email, 'verify_email');
      expect((await post('/api/auth/verify-email', { userId: first.userId, otpCode: code })).statusCode).toBe(200);
      // Already verified: the answer says so, nothing changes.
      const again = await post('/api/auth/verify-email', { userId: first.userId, otpCode: code });
      expect(again.json().data.message).toBe('Email đã được xác thực trước đó.');

      const second = await register();
      const late = await latestCode(scratch.db, second.body.email, 'verify_email');
      t.clock.advance(10 * MINUTE + 1_000);
      const expired = await post('/api/auth/verify-email', { userId: second.userId, otpCode: late });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ code: 'OTP_EXPIRED', message: 'Mã OTP đã hết hạn hoặc đã được sử dụng. Vui lòng yêu cầu mã mới.' });
    });

    it('invalidates the previous code when a new one is sent', async () => {
      const { body, userId } = await register();
      const old = await latestCode(scratch.db, body.email, 'verify_email');
      t.clock.advance(MINUTE + 1_000);
      await post('/api/auth/resend-verification', { email: body.email });
      const current = await latestCode(scratch.db, body.email, 'verify_email');
      const live = await scratch.db.selectFrom('otp_codes').select('id').where('user_id', '=', Number(userId)).where('consumed_at', 'is', null).execute();
      expect(live).toHaveLength(1);
      // (Two random codes are equal once in a million: then the old one is, rightly, the current one.)
      if (current !== old) expect((await post('/api/auth/verify-email', { userId, otpCode: old })).statusCode).toBe(400);
      expect((await post('/api/auth/verify-email', { userId, otpCode: current })).statusCode).toBe(200);
    });

    it('validates the body: 6 digits, a user id', async () => {
      for (const payload of [{ userId: '1', otpCode: '12345' }, { userId: '1', otpCode: '12a456' }, { otpCode: '123456' }, { userId: 'abc', otpCode: '123456' }]) {
        const response = await post('/api/auth/verify-email', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
      const unknownUser = await post('/api/auth/verify-email', { userId: '999999', otpCode: '123456' });
      expect(unknownUser.statusCode).toBe(400);
      expect(unknownUser.json().code).toBe('OTP_EXPIRED');
    });
  });

  describe('POST /api/auth/resend-verification', () => {
    it('sends a new code at most once per minute, with 429, Retry-After and a Vietnamese message', async () => {
      const { body } = await register();
      // The sign-up email was the first send of this minute.
      const tooSoon = await post('/api/auth/resend-verification', { email: body.email });
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().message).toMatch(/^Bạn vừa yêu cầu mã\. Vui lòng đợi \d+ giây trước khi gửi lại\.$/);
      const retryAfter = Number(tooSoon.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);

      t.clock.advance(retryAfter * 1000);
      const later = await post('/api/auth/resend-verification', { email: body.email });
      expect(later.statusCode).toBe(200);
      expect(messageResponseSchema.parse(later.json()).data.message).toMatch(/mã xác thực mới đã được gửi/);
      expect(await outboxCount(scratch.db, body.email, 'verify_email')).toBe(2);
    });

    it('sends at most 5 codes per hour per address', async () => {
      const { body } = await register();
      const statuses = [];
      for (let i = 0; i < 5; i += 1) {
        t.clock.advance(MINUTE + 1_000);
        statuses.push((await post('/api/auth/resend-verification', { email: body.email })).statusCode);
      }
      // Sign-up + 4 resends = 5 in the hour; the 5th resend is refused.
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      expect(await outboxCount(scratch.db, body.email, 'verify_email')).toBe(5);
      t.clock.advance(60 * MINUTE);
      expect((await post('/api/auth/resend-verification', { email: body.email })).statusCode).toBe(200);
    });

    it('answers an unknown or already verified address exactly like a registered one, and sends nothing', async () => {
      const { body } = await register();
      t.clock.advance(MINUTE + 1_000);
      const registered = await post('/api/auth/resend-verification', { email: body.email });
      const unknown = await post('/api/auth/resend-verification', { email: 'chua.dang.ky@example.vn' });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(registered.json());
      expect(await outboxCount(scratch.db, 'chua.dang.ky@example.vn')).toBe(0);
      // The limit applies to unknown addresses too, so a 429 does not tell either.
      expect((await post('/api/auth/resend-verification', { email: 'chua.dang.ky@example.vn' })).statusCode).toBe(429);
    });

    it('refuses an invalid email with 400', async () => {
      const response = await post('/api/auth/resend-verification', { email: 'abc' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toEqual({ field: 'email', message: 'Email không hợp lệ.' });
    });
  });

  describe('password reset', () => {
    it('gives the same answer for a registered and an unknown address, and emails only the registered one', async () => {
      const { body } = await register();
      const known = await post('/api/auth/reset-password/request', { email: body.email });
      const unknown = await post('/api/auth/reset-password/request', { email: 'nguoi.la@example.vn' });
      expect(known.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect(known.json().data.message).toBe('Nếu email đã đăng ký, mã đặt lại mật khẩu đã được gửi. Vui lòng kiểm tra hộp thư.');
      expect(await outboxCount(scratch.db, body.email, 'reset_password')).toBe(1);
      expect(await outboxCount(scratch.db, 'nguoi.la@example.vn')).toBe(0);
      // Same per-address limit for both.
      expect((await post('/api/auth/reset-password/request', { email: body.email })).statusCode).toBe(429);
      expect((await post('/api/auth/reset-password/request', { email: 'nguoi.la@example.vn' })).statusCode).toBe(429);
    });

    it('sets the new password with the code, once; revokes every session; emails a notice', async () => {
      const { body, session } = await registerAndLogin(t.app);
      await post('/api/auth/reset-password/request', { email: body.email });
      const code = await latestCode(scratch.db, body.email, 'reset_password');
      const newPassword = 'MatKhauMoi@2026';
      const confirm = await post('/api/auth/reset-password/confirm', { email: body.email, otpCode: code, newPassword, confirmPassword: newPassword });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().data.message).toBe('Đặt lại mật khẩu thành công. Vui lòng đăng nhập bằng mật khẩu mới.');

      expect((await post('/api/auth/login', { email: body.email, password: PASSWORD })).statusCode).toBe(401);
      const login = await post('/api/auth/login', { email: body.email, password: newPassword });
      expect(login.statusCode).toBe(200);
      // The code reached the inbox: the address is verified now.
      expect(login.json().data.emailVerified).toBe(true);
      expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);

      const reuse = await post('/api/auth/reset-password/confirm', { email: body.email, otpCode: code, newPassword: 'LanThuBa@2026', confirmPassword: 'LanThuBa@2026' });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().code).toBe('OTP_INVALID');

      const notice = await emailOutbox(scratch.db).selectAll().where('to_address', '=', body.email).where('kind', '=', 'password_changed').executeTakeFirstOrThrow();
      expect(notice.subject).toBe('Mật khẩu tài khoản EV Service của bạn đã được thay đổi');
      expect(notice.text_body).toMatch(/\d{2}:\d{2} \d{2}\/\d{2}\/\d{4} \(giờ Việt Nam\)/);
    });

    it('answers a wrong code, an unknown address and a dead code with the same error', async () => {
      const { body } = await register();
      await post('/api/auth/reset-password/request', { email: body.email });
      const code = await latestCode(scratch.db, body.email, 'reset_password');
      const payload = (email: string, otpCode: string) => ({ email, otpCode, newPassword: 'MatKhauMoi@1', confirmPassword: 'MatKhauMoi@1' });
      const wrong = await post('/api/auth/reset-password/confirm', payload(body.email, wrongCode(code)));
      const unknown = await post('/api/auth/reset-password/confirm', payload('nguoi.la.2@example.vn', code));
      expect(wrong.statusCode).toBe(400);
      expect(unknown.json()).toEqual(wrong.json());
      for (let i = 0; i < 4; i += 1) await post('/api/auth/reset-password/confirm', payload(body.email, wrongCode(code)));
      const locked = await post('/api/auth/reset-password/confirm', payload(body.email, code));
      expect(locked.json()).toEqual(wrong.json());
      expect((await post('/api/auth/login', { email: body.email, password: PASSWORD })).statusCode).toBe(200);
    });

    it('validates the new password and its confirmation', async () => {
      const short = await post('/api/auth/reset-password/confirm', { email: 'a@example.vn', otpCode: '123456', newPassword: 'short', confirmPassword: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toEqual(expect.arrayContaining([{ field: 'newPassword', message: 'Mật khẩu phải có ít nhất 8 ký tự.' }]));
      const differ = await post('/api/auth/reset-password/confirm', { email: 'a@example.vn', otpCode: '123456', newPassword: 'MatKhau@111', confirmPassword: 'MatKhau@222' });
      expect(differ.json().errors).toEqual([{ field: 'confirmPassword', message: 'Mật khẩu nhập lại không khớp.' }]);
    });
  });

  describe('POST /api/Auth/change-password', () => {
    it('changes the password, keeps this session, revokes the others and emails a notice', async () => {
      const { body, session } = await registerAndLogin(t.app);
      const other = (await post('/api/auth/login', { email: body.email, password: PASSWORD })).json().data;
      const newPassword = 'DoiMatKhau@2026';
      const response = await post('/api/Auth/change-password', { currentPassword: PASSWORD, newPassword, confirmNewPassword: newPassword }, bearer(session.accessToken));
      expect(response.statusCode).toBe(200);
      expect(response.json().data.message).toBe('Đổi mật khẩu thành công. Các phiên đăng nhập khác đã được đăng xuất.');
      expect((await post('/api/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(401);
      expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(200);
      expect((await post('/api/auth/login', { email: body.email, password: newPassword })).statusCode).toBe(200);
      expect(await outboxCount(scratch.db, body.email, 'password_changed')).toBe(1);
    });

    it('refuses a wrong current password, a mismatch, a short or unchanged password, and no token', async () => {
      const { session } = await registerAndLogin(t.app);
      const call = (payload: object, headers: Record<string, string> = bearer(session.accessToken)) => post('/api/auth/change-password', payload, headers);
      const wrong = await call({ currentPassword: 'Sai@123456', newPassword: 'MatKhau@999', confirmNewPassword: 'MatKhau@999' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([{ field: 'currentPassword', message: 'Mật khẩu hiện tại không đúng.' }]);
      const mismatch = await call({ currentPassword: PASSWORD, newPassword: 'MatKhau@999', confirmNewPassword: 'MatKhau@998' });
      expect(mismatch.json().errors).toEqual([{ field: 'confirmNewPassword', message: 'Mật khẩu nhập lại không khớp.' }]);
      const short = await call({ currentPassword: PASSWORD, newPassword: 'ngan', confirmNewPassword: 'ngan' });
      expect(short.statusCode).toBe(400);
      const same = await call({ currentPassword: PASSWORD, newPassword: PASSWORD, confirmNewPassword: PASSWORD });
      expect(same.json().errors).toEqual([{ field: 'newPassword', message: 'Mật khẩu mới phải khác mật khẩu hiện tại.' }]);
      const anonymous = await call({ currentPassword: PASSWORD, newPassword: 'MatKhau@999', confirmNewPassword: 'MatKhau@999' }, {});
      expect(anonymous.statusCode).toBe(401);
    });

    it('throttles guesses of the current password like logins', async () => {
      const { session } = await registerAndLogin(t.app);
      for (let i = 0; i < 5; i += 1) {
        await post('/api/auth/change-password', { currentPassword: `Doan@${i}xxxx`, newPassword: 'MatKhau@999', confirmNewPassword: 'MatKhau@999' }, bearer(session.accessToken));
      }
      const locked = await post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'MatKhau@999', confirmNewPassword: 'MatKhau@999' }, bearer(session.accessToken));
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBeDefined();
    });
  });
});
