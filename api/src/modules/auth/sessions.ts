import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthSession } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database, UserRow } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { AccessTokens } from '../../security/accessTokens';
import type { Clock } from '../../security/clock';
import { REVOCATION_TTL_MS, type SessionRevocation } from '../../security/sessionRevocation';

/** Lifetime of a refresh token: 30 days (each rotation starts a new 30 days). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const sessionMessages = {
  invalidRefresh: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  reusedRefresh: 'Phiên đăng nhập không còn hợp lệ. Vui lòng đăng nhập lại.',
  accountDisabled: 'Tài khoản đã bị vô hiệu hoá. Vui lòng liên hệ quản trị viên.',
} as const;

export interface SessionDependencies {
  db: Kysely<Database>;
  clock: Clock;
  accessTokens: AccessTokens;
  revocation: SessionRevocation;
}

/** 403 ACCOUNT_DISABLED for a user the back office disabled: no new session, no refresh. */
export function assertNotDisabled(user: Pick<UserRow, 'disabled_at'>): void {
  if (user.disabled_at !== null) throw new AppError(403, ERROR_CODES.ACCOUNT_DISABLED, sessionMessages.accountDisabled);
}

/** An opaque refresh token: 32 random bytes, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a refresh token: its SHA-256, base64url. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

async function sessionFor(deps: SessionDependencies, user: UserRow, familyId: string): Promise<AuthSession> {
  const now = deps.clock.now();
  const refreshToken = newRefreshToken();
  await deps.db
    .insertInto('refresh_tokens')
    .values({
      user_id: user.id,
      token_hash: hashRefreshToken(refreshToken),
      family_id: familyId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString(),
    })
    .execute();
  const { token } = await deps.accessTokens.issue({ userId: user.id, role: user.role, sessionId: familyId });
  return {
    accessToken: token,
    token,
    refreshToken,
    userId: String(user.id),
    fullName: user.full_name,
    email: user.email,
    role: user.role,
    emailVerified: user.email_verified_at !== null,
    avatar: user.avatar_url,
  };
}

/** A new session (a new refresh-token family) for a user who just proved who they are; 403 if disabled. */
export async function startSession(deps: SessionDependencies, user: UserRow): Promise<AuthSession> {
  assertNotDisabled(user);
  return sessionFor(deps, user, randomBytes(16).toString('base64url'));
}

/** Revokes every live token of a family (one login's chain of rotations). */
export async function revokeFamily(db: Kysely<Database>, clock: Clock, familyId: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: clock.now().toISOString() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

/** Revokes a family and makes its access tokens answer 401 at once, on every instance. */
export async function endSession(deps: Pick<SessionDependencies, 'db' | 'clock' | 'revocation'>, familyId: string): Promise<void> {
  await revokeFamily(deps.db, deps.clock, familyId);
  await deps.revocation.publish({ sessions: [familyId] });
}

/**
 * Revokes every session of a user, except the family `keepFamilyId` (the caller's own session). Returns the
 * families that may still have a live access token (one issued within the access-token lifetime): publish them
 * to the session revocation once the transaction is committed.
 */
export async function revokeUserSessions(db: Kysely<Database>, clock: Clock, userId: number, keepFamilyId?: string | null): Promise<string[]> {
  const now = clock.now();
  let live = db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('created_at', '>=', new Date(now.getTime() - REVOCATION_TTL_MS).toISOString());
  if (keepFamilyId) live = live.where('family_id', '!=', keepFamilyId);
  const families = (await live.execute()).map((row) => row.family_id);
  let query = db.updateTable('refresh_tokens').set({ revoked_at: now.toISOString() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '!=', keepFamilyId);
  await query.execute();
  return families;
}

/**
 * Exchanges a refresh token for a new pair (rotation). An unknown, expired or revoked token → 401. A token
 * that was already exchanged once is a reuse (it was stolen, or the thief already used it): the whole
 * family is revoked, so both the thief's and the owner's sessions end → 401, access tokens included. A token
 * of a disabled user → 403 ACCOUNT_DISABLED.
 */
export async function rotateSession(deps: SessionDependencies, refreshToken: string): Promise<AuthSession> {
  const { db, clock } = deps;
  const now = clock.now();
  const row = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hashRefreshToken(refreshToken)).executeTakeFirst();
  if (!row) throw new AppError(401, ERROR_CODES.INVALID_REFRESH_TOKEN, sessionMessages.invalidRefresh);
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  if (!user) throw new AppError(401, ERROR_CODES.INVALID_REFRESH_TOKEN, sessionMessages.invalidRefresh);
  // Disabling revoked the family too: the holder is told why rather than "expired".
  assertNotDisabled(user);
  if (row.revoked_at !== null) throw new AppError(401, ERROR_CODES.INVALID_REFRESH_TOKEN, sessionMessages.invalidRefresh);
  if (row.rotated_at !== null) {
    await endSession(deps, row.family_id);
    throw new AppError(401, ERROR_CODES.REFRESH_TOKEN_REUSED, sessionMessages.reusedRefresh);
  }
  if (new Date(toIsoUtc(row.expires_at)).getTime() <= now.getTime()) {
    throw new AppError(401, ERROR_CODES.INVALID_REFRESH_TOKEN, sessionMessages.invalidRefresh);
  }
  const claimed = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    // Another request exchanged it at the same moment: that is a reuse too.
    await endSession(deps, row.family_id);
    throw new AppError(401, ERROR_CODES.REFRESH_TOKEN_REUSED, sessionMessages.reusedRefresh);
  }
  return sessionFor(deps, user, row.family_id);
}

/** The family of a refresh token, or null when it is unknown. */
export async function familyOfRefreshToken(db: Kysely<Database>, refreshToken: string): Promise<string | null> {
  const row = await db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hashRefreshToken(refreshToken)).executeTakeFirst();
  return row?.family_id ?? null;
}
