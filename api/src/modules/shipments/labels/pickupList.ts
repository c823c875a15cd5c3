import type { Kysely } from 'kysely';
import { addCalendarDays, vietnamInstant, type PickupList } from 'shared-contracts/schemas';
import type { Database } from '../../../db/schema';
import { toShipmentView } from '../shipmentView';

type Db = Kysely<Database>;

/** The statuses a parcel waits for the courier in: the day's pickup list. */
const AWAITING_PICKUP = ['READY_TO_PICK', 'PICKING'] as const;

/**
 * GET /api/staff/shipments/pickups?date=YYYY-MM-DD: the live waybills created that day (Asia/Ho_Chi_Minh) still
 * waiting for the courier, of one desk (`centreId`; null: every desk, for an admin), oldest first.
 */
export async function pickupList(db: Db, centreId: number | null, date: string): Promise<PickupList> {
  const from = vietnamInstant(date, '00:00').toISOString();
  const to = vietnamInstant(addCalendarDays(date, 1), '00:00').toISOString();
  let query = db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .selectAll('s')
    .select('o.code as order_code')
    .where('s.status', 'in', AWAITING_PICKUP)
    .where('s.created_at', '>=', from)
    .where('s.created_at', '<', to);
  if (centreId !== null) query = query.where('o.desk_centre_id', '=', centreId);
  const rows = await query.orderBy('s.created_at').orderBy('s.id').execute();
  const shipments = [];
  for (const { order_code: orderCode, ...row } of rows) shipments.push(await toShipmentView(db, row, orderCode));
  return { date, shipments };
}
