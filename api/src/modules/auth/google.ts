import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { AuthSession } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { GoogleConfig } from '../../config';
import { toIsoUtc } from '../../db/portable';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/appError';
import { findUserByEmail, findUserByGoogleSub, uniqueViolation } from './usersQueries';
import type { AppContext } from '../../appContext';
import { startSession } from './sessions';

export const googleMessages = {
  notConfigured: 'Đăng nhập bằng Google chưa được cấu hình trên máy chủ này.',
  invalidToken: 'Đăng nhập Google thất bại: mã xác thực không hợp lệ hoặc đã hết hạn.',
  emailNotVerified: 'Email của tài khoản Google này chưa được Google xác thực.',
  unavailable: 'Không kết nối được với Google. Vui lòng thử lại sau.',
  loggedIn: 'Đăng nhập bằng Google thành công.',
} as const;

/** What we keep from a verified Google ID token. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
  nonce: string | null;
}

const jwksCache = new Map<string, JWTVerifyGetKey>();

function jwksFor(url: string): JWTVerifyGetKey {
  let jwks = jwksCache.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    jwksCache.set(url, jwks);
  }
  return jwks;
}

/**
 * Verifies a Google ID token: RS256 signature against the configured JWKS, issuer, audience = our client
 * id, expiry (against the app clock), and a Google-verified email.
 */
export async function verifyGoogleIdToken(google: GoogleConfig, now: Date, token: string): Promise<GoogleIdentity> {
  if (!google.clientId) throw new AppError(503, ERROR_CODES.GOOGLE_NOT_CONFIGURED, googleMessages.notConfigured);
  let payload;
  try {
    ({ payload } = await jwtVerify(token, jwksFor(google.jwksUrl), {
      algorithms: ['RS256'],
      issuer: google.issuers,
      audience: google.clientId,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWKSTimeout || (error instanceof TypeError && !(error instanceof joseErrors.JOSEError))) {
      throw new AppError(503, ERROR_CODES.GOOGLE_UNAVAILABLE, googleMessages.unavailable);
    }
    throw new AppError(401, ERROR_CODES.GOOGLE_TOKEN_INVALID, googleMessages.invalidToken);
  }
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  if (!email || !verified) throw new AppError(401, ERROR_CODES.GOOGLE_EMAIL_NOT_VERIFIED, googleMessages.emailNotVerified);
  return {
    sub: String(payload.sub),
    email,
    name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim().slice(0, 100) : null,
    picture: typeof payload.picture === 'string' && payload.picture.startsWith('https://') && payload.picture.length <= 1000 ? payload.picture : null,
    nonce: typeof payload.nonce === 'string' ? payload.nonce : null,
  };
}

/** A new session for the account of a Google identity (googleAccountFor); 403 if that account is disabled. */
export async function signInWithGoogle(ctx: AppContext, identity: GoogleIdentity): Promise<AuthSession> {
  return startSession({ db: ctx.db, clock: ctx.clock, accessTokens: ctx.accessTokens, revocation: ctx.revocation }, await googleAccountFor(ctx, identity));
}

/**
 * The account of a Google identity: the one already linked to its `sub`, else the one with its (verified)
 * email, which gets linked and counts as verified, else a new customer.
 */
export async function googleAccountFor(ctx: AppContext, identity: GoogleIdentity): Promise<UserRow> {
  const now = ctx.clock.now().toISOString();
  let user: UserRow | undefined = await findUserByGoogleSub(ctx.db, identity.sub);
  if (!user) {
    const byEmail = await findUserByEmail(ctx.db, identity.email);
    if (byEmail) {
      user = await ctx.db
        .updateTable('users')
        .set({
          google_sub: identity.sub,
          email_verified_at: byEmail.email_verified_at === null ? now : toIsoUtc(byEmail.email_verified_at),
          avatar_url: byEmail.avatar_url ?? identity.picture,
          updated_at: now,
        })
        .where('id', '=', byEmail.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      try {
        user = await ctx.db
          .insertInto('users')
          .values({
            email: identity.email,
            password_hash: null,
            full_name: identity.name ?? identity.email.split('@')[0]!.slice(0, 100),
            phone_number: null,
            address: null,
            date_of_birth: null,
            gender: null,
            avatar_url: identity.picture,
            role: 'customer',
            google_sub: identity.sub,
            email_verified_at: now,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        // Two first sign-ins at once: the other one created the account.
        if (!uniqueViolation(error)) throw error;
        user = (await findUserByGoogleSub(ctx.db, identity.sub)) ?? (await findUserByEmail(ctx.db, identity.email));
        if (!user) throw error;
      }
    }
  }
  return user;
}
