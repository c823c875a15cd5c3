import type { Kysely } from 'kysely';
import { vietnamDateOf, type StaffSummary } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { centreForRequest, type CentreScope } from '../../security/centreScope';
import { vietnamDayBounds } from '../../db/vietnamDay';

/**
 * GET /staff/summary (S1): today's counters of the centre, as the board counts them. Two grouped counts:
 *
 * - appointmentsDue: today's appointments still to be checked in (PENDING, CONFIRMED);
 * - checkedIn, inProgress, readyForPayment: the service orders on the floor now (OPEN; IN_PROGRESS;
 *   WORK_DONE + INVOICED), whatever day they were opened, as the board's columns hold them;
 * - waitingApproval, waitingParts: see partsFlags below.
 */

/**
 * Orders with a parts request waiting for the customer (AWAITING_CUSTOMER) or approved and not yet reserved
 * (APPROVED): one grouped count over parts_requests (centre_id, status).
 */
async function partsFlags(db: Kysely<Database>, centreId: number): Promise<{ waitingApproval: number; waitingParts: number }> {
  const rows = await db
    .selectFrom('parts_requests')
    .select((eb) => ['status', eb.fn.count<number | string>('service_order_id').distinct().as('orders')])
    .where('centre_id', '=', centreId)
    .where('status', 'in', ['AWAITING_CUSTOMER', 'APPROVED'])
    .groupBy('status')
    .execute();
  const count = (status: string) => toNumber(rows.find((row) => row.status === status)?.orders ?? 0);
  return { waitingApproval: count('AWAITING_CUSTOMER'), waitingParts: count('APPROVED') };
}

export async function readStaffSummary(db: Kysely<Database>, scope: CentreScope, requestedCentreId: number | undefined, now: Date): Promise<StaffSummary> {
  const centreId = await centreForRequest(db, scope, requestedCentreId);
  const date = vietnamDateOf(now);
  const { from, to } = vietnamDayBounds(date);
  const [centre, due, orders, flags] = await Promise.all([
    db.selectFrom('service_centres').select(['id', 'name']).where('id', '=', centreId).executeTakeFirstOrThrow(),
    db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('centre_id', '=', centreId)
      .where('starts_at', '>=', from)
      .where('starts_at', '<', to)
      .where('status', 'in', ['PENDING', 'CONFIRMED'])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('service_orders')
      .select((eb) => ['status', eb.fn.countAll<string | number>().as('count')])
      .where('centre_id', '=', centreId)
      .where('status', 'in', ['OPEN', 'IN_PROGRESS', 'WORK_DONE', 'INVOICED'])
      .groupBy('status')
      .execute(),
    partsFlags(db, centreId),
  ]);
  const countOf = (...statuses: string[]) => orders.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + toNumber(row.count), 0);
  return {
    centre: { id: centre.id, name: centre.name },
    date,
    appointmentsDue: toNumber(due.count),
    checkedIn: countOf('OPEN'),
    inProgress: countOf('IN_PROGRESS'),
    ...flags,
    readyForPayment: countOf('WORK_DONE', 'INVOICED'),
  };
}
