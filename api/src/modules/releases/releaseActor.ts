import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { ERROR_CODES, type ReleaseApp, type ReleaseChannel } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { authGuardMessages, bearerToken } from '../../security/authGuard';
import { releaseMessages as messages } from './releaseMessages';

/**
 * Who releases: an admin's session, a release token scoped to one app, or the system itself (the start script, the
 * automatic canary stop), which only code in the API's process can be: no request is ever given it.
 */
export type ReleaseActor =
  | { via: 'ADMIN'; userId: number }
  | { via: 'TOKEN'; tokenId: number; app: ReleaseApp; label: string }
  | { via: 'SYSTEM'; label: string };

/** The system as an actor, its label saying what acted ('Tự động dừng canary'). */
export function systemActor(label: string): ReleaseActor {
  return { via: 'SYSTEM', label };
}

/** The actor's columns in the audit and on a build: a token's or the system's label goes in token_label. */
export function actorColumns(actor: ReleaseActor): { userId: number | null; via: ReleaseChannel; tokenLabel: string | null } {
  return actor.via === 'ADMIN' ? { userId: actor.userId, via: 'ADMIN', tokenLabel: null } : { userId: null, via: actor.via, tokenLabel: actor.label };
}

/** Every command checks this first: an admin or the system may release any app, a token only its own (403 otherwise). */
export function assertMayRelease(actor: ReleaseActor, app: ReleaseApp): void {
  if (actor.via === 'TOKEN' && actor.app !== app) throw AppError.forbidden(messages.tokenOtherApp);
}

/** A new release token: 32 random bytes, base64url (shown once), and the SHA-256 hex that is stored. */
export function newReleaseToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: releaseTokenHash(token) };
}

export function releaseTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const actors = new WeakMap<FastifyRequest, ReleaseActor>();

function unauthenticated(message: string): AppError {
  return new AppError(401, ERROR_CODES.UNAUTHENTICATED, message);
}

/**
 * preHandler of the release routes: `Authorization: Bearer <access JWT>` of an admin (another role: 403), or
 * `Bearer <release token>` (looked up by its SHA-256; unknown or revoked: 401). A JWT has dots, a release token none.
 */
export function requireReleaseActor(db: Kysely<Database>): preHandlerAsyncHookHandler {
  return async function releaseActorGuard(request, reply) {
    const token = bearerToken(request);
    if (!token) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthenticated(authGuardMessages.unauthenticated);
    }
    if (token.includes('.')) {
      const auth = await request.server.accessTokens.verify(token);
      if (!auth) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthenticated(authGuardMessages.unauthenticated);
      }
      request.auth = auth;
      if (auth.role !== 'admin') throw AppError.forbidden(authGuardMessages.forbidden);
      actors.set(request, { via: 'ADMIN', userId: auth.userId });
      return;
    }
    const row = await db.selectFrom('release_tokens').select(['id', 'remote', 'label', 'revoked_at']).where('token_hash', '=', releaseTokenHash(token)).executeTakeFirst();
    if (!row || row.revoked_at !== null) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthenticated(messages.tokenInvalid);
    }
    actors.set(request, { via: 'TOKEN', tokenId: row.id, app: row.remote as ReleaseApp, label: row.label });
  };
}

/** The caller of a route guarded by requireReleaseActor. */
export function releaseActorOf(request: FastifyRequest): ReleaseActor {
  const actor = actors.get(request);
  if (!actor) throw unauthenticated(authGuardMessages.unauthenticated);
  return actor;
}
