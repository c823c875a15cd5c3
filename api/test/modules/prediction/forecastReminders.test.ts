import type { Kysely } from 'kysely';
import { profileResponseSchema } from 'shared-contracts/schemas';
import type { Database } from '../../../src/db/schema';
import { manualClock } from '../../../src/security/clock';
import {
  FORECAST_REMINDER_SCHEDULE,
  FORECAST_REMINDER_THRESHOLD,
  onAcceptedTraining,
  sendForecastReminders,
  startForecastReminders,
} from '../../../src/modules/prediction/forecastReminders';
import type { WearTrainer } from '../../../src/modules/prediction/wearTrainer';
import { nextOccurrence } from '../../../src/jobs/scheduledJob';
import { bearer, registerAndLogin, startAuthApp } from '../../support/authTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { closedOrdersKit, type ClosedOrdersKit } from '../../support/closedOrdersKit';
import { emailOutbox } from '../../support/emailOutbox';

/**
 * The customers' forecast reminders (forecastReminders.ts, told through the notification centre: by email to the
 * verified customers without a phone made here) on a hand-made model version: BRAKE_PADS with a Weibull of shape 3 and scale 10 thousand km for the 'Feliz S' family (no ageing), so that a scooter at the
 * default 25 km a day (≈ 761 km a month, 2,283 km in 3 months), never inspected, has
 *   at 15,000 km  P = 1 − exp(−(17.283/10)³) ≈ 0.99   (over the 0.5 threshold)
 *   at  6,000 km  P = 1 − exp(−( 8.283/10)³) ≈ 0.43   (between the 0.4 clearing line and the threshold)
 *   at  3,000 km  P = 1 − exp(−( 5.283/10)³) ≈ 0.14   (below)
 * and a repair at 15,000 km starts its clock again (P ≈ 0.01 just after). TYRE_WEAR has no usable model: only
 * a FAIL left unfixed ("needs attention now") puts it over.
 */

const FAMILY = 'Feliz S';
const brakeModel = { level: 'family', key: FAMILY, shape: 3, scale: 10, ageing: 0, logLikelihood: 0, covariance: [[0.004, 0], [0, 0.001]], steps: 4200, failures: 380, converged: true };
const PUBLIC_URL = 'https://ev.example.vn';

