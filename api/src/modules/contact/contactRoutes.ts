import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { ERROR_CODES, contactMessageInputSchema, contactReceiptResponseSchema } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { ok } from '../../http/envelope';
import { CONTACT_RATE_LIMIT, contactRetryAfterSeconds, storeContactMessage, type ContactRateLimit } from './contactService';
import { named } from '../../http/pluginName';

export const contactMessages = {
  received: 'Cảm ơn bạn đã liên hệ! Chúng tôi sẽ phản hồi trong vòng 24 giờ làm việc.',
  tooMany: (minutes: number) => `Bạn đã gửi quá nhiều tin nhắn. Vui lòng thử lại sau ${minutes} phút.`,
} as const;

export interface ContactRoutesOptions {
  db: Kysely<Database>;
  rateLimit?: ContactRateLimit;
  now?: () => Date;
}

/**
 * POST /api/contact: a message for the staff (name, email or Vietnamese mobile, subject, message), validated;
 * 5 per 10 minutes per IP, then 429 RATE_LIMITED with Retry-After.
 */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = named('contactRoutes', async (app, options) => {
  const { db } = options;
  const limit = options.rateLimit ?? CONTACT_RATE_LIMIT;
  const now = options.now ?? (() => new Date());

  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Gửi liên hệ tới cửa hàng',
        body: contactMessageInputSchema,
        response: { 201: contactReceiptResponseSchema },
      },
    },
    async (request, reply) => {
      const at = now();
      const retryAfter = await contactRetryAfterSeconds(db, request.ip, at, limit);
      if (retryAfter > 0) {
        reply.header('retry-after', String(retryAfter));
        throw new AppError(429, ERROR_CODES.RATE_LIMITED, contactMessages.tooMany(Math.ceil(retryAfter / 60)));
      }
      const receipt = await storeContactMessage(db, request.body, request.ip, at);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(ok(receipt, contactMessages.received));
    },
  );
});
