import argon2 from 'argon2';
import {
  ERROR_CODES,
  normalizeVietnameseMobile,
  type AuthSession,
  type ChangePasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type RegisterResult,
  type ResetPasswordConfirmRequest,
  type VerifyEmailResult,
  vietnamDateOf,
} from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import { ARGON2_PARAMETERS, hashPassword, verifyAgainstNothing, verifyPassword } from '../../security/passwords';
import { ThrottledError } from '../../security/throttle';
import { enqueueEmail, passwordChangedEmail, passwordResetEmail, verificationEmail } from '../notifications';
import { findUserByEmail, findUserById, findUserByPhone, uniqueViolation } from './usersQueries';
import type { AppContext } from '../../appContext';
import { authMessages } from './authMessages';
import { consumeOtpCode, issueOtpCode } from './otpCodes';
import { endSession, familyOfRefreshToken, revokeUserSessions, rotateSession, startSession } from './sessions';

function fieldError(field: string, message: string): AppError {
  return AppError.validation([{ field, message }]);
}

/** Today's date ('YYYY-MM-DD') in Vietnam. */
export function vietnamToday(clock: Clock): string {
  return vietnamDateOf(clock.now());
}

function otpDeps(ctx: AppContext, db = ctx.db) {
  return { db, clock: ctx.clock, secret: ctx.secret };
}

function sessionDeps(ctx: AppContext) {
  return { db: ctx.db, clock: ctx.clock, accessTokens: ctx.accessTokens, revocation: ctx.revocation };
}

/** Counts a code email against the address's limits, or throws 429. */
async function takeCodeSend(ctx: AppContext, purpose: 'verify_email' | 'reset_password', email: string): Promise<void> {
  await ctx.throttle.takeCodeSend(purpose, email);
}

// ---- Register ------------------------------------------------------------------------------------------

/** Creates a customer (email not verified) and puts the verification code in the outbox, in one transaction. */
export async function register(ctx: AppContext, body: RegisterRequest): Promise<RegisterResult> {
  const phoneInput = body.phoneNumber ?? body.phone;
  const dateOfBirth = body.dateOfBirth ?? body.dob;
  const errors = [];
  if (body.password !== body.confirmPassword) errors.push({ field: 'confirmPassword', message: authMessages.passwordsDiffer });
  if (!phoneInput) errors.push({ field: 'phoneNumber', message: authMessages.phoneRequired });
  if (dateOfBirth && dateOfBirth > vietnamToday(ctx.clock)) errors.push({ field: 'dateOfBirth', message: authMessages.dateOfBirthFuture });
  if (errors.length > 0) throw AppError.validation(errors);
  const phoneNumber = normalizeVietnameseMobile(phoneInput!)!;

  if (await findUserByEmail(ctx.db, body.email)) throw new AppError(409, ERROR_CODES.EMAIL_TAKEN, authMessages.emailTaken, [{ field: 'email', message: authMessages.emailTaken }]);
  if (await findUserByPhone(ctx.db, phoneNumber)) throw new AppError(409, ERROR_CODES.PHONE_TAKEN, authMessages.phoneTaken, [{ field: 'phoneNumber', message: authMessages.phoneTaken }]);

  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now().toISOString();
  let user: UserRow;
  try {
    user = await ctx.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('users')
        .values({
          email: body.email,
          password_hash: passwordHash,
          full_name: body.fullName,
          phone_number: phoneNumber,
          address: body.address?.trim() || null,
          date_of_birth: dateOfBirth ?? null,
          gender: body.gender ?? null,
          avatar_url: null,
          role: 'customer',
          google_sub: null,
          email_verified_at: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const code = await issueOtpCode(otpDeps(ctx, trx), created.id, 'verify_email');
      await enqueueEmail(trx, ctx.clock, created.email, verificationEmail(created.full_name, code));
      return created;
    });
  } catch (error) {
    const unique = uniqueViolation(error);
    if (unique?.column === 'phone_number') throw new AppError(409, ERROR_CODES.PHONE_TAKEN, authMessages.phoneTaken, [{ field: 'phoneNumber', message: authMessages.phoneTaken }]);
    if (unique) throw new AppError(409, ERROR_CODES.EMAIL_TAKEN, authMessages.emailTaken, [{ field: 'email', message: authMessages.emailTaken }]);
    throw error;
  }
  // The sign-up email counts as the first send: a resend within the minute is refused.
  await takeCodeSend(ctx, 'verify_email', user.email).catch((error: unknown) => {
    if (!(error instanceof ThrottledError)) throw error;
  });
  return { userId: String(user.id), email: user.email, emailVerified: false };
}

