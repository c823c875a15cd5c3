import type { Kysely, Transaction } from 'kysely';
import type { AppointmentStatus } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { findAppointment } from './appointmentQueries';
import { addHistory } from './appointmentRecords';
import { bookingMessages, notFound, tellBooking, view, type BookingContext } from './bookingContext';
import { appointmentCancelledEmail } from './bookingEmails';
import { restorePackageCredit } from '../orders';
import { unscheduleRecallRemedies } from '../recalls';
import { occupiedSteps } from './schedule';
import { releaseSteps } from './slotCapacity';

/** An appointment as a change reads it, and the cancellation the customer, staff and the service order share. */

export interface ChangeableRow {
  id: number;
  status: AppointmentStatus;
  centreId: number;
  startsAt: Date;
  durationMinutes: number;
  packageCreditId: number | null;
  userId: number | null;
}

export async function loadRow(db: Kysely<Database>, id: number, ownerId?: number): Promise<ChangeableRow> {
  let query = db
    .selectFrom('appointments')
    .select(['id', 'status', 'centre_id', 'starts_at', 'estimated_duration_minutes', 'package_credit_id', 'user_id'])
    .where('id', '=', id);
  if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return {
    id: row.id,
    status: row.status as AppointmentStatus,
    centreId: row.centre_id,
    startsAt: new Date(row.starts_at),
    durationMinutes: row.estimated_duration_minutes,
    packageCreditId: row.package_credit_id,
    userId: row.user_id,
  };
}

/**
 * THE cancellation of an appointment, inside the caller's transaction: the status CANCELLED if still `row.status`
 * (false when it moved meanwhile: nothing written), the slot given back, the package credit restored, a recall
 * remedy booked on it back to NOTIFIED, the history.
 * Every cancellation goes through it: the customer's, the staff's, the service order's (cancelWithin) and an
 * expired guest hold's.
 */
export async function cancelAppointment(
  trx: Transaction<Database>,
  row: Pick<ChangeableRow, 'id' | 'status' | 'centreId' | 'startsAt' | 'durationMinutes' | 'packageCreditId'>,
  changedBy: number | null,
  reason: string | null,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('appointments')
    .set({ status: 'CANCELLED', cancel_reason: reason, hold_expires_at: null, updated_at: at })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await releaseSteps(trx, row.centreId, occupiedSteps(row.startsAt, row.durationMinutes));
  if (row.packageCreditId !== null) await restorePackageCredit(trx, row.packageCreditId);
  // A recall remedy booked on it is to be booked again (SCHEDULED → NOTIFIED).
  await unscheduleRecallRemedies(trx, { appointmentId: row.id, at: new Date(at) });
  await addHistory(trx, row.id, row.status, 'CANCELLED', changedBy, reason, at);
  return true;
}

/** Cancels inside a transaction: the status (if still `row.status`, else 409), the slot, the package credit, the email. */
export async function cancelWithin(
  ctx: BookingContext,
  trx: Transaction<Database>,
  row: ChangeableRow,
  changedBy: number | null,
  reason: string | null,
  now: Date,
): Promise<void> {
  if (!(await cancelAppointment(trx, row, changedBy, reason, now.toISOString()))) throw AppError.conflict(bookingMessages.changedMeanwhile, ERROR_CODES.APPOINTMENT_CHANGED);
  const appointment = (await findAppointment(trx, view(ctx, now), row.id))!;
  await tellBooking(trx, ctx, row.userId, appointment, { fact: 'cancelled' }, appointmentCancelledEmail(appointment, reason));
}
