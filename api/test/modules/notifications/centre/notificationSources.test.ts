import type { Kysely } from 'kysely';
import type { NotificationKind } from 'shared-contracts/schemas';
import type { Database } from '../../../../src/db/schema';
import { sendDueReminders } from '../../../../src/modules/maintenance';
import { manualClock } from '../../../../src/security/clock';
import { sendWishlistAlerts } from '../../../../src/modules/wishlist';
import { TOMORROW } from '../../../support/floorTestKit';
import { useParts } from '../../../support/partsTestKit';
import { addScooter, appointmentOf, book, createUser } from '../../../support/serviceTestKit';
import { createProduct } from '../../../support/shopTestKit';
import { productionDatabase } from '../../../support/testDatabases';

/** Polls `read` until `done` holds (some notifications are written after the request answered). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function notificationsOf(db: Kysely<Database>, userId: number, kind?: NotificationKind) {
  let select = db.selectFrom('notifications').select(['user_id', 'kind', 'topic', 'title', 'body', 'link', 'event_key']).where('user_id', '=', userId).orderBy('id');
  if (kind) select = select.where('kind', '=', kind);
  return select.execute();
}

/** The events with no bus message of their own: each module that makes them calls notify. */
describe.each(productionDatabase())('what makes a notification besides the bus, on $label', (target) => {
  const parts = useParts(target);
  const floor = () => parts.floor;

  it('tells the customer their booking was made and moved, linking the dashboard', async () => {
    const { app, db, centreA } = floor();
    const customer = await createUser(db);
    const vehicle = await addScooter(app, customer);
    const basic = await floor().serviceId('bao-duong-co-ban');
    const booked = await book(app, customer, { vehicleId: vehicle.id, serviceIds: [basic], centreId: centreA.id, start: `${TOMORROW}T10:00:00+07:00` });
    expect(booked.statusCode).toBe(201);
    const appointment = appointmentOf(booked);
    const moved = await floor().request(customer, 'POST', `/api/appointments/${appointment.id}/reschedule`, { start: `${TOMORROW}T14:00:00+07:00` });
    expect(moved.statusCode).toBe(200);
    const rows = await notificationsOf(db, customer.id);
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'booking_confirmed', title: `Đã đặt lịch hẹn ${appointment.code}`, link: '/dashboard' }),
      expect.objectContaining({ kind: 'booking_rescheduled', title: `Lịch hẹn ${appointment.code} đã được đổi`, body: expect.stringContaining('14:00 20/11/2026'), link: '/dashboard' }),
    ]);
  });

  it('asks the customer to approve extra work, then tells the technician and the centre’s staff the answer', async () => {
    const customer = await createUser(floor().db);
    const { request, order, technician, part } = await parts.requestIn('AWAITING_CUSTOMER', { customer });
    const asked = await eventually(
      () => notificationsOf(floor().db, customer.id, 'approval_needed'),
      (rows) => rows.length > 0,
    );
    expect(asked).toEqual([expect.objectContaining({ title: expect.stringContaining('cần bạn duyệt'), link: '/dashboard', event_key: `service-order:${order.id}:approval:${request.id}` })]);

    const answered = await floor().request(customer, 'POST', `/api/me/approvals/${request.id}`, { decision: 'approve' });
    expect(answered.statusCode).toBe(200);
    const told = await floor().db.selectFrom('notifications').select(['user_id', 'title', 'link']).where('event_key', '=', `parts-request:${request.id}:answered`).execute();
    const staffOfA = await floor()
      .db.selectFrom('staff_assignments')
      .innerJoin('users', 'users.id', 'staff_assignments.user_id')
      .select('users.id')
      .where('staff_assignments.centre_id', '=', floor().centreA.id)
      .where('staff_assignments.ended_at', 'is', null)
      .where('users.role', '=', 'staff')
      .execute();
    expect(told.map((row) => row.user_id).sort((a, b) => a - b)).toEqual([technician.id, ...staffOfA.map((row) => row.id)].sort((a, b) => a - b));
    expect(told.find((row) => row.user_id === technician.id)).toMatchObject({ title: `Khách đã đồng ý: ${part.name}`, link: '/technician/work-queue' });
    expect(told.find((row) => row.user_id === floor().users.staff.id)).toMatchObject({ link: '/staff/service-orders' });
    expect(await notificationsOf(floor().db, floor().users.staffB.id, 'staff_approval_answered')).toEqual([]);
  });

  it("puts a wishlist price drop under the customer's bell once, as the customer's shopping news, linking the product", async () => {
    const { db } = floor();
    const customer = await createUser(db);
    const product = await createProduct(db, { price: 900_000, stock: 5 });
    await db
      .insertInto('wishlist_items')
      .values({ user_id: customer.id, product_id: product.id, price_when_added: 1_200_000, notify_price_drop: 1, notify_back_in_stock: 0, seen_out_of_stock: 0, added_at: floor().service.clock.now().toISOString() })
      .execute();
    const slug = (await db.selectFrom('products').select('slug').where('id', '=', product.id).executeTakeFirstOrThrow()).slug;
    const run = () => sendWishlistAlerts(db, floor().service.clock, { publicUrl: 'https://evshop.test' });
    await run();
    await run();
    expect(await notificationsOf(db, customer.id)).toEqual([
      expect.objectContaining({ kind: 'price_drop', topic: 'order', title: `Giảm giá: ${product.name}`, link: `/products/${encodeURIComponent(slug)}` }),
    ]);
  });

  it("puts each maintenance reminder under its owner's bell, linking the booking form", async () => {
    const { db } = floor();
    // Two years on, every seeded vehicle is due.
    const later = manualClock(new Date(Date.now() + 2 * 365 * 86_400_000));
    const told = await sendDueReminders(db, later);
    expect(told).toBeGreaterThan(0);
    const reminders = await db.selectFrom('notifications').select(['link', 'title', 'topic']).where('kind', '=', 'booking_reminder').execute();
    expect(reminders).toHaveLength(told);
    for (const reminder of reminders) {
      expect(reminder.link).toMatch(/^\/booking\?/);
      expect(reminder.topic).toBe('booking');
    }
  });
});
