import type { Order } from 'shared-contracts/schemas';
import { createDeliveryWorker } from '../../../src/modules/notifications/channels/deliveryWorker';
import type { Delivery, NotificationChannel } from '../../../src/modules/notifications/channels/notificationChannel';
import { devOutboxMailer } from '../../../src/modules/notifications/mailer';
import { emailChannel } from '../../../src/modules/notifications/channels/providers/emailChannel';
import { addScooter, appointmentOf, authHeader, book, createCentre, createUser as createServiceUser, serviceId, startServiceApp, type ServiceApp, type TestUser as ServiceUser } from '../../support/serviceTestKit';
import { sendWishlistAlerts } from '../../../src/modules/wishlist';
import { createProduct, createUser as createShopUser, orderOf, pickupAt, postOrder, recordTransferFor, setOnlineStock, stockCentre, type TestUser as ShopUser } from '../../support/shopTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { emailOutbox } from '../../support/emailOutbox';

/**
 * Issue 62: every fact reaches the customer once per channel. Each event a customer can receive is driven through
 * the app (their booking made, moved, confirmed, cancelled; their order placed, paid, confirmed, ready, handed over,
 * cancelled, refunded; a wished product cheaper, then back in stock); then the notification centre's deliveries are sent as the server's worker sends them, and
 * the customer has exactly one email per fact (the order or booking email with its details), one notification
 * under the bell, and, on Zalo, one message and no email at all. (oneMessagePerServiceFact.test.ts: the parts
 * approval and the maintenance reminder.)
 */
