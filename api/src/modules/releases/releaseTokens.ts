import type { Kysely } from 'kysely';
import type { ReleaseToken, ReleaseTokenInput } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { newReleaseToken } from './releaseActor';
import { releaseMessages as messages } from './releaseMessages';
import { tokenView } from './releaseViews';

/** An admin makes a token for one app's pipeline: only its SHA-256 is kept, the token itself is answered once. */
export async function createReleaseToken(db: Kysely<Database>, admin: { userId: number }, input: ReleaseTokenInput, at: Date): Promise<ReleaseToken & { token: string }> {
  const { token, hash } = newReleaseToken();
  const row = await db
    .insertInto('release_tokens')
    .values({ remote: input.remote, label: input.label, token_hash: hash, created_by: admin.userId, created_at: at.toISOString() })
    .returning(['id', 'remote', 'label', 'created_at', 'revoked_at'])
    .executeTakeFirstOrThrow();
  return { ...tokenView(row), token };
}

/** The token answers 401 from now on (revoking it again changes nothing). */
export async function revokeReleaseToken(db: Kysely<Database>, id: number, at: Date): Promise<ReleaseToken> {
  await db.updateTable('release_tokens').set({ revoked_at: at.toISOString() }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  const row = await db.selectFrom('release_tokens').select(['id', 'remote', 'label', 'created_at', 'revoked_at']).where('id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound(messages.tokenNotFound);
  return tokenView(row);
}
