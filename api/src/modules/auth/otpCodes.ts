import type { Kysely } from 'kysely';
import type { Database, OtpCodesTable } from '../../db/schema';
import type { Clock } from '../../security/clock';
import { generateOtpCode, hashOtpCode, OTP_TTL_MS, settleOtpAttempt, type OtpCheck } from '../../security/otp';
import { otpCodeTableStore } from '../../security/otpCodeTables';

export type OtpPurpose = OtpCodesTable['purpose'];

export interface OtpDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** Key of the codes' HMAC. */
  secret: string;
}

/**
 * A new code for (user, purpose), valid 10 minutes; every earlier unused code of that purpose stops
 * working. Returns the code in clear (for the email; only its HMAC is stored).
 */
export async function issueOtpCode(deps: OtpDependencies, userId: number, purpose: OtpPurpose): Promise<string> {
  const { db, clock, secret } = deps;
  const now = clock.now();
  await db
    .updateTable('otp_codes')
    .set({ consumed_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
  const code = generateOtpCode();
  await db
    .insertInto('otp_codes')
    .values({
      user_id: userId,
      purpose,
      code_hash: hashOtpCode(secret, userId, purpose, code),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + OTP_TTL_MS).toISOString(),
    })
    .execute();
  return code;
}

export type { OtpCheck };

/**
 * Checks a code against the user's live code of `purpose`. A wrong code counts against that code: after
 * 5 wrong tries it is dead, the right code included. A right code is single use.
 */
export async function consumeOtpCode(deps: OtpDependencies, userId: number, purpose: OtpPurpose, code: string): Promise<OtpCheck> {
  const { db, clock, secret } = deps;
  const now = clock.now();
  const live = await db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash', 'failed_attempts'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return settleOtpAttempt(live, hashOtpCode(secret, userId, purpose, code), otpCodeTableStore(db, 'otp_codes', now));
}
