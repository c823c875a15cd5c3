import { contactReceiptResponseSchema, errorEnvelopeSchema } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { contactRoutes } from '../../../src/modules/contact/contactRoutes';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

const valid = {
  name: 'Nguyễn Thị Mai',
  email: 'mai.nguyen@gmail.com',
  subject: 'Hỏi giá thay pin Klara S',
  message: 'Cho mình hỏi giá thay pin lithium cho VinFast Klara S đời 2022 và thời gian làm mất bao lâu?',
};

describe.each(productionDatabase())('POST /api/contact on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (payload: unknown, ip: string) => app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });

  it('stores a valid message for the staff and answers 201 with a receipt', async () => {
    const response = await post({ ...valid, phone: '+84 912.345.678' }, '10.0.0.1');
    expect(response.statusCode).toBe(201);
    const body = contactReceiptResponseSchema.parse(response.json());
    expect(body.message).toBe('Cảm ơn bạn đã liên hệ! Chúng tôi sẽ phản hồi trong vòng 24 giờ làm việc.');
    const row = await scratch.db.selectFrom('contact_messages').selectAll().where('id', '=', body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: valid.name, email: valid.email, phone: '0912345678', subject: valid.subject, status: 'new', client_ip: '10.0.0.1' });
    expect(Math.abs(Date.parse(body.data.receivedAt) - Date.now())).toBeLessThan(60_000);
  });

  it('accepts a phone without an email', async () => {
    const { email: _email, ...noEmail } = valid;
    const response = await post({ ...noEmail, phone: '0987 654 321' }, '10.0.0.2');
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['no email and no phone', { ...valid, email: undefined }, 'email', 'Vui lòng nhập email hoặc số điện thoại để chúng tôi liên hệ lại.'],
    ['empty email and phone', { ...valid, email: '', phone: '  ' }, 'email', 'Vui lòng nhập email hoặc số điện thoại để chúng tôi liên hệ lại.'],
    ['a bad email', { ...valid, email: 'mai@' }, 'email', 'Email không hợp lệ.'],
    ['a landline', { ...valid, phone: '024 3795 6688' }, 'phone', 'Số điện thoại di động không hợp lệ (ví dụ 0912 345 678).'],
    ['a too short mobile', { ...valid, phone: '091234567' }, 'phone', 'Số điện thoại di động không hợp lệ (ví dụ 0912 345 678).'],
    ['a one-letter name', { ...valid, name: ' A ' }, 'name', 'Vui lòng nhập họ tên (ít nhất 2 ký tự).'],
    ['no subject', { ...valid, subject: undefined }, 'subject', 'Trường này là bắt buộc.'],
    ['a short message', { ...valid, message: 'Alo' }, 'message', 'Nội dung cần ít nhất 10 ký tự.'],
    ['a huge message', { ...valid, message: 'x'.repeat(5001) }, 'message', 'Nội dung tối đa 5000 ký tự.'],
  ])('rejects %s with 400 and a Vietnamese field message', async (_case, payload, field, message) => {
    const response = await post(payload, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Dữ liệu không hợp lệ.' });
    expect(body.errors).toContainEqual({ field, message });
  });

  it('accepts 5 messages per IP in 10 minutes, then answers 429 with Retry-After; other IPs are not affected', async () => {
    for (let index = 0; index < 5; index += 1) expect((await post(valid, '10.0.0.9')).statusCode).toBe(201);
    const blocked = await post(valid, '10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(errorEnvelopeSchema.parse(blocked.json())).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Bạn đã gửi quá nhiều tin nhắn\. Vui lòng thử lại sau 10 phút\.$/) });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(540);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await post(valid, '10.0.0.10')).statusCode).toBe(201);
    const stored = await scratch.db.selectFrom('contact_messages').select('id').where('client_ip', '=', '10.0.0.9').execute();
    expect(stored).toHaveLength(5);
  });
});

describe.each(productionDatabase())('contact rate limit window on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let app: App;
  let clock = new Date('2026-11-22T03:00:00.000Z');

  beforeAll(async () => {
    // A bare app with only the contact routes and a clock the test moves.
    app = buildTestApp(scratch.db);
    await app.register(
      async (scope) => {
        await scope.register(contactRoutes, { db: scratch.db, now: () => clock, rateLimit: { max: 2, windowMs: 10 * 60 * 1000 } });
      },
      { prefix: '/api/test' },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('lets the IP send again once its oldest message leaves the window', async () => {
    const send = () => app.inject({ method: 'POST', url: '/api/test/contact', payload: valid, remoteAddress: '10.1.1.1' });
    expect((await send()).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 4 * 60_000);
    expect((await send()).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 60_000);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe(String(5 * 60));
    clock = new Date(clock.getTime() + 5 * 60_000 + 1_000);
    expect((await send()).statusCode).toBe(201);
  });
});
