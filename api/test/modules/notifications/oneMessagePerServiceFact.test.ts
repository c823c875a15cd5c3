import { sendDueReminders } from '../../../src/modules/maintenance';
import { sendForecastReminders } from '../../../src/modules/prediction/forecastReminders';
import { sendRatingRequests } from '../../../src/modules/reviews';
import { createDeliveryWorker } from '../../../src/modules/notifications/channels/deliveryWorker';
import type { Delivery, NotificationChannel } from '../../../src/modules/notifications/channels/notificationChannel';
import { devOutboxMailer } from '../../../src/modules/notifications/mailer';
import { emailChannel } from '../../../src/modules/notifications/channels/providers/emailChannel';
import { manualClock } from '../../../src/security/clock';
import { productionDatabase, useParts } from '../../support/partsTestKit';
import { createUser, type TestUser } from '../../support/serviceTestKit';
import { emailOutbox } from '../../support/emailOutbox';

/**
 * Issue 62, the facts of a customer's car (oneMessagePerFact.test.ts has their orders and bookings): extra work
 * waiting for their yes, a maintenance due soon, a component over the forecast's threshold and a closed visit to
 * rate each reach the customer once per channel. The fact is driven through the app (the desk sends a parts request
 * to the customer; the hourly reminder, daily forecast and rating-request jobs run, each twice), the notification
 * centre's deliveries are sent as the server's worker sends them, and the customer who chose email has exactly one
 * email (the fact's own, with its details and link) and one notification under the bell; the customer reached on
 * Zalo has one Zalo message and no email.
 */
