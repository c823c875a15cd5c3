import type { Kysely } from 'kysely';
import type { Appointment } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { findAppointment } from './appointmentQueries';
import { addHistory } from './appointmentRecords';
import { cancelAppointment } from './appointmentCancellation';
import { bookingMessages, notFound, publishStatus, view, type BookingContext } from './bookingContext';
import { appointmentConfirmationEmail, enqueueServiceEmail } from './bookingEmails';
import { checkInForEmail } from './checkInCode';
import { consumeGuestCode } from './guestCodes';
import { inTransaction } from '../../db/inTransaction';

/**
 * A guest's booking holds its slot until the email code is entered (AWAITING_VERIFICATION → PENDING); a hold
 * not verified in time is cancelled and its slot given back.
 */

/**
 * Gives back the slots of guests' appointments whose email code was not entered in time (status CANCELLED).
 * Runs before availability, booking and verification; cheap when there is nothing to expire.
 */
export async function expireGuestHolds(db: Kysely<Database>, now: Date): Promise<number> {
  const stale = await db
    .selectFrom('appointments')
    .select(['id', 'centre_id', 'starts_at', 'estimated_duration_minutes', 'package_credit_id'])
    .where('status', '=', 'AWAITING_VERIFICATION')
    .where('hold_expires_at', '<=', now.toISOString())
    .execute();
  let expired = 0;
  for (const hold of stale) {
    const row = {
      id: hold.id,
      status: 'AWAITING_VERIFICATION' as const,
      centreId: hold.centre_id,
      startsAt: new Date(hold.starts_at),
      durationMinutes: hold.estimated_duration_minutes,
      packageCreditId: hold.package_credit_id,
    };
    const done = await inTransaction(db, (trx) => cancelAppointment(trx, row, null, bookingMessages.holdExpiredReason, now.toISOString()));
    if (done) expired += 1;
  }
  return expired;
}

/** Holds are swept at most this often per instance: a slot stays held at most a second longer. */
const HOLD_SWEEP_INTERVAL_MS = 1_000;

/** expireGuestHolds, at most once a second (of the injected clock) on this instance. */
export async function sweepGuestHolds(ctx: BookingContext, now: Date): Promise<void> {
  const last = ctx.lastHoldSweep;
  if (last !== undefined && now.getTime() >= last && now.getTime() - last < HOLD_SWEEP_INTERVAL_MS) return;
  ctx.lastHoldSweep = now.getTime();
  await expireGuestHolds(ctx.db, now);
}
/** POST /appointments/:code/verify: the guest's email code turns the hold into a PENDING appointment. */
export async function verifyGuestAppointment(ctx: BookingContext, code: string, email: string, otpCode: string): Promise<Appointment> {
  const { db } = ctx;
  const now = ctx.clock.now();
  await sweepGuestHolds(ctx, now);
  const row = await db.selectFrom('appointments').select(['id', 'status', 'contact_email']).where('code', '=', code).executeTakeFirst();
  if (!row || row.contact_email.toLowerCase() !== email.toLowerCase()) throw notFound();
  if (row.status === 'CANCELLED') throw new AppError(409, ERROR_CODES.GUEST_HOLD_EXPIRED, bookingMessages.holdExpired);
  if (row.status !== 'AWAITING_VERIFICATION') throw new AppError(409, ERROR_CODES.APPOINTMENT_ALREADY_VERIFIED, bookingMessages.alreadyVerified);

  const check = await consumeGuestCode(db, ctx.secret, row.id, otpCode, now);
  if (check === 'wrong') throw new AppError(400, ERROR_CODES.OTP_INVALID, bookingMessages.codeWrong, [{ field: 'otpCode', message: bookingMessages.codeWrong }]);
  if (check === 'locked') {
    await db.updateTable('appointments').set({ hold_expires_at: now.toISOString() }).where('id', '=', row.id).where('status', '=', 'AWAITING_VERIFICATION').execute();
    await expireGuestHolds(db, now);
    throw new AppError(400, ERROR_CODES.OTP_LOCKED, bookingMessages.codeLocked, [{ field: 'otpCode', message: bookingMessages.codeLocked }]);
  }
  if (check === 'expired') throw new AppError(409, ERROR_CODES.GUEST_HOLD_EXPIRED, bookingMessages.holdExpired);

  const verified = await inTransaction(db, async (trx) => {
    const at = now.toISOString();
    const result = await trx
      .updateTable('appointments')
      .set({ status: 'PENDING', hold_expires_at: null, updated_at: at })
      .where('id', '=', row.id)
      .where('status', '=', 'AWAITING_VERIFICATION')
      .where('hold_expires_at', '>', at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await addHistory(trx, row.id, 'AWAITING_VERIFICATION', 'PENDING', null, null, at);
    const appointment = (await findAppointment(trx, view(ctx, now), row.id))!;
    await enqueueServiceEmail(trx, ctx.clock, appointment.contact.email, appointmentConfirmationEmail(appointment, ctx.cutoffMinutes, checkInForEmail(ctx, appointment)));
    return true;
  });
  if (!verified) throw new AppError(409, ERROR_CODES.GUEST_HOLD_EXPIRED, bookingMessages.holdExpired);
  const appointment = (await findAppointment(db, view(ctx, now), row.id))!;
  await publishStatus(ctx, null, appointment, now);
  return appointment;
}

