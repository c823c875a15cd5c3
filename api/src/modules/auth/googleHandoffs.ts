import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';

/**
 * The hand-off at the end of the server's Google code flow. The callback never puts tokens in a URL (a link
 * carrying someone's tokens would sign the victim into that account): it stores a one-time code for the user
 * and sends it to the login page, with an HttpOnly cookie binding it to this browser. The page POSTs the code
 * (the cookie goes along); the code is good once, for 2 minutes, and only with that cookie. The state lives in
 * the database, so any API instance can finish what another started.
 */
export const GOOGLE_HANDOFF_TTL_MS = 2 * 60 * 1000;

/** What the database keeps of a code or a binding: its SHA-256, base64url (both are 32 random bytes). */
function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export interface GoogleHandoff {
  /** For the login page's address (?googleCode=…). */
  code: string;
  /** For the HttpOnly cookie sent with the redirect. */
  binding: string;
}

/** A new hand-off for `userId`; expired ones are swept on the way. */
export async function createGoogleHandoff(db: Kysely<Database>, clock: Clock, userId: number): Promise<GoogleHandoff> {
  const now = clock.now();
  await db.deleteFrom('google_sign_in_handoffs').where('expires_at', '<=', now.toISOString()).execute();
  const handoff = { code: randomBytes(32).toString('base64url'), binding: randomBytes(32).toString('base64url') };
  await db
    .insertInto('google_sign_in_handoffs')
    .values({
      code_hash: sha256(handoff.code),
      binding_hash: sha256(handoff.binding),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + GOOGLE_HANDOFF_TTL_MS).toISOString(),
    })
    .execute();
  return handoff;
}

/**
 * Claims a hand-off: one UPDATE that only matches an unused, unexpired code of this browser's binding, so two
 * exchanges at once (even on two instances) cannot both win. The user id, or null (unknown, used, expired,
 * another browser's or no cookie).
 */
export async function claimGoogleHandoff(db: Kysely<Database>, clock: Clock, code: string, binding: string | null): Promise<number | null> {
  if (!binding) return null;
  const now = clock.now().toISOString();
  const claimed = await db
    .updateTable('google_sign_in_handoffs')
    .set({ used_at: now })
    .where('code_hash', '=', sha256(code))
    .where('binding_hash', '=', sha256(binding))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return claimed?.user_id ?? null;
}
