import type { Transaction } from 'kysely';
import { vietnamDateOf } from 'shared-contracts/schemas';
import type { Database } from '../src/db/schema';
import { centreTechnicians, DEMO_HISTORY_DAYS, demoShiftOf } from './demoHistory';

/**
 * Demo shifts (issue 15: /manager?view=shifts and the utilisation KPI show real data): every active technician
 * of every centre gets a shift Monday to Saturday, from the start of the demo history (DEMO_HISTORY_DAYS ago)
 * to the end of next week, inside the centre's opening hours: 8 hours, early ones from opening, late ones up to
 * closing (demoShiftOf, the same the history's clock entries follow). Insert-only: a day a technician already
 * has a shift (UNIQUE technician + day) keeps it as it is.
 */
const DAY = 86_400_000;

/** Returns how many shifts the window holds. */
export async function seedDemoShifts(trx: Transaction<Database>, now: Date = new Date()): Promise<number> {
  const today = vietnamDateOf(now);
  const todayMs = Date.parse(`${today}T00:00:00.000Z`);
  const weekdayToday = new Date(todayMs).getUTCDay();
  const untilMs = todayMs + ((7 - weekdayToday) % 7) * DAY + 7 * DAY; // Sunday of next week
  const dates: string[] = [];
  for (let at = todayMs - DEMO_HISTORY_DAYS * DAY; at <= untilMs; at += DAY) {
    if (new Date(at).getUTCDay() !== 0) dates.push(new Date(at).toISOString().slice(0, 10));
  }
  const centres = await trx.selectFrom('service_centres').select(['id', 'open_time', 'close_time']).where('kind', '=', 'SERVICE_CENTRE').execute();
  const technicians = await centreTechnicians(trx);
  const rows = centres.flatMap((centre) =>
    (technicians.get(centre.id) ?? []).flatMap((technician, index) => {
      const shift = demoShiftOf(index, centre.open_time, centre.close_time);
      return dates.map((date) => ({ technician_id: technician.id, centre_id: centre.id, work_date: date, start_time: shift.start, end_time: shift.end, created_by: null }));
    }),
  );
  for (let index = 0; index < rows.length; index += 500) {
    await trx
      .insertInto('technician_shifts')
      .values(rows.slice(index, index + 500))
      .onConflict((conflict) => conflict.columns(['technician_id', 'work_date']).doNothing())
      .execute();
  }
  const held = await trx.selectFrom('technician_shifts').select((eb) => eb.fn.countAll<number | string>().as('n')).where('work_date', '>=', dates[0]!).where('work_date', '<=', dates[dates.length - 1]!).executeTakeFirst();
  return Number(held?.n ?? 0);
}
