import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES, customerProfileResponseSchema, errorEnvelopeSchema } from 'shared-contracts/schemas';
import { authenticate, currentAuth } from '../../security/authGuard';
import { AppError } from '../../http/appError';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import type { AppContext } from '../../appContext';
import { authMessages, findUserById, toProfile } from '../auth';
import { named } from '../../http/pluginName';

export const customerMessages = {
  notCustomer: 'Tài khoản này không phải tài khoản khách hàng.',
} as const;

/**
 * GET /api/Customer/me: the signed-in customer's profile with `customerId` (the original client's profile page
 * reads it; our customers are users, so it is the user's id). Staff, technicians, managers and admins have no
 * customer profile: 403.
 */
export const customerRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('customerRoutes', async (app, { context }) => {
  cacheControlForAll(app, 'no-store');

  app.get(
    '/customer/me',
    {
      preHandler: authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Hồ sơ khách hàng của người dùng đang đăng nhập (customerId = id người dùng)',
        response: { 200: customerProfileResponseSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { userId } = currentAuth(request);
      const row = await findUserById(context.db, userId);
      if (!row) throw new AppError(401, ERROR_CODES.UNAUTHENTICATED, 'Vui lòng đăng nhập để tiếp tục.');
      if (row.role !== 'customer') throw new AppError(403, ERROR_CODES.NOT_A_CUSTOMER, customerMessages.notCustomer);
      const profile = toProfile(row);
      return ok({ ...profile, customerId: profile.id }, authMessages.profileLoaded);
    },
  );
});