describe.each(productionDatabase())('one message per fact and channel on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let centreId: number;
  let staff: ShopUser;

  const at = (date: string, time: string) => `${date}T${time}:00+07:00`;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    centreId = (await scratch.db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow()).id;
    staff = await createShopUser(service.app, scratch.db, { role: 'staff' });
    await scratch.db.insertInto('staff_assignments').values({ user_id: staff.id, centre_id: centreId, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();
  });
  afterAll(() => service.close());

  /** What Zalo was sent (the provider, as the stand-in records it): one entry per message. */
  const zaloSent: Delivery[] = [];
  const zalo: NotificationChannel = {
    name: 'zalo',
    canReach: (recipient) => recipient.phone !== null,
    send: async (delivery) => {
      zaloSent.push(delivery);
      return { status: 'sent', providerRef: `zalo-${delivery.id}`, raw: null };
    },
  };

  /** What the server does after the request: the centre's bus work finished, then the deliveries' worker's round. */
  async function settle(): Promise<void> {
    for (let round = 0; round < 3; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      const email = emailChannel({ mailer: devOutboxMailer(), publicUrl: service.config.publicUrl, from: service.config.mailFrom });
      const channels = new Map<'email' | 'zalo', NotificationChannel>([
        ['email', email],
        ['zalo', zalo],
      ]);
      await createDeliveryWorker({ db: scratch.db, channels, email, clock: service.clock }).deliverPending();
    }
  }

  const emailsTo = async (address: string, code: string) =>
    (await emailOutbox(scratch.db).select(['subject', 'kind']).where('to_address', '=', address).orderBy('id').execute()).filter((email) => email.subject.includes(code));
  const bellOf = async (userId: number, code: string) =>
    (await scratch.db.selectFrom('notifications').select(['title', 'event_key']).where('user_id', '=', userId).orderBy('id').execute()).filter((row) => row.title.includes(code));

  /** Counts the customer's emails per fact: each subject must belong to exactly one fact, each fact to one email. */
  function perFact(subjects: readonly string[], facts: Record<string, RegExp>): Record<string, number> {
    const counts = Object.fromEntries(Object.keys(facts).map((fact) => [fact, 0]));
    for (const subject of subjects) {
      const matching = Object.entries(facts).filter(([, pattern]) => pattern.test(subject));
      expect({ subject, facts: matching.length }).toEqual({ subject, facts: 1 });
      const fact = matching[0]![0];
      counts[fact] = (counts[fact] ?? 0) + 1;
    }
    return counts;
  }

  describe('a booking', () => {
    let bookingCentre: number;
    let basic: number;
    beforeAll(async () => {
      bookingCentre = await createCentre(scratch.db, { bays: 2, open: '08:00', close: '17:00' });
      basic = await serviceId(scratch.db, 'bao-duong-co-ban');
    });

    async function bookAndLive(customer: ServiceUser) {
      const vehicle = await addScooter(service.app, customer);
      const booked = await book(service.app, customer, { vehicleId: vehicle.id, serviceIds: [basic], centreId: bookingCentre, start: at('2026-11-23', '09:00') });
      expect(booked.statusCode).toBe(201);
      const appointment = appointmentOf(booked);
      const headers = await authHeader(service.app, customer);
      const moved = await service.app.inject({ method: 'POST', url: `/api/appointments/${appointment.id}/reschedule`, headers, payload: { start: at('2026-11-23', '14:00') } });
      expect(moved.statusCode).toBe(200);
      const desk = await createServiceUser(scratch.db, 'staff');
      await scratch.db.insertInto('staff_assignments').values({ user_id: desk.id, centre_id: bookingCentre, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();
      const confirmed = await service.app.inject({ method: 'PATCH', url: `/api/appointments/${appointment.id}/status`, headers: await authHeader(service.app, desk), payload: { status: 'CONFIRMED' } });
      expect(confirmed.statusCode).toBe(200);
      await settle();
      const cancelled = await service.app.inject({ method: 'POST', url: `/api/appointments/${appointment.id}/cancel`, headers, payload: { reason: 'Bận việc đột xuất' } });
      expect(cancelled.statusCode).toBe(200);
      await settle();
      return appointment;
    }

    it('emails a customer who chose email once for each fact, with the booking email, and tells the bell once each', async () => {
      const customer = await createServiceUser(scratch.db, 'customer', 'Khách Chỉ Dùng Email');
      await scratch.db.updateTable('users').set({ phone_number: null }).where('id', '=', customer.id).execute();
      const appointment = await bookAndLive(customer);
      const code = appointment.code;

      const emails = await emailsTo(customer.email, code);
      expect(
        perFact(
          emails.map((email) => email.subject),
          { booked: /Đặt lịch thành công|Đã đặt lịch hẹn/, rescheduled: /đã được đổi/, confirmed: /đã được xác nhận/, cancelled: /đã được hủy|đã bị hủy/ },
        ),
      ).toEqual({ booked: 1, rescheduled: 1, confirmed: 1, cancelled: 1 });
      // The booking's own emails, with its details (the centre's templates of the booking emails).
      expect(emails.find((email) => email.kind === 'appointment_confirmation')?.subject).toBe(`Đặt lịch thành công – ${code}`);
      expect(emails.find((email) => email.kind === 'appointment_cancelled')?.subject).toBe(`Lịch hẹn ${code} đã được hủy`);

      const bell = await bellOf(customer.id, code);
      expect(bell.map((row) => row.event_key)).toEqual([
        `appointment:${appointment.id}:booked`,
        expect.stringMatching(new RegExp(`^appointment:${appointment.id}:rescheduled:`)),
        `appointment:${appointment.id}:CONFIRMED`,
        `appointment:${appointment.id}:CANCELLED`,
      ]);
    });

    it('sends a customer reached on Zalo one Zalo message per fact and no email', async () => {
      const customer = await createServiceUser(scratch.db, 'customer', 'Khách Dùng Zalo');
      const appointment = await bookAndLive(customer);
      expect(await emailsTo(customer.email, appointment.code)).toEqual([]);
      const toCustomer = zaloSent.filter((delivery) => delivery.recipient.userId === customer.id);
      expect(toCustomer.map((delivery) => delivery.title)).toEqual([
        `Đã đặt lịch hẹn ${appointment.code}`,
        `Lịch hẹn ${appointment.code} đã được đổi`,
        `Lịch hẹn ${appointment.code} đã được xác nhận`,
        `Lịch hẹn ${appointment.code} đã bị hủy`,
      ]);
      expect(await bellOf(customer.id, appointment.code)).toHaveLength(4);
    });
  });

  describe('a web order', () => {
    let customer: ShopUser;
    beforeAll(async () => {
      customer = await createShopUser(service.app, scratch.db);
    });

    const act = async (code: string, payload: Record<string, unknown>) => {
      const detail = await service.app.inject({ method: 'GET', url: `/api/staff/web-orders/${code}`, headers: staff.headers });
      const { version } = (detail.json() as { data: { version: number } }).data;
      const response = await service.app.inject({ method: 'POST', url: `/api/staff/web-orders/${code}/actions`, headers: staff.headers, payload: { version, ...payload } });
      expect({ status: response.statusCode, action: payload.action }).toEqual({ status: 200, action: payload.action });
    };
    const place = async (paymentMethod: string): Promise<Order> => {
      const product = await createProduct(scratch.db, { price: 450_000, stock: 0 });
      await stockCentre(scratch.db, centreId, product.id, 5);
      const response = await postOrder(service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], paymentMethod: paymentMethod as 'VIETQR', fulfilment: pickupAt(centreId) });
      expect(response.statusCode).toBe(201);
      return orderOf(response);
    };

    const ORDER_FACTS = {
      placed: /^Xác nhận đơn hàng/,
      paid: /Đã nhận thanh toán/,
      confirmed: /Đã xác nhận|đã được xác nhận/,
      ready: /Sẵn sàng nhận|sẵn sàng để nhận/,
      completed: /Hoàn thành/,
      cancelled: /đã được hủy/,
      refunded: /hoàn tiền/,
    };

    it('emails each fact of a paid, confirmed, ready and collected order once, and tells the bell once each', async () => {
      const order = await place('VIETQR');
      expect((await recordTransferFor(service.app, staff, order.code, order.total, service.clock.now())).json()).toMatchObject({ data: { outcome: 'MATCHED' } });
      await settle();
      await act(order.code, { action: 'confirm' });
      await act(order.code, { action: 'pack' });
      await act(order.code, { action: 'readyForPickup' });
      await act(order.code, { action: 'handOver' });
      await settle();

      const emails = await emailsTo(customer.email, order.code);
      expect(perFact(emails.map((email) => email.subject), ORDER_FACTS)).toEqual({ placed: 1, paid: 1, confirmed: 1, ready: 1, completed: 1, cancelled: 0, refunded: 0 });
      // The payment's email is the order email with the amount and its link (the centre's template of it).
      const paid = await emailOutbox(scratch.db).select(['subject', 'text_body']).where('to_address', '=', customer.email).where('subject', 'like', '%Đã nhận thanh toán%').where('subject', 'like', `%${order.code}%`).executeTakeFirstOrThrow();
      expect(paid.subject).toBe(`Đã nhận thanh toán đơn hàng ${order.code} – EV Service`);
      expect(paid.text_body).toContain(`/orders/${order.code}`);

      const bell = (await bellOf(customer.id, order.code)).map((row) => row.event_key);
      expect(bell.sort()).toEqual(['placed', 'paid', 'confirmed', 'ready-for-pickup', 'completed'].map((fact) => `order:${order.code}:${fact}`).sort());
    });

    it('emails the cancellation and the refund of a paid order once each', async () => {
      const order = await place('VIETQR');
      expect((await recordTransferFor(service.app, staff, order.code, order.total, service.clock.now())).json()).toMatchObject({ data: { outcome: 'MATCHED' } });
      await act(order.code, { action: 'cancel', reason: 'Hàng lỗi từ nhà cung cấp' });
      await act(order.code, { action: 'refund', amount: order.total, method: 'CASH' });
      await settle();

      const emails = await emailsTo(customer.email, order.code);
      expect(perFact(emails.map((email) => email.subject), ORDER_FACTS)).toEqual({ placed: 1, paid: 1, confirmed: 0, ready: 0, completed: 0, cancelled: 1, refunded: 1 });
      const bell = (await bellOf(customer.id, order.code)).map((row) => row.event_key);
      expect(bell.sort()).toEqual(['placed', 'paid', 'cancelled', 'refunded'].map((fact) => `order:${order.code}:${fact}`).sort());
    });

    it('sends a customer reached on Zalo one Zalo message per fact of their order and no email', async () => {
      const onZalo = await createShopUser(service.app, scratch.db);
      await scratch.db.updateTable('users').set({ phone_number: '0903334455' }).where('id', '=', onZalo.id).execute();
      const placeAsOnZalo = async (paymentMethod: 'PAY_AT_PICKUP' | 'VIETQR') => {
        const product = await createProduct(scratch.db, { price: 300_000, stock: 0 });
        await stockCentre(scratch.db, centreId, product.id, 5);
        const response = await postOrder(service.app, onZalo, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], paymentMethod, fulfilment: pickupAt(centreId) });
        expect(response.statusCode).toBe(201);
        return orderOf(response);
      };
      const order = await placeAsOnZalo('PAY_AT_PICKUP');
      await act(order.code, { action: 'confirm' });
      await act(order.code, { action: 'pack' });
      await act(order.code, { action: 'readyForPickup' });
      await act(order.code, { action: 'handOver' });
      const dropped = await placeAsOnZalo('VIETQR');
      await act(dropped.code, { action: 'cancel', reason: 'Khách đổi ý' });
      await settle();

      expect(await emailsTo(onZalo.email, order.code)).toEqual([]);
      expect(await emailsTo(onZalo.email, dropped.code)).toEqual([]);
      const kinds = (code: string) => zaloSent.filter((delivery) => delivery.recipient.userId === onZalo.id && delivery.title.includes(code)).map((delivery) => delivery.kind);
      expect(kinds(order.code).sort()).toEqual(['order_placed', 'order_confirmed', 'order_ready_for_pickup', 'payment_received', 'order_completed'].sort());
      expect(kinds(dropped.code).sort()).toEqual(['order_placed', 'order_cancelled'].sort());
      expect(await bellOf(onZalo.id, order.code)).toHaveLength(5);
      expect(await bellOf(onZalo.id, dropped.code)).toHaveLength(2);
    });
  });

  describe('a wished product', () => {
    it('tells each wisher a price drop and a return once on their channel: the wishlist email by email, Zalo on Zalo', async () => {
      const name = 'Bộ sạc di động một tin mỗi kênh';
      const product = await createProduct(scratch.db, { price: 1_000_000, stock: 4, name });
      const byEmail = await createShopUser(service.app, scratch.db);
      const byZalo = await createShopUser(service.app, scratch.db);
      await scratch.db.updateTable('users').set({ phone_number: '0903334466' }).where('id', '=', byZalo.id).execute();
      for (const user of [byEmail, byZalo]) {
        const saved = await service.app.inject({ method: 'PUT', url: `/api/wishlist/items/${product.id}`, headers: user.headers, payload: { notifyPriceDrop: true, notifyBackInStock: true } });
        expect(saved.statusCode).toBe(200);
      }
      const run = () => sendWishlistAlerts(scratch.db, service.clock, { publicUrl: service.config.publicUrl });
      while ((await run()) > 0); // what the tests before left to tell

      await scratch.db.updateTable('products').set({ price: 800_000 }).where('id', '=', product.id).execute();
      expect(await run()).toBe(2);
      expect(await run()).toBe(0);
      await setOnlineStock(scratch.db, product.id, 0);
      expect(await run()).toBe(0);
      await setOnlineStock(scratch.db, product.id, 3);
      expect(await Promise.all([run(), run()]).then(([a, b]) => a + b)).toBe(2);
      expect(await run()).toBe(0);
      await settle();

      const WISH_FACTS = { priceDrop: /^Giảm giá:/, backInStock: /^Đã có hàng:/ };
      const emails = await emailsTo(byEmail.email, name);
      expect(emails.map((email) => email.kind).sort()).toEqual(['wishlist_back_in_stock', 'wishlist_price_drop']);
      expect(perFact(emails.map((email) => email.subject), WISH_FACTS)).toEqual({ priceDrop: 1, backInStock: 1 });
      expect((await bellOf(byEmail.id, name)).map((row) => row.title).sort()).toEqual([`Giảm giá: ${name}`, `Đã có hàng: ${name}`].sort());

      expect(await emailsTo(byZalo.email, name)).toEqual([]);
      const zaloKinds = zaloSent.filter((delivery) => delivery.recipient.userId === byZalo.id && delivery.title.includes(name)).map((delivery) => delivery.kind);
      expect(zaloKinds.sort()).toEqual(['back_in_stock', 'price_drop']);
      expect(await bellOf(byZalo.id, name)).toHaveLength(2);
    });
  });
});
