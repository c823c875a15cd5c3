import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import type { SessionRevocation } from '../../security/sessionRevocation';

/** What users and staff management need (built from the AppContext). */
export interface StaffAdminContext {
  db: Kysely<Database>;
  clock: Clock;
  revocation: SessionRevocation;
  /** Key of the OTP HMAC (the invite's reset code). */
  secret: string;
  /** The site's public origin: the invite links to the reset form there. */
  publicUrl: string;
}
