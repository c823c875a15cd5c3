import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { generateOtpCode, hashOtpCode, OTP_MAX_FAILED_ATTEMPTS, settleOtpAttempt, type OtpCheck } from '../../security/otp';

/**
 * The email code that confirms a guest's appointment: six digits, stored as an HMAC bound to the appointment
 * (the approach of the account codes, security/otp.ts), valid while the slot is held, 5 wrong tries at most,
 * single use.
 */
const PURPOSE = 'guest_booking';

export async function issueGuestCode(db: Kysely<Database>, secret: string, appointmentId: number, now: Date, expiresAt: Date): Promise<string> {
  const code = generateOtpCode();
  await db
    .insertInto('guest_booking_codes')
    .values({
      appointment_id: appointmentId,
      code_hash: hashOtpCode(secret, appointmentId, PURPOSE, code),
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .execute();
  return code;
}

export type GuestCodeCheck = OtpCheck;

export async function consumeGuestCode(db: Kysely<Database>, secret: string, appointmentId: number, code: string, now: Date): Promise<GuestCodeCheck> {
  const live = await db
    .selectFrom('guest_booking_codes')
    .select(['id', 'code_hash', 'failed_attempts'])
    .where('appointment_id', '=', appointmentId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return settleOtpAttempt(live, hashOtpCode(secret, appointmentId, PURPOSE, code), {
    async markUsed(id) {
      const used = await db
        .updateTable('guest_booking_codes')
        .set({ consumed_at: now.toISOString() })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('failed_attempts', '<', OTP_MAX_FAILED_ATTEMPTS)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1;
    },
    async countFailure(id) {
      await db.updateTable('guest_booking_codes').set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) })).where('id', '=', id).execute();
    },
  });
}
