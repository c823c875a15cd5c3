import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { generateOtpCode, hashOtpCode, OTP_MAX_FAILED_ATTEMPTS, otpHashMatches } from '../../security/otp';

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

export type GuestCodeCheck = 'ok' | 'wrong' | 'locked' | 'expired';

export async function consumeGuestCode(db: Kysely<Database>, secret: string, appointmentId: number, code: string, now: Date): Promise<GuestCodeCheck> {
  const live = await db
    .selectFrom('guest_booking_codes')
    .selectAll()
    .where('appointment_id', '=', appointmentId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!live) return 'expired';
  if (live.failed_attempts >= OTP_MAX_FAILED_ATTEMPTS) return 'locked';
  if (otpHashMatches(live.code_hash, hashOtpCode(secret, appointmentId, PURPOSE, code))) {
    const used = await db
      .updateTable('guest_booking_codes')
      .set({ consumed_at: now.toISOString() })
      .where('id', '=', live.id)
      .where('consumed_at', 'is', null)
      .where('failed_attempts', '<', OTP_MAX_FAILED_ATTEMPTS)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? 'ok' : 'expired';
  }
  await db
    .updateTable('guest_booking_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', live.id)
    .execute();
  return live.failed_attempts + 1 >= OTP_MAX_FAILED_ATTEMPTS ? 'locked' : 'wrong';
}
