import type { Kysely } from 'kysely';
import { CHECK_IN_APPOINTMENT_STATUSES, vietnamDateOf, type ServiceOrderBoard, type StaffAppointment } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { centreForRequest, type CentreScope } from '../../security/centreScope';
import { loadStaffAppointments } from '../frontDesk';
import { vietnamDayBounds } from '../../db/vietnamDay';
import { onePerVehicle } from './boardOnePerVehicle';
import { cardQueries } from './serviceOrderCards';
import type { ServiceOrderContext } from './serviceOrderContext';

/** Statuses whose cards stay on the board whatever day they were opened. */
const ON_THE_FLOOR = ['OPEN', 'IN_PROGRESS', 'WORK_DONE', 'INVOICED'] as const;

/** The day's appointments of a centre still to be checked in ('Chờ tiếp nhận'): the front desk's rows, by time. */
async function waitingAppointments(db: Kysely<Database>, centreId: number, date: string, now: Date): Promise<StaffAppointment[]> {
  const day = await loadStaffAppointments(db, centreId, date, now);
  return day.filter((appointment) => (CHECK_IN_APPOINTMENT_STATUSES as readonly string[]).includes(appointment.status));
}

/**
 * The orders on a centre's board for [from, to): those still on the floor opened before `to` (index centre_id,
 * status, opened_at), and those closed in the range. An order is CLOSED when its invoice is paid (INVOICED →
 * CLOSED at the payment's instant), so the index of the invoices (centre_id, paid_at) finds the day's closed
 * orders without reading the centre's history.
 */
const boardCards = cardQueries<{ centreId: number; from: string; to: string }>(
  (db, param) =>
    db
      .selectFrom('service_orders')
      .select('service_orders.id')
      .where('service_orders.centre_id', '=', param('centreId'))
      .where('service_orders.status', 'in', [...ON_THE_FLOOR])
      .where('service_orders.opened_at', '<', param('to'))
      .unionAll(
        db
          .selectFrom('service_invoices')
          .innerJoin('service_orders', 'service_orders.id', 'service_invoices.service_order_id')
          .select('service_orders.id')
          .where('service_invoices.centre_id', '=', param('centreId'))
          .where('service_invoices.paid_at', '>=', param('from'))
          .where('service_invoices.paid_at', '<', param('to'))
          .where('service_orders.status', '=', 'CLOSED')
          .where('service_orders.closed_at', '>=', param('from'))
          .where('service_orders.closed_at', '<', param('to')),
      ),
  'opened',
);

/**
 * GET /service-orders/board?date=&centreId=: the centre's floor on a day: the appointments waiting for
 * check-in, the orders opened that day or still on the floor, and those closed that day, one card per vehicle
 * (boardOnePerVehicle). Four queries.
 */
export async function readBoard(ctx: ServiceOrderContext, scope: CentreScope, query: { date?: string; centreId?: number }): Promise<ServiceOrderBoard> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const centreId = await centreForRequest(db, scope, query.centreId);
  const date = query.date ?? vietnamDateOf(now);
  const { from, to } = vietnamDayBounds(date);
  const [centre, waiting, cards] = await Promise.all([
    db.selectFrom('service_centres').select(['id', 'name', 'service_bays']).where('id', '=', centreId).executeTakeFirstOrThrow(),
    waitingAppointments(db, centreId, date, now),
    boardCards.load(db, now, { centreId, from, to }),
  ]);
  const onePerCar = onePerVehicle(
    waiting,
    cards.map((entry) => entry.card),
  );
  return { centre: { id: centre.id, name: centre.name, serviceBays: centre.service_bays }, date, ...onePerCar };
}
