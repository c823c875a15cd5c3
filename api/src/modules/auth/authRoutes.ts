import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authSessionResponseSchema,
  emailOnlyRequestSchema,
  errorEnvelopeSchema,
  loginRequestSchema,
  logoutRequestSchema,
  messageResponseSchema,
  refreshRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordConfirmRequestSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from 'shared-contracts/schemas';
import { caseInsensitiveBodies } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { optionalAuthenticate } from '../../security/authGuard';
import { ok } from '../../http/envelope';
import { withRetryAfter } from '../../security/throttle';
import type { AppContext } from '../../appContext';
import { authMessages } from './authMessages';
import { confirmPasswordReset, login, logout, refresh, register, requestPasswordReset, resendVerification, verifyEmail } from './authService';
import { named } from '../../http/pluginName';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema };

/**
 * /api/auth/*: register, login, refresh, logout, email verification, password reset. Every answer is
 * `no-store` (tokens and codes must not be cached). Body keys are matched case-insensitively (`Email`,
 * `Password`: the original React client).
 */
export const authRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('authRoutes', async (app, { context }) => {
  caseInsensitiveBodies(app);
  cacheControlForAll(app, 'no-store');

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Đăng ký tài khoản khách hàng (gửi mã xác thực email)',
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await register(context, request.body);
      return reply.code(201).send(ok(result, authMessages.registered));
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Đăng nhập bằng email hoặc số điện thoại và mật khẩu',
        body: loginRequestSchema,
        response: { 200: authSessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => withRetryAfter(reply, async () => ok(await login(context, request.body, request.ip), authMessages.loggedIn)),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Đổi refresh token lấy cặp token mới (token cũ hết hiệu lực)',
        body: refreshRequestSchema,
        response: { 200: authSessionResponseSchema, ...errors },
      },
    },
    async (request) => ok(await refresh(context, request.body.refreshToken), authMessages.refreshed),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: optionalAuthenticate,
      schema: {
        tags: ['auth'],
        summary: 'Đăng xuất: thu hồi refresh token gửi lên, hoặc phiên của access token',
        body: logoutRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await logout(context, request.body?.refreshToken || undefined, request.auth?.sessionId);
      return ok({ message: authMessages.loggedOut }, authMessages.loggedOut);
    },
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Xác thực email bằng mã OTP 6 chữ số',
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await verifyEmail(context, request.body.userId, request.body.otpCode);
      return ok(result, result.message);
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Gửi lại mã xác thực email (tối đa 1 lần/phút, 5 lần/giờ)',
        body: emailOnlyRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        await resendVerification(context, request.body.email);
        return ok({ message: authMessages.verificationResent }, authMessages.verificationResent);
      }),
  );

  app.post(
    '/auth/reset-password/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Yêu cầu mã đặt lại mật khẩu (cùng một câu trả lời dù email có đăng ký hay không)',
        body: emailOnlyRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        await requestPasswordReset(context, request.body.email);
        return ok({ message: authMessages.resetRequested }, authMessages.resetRequested);
      }),
  );

  app.post(
    '/auth/reset-password/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Đặt mật khẩu mới bằng mã OTP (thu hồi mọi phiên đăng nhập)',
        body: resetPasswordConfirmRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await confirmPasswordReset(context, request.body);
      return ok({ message: authMessages.passwordReset }, authMessages.passwordReset);
    },
  );
});
