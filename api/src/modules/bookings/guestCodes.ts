import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { generateOtpCode, hashOtpCode, settleOtpAttempt, type OtpCheck } from '../../security/otp';
import { otpCodeTableStore } from '../../security/otpCodeTables';

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
  return settleOtpAttempt(live, hashOtpCode(secret, appointmentId, PURPOSE, code), otpCodeTableStore(db, 'guest_booking_codes', now));
}
