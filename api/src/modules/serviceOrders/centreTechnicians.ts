import type { CentreTechnician } from 'shared-contracts/schemas';
import { centreForRequest, type CentreScope } from '../../security/centreScope';
import type { ServiceOrderContext } from './serviceOrderContext';

/**
 * GET /staff/technicians?centreId=: the technicians working at the centre now (active assignment, account
 * enabled), whether each has work IN_PROGRESS and whether their clock runs. Three queries.
 */
export async function listCentreTechnicians(ctx: ServiceOrderContext, scope: CentreScope, requestedCentreId: number | undefined): Promise<CentreTechnician[]> {
  const { db } = ctx;
  const centreId = await centreForRequest(db, scope, requestedCentreId);
  const technicians = await db
    .selectFrom('users')
    .innerJoin('staff_assignments', 'staff_assignments.user_id', 'users.id')
    .select(['users.id', 'users.full_name'])
    .where('staff_assignments.centre_id', '=', centreId)
    .where('staff_assignments.ended_at', 'is', null)
    .where('users.role', '=', 'technician')
    .where('users.disabled_at', 'is', null)
    .orderBy('users.full_name')
    .orderBy('users.id')
    .execute();
  if (technicians.length === 0) return [];
  const ids = technicians.map((technician) => technician.id);
  const [busy, clocked] = await Promise.all([
    db.selectFrom('service_orders').select('technician_id').distinct().where('technician_id', 'in', ids).where('status', '=', 'IN_PROGRESS').execute(),
    db.selectFrom('work_time_entries').select('technician_id').where('technician_id', 'in', ids).where('ended_at', 'is', null).execute(),
  ]);
  const busyIds = new Set(busy.map((row) => row.technician_id));
  const clockedIds = new Set(clocked.map((row) => row.technician_id));
  return technicians.map((technician) => ({
    id: technician.id,
    fullName: technician.full_name,
    busy: busyIds.has(technician.id),
    clockRunning: clockedIds.has(technician.id),
  }));
}
