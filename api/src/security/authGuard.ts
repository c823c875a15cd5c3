import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AccountRole as Role } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { AccessTokens } from './accessTokens';
import { AppError } from '../http/appError';

/** Who is calling, from a valid access token. */
export interface AuthContext {
  userId: number;
  role: Role;
  /** The login session (refresh-token family) the access token belongs to. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and verifies access tokens (registered by buildApp). */
    accessTokens: AccessTokens;
  }
  interface FastifyRequest {
    /** Set by `authenticate` / `optionalAuthenticate` / `requireRole`; null for an anonymous request. */
    auth: AuthContext | null;
  }
}

export const authGuardMessages = {
  unauthenticated: 'Vui lòng đăng nhập để tiếp tục.',
  forbidden: 'Bạn không có quyền truy cập chức năng này.',
} as const;

/** Makes the guards below usable in every route of `app` (buildApp calls it once, before the routes). */
export function registerAuthentication(app: FastifyInstance, accessTokens: AccessTokens): void {
  app.decorate('accessTokens', accessTokens);
  app.decorateRequest('auth', null);
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9\-_.]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

async function readAuth(request: FastifyRequest): Promise<AuthContext | null> {
  const token = bearerToken(request);
  if (!token) return null;
  return request.server.accessTokens.verify(token);
}

function unauthenticated(reply: FastifyReply): AppError {
  reply.header('www-authenticate', 'Bearer');
  return new AppError(401, ERROR_CODES.UNAUTHENTICATED, authGuardMessages.unauthenticated);
}

/**
 * preHandler: requires a valid `Authorization: Bearer <access JWT>`, sets `request.auth`; else 401
 * `{ success: false, code: 'UNAUTHENTICATED', message: 'Vui lòng đăng nhập để tiếp tục.' }`.
 *
 *   app.get('/orders', { preHandler: authenticate }, async (request) => request.auth!.userId ...)
 */
export const authenticate: preHandlerAsyncHookHandler = async function authenticate(request, reply) {
  const auth = await readAuth(request);
  if (!auth) throw unauthenticated(reply);
  request.auth = auth;
};

/** preHandler: sets `request.auth` when a valid token is sent, leaves it null otherwise; never fails. */
export const optionalAuthenticate: preHandlerAsyncHookHandler = async function optionalAuthenticate(request) {
  request.auth = await readAuth(request);
};

/**
 * preHandler: a valid token of one of `roles`; 401 UNAUTHENTICATED without one, 403 FORBIDDEN for another role.
 *
 *   app.get('/staff/appointments', { preHandler: requireRole('staff', 'manager', 'admin') }, handler)
 */
export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  if (roles.length === 0) throw new Error('requireRole needs at least one role');
  return async function requireRoleGuard(request, reply) {
    const auth = request.auth ?? (await readAuth(request));
    if (!auth) throw unauthenticated(reply);
    request.auth = auth;
    if (!roles.includes(auth.role)) throw new AppError(403, ERROR_CODES.FORBIDDEN, authGuardMessages.forbidden);
  };
}

/** The caller of a route guarded by `authenticate` or `requireRole` (throws 401 if the guard was forgotten). */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(401, ERROR_CODES.UNAUTHENTICATED, authGuardMessages.unauthenticated);
  return request.auth;
}
