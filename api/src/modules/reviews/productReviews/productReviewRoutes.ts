import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductReviewSchema,
  adminReviewQueueQuerySchema,
  adminReviewQueueSchema,
  envelopeSchema,
  ERROR_CODES,
  idInput,
  PRODUCT_REVIEW_PHOTOS_MAX,
  productReviewCreateInputSchema,
  productReviewListQuerySchema,
  productReviewPageSchema,
  productReviewSchema,
  productReviewUpdateInputSchema,
  reviewableLinesSchema,
  reviewHelpfulSchema,
  reviewHideInputSchema,
  reviewReplyInputSchema,
  reviewReportInputSchema,
} from 'shared-contracts/schemas';
import type { AppContext } from '../../../appContext';
import { AppError } from '../../../http/appError';
import { requireKnownField } from '../../../http/bodyFields';
import { cacheControlForAll } from '../../../http/cacheControl';
import { ok } from '../../../http/envelope';
import { authenticate, currentAuth, optionalAuthenticate, requireRole } from '../../../security/authGuard';
import { ThrottledError } from '../../../security/throttle';
import { createImageEncoder } from '../../media';
import { deleteReviewPhotoFiles, REVIEW_PHOTO_MAX_BYTES, storeReviewPhoto } from './productReviewPhotoUpload';
import { productReviewMessages as messages } from './productReviewMessages';
import { readAdminQueue, readAdminReviews, readReview, readReviewableLines, readReviewPage } from './productReviewReads';
import {
  addReviewPhoto,
  authorsEditableReview,
  createReview,
  deleteReview,
  removeReviewPhoto,
  replyToReview,
  reportReview,
  setHelpful,
  setReviewHidden,
  updateReview,
} from './productReviewWrites';
import { named } from '../../../http/pluginName';

/** Reviews an account may write per hour, and photos it may upload per hour. */
export const REVIEWS_PER_HOUR = 20;
export const REVIEW_PHOTOS_PER_HOUR = 40;
const HOUR = 3_600_000;
const ENCODER_IDLE_MS = 60_000;

const productParams = z.object({ productId: idInput('Mã sản phẩm không hợp lệ.') });
const reviewParams = z.object({ id: idInput('Mã đánh giá không hợp lệ.') });
const photoParams = reviewParams.extend({ photoId: idInput('Mã ảnh không hợp lệ.') });
const reviewResponse = envelopeSchema(productReviewSchema);
const adminReviewResponse = envelopeSchema(adminProductReviewSchema);

/**
 * Product reviews (issue 48 §1, §3): the product's page of reviews (public), the customer's reviewable lines, a
 * review's writing, editing (30 days), photos, "Hữu ích" votes and reports, and the admin's moderation (queue,
 * reply, hide/unhide). Text is plain text, stored and answered as is (JSON), never HTML.
 */
export const productReviewRoutes: FastifyPluginAsync<{ context: AppContext }> = named('productReviewRoutes', async (app, { context }) => {
  await app.register(reviewRoutes, { context });
});

const reviewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('productReviewRoutes.reviewRoutes', async (app, { context }) => {
  const { db, clock, counters, config } = context;
  const customer = requireRole('customer');
  const admin = requireRole('admin');
  const encoder = createImageEncoder({ uploadDir: config.uploadDir, idleExitMs: ENCODER_IDLE_MS });
  app.addHook('onClose', () => encoder.close());
  // A page of reviews carries the viewer's own votes: never kept by a shared cache.
  cacheControlForAll(app, 'private, no-store');

  /** Counts one of the account's `kind` within the hour; past `limit`, 429 with Retry-After. */
  async function take(kind: string, userId: number, limit: number, reply: { header(name: string, value: string): unknown }): Promise<void> {
    const hour = await counters.increment(`${kind}:hour:${userId}`, HOUR);
    if (hour.count > limit) {
      const error = new ThrottledError(messages.tooMany(Math.max(1, Math.ceil(hour.resetInMs / 1000))), hour.resetInMs);
      reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  }

  app.get(
    '/products/:productId/reviews',
    {
      preHandler: optionalAuthenticate,
      schema: {
        tags: ['reviews'],
        summary: 'Đánh giá của sản phẩm: điểm trung bình, phân bố sao và một trang đánh giá (sắp xếp, lọc theo sao / có hình ảnh)',
        params: productParams,
        querystring: productReviewListQuerySchema,
        response: { 200: envelopeSchema(productReviewPageSchema) },
      },
    },
    async (request) => {
      const viewer = request.auth?.userId ?? null;
      return ok(await readReviewPage(db, request.params.productId, request.query, viewer), messages.page);
    },
  );

  app.get(
    '/reviews/reviewable',
    { preHandler: customer, schema: { tags: ['reviews'], summary: 'Sản phẩm đã nhận hàng mà khách có thể đánh giá (kèm đánh giá đã viết)', response: { 200: envelopeSchema(reviewableLinesSchema) } } },
    async (request) => ok(await readReviewableLines(db, currentAuth(request).userId), messages.reviewable),
  );

  app.post(
    '/reviews',
    {
      preHandler: customer,
      schema: { tags: ['reviews'], summary: 'Viết đánh giá cho một sản phẩm đã nhận (mỗi dòng đơn hàng một lần)', body: productReviewCreateInputSchema, response: { 201: reviewResponse } },
    },
    async (request, reply) => {
      const { userId } = currentAuth(request);
      await take('product-review', userId, REVIEWS_PER_HOUR, reply);
      const id = await createReview(db, clock, userId, request.body);
      return reply.code(201).send(ok(await readReview(db, id, userId), messages.created));
    },
  );

  app.patch(
    '/reviews/:id',
    {
      preValidation: requireKnownField(productReviewUpdateInputSchema),
      preHandler: customer,
      schema: { tags: ['reviews'], summary: 'Sửa số sao / nội dung đánh giá (trong 30 ngày)', params: reviewParams, body: productReviewUpdateInputSchema, response: { 200: reviewResponse } },
    },
    async (request) => {
      const { userId } = currentAuth(request);
      await updateReview(db, clock, userId, request.params.id, request.body);
      return ok(await readReview(db, request.params.id, userId), messages.updated);
    },
  );

  app.delete(
    '/reviews/:id',
    { preHandler: customer, schema: { tags: ['reviews'], summary: 'Xóa đánh giá của mình', params: reviewParams } },
    async (request, reply) => {
      const files = await deleteReview(db, currentAuth(request).userId, request.params.id);
      await deleteReviewPhotoFiles(config.uploadDir, files);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/reviews/:id/photos/:photoId',
    { preHandler: customer, schema: { tags: ['reviews'], summary: 'Xóa một ảnh của đánh giá (trong 30 ngày)', params: photoParams, response: { 200: reviewResponse } } },
    async (request) => {
      const { userId } = currentAuth(request);
      const review = await authorsEditableReview(db, request.params.id, userId, clock.now());
      const file = await removeReviewPhoto(db, clock, review, request.params.photoId);
      await deleteReviewPhotoFiles(config.uploadDir, [file]);
      return ok(await readReview(db, review.id, userId), messages.photoRemoved);
    },
  );

  const helpfulOptions = (summary: string) => ({
    preHandler: authenticate,
    schema: { tags: ['reviews'], summary, params: reviewParams, response: { 200: envelopeSchema(reviewHelpfulSchema) } },
  });
  app.put('/reviews/:id/helpful', helpfulOptions('Đánh dấu đánh giá hữu ích (mỗi tài khoản một lần; lặp lại không đổi)'), async (request) =>
    ok(await setHelpful(db, clock, currentAuth(request).userId, request.params.id, true), messages.voted),
  );
  app.delete('/reviews/:id/helpful', helpfulOptions('Bỏ đánh dấu hữu ích'), async (request) =>
    ok(await setHelpful(db, clock, currentAuth(request).userId, request.params.id, false), messages.unvoted),
  );

  app.post(
    '/reviews/:id/reports',
    { preHandler: authenticate, schema: { tags: ['reviews'], summary: 'Báo cáo đánh giá (mỗi tài khoản một lần)', params: reviewParams, body: reviewReportInputSchema } },
    async (request, reply) => {
      await reportReview(db, clock, currentAuth(request).userId, request.params.id, request.body);
      return reply.code(204).send();
    },
  );

  app.get(
    '/admin/reviews',
    {
      preHandler: admin,
      schema: { tags: ['reviews'], summary: 'Hàng đợi kiểm duyệt đánh giá sản phẩm (bị báo cáo, chưa trả lời, đã ẩn, tất cả)', querystring: adminReviewQueueQuerySchema, response: { 200: envelopeSchema(adminReviewQueueSchema) } },
    },
    async (request) => ok(await readAdminQueue(db, request.query), messages.queue),
  );

  const adminReview = async (id: number) => (await readAdminReviews(db, [id]))[0]!;

  app.put(
    '/admin/reviews/:id/reply',
    {
      preValidation: requireKnownField(reviewReplyInputSchema),
      preHandler: admin,
      schema: { tags: ['reviews'], summary: 'Trả lời công khai của cửa hàng (một trả lời; sửa thì thay thế)', params: reviewParams, body: reviewReplyInputSchema, response: { 200: adminReviewResponse } },
    },
    async (request) => {
      await replyToReview(db, clock, currentAuth(request).userId, request.params.id, request.body.text);
      return ok(await adminReview(request.params.id), messages.replied);
    },
  );

  app.post(
    '/admin/reviews/:id/hide',
    { preHandler: admin, schema: { tags: ['reviews'], summary: 'Ẩn đánh giá (lý do được lưu, ghi nhật ký và gửi email cho khách)', params: reviewParams, body: reviewHideInputSchema, response: { 200: adminReviewResponse } } },
    async (request) => {
      await setReviewHidden(db, clock, currentAuth(request).userId, request.params.id, { reason: request.body.reason, publicUrl: config.publicUrl });
      return ok(await adminReview(request.params.id), messages.hidden);
    },
  );

  app.post(
    '/admin/reviews/:id/unhide',
    { preHandler: admin, schema: { tags: ['reviews'], summary: 'Hiển thị lại đánh giá đã ẩn', params: reviewParams, response: { 200: adminReviewResponse } } },
    async (request) => {
      await setReviewHidden(db, clock, currentAuth(request).userId, request.params.id, null);
      return ok(await adminReview(request.params.id), messages.unhidden);
    },
  );

  const uploads: FastifyPluginAsyncZod = named('productReviewRoutes.uploads', async (upload) => {
    // One byte over the limit is read, so that a file over 8 MB is refused by its length.
    await upload.register(multipart, { limits: { fileSize: REVIEW_PHOTO_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 } });
    upload.post(
      '/reviews/:id/photos',
      {
        preHandler: customer,
        schema: {
          tags: ['reviews'],
          summary: 'Thêm ảnh vào đánh giá (multipart, trường photo; JPEG/PNG/WebP ≤ 8 MB; tối đa 4 ảnh; lưu WebP ≤ 1600 px, bỏ EXIF)',
          consumes: ['multipart/form-data'],
          params: reviewParams,
          response: { 201: reviewResponse },
        },
      },
      async (request, reply) => {
        const { userId } = currentAuth(request);
        const review = await authorsEditableReview(db, request.params.id, userId, clock.now());
        // The count first (cheap), before the encoder's work; checked again under the product's lock when recorded.
        const current = await readReview(db, review.id, userId);
        if (current.photos.length >= PRODUCT_REVIEW_PHOTOS_MAX) throw new AppError(409, ERROR_CODES.TOO_MANY_PHOTOS, messages.tooManyPhotos);
        await take('product-review-photo', userId, REVIEW_PHOTOS_PER_HOUR, reply);
        const stored = await storeReviewPhoto(request, encoder, config.uploadDir);
        try {
          await addReviewPhoto(db, clock, review, stored);
        } catch (error) {
          await deleteReviewPhotoFiles(config.uploadDir, [stored.file]);
          throw error;
        }
        return reply.code(201).send(ok(await readReview(db, review.id, userId), messages.photoAdded));
      },
    );
  });
  await app.register(uploads);
});
