import type { Kysely } from 'kysely';
import type { StaffBays } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { centreForRequest, type CentreScope } from '../../security/centreScope';

/**
 * GET /staff/bays: the centre's bays and the vehicle standing in each occupied one now (an open bay_occupancy row),
 * so the check-in form can mark them "Đang có xe". The check-in itself still refuses a taken bay (409 BAY_OCCUPIED).
 */
export async function readStaffBays(db: Kysely<Database>, scope: CentreScope, requestedCentreId: number | undefined): Promise<StaffBays> {
  const centreId = await centreForRequest(db, scope, requestedCentreId);
  const [centre, occupied] = await Promise.all([
    db.selectFrom('service_centres').select('service_bays').where('id', '=', centreId).executeTakeFirstOrThrow(),
    db
      .selectFrom('bay_occupancy')
      .innerJoin('service_orders', 'service_orders.id', 'bay_occupancy.service_order_id')
      .select(['bay_occupancy.bay_no', 'service_orders.id', 'service_orders.code', 'service_orders.license_plate'])
      .where('bay_occupancy.centre_id', '=', centreId)
      .where('bay_occupancy.to_at', 'is', null)
      .orderBy('bay_occupancy.bay_no')
      .execute(),
  ]);
  return {
    serviceBays: centre.service_bays,
    occupied: occupied.map((row) => ({ bayNo: row.bay_no, licensePlate: row.license_plate, serviceOrderId: row.id, serviceOrderCode: row.code })),
  };
}
