import sharp from 'sharp';
import { accountExistsResponseSchema, customerProfileResponseSchema, profileResponseSchema } from 'shared-contracts/schemas';
import { ACCOUNT_EXISTS_CHECKS_PER_MINUTE } from '../../../src/modules/auth/accountExistsRoutes';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { bearer, newCustomer, PASSWORD, registerAndLogin, startAuthApp, type AuthTestApp } from '../../support/authTestKit';

/**
 * The calls of the product's original React client that our API did not answer as it reads them (issue 21 §6):
 * the avatar's URL under `avatarUrl`, the register page's check-email / check-phone as the user types, and the
 * profile page's GET /Customer/me with `customerId`.
 */
function multipartImage(image: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----evshop-original-client';
  const part = (name: string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="anh.png"\r\nContent-Type: image/png\r\n\r\n`),
      image,
      Buffer.from('\r\n'),
    ]);
  return {
    payload: Buffer.concat([part('file'), part('avatar'), Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(productionDatabase())('the original client’s last calls, on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthApp(scratch.db);
  });
  afterAll(() => t.close());

  describe('avatarUrl', () => {
    it('is the uploaded avatar’s URL in the upload answer and in the profile, the same as avatar', async () => {
      const { session } = await registerAndLogin(t.app);
      const before = (await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers: bearer(session.accessToken) })).json();
      expect(before.data).toMatchObject({ avatar: null, avatarUrl: null });

      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1e88e5' } }).png().toBuffer();
      const { payload, headers } = multipartImage(png);
      const uploaded = await t.app.inject({ method: 'POST', url: '/api/Auth/upload-avatar', headers: { ...headers, ...bearer(session.accessToken) }, payload });
      expect(uploaded.statusCode).toBe(200);
      const answer = uploaded.json();
      expect(profileResponseSchema.parse(answer)).toBeTruthy();
      expect(answer.data.avatarUrl).toMatch(/^\/api\/media\/avatars\/[a-f0-9]{32}\.webp$/);
      expect(answer.data.avatarUrl).toBe(answer.data.avatar);

      const profile = (await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers: bearer(session.accessToken) })).json();
      expect(profile.data.avatarUrl).toBe(answer.data.avatarUrl);
      expect((await t.app.inject({ method: 'GET', url: profile.data.avatarUrl })).statusCode).toBe(200);
    });
  });

  describe('POST /auth/check-email and /auth/check-phone', () => {
    it('say whether an account uses the email, at the top level and in data, for any spelling of the address', async () => {
      const { body } = await registerAndLogin(t.app);
      const taken = await t.app.inject({ method: 'POST', url: '/api/auth/check-email', payload: { email: `  ${body.email.toUpperCase()} ` } });
      expect(taken.statusCode).toBe(200);
      expect(accountExistsResponseSchema.parse(taken.json())).toMatchObject({
        success: true,
        exists: true,
        message: 'Email này đã được đăng ký. Vui lòng đăng nhập hoặc dùng email khác.',
        data: { exists: true },
      });
      const free = await t.app.inject({ method: 'POST', url: '/api/Auth/check-email', payload: { Email: 'chua.ai.dung@example.vn' } });
      expect(free.statusCode).toBe(200);
      expect(free.json()).toMatchObject({ exists: false, message: 'Email có thể sử dụng.', data: { exists: false, message: 'Email có thể sử dụng.' } });
    });

    it('say whether an account uses the phone number, as phoneNumber or phone, in any Vietnamese spelling', async () => {
      const { body } = await registerAndLogin(t.app);
      const international = `+84 ${body.phoneNumber.slice(1, 4)} ${body.phoneNumber.slice(4)}`;
      const taken = await t.app.inject({ method: 'POST', url: '/api/auth/check-phone', payload: { phoneNumber: international } });
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toMatchObject({ exists: true, data: { exists: true, message: 'Số điện thoại này đã được dùng cho một tài khoản khác.' } });
      const asPhone = await t.app.inject({ method: 'POST', url: '/api/auth/check-phone', payload: { phone: body.phoneNumber } });
      expect(asPhone.json()).toMatchObject({ exists: true });
      const free = await t.app.inject({ method: 'POST', url: '/api/auth/check-phone', payload: { phoneNumber: '0399999001' } });
      expect(accountExistsResponseSchema.parse(free.json())).toMatchObject({ exists: false, message: 'Số điện thoại có thể sử dụng.' });
    });

    it('answer a malformed or missing address with a Vietnamese 4xx, never a 500', async () => {
      const cases = [
        { url: '/api/auth/check-email', payload: { email: 'khong-phai-email' }, message: 'Email không hợp lệ.' },
        { url: '/api/auth/check-email', payload: {}, message: 'Vui lòng nhập email.' },
        { url: '/api/auth/check-email', payload: { email: 42 }, message: undefined },
        { url: '/api/auth/check-phone', payload: { phoneNumber: '12345' }, message: 'Số điện thoại di động không hợp lệ (ví dụ 0912345678).' },
        { url: '/api/auth/check-phone', payload: {}, message: 'Vui lòng nhập số điện thoại.' },
        { url: '/api/auth/check-phone', payload: { phone: 'x'.repeat(5000) }, message: undefined },
      ];
      for (const { url, payload, message } of cases) {
        const response = await t.app.inject({ method: 'POST', url, payload, remoteAddress: '127.0.0.21' });
        expect([400, 422]).toContain(response.statusCode);
        const error = response.json();
        expect(error.success).toBe(false);
        expect(error.message).toMatch(/[À-ỹ]/u);
        if (message) expect(JSON.stringify(error)).toContain(message);
      }
    });

    it('are rate-limited per address: past the minute’s checks 429 with Retry-After, another address still answers', async () => {
      const flood = '127.0.0.31';
      for (let index = 0; index < ACCOUNT_EXISTS_CHECKS_PER_MINUTE; index += 1) {
        const url = index % 2 === 0 ? '/api/auth/check-email' : '/api/auth/check-phone';
        const payload = index % 2 === 0 ? { email: `thu.${index}@example.vn` } : { phoneNumber: `03999${String(index).padStart(5, '0')}` };
        expect((await t.app.inject({ method: 'POST', url, payload, remoteAddress: flood })).statusCode).toBe(200);
      }
      const refused = await t.app.inject({ method: 'POST', url: '/api/auth/check-email', payload: { email: 'mot.lan.nua@example.vn' }, remoteAddress: flood });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
      expect(refused.json().message).toMatch(/^Bạn đã kiểm tra quá nhiều lần\. Vui lòng thử lại sau \d+ giây\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const phoneToo = await t.app.inject({ method: 'POST', url: '/api/auth/check-phone', payload: { phone: '0399999002' }, remoteAddress: flood });
      expect(phoneToo.statusCode).toBe(429);

      const other = await t.app.inject({ method: 'POST', url: '/api/auth/check-email', payload: { email: 'mot.lan.nua@example.vn' }, remoteAddress: '127.0.0.32' });
      expect(other.statusCode).toBe(200);
      t.clock.advance(61_000);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/check-email', payload: { email: 'sau.mot.phut@example.vn' }, remoteAddress: flood })).statusCode).toBe(200);
    });

    it('let the register page go on to register (no retry loop): a free address checks false, registers, then checks true', async () => {
      const customer = newCustomer();
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/check-email', payload: { email: customer.email } })).json().exists).toBe(false);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/check-phone', payload: { phoneNumber: customer.phoneNumber } })).json().exists).toBe(false);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: customer })).statusCode).toBe(201);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/check-email', payload: { email: customer.email } })).json().exists).toBe(true);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/check-phone', payload: { phoneNumber: customer.phoneNumber } })).json().exists).toBe(true);
    });
  });

  describe('GET /Customer/me', () => {
    it('answers the signed-in customer’s profile with customerId', async () => {
      const { body, session } = await registerAndLogin(t.app);
      const response = await t.app.inject({ method: 'GET', url: '/api/Customer/me', headers: bearer(session.accessToken) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const me = customerProfileResponseSchema.parse(response.json()).data;
      expect(me).toMatchObject({ customerId: session.userId, id: session.userId, email: body.email, fullName: body.fullName, phoneNumber: body.phoneNumber, role: 'customer' });
      const lower = await t.app.inject({ method: 'GET', url: '/api/customer/me', headers: bearer(session.accessToken) });
      expect(lower.json().data.customerId).toBe(session.userId);
    });

    it('answers 401 without a token and 403 to an account that is not a customer’s', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/Customer/me' })).statusCode).toBe(401);
      const { body } = await registerAndLogin(t.app);
      await scratch.db.updateTable('users').set({ role: 'staff' }).where('email', '=', body.email).execute();
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: PASSWORD } });
      const staff = await t.app.inject({ method: 'GET', url: '/api/Customer/me', headers: bearer(login.json().data.accessToken) });
      expect(staff.statusCode).toBe(403);
      expect(staff.json()).toEqual({ success: false, code: 'NOT_A_CUSTOMER', message: 'Tài khoản này không phải tài khoản khách hàng.' });
    });
  });
});
