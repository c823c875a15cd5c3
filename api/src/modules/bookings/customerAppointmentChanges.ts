import { ERROR_CODES, formatVietnamDateTime, CHANGEABLE_APPOINTMENT_STATUSES, type Appointment, type AppointmentStatus } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { cancelWithin, loadRow, type ChangeableRow } from './appointmentCancellation';
import { findAppointment } from './appointmentQueries';
import { addHistory } from './appointmentRecords';
import { nextFreeSlots } from './availability';
import { bookingMessages, publishBooked, publishStatus, SlotFullAppError, tellBooking, tellBookingCustomer, unprocessable, view, type BookingContext } from './bookingContext';
import { appointmentRescheduledEmail, describeCutoff } from './bookingEmails';
import { checkStart, requireCentre } from './bookingRules';
import { occupiedSteps } from './schedule';
import { changeSteps, SlotFullError } from './slotCapacity';
import { assertVehicleFree } from './vehicleSlot';
import { inTransaction } from '../../db/inTransaction';

/** What the customer may change on their own appointment until the cut-off: cancel, reschedule. */

function tooLate(ctx: BookingContext): AppError {
  return new AppError(409, ERROR_CODES.CHANGE_WINDOW_CLOSED, `Chỉ có thể hủy hoặc đổi lịch trước giờ hẹn ít nhất ${describeCutoff(ctx.cutoffMinutes)}`);
}

/** The customer may change it: a changeable status (409 otherwise) and before the cut-off (409). */
function checkCustomerMayChange(ctx: BookingContext, row: ChangeableRow, now: Date): void {
  if (!CHANGEABLE_APPOINTMENT_STATUSES.includes(row.status)) throw new AppError(409, ERROR_CODES.APPOINTMENT_NOT_CHANGEABLE, bookingMessages.notChangeable);
  if (now.getTime() > row.startsAt.getTime() - ctx.cutoffMinutes * 60_000) throw tooLate(ctx);
}

/** POST /appointments/:id/cancel (the owner, until the cut-off): the slot and a package credit are given back. */
export async function cancelAppointment(ctx: BookingContext, userId: number, id: number, reason: string | null): Promise<Appointment> {
  const now = ctx.clock.now();
  const row = await loadRow(ctx.db, id, userId);
  checkCustomerMayChange(ctx, row, now);
  await inTransaction(ctx.db, (trx) => cancelWithin(ctx, trx, row, userId, reason, now));
  const appointment = (await findAppointment(ctx.db, view(ctx, now), id))!;
  await publishStatus(ctx, row.userId, appointment, now);
  return appointment;
}

/**
 * POST /appointments/:id/reschedule (the owner, until the cut-off of the current slot): the old steps are
 * given back and the new ones taken in one transaction (409 SLOT_FULL leaves the appointment as it was). A
 * confirmed appointment waits for confirmation again.
 */
export async function rescheduleAppointment(ctx: BookingContext, userId: number, id: number, input: { start: string; centreId?: number }): Promise<Appointment> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const row = await loadRow(db, id, userId);
  checkCustomerMayChange(ctx, row, now);
  const oldCentre = await requireCentre(db, row.centreId);
  const centre = input.centreId === undefined || input.centreId === row.centreId ? oldCentre : await requireCentre(db, input.centreId);
  const start = new Date(input.start);
  checkStart(start, row.durationMinutes, centre, now);
  if (centre.id === row.centreId && start.getTime() === row.startsAt.getTime()) throw unprocessable(ERROR_CODES.SAME_SLOT, bookingMessages.sameSlot, 'start');
  const status: AppointmentStatus = row.status === 'CONFIRMED' ? 'PENDING' : row.status;
  const previousStart = row.startsAt.toISOString();

  try {
    await inTransaction(db, async (trx) => {
      const at = now.toISOString();
      const { license_plate: plate } = await trx.selectFrom('appointments').select('license_plate').where('id', '=', row.id).executeTakeFirstOrThrow();
      await assertVehicleFree(trx, plate, { start, end: new Date(start.getTime() + row.durationMinutes * 60_000) }, { exceptAppointmentId: row.id, field: 'start' });
      const result = await trx
        .updateTable('appointments')
        .set({
          centre_id: centre.id,
          starts_at: start.toISOString(),
          ends_at: new Date(start.getTime() + row.durationMinutes * 60_000).toISOString(),
          status,
          updated_at: at,
        })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .where('starts_at', '=', previousStart)
        .where('centre_id', '=', row.centreId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw AppError.conflict(bookingMessages.changedMeanwhile, ERROR_CODES.APPOINTMENT_CHANGED);
      await changeSteps(
        trx,
        [
          ...occupiedSteps(row.startsAt, row.durationMinutes).map((slotStart) => ({ centreId: row.centreId, slotStart, delta: -1 as const })),
          ...occupiedSteps(start, row.durationMinutes).map((slotStart) => ({ centreId: centre.id, slotStart, delta: 1 as const })),
        ],
        (centreId) => (centreId === centre.id ? centre.bays : oldCentre.bays),
      );
      await addHistory(trx, row.id, row.status, status, userId, `Đổi lịch từ ${formatVietnamDateTime(row.startsAt)}`, at);
      const appointment = (await findAppointment(trx, view(ctx, now), row.id))!;
      await tellBooking(trx, ctx, row.userId, appointment, { fact: 'rescheduled' }, appointmentRescheduledEmail(appointment, previousStart));
    });
  } catch (error) {
    if (error instanceof SlotFullError) throw new SlotFullAppError(await nextFreeSlots(db, centre, start, row.durationMinutes, now));
    throw error;
  }
  const appointment = (await findAppointment(db, view(ctx, now), id))!;
  if (status !== row.status) await publishStatus(ctx, row.userId, appointment, now);
  else await publishBooked(ctx, appointment, now);
  await tellBookingCustomer(ctx, row.userId);
  // Moved to another centre: the old one's floor loses it.
  if (centre.id !== row.centreId) await ctx.events.publishFloorChange(row.centreId, { kind: 'appointment', appointmentId: id, serviceOrderId: null, at: now });
  return appointment;
}