describe.each(productionDatabase())('one message per fact of the car and channel on $label', (target) => {
  const parts = useParts(target);
  const floor = () => parts.floor;

  /** What Zalo was sent (as the provider would receive it): one entry per message. */
  const zaloSent: Delivery[] = [];
  const zalo: NotificationChannel = {
    name: 'zalo',
    canReach: (recipient) => recipient.phone !== null,
    send: async (delivery) => {
      zaloSent.push(delivery);
      return { status: 'sent', providerRef: `zalo-${delivery.id}`, raw: null };
    },
  };

  /** What the server does after the request: the centre's bus work finished, then the deliveries' worker's round (at `clock`'s time). */
  async function settle(clock = floor().service.clock): Promise<void> {
    const { db, service } = floor();
    for (let round = 0; round < 3; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      const email = emailChannel({ mailer: devOutboxMailer(), publicUrl: service.config.publicUrl, from: service.config.mailFrom });
      const channels = new Map<'email' | 'zalo', NotificationChannel>([
        ['email', email],
        ['zalo', zalo],
      ]);
      await createDeliveryWorker({ db, channels, email, clock }).deliverPending();
    }
  }

  const emailsTo = async (customer: TestUser) => emailOutbox(floor().db).select(['kind', 'subject', 'text_body']).where('to_address', '=', customer.email).orderBy('id').execute();
  const bellOf = async (customer: TestUser) => floor().db.selectFrom('notifications').select(['kind', 'event_key']).where('user_id', '=', customer.id).orderBy('id').execute();
  const zaloTo = (customer: TestUser) => zaloSent.filter((delivery) => delivery.recipient.userId === customer.id);

  async function emailOnly(name: string): Promise<TestUser> {
    const customer = await createUser(floor().db, 'customer', name);
    await floor().db.updateTable('users').set({ phone_number: null }).where('id', '=', customer.id).execute();
    return customer;
  }

  describe('extra work waiting for the customer’s yes', () => {
    it('emails a customer who chose email the approval request once, and tells the bell once', async () => {
      const customer = await emailOnly('Khách Duyệt Qua Email');
      const { request, order } = await parts.requestIn('AWAITING_CUSTOMER', { customer });
      await settle();

      // Only the approval's messages: the car's check-in before it is a fact of its own (told once too).
      const emails = (await emailsTo(customer)).filter((email) => /duyệt/.test(email.subject));
      expect(emails.map((email) => [email.kind, email.subject])).toEqual([['parts_approval_request', `Cần bạn duyệt phụ tùng cho xe ${order.licensePlate}`]]);
      expect(emails[0]!.text_body).toContain('/dashboard#can-ban-duyet');
      expect((await bellOf(customer)).filter((row) => row.kind === 'approval_needed')).toEqual([{ kind: 'approval_needed', event_key: `service-order:${order.id}:approval:${request.id}` }]);
    });

    it('sends a customer reached on Zalo one Zalo message and no email', async () => {
      const customer = await createUser(floor().db, 'customer', 'Khách Duyệt Qua Zalo');
      const { order } = await parts.requestIn('AWAITING_CUSTOMER', { customer });
      await settle();

      expect(await emailsTo(customer)).toEqual([]);
      const asked = zaloTo(customer).filter((delivery) => delivery.kind === 'approval_needed');
      expect(asked.map((delivery) => delivery.title)).toEqual([`Xe ${order.licensePlate}: cần bạn duyệt thêm hạng mục`]);
      expect((await bellOf(customer)).filter((row) => row.kind === 'approval_needed')).toHaveLength(1);
    });
  });

  describe('a maintenance due soon', () => {
    it('reminds each owner once on their channel: the reminder email by email, one Zalo message on Zalo', async () => {
      const byEmail = await emailOnly('Chủ Xe Dùng Email');
      const byZalo = await createUser(floor().db, 'customer', 'Chủ Xe Dùng Zalo');
      const emailCar = await floor().addCar(byEmail);
      const zaloCar = await floor().addCar(byZalo);
      // Two years on, every car is due; the job runs twice (hourly, and on another instance): told once each.
      const later = manualClock(new Date(floor().service.clock.now().getTime() + 2 * 365 * 86_400_000));
      expect(await sendDueReminders(floor().db, later)).toBeGreaterThan(0);
      expect(await sendDueReminders(floor().db, later)).toBe(0);
      await settle(later);

      const emails = await emailsTo(byEmail);
      expect(emails.map((email) => email.kind)).toEqual(['maintenance_reminder']);
      expect(emails[0]!.subject).toContain(emailCar.licensePlate);
      expect(emails[0]!.text_body).toContain(`/booking?vehicleId=${emailCar.id}`);
      expect((await bellOf(byEmail)).map((row) => row.kind)).toEqual(['booking_reminder']);

      expect(await emailsTo(byZalo)).toEqual([]);
      expect(zaloTo(byZalo).map((delivery) => [delivery.kind, delivery.title])).toEqual([['booking_reminder', expect.stringContaining(zaloCar.licensePlate)]]);
      expect((await bellOf(byZalo)).map((row) => row.kind)).toEqual(['booking_reminder']);
    });
  });

  describe('a component over the forecast’s threshold', () => {
    const FAMILY = 'Feliz S';
    const brakes = { level: 'family', key: FAMILY, shape: 3, scale: 10, ageing: 0, logLikelihood: 0, covariance: [[0.004, 0], [0, 0.001]], steps: 4200, failures: 380, converged: true };

    it('reminds each owner once per crossing on their channel: the forecast email by email, one Zalo message on Zalo', async () => {
      const { db } = floor();
      const now = floor().service.clock.now().toISOString();
      await db
        .insertInto('prediction_models')
        .values({
          kind: 'wear',
          status: 'ACCEPTED',
          observations: 4200,
          failures: 380,
          metrics: JSON.stringify([{ component: 'BRAKE_PADS', accepted: true, backtest: null }]),
          parameters: JSON.stringify([{ component: 'BRAKE_PADS', models: [brakes], familyPool: { [FAMILY]: { level: 'family', key: FAMILY } } }]),
          started_at: now,
          finished_at: now,
          data_cutoff: now,
        })
        .execute();
      const byEmail = await emailOnly('Chủ Xe Dự Đoán Email');
      const byZalo = await createUser(db, 'customer', 'Chủ Xe Dự Đoán Zalo');
      const cars = [await floor().addCar(byEmail), await floor().addCar(byZalo)];
      // A never-inspected scooter of the family at 15,000 km: its brake pads are over the threshold.
      for (const car of cars) await db.updateTable('vehicles').set({ type: 'scooter', brand: 'VinFast', model: FAMILY, odometer_km: 15_000 }).where('id', '=', car.id).execute();
      const clock = floor().service.clock;
      expect((await sendForecastReminders(db, clock)).sent).toBeGreaterThanOrEqual(2);
      expect((await sendForecastReminders(db, clock)).sent).toBe(0);
      await settle();

      const emails = (await emailsTo(byEmail)).filter((email) => email.kind === 'forecast_reminder');
      expect(emails.map((email) => email.subject)).toEqual([`Dự đoán bảo dưỡng xe ${cars[0]!.licensePlate}: Má phanh nên được kiểm tra trong 3 tháng tới`]);
      expect(emails[0]!.text_body).toContain(`/booking?vehicleId=${cars[0]!.id}`);
      expect((await bellOf(byEmail)).filter((row) => row.kind === 'forecast_reminder')).toHaveLength(1);

      expect(await emailsTo(byZalo)).toEqual([]);
      expect(zaloTo(byZalo).filter((delivery) => delivery.kind === 'forecast_reminder').map((delivery) => delivery.title)).toEqual([
        `Xe ${cars[1]!.licensePlate}: Má phanh nên được kiểm tra trong 3 tháng tới`,
      ]);
      expect((await bellOf(byZalo)).filter((row) => row.kind === 'forecast_reminder')).toHaveLength(1);
    });
  });

  describe('a closed visit to rate', () => {
    it('asks each customer once on their channel: the request email by email, one Zalo message on Zalo', async () => {
      const byEmail = await emailOnly('Khách Đánh Giá Email');
      const byZalo = await createUser(floor().db, 'customer', 'Khách Đánh Giá Zalo');
      const closedAt = floor().service.clock.now().toISOString();
      const orders = [];
      for (const customer of [byEmail, byZalo]) {
        const { order } = await parts.requestIn('AWAITING_CUSTOMER', { customer });
        await floor().db.updateTable('service_orders').set({ status: 'CLOSED', closed_at: closedAt }).where('id', '=', order.id).execute();
        orders.push(order);
      }
      const publicUrl = floor().service.config.publicUrl;
      while ((await sendRatingRequests(floor().db, floor().service.clock, { publicUrl })) > 0);
      expect(await sendRatingRequests(floor().db, floor().service.clock, { publicUrl })).toBe(0);
      await settle();

      const code = async (id: number) => (await floor().db.selectFrom('service_orders').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code;
      const emails = (await emailsTo(byEmail)).filter((email) => email.kind === 'service_rating_request');
      expect(emails.map((email) => email.subject)).toEqual([`Bạn thấy lượt dịch vụ ${await code(orders[0]!.id)} thế nào?`]);
      expect((await bellOf(byEmail)).filter((row) => row.kind === 'service_rating_request')).toEqual([{ kind: 'service_rating_request', event_key: `service-order:${orders[0]!.id}:rating-request` }]);

      expect((await emailsTo(byZalo)).filter((email) => email.kind === 'service_rating_request')).toEqual([]);
      expect(zaloTo(byZalo).filter((delivery) => delivery.kind === 'service_rating_request').map((delivery) => delivery.title)).toEqual([`Bạn thấy lượt dịch vụ ${await code(orders[1]!.id)} thế nào?`]);
      expect((await bellOf(byZalo)).filter((row) => row.kind === 'service_rating_request')).toHaveLength(1);
    });
  });
});
