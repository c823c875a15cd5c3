import { memoryEventBus } from '../../../src/events/eventBus';
import { sendAppointmentReminders } from '../../../src/modules/bookings/appointmentReminders';
import { createUser, DEFAULT_NOW } from '../../support/serviceTestKit';
import { productionDatabase, TOMORROW, useFloor } from '../../support/floorTestKit';

/**
 * Issue 49 §2, "booking reminder": a customer's pending or confirmed booking in the next 24 hours, made more than a
 * day ahead, is recalled on their bell once (however often the job runs, a rescheduled booking again); later,
 * cancelled, guests' and same-day bookings are not.
 */
describe.each(productionDatabase())('appointment reminders on $label', (target) => {
  const floor = useFloor(target);
  const clock = { now: () => new Date(DEFAULT_NOW) };

  const remindersOf = (userId: number) =>
    floor.db.selectFrom('notifications').select(['title', 'body', 'link', 'event_key']).where('user_id', '=', userId).where('kind', '=', 'booking_reminder').execute();

  it('recalls each booking of the next 24 hours once, and a moved one again', async () => {
    const events = memoryEventBus();
    const customer = await createUser(floor.db, 'customer', 'Khách Nhắc Lịch');
    const soon = await floor.bookToday({ customer, time: '14:00' });
    const tomorrowEarly = await floor.bookToday({ customer, date: TOMORROW, time: '07:30' });
    await floor.bookToday({ customer, date: TOMORROW, time: '10:00' }); // 26 h ahead: not yet
    const cancelled = await floor.bookToday({ customer, time: '15:00', status: 'CANCELLED' });
    await floor.bookToday({ customer: null, time: '16:00' }); // a guest's: no account to tell
    const sameDay = await floor.bookToday({ customer, time: '17:00' }); // booked this morning: its confirmation is enough
    // All but the same-day one were booked three days ago.
    await floor.db.updateTable('appointments').set({ created_at: '2026-11-16T01:00:00.000Z' }).where('user_id', 'is not', null).where('id', '!=', sameDay.appointmentId).execute();

    await sendAppointmentReminders({ db: floor.db, events, clock });
    const first = await remindersOf(customer.id);
    expect(first.map((row) => row.event_key).sort()).toEqual(
      [`appointment:${soon.appointmentId}:reminder:2026-11-19T07:00:00.000Z`, `appointment:${tomorrowEarly.appointmentId}:reminder:2026-11-20T00:30:00.000Z`].sort(),
    );
    expect(first.every((row) => row.link === '/dashboard' && row.title.startsWith('Nhắc lịch hẹn'))).toBe(true);
    expect(first.some((row) => row.event_key.includes(`:${cancelled.appointmentId}:`) || row.event_key.includes(`:${sameDay.appointmentId}:`))).toBe(false);

    // Run again (another instance, the next quarter): nothing new.
    expect(await sendAppointmentReminders({ db: floor.db, events, clock })).toBe(0);
    expect(await remindersOf(customer.id)).toHaveLength(2);

    // The booking moves to 17:00: recalled for its new time.
    await floor.db.updateTable('appointments').set({ starts_at: '2026-11-19T10:00:00.000Z', ends_at: '2026-11-19T11:00:00.000Z' }).where('id', '=', soon.appointmentId).execute();
    expect(await sendAppointmentReminders({ db: floor.db, events, clock })).toBe(1);
    expect(await remindersOf(customer.id)).toHaveLength(3);
    await events.close();
  });
});