// ---- Login, refresh, logout ----------------------------------------------------------------------------

type Identifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

function parseIdentifier(body: LoginRequest): Identifier {
  const raw = (body.emailOrPhone ?? body.email ?? '').trim();
  const field = body.emailOrPhone !== undefined ? 'emailOrPhone' : 'email';
  if (!raw) throw fieldError(field, authMessages.identifierRequired);
  if (raw.includes('@')) {
    const email = raw.toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw fieldError(field, authMessages.identifierInvalid);
    return { kind: 'email', value: email };
  }
  const phone = normalizeVietnameseMobile(raw);
  if (!phone) throw fieldError(field, authMessages.identifierInvalid);
  return { kind: 'phone', value: phone };
}

/**
 * Email or phone + password → a session. Failures are counted per account and IP, per IP and per account (see
 * ThrottleLimits); over a limit → 429, also with the right password. The answer and its timing are the same
 * whether or not the account exists. A disabled account with the right password → 403 ACCOUNT_DISABLED.
 */
export async function login(ctx: AppContext, body: LoginRequest, ip: string): Promise<AuthSession> {
  const identifier = parseIdentifier(body);
  const user = identifier.kind === 'email' ? await findUserByEmail(ctx.db, identifier.value) : await findUserByPhone(ctx.db, identifier.value);
  // One counter per account, whichever identifier was typed; unknown identifiers are counted too.
  const accountKey = user ? `user:${user.id}` : `${identifier.kind}:${identifier.value}`;
  await ctx.throttle.assertLoginAllowed(accountKey, ip);

  const valid = user?.password_hash ? await verifyPassword(user.password_hash, body.password) : await verifyAgainstNothing(body.password);
  if (!user || !valid) {
    await ctx.throttle.recordLoginFailure(accountKey, ip);
    throw new AppError(401, ERROR_CODES.INVALID_CREDENTIALS, authMessages.invalidCredentials);
  }
  await ctx.throttle.recordLoginSuccess(accountKey, ip);
  if (user.password_hash && argon2.needsRehash(user.password_hash, ARGON2_PARAMETERS)) {
    const rehashed = await hashPassword(body.password);
    await ctx.db.updateTable('users').set({ password_hash: rehashed }).where('id', '=', user.id).execute();
  }
  return startSession(sessionDeps(ctx), user);
}

export async function refresh(ctx: AppContext, refreshToken: string): Promise<AuthSession> {
  return rotateSession(sessionDeps(ctx), refreshToken);
}

/**
 * Ends the session of `refreshToken`, else the session of the access token; silently does nothing otherwise.
 * The session's access tokens answer 401 from now on.
 */
export async function logout(ctx: AppContext, refreshToken: string | undefined, currentSessionId: string | undefined): Promise<void> {
  const family = refreshToken ? await familyOfRefreshToken(ctx.db, refreshToken) : null;
  const target = family ?? currentSessionId ?? null;
  if (target) await endSession(ctx, target);
}

// ---- Email verification --------------------------------------------------------------------------------

function otpFailure(check: 'wrong' | 'locked' | 'expired'): AppError {
  if (check === 'wrong') return new AppError(400, ERROR_CODES.OTP_INVALID, authMessages.otpWrong, [{ field: 'otpCode', message: authMessages.otpWrong }]);
  if (check === 'locked') return new AppError(400, ERROR_CODES.OTP_LOCKED, authMessages.otpLocked, [{ field: 'otpCode', message: authMessages.otpLocked }]);
  return new AppError(400, ERROR_CODES.OTP_EXPIRED, authMessages.otpExpired, [{ field: 'otpCode', message: authMessages.otpExpired }]);
}

export async function verifyEmail(ctx: AppContext, userIdInput: string | number, otpCode: string): Promise<VerifyEmailResult> {
  const userId = Number(userIdInput);
  const user = Number.isSafeInteger(userId) ? await findUserById(ctx.db, userId) : undefined;
  if (!user) throw otpFailure('expired');
  if (user.email_verified_at !== null) return { userId: String(user.id), emailVerified: true, message: authMessages.emailAlreadyVerified };
  const check = await consumeOtpCode(otpDeps(ctx), user.id, 'verify_email', otpCode);
  if (check !== 'ok') throw otpFailure(check);
  const now = ctx.clock.now().toISOString();
  await ctx.db.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('id', '=', user.id).execute();
  return { userId: String(user.id), emailVerified: true, message: authMessages.emailVerified };
}

