import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { OTP_MAX_FAILED_ATTEMPTS, type OtpCodeStore } from './otp';

/** The tables that keep single-use codes: an id, consumed_at and failed_attempts each. */
export type OtpCodeTable = 'otp_codes' | 'guest_booking_codes';

/** settleOtpAttempt's two conditional writes on the rows of `table`, as of `now`. */
export function otpCodeTableStore(db: Kysely<Database>, table: OtpCodeTable, now: Date): OtpCodeStore {
  return {
    async markUsed(id) {
      const used = await db
        .updateTable(table)
        .set({ consumed_at: now.toISOString() })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('failed_attempts', '<', OTP_MAX_FAILED_ATTEMPTS)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1;
    },
    async countFailure(id) {
      await db
        .updateTable(table)
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
  };
}
