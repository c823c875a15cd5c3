import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { roleSchema } from 'shared-contracts/schemas';
import type { AccountRole as Role } from 'shared-contracts/schemas';
import { ACCESS_TOKEN_TTL_SECONDS } from './accessTokenLifetime';
import type { Clock } from './clock';
import type { SessionRevocation } from './sessionRevocation';

export { ACCESS_TOKEN_TTL_SECONDS };
const ISSUER = 'ev-shop-api';
const AUDIENCE = 'ev-shop';

export interface AccessTokenClaims {
  userId: number;
  role: Role;
  /** The refresh-token family (login session) the token was issued for, when there is one. */
  sessionId?: string;
}

export interface IssuedAccessToken {
  token: string;
  /** Instant the token stops being accepted. */
  expiresAt: Date;
}

/** Signs and verifies the API's access tokens: JWT, HS256, 15 minutes. */
export interface AccessTokens {
  issue(claims: AccessTokenClaims): Promise<IssuedAccessToken>;
  /** The claims of a valid token; null when it is malformed, forged, expired, not ours, or its session was revoked. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

export interface AccessTokensOptions {
  /** The HS256 key (at least 32 bytes of entropy). */
  secret: string;
  clock: Clock;
  ttlSeconds?: number;
  /** Verified tokens remembered until they expire (default 10 000): a repeat call skips the HMAC check. */
  cacheSize?: number;
  /** Ended sessions and disabled users (checked in memory on every call, after the cache). */
  revocation?: Pick<SessionRevocation, 'isRevoked'>;
}

export function createAccessTokens({ secret, clock, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS, cacheSize = 10_000, revocation }: AccessTokensOptions): AccessTokens {
  if (secret.length < 32) throw new Error('JWT secret must be at least 32 characters');
  const key = new TextEncoder().encode(secret);
  // A verified signature stays verified until the token expires, so it may be remembered until then; whether
  // its session has since been revoked is asked again on every call (an in-memory lookup).
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();
  const remember = (token: string, claims: AccessTokenClaims, expiresAtMs: number) => {
    if (verified.size >= cacheSize) {
      const nowMs = clock.now().getTime();
      for (const [cached, entry] of verified) if (entry.expiresAtMs <= nowMs) verified.delete(cached);
      if (verified.size >= cacheSize) verified.delete(verified.keys().next().value!);
    }
    verified.set(token, { claims, expiresAtMs });
  };
  return {
    async issue({ userId, role, sessionId }) {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const expiresAtSeconds = issuedAt + ttlSeconds;
      const token = await new SignJWT(sessionId ? { role, sid: sessionId } : { role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(key);
      return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
    },
    async verify(token) {
      const cached = verified.get(token);
      if (cached) {
        if (clock.now().getTime() < cached.expiresAtMs) return revocation?.isRevoked(cached.claims) ? null : { ...cached.claims };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || !roleSchema.safeParse(payload.role).success) return null;
        const claims: AccessTokenClaims = { userId, role: payload.role as Role };
        if (typeof payload.sid === 'string' && payload.sid) claims.sessionId = payload.sid;
        if (cacheSize > 0 && typeof payload.exp === 'number') remember(token, claims, payload.exp * 1000);
        return revocation?.isRevoked(claims) ? null : { ...claims };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