/** A new verification code for an unverified account; the same answer for any other address. */
export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  await takeCodeSend(ctx, 'verify_email', email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.email_verified_at !== null) return;
  await ctx.db.transaction().execute(async (trx) => {
    const code = await issueOtpCode(otpDeps(ctx, trx), user.id, 'verify_email');
    await enqueueEmail(trx, ctx.clock, user.email, verificationEmail(user.full_name, code));
  });
}

// ---- Password reset and change -------------------------------------------------------------------------

/** A reset code for a registered address; the same answer (and limits) for any address. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  await takeCodeSend(ctx, 'reset_password', email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  await ctx.db.transaction().execute(async (trx) => {
    const code = await issueOtpCode(otpDeps(ctx, trx), user.id, 'reset_password');
    await enqueueEmail(trx, ctx.clock, user.email, passwordResetEmail(user.full_name, code));
  });
}

/**
 * email + code → new password; the code is single use, every session is revoked and a notice is emailed.
 * Any failure gives the same answer (it must not tell whether the address is registered).
 */
export async function confirmPasswordReset(ctx: AppContext, body: ResetPasswordConfirmRequest): Promise<void> {
  if (body.newPassword !== body.confirmPassword) throw fieldError('confirmPassword', authMessages.passwordsDiffer);
  const user = await findUserByEmail(ctx.db, body.email);
  const check = user ? await consumeOtpCode(otpDeps(ctx), user.id, 'reset_password', body.otpCode) : 'expired';
  if (!user || check !== 'ok') {
    throw new AppError(400, ERROR_CODES.OTP_INVALID, authMessages.resetCodeInvalid, [{ field: 'otpCode', message: authMessages.resetCodeInvalid }]);
  }
  const passwordHash = await hashPassword(body.newPassword);
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      // The code reached the inbox: the address is proven.
      .set({ password_hash: passwordHash, updated_at: now.toISOString(), email_verified_at: user.email_verified_at === null ? now.toISOString() : toIsoUtc(user.email_verified_at) })
      .where('id', '=', user.id)
      .execute();
    const families = await revokeUserSessions(trx, ctx.clock, user.id);
    await enqueueEmail(trx, ctx.clock, user.email, passwordChangedEmail(user.full_name, now));
    return families;
  });
  await ctx.revocation.publish({ sessions: ended });
  // The guesses counted against the old password are moot: the owner proved the mailbox (see throttle.ts).
  await ctx.throttle.recordPasswordReset(`user:${user.id}`);
}

/** Changes the password of the signed-in user; every other session is revoked, a notice is emailed. */
export async function changePassword(
  ctx: AppContext,
  caller: { userId: number; sessionId?: string; ip: string },
  body: ChangePasswordRequest,
): Promise<void> {
  const { userId, sessionId: currentSessionId, ip } = caller;
  if (body.newPassword !== body.confirmNewPassword) throw fieldError('confirmNewPassword', authMessages.passwordsDiffer);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError(401, ERROR_CODES.UNAUTHENTICATED, 'Vui lòng đăng nhập để tiếp tục.');
  if (!user.password_hash) throw new AppError(400, ERROR_CODES.NO_PASSWORD, authMessages.noPasswordYet);
  // Guessing the current password with a stolen access token is throttled like a login.
  const accountKey = `user:${user.id}`;
  await ctx.throttle.assertLoginAllowed(accountKey, ip);
  if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
    await ctx.throttle.recordLoginFailure(accountKey, ip);
    throw fieldError('currentPassword', authMessages.currentPasswordWrong);
  }
  if (body.newPassword === body.currentPassword) throw fieldError('newPassword', authMessages.samePassword);
  const passwordHash = await hashPassword(body.newPassword);
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now.toISOString() }).where('id', '=', user.id).execute();
    const families = await revokeUserSessions(trx, ctx.clock, user.id, currentSessionId ?? null);
    await enqueueEmail(trx, ctx.clock, user.email, passwordChangedEmail(user.full_name, now));
    return families;
  });
  await ctx.revocation.publish({ sessions: ended });
}
