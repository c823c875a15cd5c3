import type { Kysely, Transaction } from 'kysely';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { ServiceOrderRow } from '../../db/backOfficeSchema';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { fieldError } from '../../http/dataErrors';
import { serviceOrderMessages } from './serviceOrderTransition';

type Db = Kysely<Database> | Transaction<Database>;

export function serviceOrderNotFound(): AppError {
  return AppError.notFound(serviceOrderMessages.notFound, ERROR_CODES.NOT_FOUND);
}

/** The order, if it exists and is within the caller's centre (another centre's answers 404, as a missing one). */
export async function orderInScope(db: Db, scope: CentreScope, id: number): Promise<ServiceOrderRow> {
  const row = await db.selectFrom('service_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (scope.centreId !== null && scope.centreId !== row.centre_id)) throw serviceOrderNotFound();
  return row;
}

export const technicianMessages = {
  invalid: 'Kỹ thuật viên không thuộc trung tâm này hoặc không còn làm việc.',
} as const;

/** 422 unless `technicianId` is an enabled technician working at `centreId` now. */
export async function checkTechnicianOfCentre(db: Db, centreId: number, technicianId: number): Promise<{ id: number; fullName: string }> {
  const row = await db
    .selectFrom('users')
    .innerJoin('staff_assignments', 'staff_assignments.user_id', 'users.id')
    .select(['users.id', 'users.full_name'])
    .where('users.id', '=', technicianId)
    .where('users.role', '=', 'technician')
    .where('users.disabled_at', 'is', null)
    .where('staff_assignments.centre_id', '=', centreId)
    .where('staff_assignments.ended_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw fieldError(ERROR_CODES.TECHNICIAN_INVALID, 'technicianId', technicianMessages.invalid);
  return { id: row.id, fullName: row.full_name };
}

/** The number of bays of a centre. */
export async function baysOf(db: Db, centreId: number): Promise<number> {
  const row = await db.selectFrom('service_centres').select('service_bays').where('id', '=', centreId).executeTakeFirstOrThrow();
  return row.service_bays;
}
