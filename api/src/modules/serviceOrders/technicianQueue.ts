import { vietnamDateOf, addCalendarDays, type TechnicianQueue } from 'shared-contracts/schemas';
import type { CentreScope } from '../../security/centreScope';
import { vietnamDayBounds } from '../../db/vietnamDay';
import { cardQueries, clockedMinutes } from './serviceOrderCards';
import type { ServiceOrderContext } from './serviceOrderContext';
import { clockStateOf } from './technicianClock';

/** The Monday (Vietnamese date) of the week of `date`. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addCalendarDays(date, -((weekday + 6) % 7));
}

/** My OPEN and IN_PROGRESS orders. */
const myCards = cardQueries<{ technicianId: number }>(
  (db, param) =>
    db.selectFrom('service_orders').select('id').where('technician_id', '=', param('technicianId')).where('status', 'in', ['OPEN', 'IN_PROGRESS']),
  'appointment',
);

/** The centre's OPEN orders nobody is assigned to. */
const unassignedCards = cardQueries<{ centreId: number }>(
  (db, param) =>
    db.selectFrom('service_orders').select('id').where('centre_id', '=', param('centreId')).where('status', '=', 'OPEN').where('technician_id', 'is', null),
  'appointment',
);

/**
 * GET /technician/queue: my OPEN and IN_PROGRESS orders by appointment time, the centre's unassigned OPEN
 * orders, my running clock, and my clocked minutes and finished orders today and this week (Monday to now).
 */
export async function readTechnicianQueue(ctx: ServiceOrderContext, scope: CentreScope): Promise<TechnicianQueue> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const centreId = scope.centreId!;
  const today = vietnamDateOf(now);
  const todayStart = new Date(vietnamDayBounds(today).from);
  const weekStart = new Date(vietnamDayBounds(mondayOf(today)).from);
  const [centre, mine, unassigned, clock, entries, finished] = await Promise.all([
    db.selectFrom('service_centres').select(['id', 'name']).where('id', '=', centreId).executeTakeFirstOrThrow(),
    myCards.load(db, now, { technicianId: scope.userId }),
    unassignedCards.load(db, now, { centreId }),
    clockStateOf(db, scope.userId),
    db
      .selectFrom('work_time_entries')
      .select(['started_at', 'ended_at'])
      .where('technician_id', '=', scope.userId)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', weekStart.toISOString())]))
      .execute(),
    db
      .selectFrom('service_order_status_history')
      .select(['service_order_id', 'created_at'])
      .where('changed_by', '=', scope.userId)
      .where('to_status', '=', 'WORK_DONE')
      .where('created_at', '>=', weekStart.toISOString())
      .execute(),
  ]);
  const ordersDoneSince = (from: Date) => new Set(finished.filter((row) => new Date(row.created_at).getTime() >= from.getTime()).map((row) => row.service_order_id)).size;
  return {
    centre: { id: centre.id, name: centre.name },
    mine: mine.map((entry) => entry.card),
    unassigned: unassigned.map((entry) => entry.card),
    clock,
    kpis: {
      today: { clockedMinutes: clockedMinutes(entries, now, todayStart, now), ordersDone: ordersDoneSince(todayStart) },
      week: { clockedMinutes: clockedMinutes(entries, now, weekStart, now), ordersDone: ordersDoneSince(weekStart) },
    },
  };
}
