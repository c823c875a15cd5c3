import {
  ERROR_CODES,
  APPOINTMENT_STATUS_LABELS,
  NO_SHOW_GRACE_MINUTES,
  appointmentTransitionActor,
  type Appointment,
  type AppointmentStatus,
} from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { assertInScope, type CentreScope } from '../../security/centreScope';
import { cancelWithin, loadRow } from './appointmentCancellation';
import { findAppointment } from './appointmentQueries';
import { addHistory } from './appointmentRecords';
import { bookingMessages, publishStatus, view, type BookingContext } from './bookingContext';
import { occupiedSteps } from './schedule';
import { releaseSteps } from './slotCapacity';
import { inTransaction } from '../../db/inTransaction';

/**
 * PATCH /appointments/:id/status, narrowed to what the front desk decides (spec back-office §2): confirm,
 * cancel, no-show. Check-in, work and completion are the service order's (409 USE_SERVICE_ORDER), so is the
 * cancel of an appointment already checked in. The table of who makes which change is
 * APPOINTMENT_STATUS_TRANSITIONS (shared-contracts).
 */

export const statusChangeMessages = {
  useServiceOrder: 'Trạng thái này được cập nhật qua phiếu dịch vụ.',
  tooEarlyForNoShow: `Chỉ có thể đánh dấu "Không đến" khi đã quá giờ hẹn ${NO_SHOW_GRACE_MINUTES} phút.`,
} as const;

/** The statuses only the service order sets. */
const SERVICE_ORDER_STATUSES: readonly AppointmentStatus[] = ['CHECKED_IN', 'IN_PROGRESS', 'COMPLETED'];

/** NO_SHOW may be recorded once the start + 15 minutes has passed. */
export function noShowAllowedAt(start: Date, now: Date): boolean {
  return now.getTime() >= start.getTime() + NO_SHOW_GRACE_MINUTES * 60_000;
}

function useServiceOrder(): AppError {
  return new AppError(409, ERROR_CODES.USE_SERVICE_ORDER, statusChangeMessages.useServiceOrder);
}

/**
 * Staff, managers (of the appointment's centre; another centre's appointment is 404) and admins. Cancelling
 * gives the slot and a package credit back and emails the customer; a no-show gives the slot back (the car is
 * not there: a walk-in may take the bay) and keeps the credit used. Every change is conditional on the status
 * read (409 APPOINTMENT_CHANGED if a check-in came first). The customer's streams and the centre's floor get
 * the new status.
 */
export async function changeAppointmentStatus(
  ctx: BookingContext,
  scope: CentreScope,
  id: number,
  target: AppointmentStatus,
  note: string | null,
): Promise<Appointment> {
  const now = ctx.clock.now();
  const row = await loadRow(ctx.db, id);
  assertInScope(scope, row.centreId);
  if (SERVICE_ORDER_STATUSES.includes(target)) throw useServiceOrder();
  const actor = appointmentTransitionActor(row.status, target);
  if (actor === null) {
    throw new AppError(
      409,
      ERROR_CODES.INVALID_STATUS_TRANSITION,
      `Không thể chuyển lịch hẹn từ "${APPOINTMENT_STATUS_LABELS[row.status]}" sang "${APPOINTMENT_STATUS_LABELS[target]}".`,
    );
  }
  if (actor === 'serviceOrder') throw useServiceOrder();
  if (target === 'NO_SHOW' && !noShowAllowedAt(row.startsAt, now)) throw new AppError(409, ERROR_CODES.TOO_EARLY_FOR_NO_SHOW, statusChangeMessages.tooEarlyForNoShow);

  await inTransaction(ctx.db, async (trx) => {
    if (target === 'CANCELLED') return cancelWithin(ctx, trx, row, scope.userId, note, now);
    const at = now.toISOString();
    const result = await trx
      .updateTable('appointments')
      .set({ status: target, updated_at: at })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw AppError.conflict(bookingMessages.changedMeanwhile, ERROR_CODES.APPOINTMENT_CHANGED);
    if (target === 'NO_SHOW') await releaseSteps(trx, row.centreId, occupiedSteps(row.startsAt, row.durationMinutes));
    await addHistory(trx, row.id, row.status, target, scope.userId, note, at);
  });
  const appointment = (await findAppointment(ctx.db, view(ctx, now), id))!;
  await publishStatus(ctx, row.userId, appointment, now);
  return appointment;
}
