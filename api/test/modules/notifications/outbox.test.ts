import type { Mailer } from '../../../src/modules/notifications/mailer';
import { recordingMailer } from '../../support/recordingMailer';
import { enqueueEmail } from '../../../src/modules/notifications/channels/directEmail';
import { createDeliveryWorker, DELIVERY_MAX_ATTEMPTS } from '../../../src/modules/notifications/channels/deliveryWorker';
import { emailChannel } from '../../../src/modules/notifications/channels/providers/emailChannel';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/schema';
import type { Clock } from '../../../src/security/clock';
import { maintenanceReminderEmail } from '../../../src/modules/bookings/bookingEmails';
import { passwordChangedEmail, verificationEmail } from '../../../src/modules/notifications/emailTemplates';
import { manualClock } from '../../../src/security/clock';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { newCustomer, startAuthApp, testConfig } from '../../support/authTestKit';
import { emailOutbox } from '../../support/emailOutbox';

/** The one outbox's worker with only an email channel, sending through `mailer`. */
function outboxWorker(db: Kysely<Database>, mailer: Mailer, clock: Clock) {
  const email = emailChannel({ mailer, publicUrl: 'http://localhost:3000', from: 'EV Service <no-reply@evshop.vn>' });
  return createDeliveryWorker({ db, channels: new Map([['email', email]]), email, clock });
}

