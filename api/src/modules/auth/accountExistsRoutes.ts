import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountExistsResponseSchema,
  checkPhoneRequestSchema,
  emailOnlyRequestSchema,
  errorEnvelopeSchema,
  normalizeVietnameseMobile,
  type AccountExistsResponse,
} from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { caseInsensitiveBodies } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { ThrottledError, withRetryAfter } from '../../security/throttle';
import { findUserByEmail, findUserByPhone } from './usersQueries';
import type { AppContext } from '../../appContext';
import { authMessages } from './authMessages';
import { named } from '../../http/pluginName';

/** How many availability checks one address may make: the register page checks as the user types. */
export const ACCOUNT_EXISTS_CHECKS_PER_MINUTE = 30;
export const ACCOUNT_EXISTS_CHECKS_PER_HOUR = 300;

export const accountExistsMessages = {
  emailFree: 'Email có thể sử dụng.',
  phoneFree: 'Số điện thoại có thể sử dụng.',
  tooMany: (seconds: number) => `Bạn đã kiểm tra quá nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
} as const;

function answer(exists: boolean, message: string): AccountExistsResponse {
  return { ...ok({ exists, message }, message), exists };
}

const errors = { 400: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema };

/**
 * POST /api/auth/check-email `{email}` and POST /api/auth/check-phone `{phoneNumber}` (or `{phone}`): whether an
 * account already uses the address, for the original client's register page, which asks as the user types and
 * reads `{exists, message}`. They tell no more than registering does (409 EMAIL_TAKEN / PHONE_TAKEN), and each
 * address may ask ACCOUNT_EXISTS_CHECKS_PER_MINUTE times a minute and ACCOUNT_EXISTS_CHECKS_PER_HOUR an hour
 * (429 with Retry-After), so the routes are no faster a list of our customers than the register form.
 */
export const accountExistsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('accountExistsRoutes', async (app, { context }) => {
  const { db, counters } = context;
  caseInsensitiveBodies(app);
  cacheControlForAll(app, 'no-store');

  async function takeCheck(ip: string): Promise<void> {
    const minute = await counters.increment(`account-exists:minute:${ip}`, 60_000);
    if (minute.count > ACCOUNT_EXISTS_CHECKS_PER_MINUTE) throw tooMany(minute.resetInMs);
    const hour = await counters.increment(`account-exists:hour:${ip}`, 60 * 60_000);
    if (hour.count > ACCOUNT_EXISTS_CHECKS_PER_HOUR) throw tooMany(hour.resetInMs);
  }

  function tooMany(resetInMs: number): ThrottledError {
    return new ThrottledError(accountExistsMessages.tooMany(Math.max(1, Math.ceil(resetInMs / 1000))), resetInMs);
  }

  app.post(
    '/auth/check-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email đã có tài khoản chưa (trang đăng ký kiểm tra khi người dùng gõ; giới hạn theo địa chỉ IP)',
        body: emailOnlyRequestSchema,
        response: { 200: accountExistsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        await takeCheck(request.ip);
        const exists = (await findUserByEmail(db, request.body.email)) !== undefined;
        return answer(exists, exists ? authMessages.emailTaken : accountExistsMessages.emailFree);
      }),
  );

  app.post(
    '/auth/check-phone',
    {
      schema: {
        tags: ['auth'],
        summary: 'Số điện thoại đã có tài khoản chưa (nhận phoneNumber hoặc phone; giới hạn theo địa chỉ IP)',
        body: checkPhoneRequestSchema,
        response: { 200: accountExistsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const given = request.body.phoneNumber ?? request.body.phone;
        if (given === undefined) throw AppError.validation([{ field: 'phoneNumber', message: authMessages.phoneRequired }]);
        await takeCheck(request.ip);
        const phone = normalizeVietnameseMobile(given);
        const exists = phone !== null && (await findUserByPhone(db, phone)) !== undefined;
        return answer(exists, exists ? authMessages.phoneTaken : accountExistsMessages.phoneFree);
      }),
  );
});