async function serveModel(db: Kysely<Database>): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('prediction_models')
    .values({
      kind: 'wear',
      status: 'ACCEPTED',
      observations: 4200,
      failures: 380,
      metrics: JSON.stringify([
        { component: 'BRAKE_PADS', accepted: true, backtest: null },
        { component: 'TYRE_WEAR', accepted: false, backtest: null },
      ]),
      parameters: JSON.stringify([
        { component: 'BRAKE_PADS', models: [brakeModel], familyPool: { [FAMILY]: { level: 'family', key: FAMILY } } },
        { component: 'TYRE_WEAR', models: [], familyPool: {} },
      ]),
      started_at: now,
      finished_at: now,
      data_cutoff: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let sequence = 0;

/** A customer with one scooter of the family at `odometerKm`. */
async function customerWithScooter(db: Kysely<Database>, odometerKm: number, options: { optedOut?: boolean; email?: string; phone?: string; unverified?: boolean } = {}) {
  sequence += 1;
  const now = new Date().toISOString();
  const email = options.email ?? `du.doan.${sequence}.${Date.now()}@example.vn`;
  const user = options.email
    ? await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    : await db
        .insertInto('users')
        .values({
          email,
          password_hash: null,
          full_name: `Khách Số ${sequence}`,
          phone_number: options.phone ?? null,
          // The notification centre emails verified addresses only.
          email_verified_at: options.unverified ? null : now,
          address: null,
          date_of_birth: null,
          gender: null,
          avatar_url: null,
          google_sub: null,
          forecast_emails_opt_out: options.optedOut ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
  const plate = `29A-${String(100 + sequence).padStart(3, '0')}.${String(sequence % 100).padStart(2, '0')}`;
  const vehicle = await db
    .insertInto('vehicles')
    .values({ user_id: user.id, type: 'scooter', brand: 'VinFast', model: FAMILY, year: 2023, license_plate: plate, vin: null, color: null, odometer_km: odometerKm, battery_capacity_wh: null, nickname: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { email, userId: user.id, vehicleId: vehicle.id, plate };
}

async function remindersTo(db: Kysely<Database>, email: string) {
  return emailOutbox(db).selectAll().where('to_address', '=', email).where('kind', '=', 'forecast_reminder').orderBy('id').execute();
}

/** The reminders under the owner's bell, and the deliveries the centre scheduled for them (channel, kind). */
async function toldTo(db: Kysely<Database>, userId: number) {
  const bell = await db.selectFrom('notifications').select(['kind', 'title', 'link', 'event_key']).where('user_id', '=', userId).where('kind', '=', 'forecast_reminder').orderBy('id').execute();
  const deliveries = await db.selectFrom('notification_deliveries').select(['channel', 'kind']).where('user_id', '=', userId).where('kind', '=', 'forecast_reminder').orderBy('id').execute();
  return { bell, deliveries };
}

async function crossings(db: Kysely<Database>, vehicleId: number) {
  return db.selectFrom('forecast_reminders').selectAll().where('vehicle_id', '=', vehicleId).orderBy('id').execute();
}

const setOdometer = (db: Kysely<Database>, vehicleId: number, km: number) => db.updateTable('vehicles').set({ odometer_km: km }).where('id', '=', vehicleId).execute();

describe.each(testDatabases())('forecast reminder emails on $label', (target) => {
  const scratch = useScratchDatabase(target);
  const clock = manualClock(new Date());
  const run = (db: Kysely<Database> = scratch.db) => sendForecastReminders(db, clock, { publicUrl: PUBLIC_URL });
  let kit: ClosedOrdersKit;

  beforeAll(async () => {
    kit = await closedOrdersKit(scratch.db);
  });

  it('does nothing, and fails on nothing, before the first model version', async () => {
    const { email, vehicleId } = await customerWithScooter(scratch.db, 15_000);
    await expect(run()).resolves.toEqual({ sent: 0, cleared: 0, vehicles: 0 });
    expect(await remindersTo(scratch.db, email)).toHaveLength(0);
    expect(await crossings(scratch.db, vehicleId)).toHaveLength(0);
  });

  describe('with a served model', () => {
    let modelId: number;
    beforeAll(async () => {
      modelId = await serveModel(scratch.db);
    });

    it('mails a crossing once: two runs, one email, with the vehicle, the words and figures, the evidence and the links', async () => {
      const { email, vehicleId, plate } = await customerWithScooter(scratch.db, 15_000);
      const first = await run();
      expect(first.sent).toBeGreaterThanOrEqual(1);
      await run();
      const emails = await remindersTo(scratch.db, email);
      expect(emails).toHaveLength(1);
      const [mail] = emails;
      expect(mail!.subject).toBe(`Dự đoán bảo dưỡng xe ${plate}: Má phanh nên được kiểm tra trong 3 tháng tới`);
      expect(mail!.text_body).toContain(`VinFast Feliz S (biển số ${plate})`);
      expect(mail!.text_body).toContain('Má phanh: Khả năng rất cao (');
      expect(mail!.text_body).toMatch(/\(\d{2}%\) cần kiểm tra trong 3 tháng tới \(khoảng \d+(–\d+)?%, khoảng tin cậy 95%\)/);
      expect(mail!.text_body).toContain('Dựa trên 4.200 lần kiểm tra, 380 lần hỏng của các xe cùng dòng VinFast Feliz S.');
      expect(mail!.text_body).toContain(`${PUBLIC_URL}/booking?vehicleId=${vehicleId}&service=bao-duong-phanh`);
      expect(mail!.text_body).toContain(`${PUBLIC_URL}/profile`);
      expect(mail!.html_body).toContain(`href="${PUBLIC_URL}/booking?vehicleId=${vehicleId}&#38;service=bao-duong-phanh"`);
      const rows = await crossings(scratch.db, vehicleId);
      expect(rows).toEqual([expect.objectContaining({ component: 'BRAKE_PADS', status: 'PREDICTED', model_id: modelId, cleared_at: null })]);
      expect(rows[0]!.probability).toBeGreaterThanOrEqual(FORECAST_REMINDER_THRESHOLD);
    });

    it('tells each crossing once through the centre: the bell, and Zalo (not email) to a customer reached on Zalo', async () => {
      const { email, userId, vehicleId, plate } = await customerWithScooter(scratch.db, 15_000, { phone: '0912 000 111' });
      await run();
      await run();
      const [crossing] = await crossings(scratch.db, vehicleId);
      expect(await toldTo(scratch.db, userId)).toEqual({
        bell: [{ kind: 'forecast_reminder', title: `Xe ${plate}: Má phanh nên được kiểm tra trong 3 tháng tới`, link: `/booking?vehicleId=${vehicleId}&service=bao-duong-phanh`, event_key: `forecast:${vehicleId}:BRAKE_PADS:${crossing!.id}` }],
        deliveries: [{ channel: 'zalo', kind: 'forecast_reminder' }],
      });
      expect(await remindersTo(scratch.db, email)).toHaveLength(0);
    });

    it('emails no unverified address (the bell still tells it)', async () => {
      const { email, userId } = await customerWithScooter(scratch.db, 15_000, { unverified: true });
      await run();
      expect((await toldTo(scratch.db, userId)).bell).toHaveLength(1);
      expect((await toldTo(scratch.db, userId)).deliveries).toEqual([]);
      expect(await remindersTo(scratch.db, email)).toHaveLength(0);
    });

    it('mails nothing under the threshold', async () => {
      const { email, vehicleId } = await customerWithScooter(scratch.db, 3_000);
      await run();
      expect(await remindersTo(scratch.db, email)).toHaveLength(0);
      expect(await crossings(scratch.db, vehicleId)).toHaveLength(0);
    });

    it('mails "needs attention now" for a FAIL left unfixed, whatever the model says', async () => {
      const { email, vehicleId, plate } = await customerWithScooter(scratch.db, 3_000);
      await kit.addVisit(vehicleId, { closedAt: new Date(Date.now() - 86_400_000).toISOString(), odometerKm: 3_000, items: [{ code: 'TYRE_WEAR', result: 'FAIL' }] });
      await run();
      const emails = await remindersTo(scratch.db, email);
      expect(emails.map((mail) => mail.subject)).toEqual([`Xe ${plate}: Lốp (độ mòn) cần được kiểm tra ngay`]);
      expect(emails[0]!.text_body).toContain('Dựa trên kết quả lần kiểm tra gần nhất');
      expect(emails[0]!.text_body).toContain(`/booking?vehicleId=${vehicleId}&service=dich-vu-lop`);
      expect(await crossings(scratch.db, vehicleId)).toEqual([expect.objectContaining({ component: 'TYRE_WEAR', status: 'NEEDS_ATTENTION_NOW', probability: null })]);
    });

    it('mails no opted-out customer, and nothing is recorded for them', async () => {
      const { email, vehicleId, userId } = await customerWithScooter(scratch.db, 15_000, { optedOut: true });
      await run();
      expect(await remindersTo(scratch.db, email)).toHaveLength(0);
      expect(await crossings(scratch.db, vehicleId)).toHaveLength(0);
      // Opting in again: the next run mails what is over the threshold then.
      await scratch.db.updateTable('users').set({ forecast_emails_opt_out: 0 }).where('id', '=', userId).execute();
      await run();
      expect(await remindersTo(scratch.db, email)).toHaveLength(1);
    });

    it('clears a crossing once the forecast is back below (a repair), and mails the next crossing again', async () => {
      const { email, vehicleId } = await customerWithScooter(scratch.db, 15_000);
      await run();
      expect(await remindersTo(scratch.db, email)).toHaveLength(1);

      // Between the clearing line (0.4) and the threshold: still the same crossing (no clearing, no email).
      await setOdometer(scratch.db, vehicleId, 6_000);
      await run();
      expect((await crossings(scratch.db, vehicleId)).map((row) => row.cleared_at)).toEqual([null]);

      // The pads are replaced at 15,000 km: the clock starts again, the probability falls near 0.
      await setOdometer(scratch.db, vehicleId, 15_000);
      await kit.addVisit(vehicleId, { closedAt: new Date(Date.now() - 3_600_000).toISOString(), odometerKm: 15_000, items: [{ code: 'BRAKE_PADS', result: 'FAIL', note: 'Đã thay má phanh' }] });
      await run();
      const afterRepair = await crossings(scratch.db, vehicleId);
      expect(afterRepair).toHaveLength(1);
      expect(afterRepair[0]!.cleared_at).not.toBeNull();
      expect(await remindersTo(scratch.db, email)).toHaveLength(1);

      // 15,000 km later the new pads cross the threshold: a new crossing, a second email; then once again only one.
      await setOdometer(scratch.db, vehicleId, 30_000);
      await run();
      await run();
      expect(await remindersTo(scratch.db, email)).toHaveLength(2);
      expect((await crossings(scratch.db, vehicleId)).map((row) => row.cleared_at === null)).toEqual([false, true]);
    });

    it('mails once when two runs (two API instances) go at the same time', async () => {
      const { email, vehicleId } = await customerWithScooter(scratch.db, 15_000);
      // PostgreSQL: two pools, two real sessions. SQLite (one writer per file; better-sqlite3 waits for a lock
      // synchronously, so two connections of one process would wait on each other): two runs interleaved on
      // the one connection, each reading "no open crossing" before either inserts.
      const other = target.dialect === 'postgres' ? scratch.connect() : scratch.db;
      try {
        const [first, second] = await Promise.all([run(scratch.db), run(other)]);
        expect(first.sent + second.sent).toBe(1);
      } finally {
        if (other !== scratch.db) await other.destroy();
      }
      expect(await remindersTo(scratch.db, email)).toHaveLength(1);
      expect(await crossings(scratch.db, vehicleId)).toHaveLength(1);
    });

    it('reads the vehicles in pages', async () => {
      const { email } = await customerWithScooter(scratch.db, 15_000);
      const paged = await sendForecastReminders(scratch.db, clock, { publicUrl: PUBLIC_URL, pageSize: 2 });
      const total = await scratch.db.selectFrom('vehicles').innerJoin('users', 'users.id', 'vehicles.user_id').select('vehicles.id').where('users.forecast_emails_opt_out', '=', 0).execute();
      expect(paged.vehicles).toBe(total.length);
      expect(paged.sent).toBe(1);
      expect(await remindersTo(scratch.db, email)).toHaveLength(1);
    });

    it('the profile says and changes forecastEmails, and the job follows it', async () => {
      const t = await startAuthApp(scratch.db);
      try {
        const { body, session } = await registerAndLogin(t.app);
        const headers = bearer(session.accessToken);
        const read = await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers });
        expect(profileResponseSchema.parse(read.json()).data.forecastEmails).toBe(true);

        const off = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers, payload: { forecastEmails: false } });
        expect(off.statusCode).toBe(200);
        expect(profileResponseSchema.parse(off.json()).data.forecastEmails).toBe(false);
        const row = await scratch.db.selectFrom('users').select('forecast_emails_opt_out').where('id', '=', Number(session.userId)).executeTakeFirstOrThrow();
        expect(row.forecast_emails_opt_out).toBe(1);
        expect((await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers })).json().data.forecastEmails).toBe(false);

        const { vehicleId, userId } = await customerWithScooter(scratch.db, 15_000, { email: body.email });
        await run();
        expect((await toldTo(scratch.db, userId)).bell).toHaveLength(0);

        // Case-insensitive like the other fields; a non-boolean is refused.
        const bad = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers, payload: { forecastEmails: 'có' } });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'forecastEmails' })]);
        const on = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers, payload: { ForecastEmails: true } });
        expect(on.json().data.forecastEmails).toBe(true);
        await run();
        // A registered customer with a phone: told under the bell and on Zalo (the centre's choice), not by email.
        expect((await toldTo(scratch.db, userId)).bell).toHaveLength(1);
        expect(await remindersTo(scratch.db, body.email)).toHaveLength(0);
        expect(await crossings(scratch.db, vehicleId)).toHaveLength(1);
      } finally {
        await t.close();
      }
    });

    it('runs again after an accepted training only, one run after the other, and not once stopped', async () => {
      const fakeTrainer = (runId: number): WearTrainer & { finish(): void } => {
        let finish!: () => void;
        const done = new Promise<void>((resolve) => {
          finish = resolve;
        });
        return { pid: undefined, start: async () => runId, idle: () => done, close: async () => undefined, finish: () => finish() };
      };
      const accepted = await serveModel(scratch.db);
      const failed = (
        await scratch.db.insertInto('prediction_models').values({ kind: 'wear', status: 'FAILED', error: 'x' }).returning('id').executeTakeFirstOrThrow()
      ).id;
      const log = { info: jest.fn(), error: jest.fn() };
      const calls: number[] = [];
      for (const runId of [accepted, failed]) {
        const inner = fakeTrainer(runId);
        const trainer = onAcceptedTraining(inner, scratch.db, (id) => calls.push(id), log);
        await trainer.start(null);
        inner.finish();
        await trainer.idle();
      }
      expect(calls).toEqual([accepted]);
      expect(log.error).not.toHaveBeenCalled();

      // The job's runSoon runs the reminders (a new crossing mails), one run after the other.
      const { email } = await customerWithScooter(scratch.db, 15_000);
      // A timer that never fires: only runSoon runs here.
      const job = startForecastReminders({ db: scratch.db, clock, log, publicUrl: PUBLIC_URL, scheduling: { timer: () => () => undefined } });
      const sent = await Promise.all([job.runSoon(), job.runSoon()]);
      expect(sent).toEqual([1, 0]);
      expect(await remindersTo(scratch.db, email)).toHaveLength(1);
      expect(log.error).not.toHaveBeenCalled();
      await job.stop();
      await expect(job.runSoon()).resolves.toBe(0);
    });
  });
});

describe('the daily run', () => {
  it('is at 08:00 in Vietnam (01:00 UTC)', () => {
    expect(nextOccurrence(FORECAST_REMINDER_SCHEDULE, new Date('2026-03-10T00:30:00Z'))).toEqual(new Date('2026-03-10T01:00:00Z'));
    expect(nextOccurrence(FORECAST_REMINDER_SCHEDULE, new Date('2026-03-10T01:00:00Z'))).toEqual(new Date('2026-03-11T01:00:00Z'));
  });
});