describe.each(testDatabases())('the outbox\'s direct emails on $label', (target) => {
  const scratch = useScratchDatabase(target);

  beforeEach(async () => {
    await scratch.db.deleteFrom('notification_deliveries').execute();
  });

  it('delivers what registration queued, once, with the Vietnamese subject and both bodies', async () => {
    const t = await startAuthApp(scratch.db);
    const customer = newCustomer();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: customer });
    const mailer = recordingMailer();
    const worker = outboxWorker(scratch.db, mailer, t.clock);
    expect(await worker.deliverPending()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: customer.email, subject: expect.stringMatching(/^Mã xác thực email EV Service: \d{6}$/) });
    expect(mailer.sent[0]!.html).toContain('<html lang="vi">');
    // The same Message-ID on every try of this delivery: a retry after the server took it is the same message.
    expect(mailer.sent[0]!.messageId).toMatch(/^<delivery-\d+@evshop\.vn>$/);
    expect(await worker.deliverPending()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const row = await emailOutbox(scratch.db).selectAll().executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    await t.close();
  });

  it('retries a failed delivery later with backoff, and gives up after the last attempt', async () => {
    const clock = manualClock();
    await enqueueEmail(scratch.db, clock, 'a@example.vn', passwordChangedEmail('Nguyễn A', clock.now()));
    const flaky = recordingMailer(1);
    const worker = outboxWorker(scratch.db, flaky, clock);
    expect(await worker.deliverPending()).toEqual({ sent: 0, retried: 1, failed: 0 });
    // Not due yet.
    expect(await worker.deliverPending()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.advance(16_000);
    expect(await worker.deliverPending()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const delivered = await emailOutbox(scratch.db).selectAll().executeTakeFirstOrThrow();
    expect(delivered).toMatchObject({ attempts: 2 });

    await enqueueEmail(scratch.db, clock, 'b@example.vn', passwordChangedEmail('Nguyễn B', clock.now()));
    const broken = recordingMailer(Number.MAX_SAFE_INTEGER);
    const doomed = outboxWorker(scratch.db, broken, clock);
    for (let i = 0; i < DELIVERY_MAX_ATTEMPTS + 2; i += 1) {
      await doomed.deliverPending();
      clock.advance(2 * 60 * 60_000);
    }
    const row = await emailOutbox(scratch.db).selectAll().where('to_address', '=', 'b@example.vn').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(DELIVERY_MAX_ATTEMPTS);
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toMatch(/ECONNREFUSED/);
  });

  it('sends each email once even with two workers (two API instances)', async () => {
    const clock = manualClock();
    for (let i = 0; i < 5; i += 1) await enqueueEmail(scratch.db, clock, `n${i}@example.vn`, verificationEmail('Khách', '123456'));
    const first = recordingMailer();
    const second = recordingMailer();
    const other = scratch.connect();
    await Promise.all([outboxWorker(scratch.db, first, clock).deliverPending(), outboxWorker(other, second, clock).deliverPending()]);
    await other.destroy();
    const recipients = [...first.sent, ...second.sent].map((email) => email.to).sort();
    expect(recipients).toEqual(['n0@example.vn', 'n1@example.vn', 'n2@example.vn', 'n3@example.vn', 'n4@example.vn']);
  });

  it('delivers a code typed in now before the reminders queued ahead of it, and the reminders after', async () => {
    const clock = manualClock();
    const reminder = (plate: string) =>
      maintenanceReminderEmail({
        fullName: 'Chủ xe',
        vehicle: { brand: 'VinFast', model: 'VF 8', licensePlate: plate, odometerKm: 12_000 },
        serviceName: 'Bảo dưỡng định kỳ',
        dueDate: '2026-12-01',
        dueKm: 12_000,
        overdue: true,
        bookingLink: 'http://localhost:3000/booking',
      });
    for (let index = 0; index < 60; index += 1) await enqueueEmail(scratch.db, clock, `chu.xe.${index}@example.vn`, reminder(`30A-${100 + index}.00`));
    await enqueueEmail(scratch.db, clock, 'khach.moi@example.vn', verificationEmail('Khách mới', '246810'));
    await enqueueEmail(scratch.db, clock, 'khach.quen@example.vn', passwordChangedEmail('Khách quen', clock.now()));

    const mailer = recordingMailer();
    const worker = outboxWorker(scratch.db, mailer, clock);
    expect(await worker.deliverPending()).toEqual({ sent: 50, retried: 0, failed: 0 });
    expect(mailer.sent.slice(0, 2).map((email) => email.to)).toEqual(['khach.moi@example.vn', 'khach.quen@example.vn']);
    expect(mailer.sent.slice(2).every((email) => email.subject.includes('bảo dưỡng'))).toBe(true);
    expect(await worker.deliverPending()).toEqual({ sent: 12, retried: 0, failed: 0 });
    expect(new Set(mailer.sent.map((email) => email.to)).size).toBe(62);
  });

  it('writes nothing when the transaction that queued the email rolls back', async () => {
    const clock = manualClock();
    await expect(
      scratch.db.transaction().execute(async (trx) => {
        await enqueueEmail(trx, clock, 'rollback@example.vn', verificationEmail('Khách', '654321'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await emailOutbox(scratch.db).select('id').where('to_address', '=', 'rollback@example.vn').execute()).toHaveLength(0);
  });

  describe('GET /api/dev/outbox', () => {
    it('shows the emails newest first as an escaped HTML page, in development', async () => {
      const t = await startAuthApp(scratch.db);
      await enqueueEmail(scratch.db, t.clock, 'cu@example.vn', verificationEmail('Người cũ', '111111'));
      t.clock.advance(1_000);
      await enqueueEmail(scratch.db, t.clock, 'moi@example.vn', verificationEmail('<script>alert(1)</script>', '222222'));
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('Hộp thư phát triển');
      expect(response.body.indexOf('moi@example.vn')).toBeLessThan(response.body.indexOf('cu@example.vn'));
      expect(response.body).toContain('222222');
      expect(response.body).not.toContain('<script>alert(1)</script>');
      expect(response.body).toContain('&#60;script&#62;');
      await t.close();
    });

    it('filters by recipient (?to=, any case) so a new user finds their code among a fleet of reminders', async () => {
      const t = await startAuthApp(scratch.db);
      await enqueueEmail(scratch.db, t.clock, 'khach.moi@example.vn', verificationEmail('Khách mới', '135790'));
      for (let index = 0; index < 120; index += 1) await enqueueEmail(scratch.db, t.clock, `chu.xe.${index}@example.vn`, passwordChangedEmail('Chủ xe', t.clock.now()));

      const everyone = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(everyone.body).not.toContain('135790'); // the newest 100 only
      const mine = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%20Khach.Moi@Example.vn%20' });
      expect(mine.statusCode).toBe(200);
      expect(mine.body).toContain('135790');
      expect(mine.body).not.toContain('chu.xe.');
      expect(mine.body).toContain('value="khach.moi@example.vn"');
      const nobody = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=ai.do@example.vn' });
      expect(nobody.body).toContain('Chưa có email nào gửi tới ai.do@example.vn.');
      const tooLong = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${'a'.repeat(250)}@example.vn` });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toMatch(/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i);
      await t.close();
    });

    it('answers only a caller on this machine, judged by the socket, never by X-Forwarded-For', async () => {
      const t = await startAuthApp(scratch.db);
      await enqueueEmail(scratch.db, t.clock, 'ma@example.vn', verificationEmail('Khách', '654321'));
      const get = (remoteAddress: string, headers: Record<string, string> = {}, url = '/api/dev/outbox') =>
        t.app.inject({ method: 'GET', url, remoteAddress, headers });

      for (const outsider of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1']) {
        for (const url of ['/api/dev/outbox', '/API/Dev/Outbox/']) {
          const response = await get(outsider, { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' }, url);
          expect(response.statusCode).toBe(404);
          expect(response.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND', message: 'Không tìm thấy đường dẫn API yêu cầu.' });
          expect(response.body).not.toContain('654321');
        }
      }
      // Through a proxy on this machine for a visitor elsewhere: the proxy's hop names the visitor.
      expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
      expect((await get('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' })).statusCode).toBe(404);

      for (const local of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
        const response = await get(local);
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('654321');
      }
      // `npm start`'s site proxy for a browser on this machine.
      const proxied = await get('127.0.0.1', { 'x-forwarded-for': '::1' });
      expect(proxied.statusCode).toBe(200);
      await t.close();
    });

    it('does not exist when the config switches it off (an API listening beyond this machine)', async () => {
      const t = await startAuthApp(scratch.db, { config: testConfig({ devOutbox: false }) });
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('ROUTE_NOT_FOUND');
      await t.close();
    });

    it('does not exist in production', async () => {
      const t = await startAuthApp(scratch.db, { config: testConfig({ nodeEnv: 'production' }) });
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('ROUTE_NOT_FOUND');
      await t.close();
    });
  });
});
