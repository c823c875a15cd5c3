import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_CODES,
  catalogueChangeListResponseSchema,
  CHECKLIST_PHOTO_MAX_BYTES,
  productAdminInputSchema,
  productAdminListQuerySchema,
  productAdminOptionsResponseSchema,
  productAdminPageResponseSchema,
  productAdminParamsSchema,
  productAdminResponseSchema,
  productAdminUpdateSchema,
  productFitmentsResponseSchema,
  productFitmentsUpdateSchema,
  productImageUploadResponseSchema,
} from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { requireKnownField } from '../../http/bodyFields';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { registerDataErrors } from '../../http/dataErrors';
import { ok } from '../../http/envelope';
import { currentAuth, requireRole } from '../../security/authGuard';
import { CHECKLIST_PHOTO_BOUNDS, storeUploadedImage, type ImageEncoder, productImagesFolder, UPLOADED_IMAGE_KEY_PREFIX, uploadedImageUrl } from '../media';
import { catalogueAdminMessages as messages } from './catalogueAdminMessages';
import type { CatalogueChangeFeed } from './catalogueChangeFeed';
import { listProductsAdmin, productAdminOptions, productHistory, readProductAdmin } from './productAdminQueries';
import { createProduct, saveProduct, type WriteContext } from './productAdminWork';
import { readProductFitments, saveProductFitments } from './productFitmentWork';
import { named } from '../../http/pluginName';

export interface CatalogueAdminRoutesOptions {
  write: WriteContext;
  feed: CatalogueChangeFeed;
  encoder: ImageEncoder;
}

const historyQuerySchema = z.object({ field: z.enum(['price']).optional() });

/**
 * The admin's product catalogue (shop-operations.md §1, §2): /api/admin/catalogue/*. Writes: admin only. Reads:
 * admin and manager (read-only). Everyone else 403, anonymous 401. A save is visible on the shop at once on every
 * instance: the change feed drops each instance's ready answers and search index.
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<CatalogueAdminRoutesOptions> = named('catalogueAdminRoutes', async (app, { write, feed, encoder }) => {
  const { db } = write;
  registerDataErrors(app);
  cacheControlForAll(app, 'private, no-store');
  const readers = requireRole('manager', 'admin');
  const admin = requireRole('admin');

  app.get(
    '/admin/catalogue/options',
    {
      preHandler: readers,
      schema: { tags: ['catalogue-admin'], summary: 'Danh mục, thương hiệu và dòng xe để chọn trong biểu mẫu sản phẩm', response: { 200: productAdminOptionsResponseSchema, ...backOfficeErrors } },
    },
    async () => ok(await productAdminOptions(db)),
  );

  app.get(
    '/admin/catalogue/products',
    {
      preHandler: readers,
      schema: {
        tags: ['catalogue-admin'],
        summary: 'Danh sách sản phẩm (mọi trạng thái): tìm không dấu theo tên, SKU, thương hiệu, danh mục; lọc trạng thái, danh mục, thương hiệu; phân trang',
        querystring: productAdminListQuerySchema,
        response: { 200: productAdminPageResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => ok(await listProductsAdmin(db, request.query)),
  );

  app.get(
    '/admin/catalogue/products/:id',
    {
      preHandler: readers,
      schema: { tags: ['catalogue-admin'], summary: 'Một sản phẩm với mọi trường và phiên bản hiện tại', params: productAdminParamsSchema, response: { 200: productAdminResponseSchema, ...backOfficeErrors } },
    },
    async (request) => {
      const product = await readProductAdmin(db, request.params.id);
      if (!product) throw AppError.notFound(messages.productNotFound, ERROR_CODES.PRODUCT_NOT_FOUND);
      return ok(product);
    },
  );

  app.get(
    '/admin/catalogue/products/:id/history',
    {
      preHandler: readers,
      schema: {
        tags: ['catalogue-admin'],
        summary: 'Lịch sử thay đổi của sản phẩm (ai, khi nào, trường, trước → sau); field=price: lịch sử giá',
        params: productAdminParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: catalogueChangeListResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const exists = await db.selectFrom('products').select('id').where('id', '=', request.params.id).executeTakeFirst();
      if (!exists) throw AppError.notFound(messages.productNotFound, ERROR_CODES.PRODUCT_NOT_FOUND);
      return ok(await productHistory(db, request.params.id, request.query.field));
    },
  );

  app.post(
    '/admin/catalogue/products',
    {
      preHandler: admin,
      schema: { tags: ['catalogue-admin'], summary: 'Tạo sản phẩm', body: productAdminInputSchema, response: { 201: productAdminResponseSchema, ...backOfficeErrors } },
    },
    async (request, reply) => {
      const created = await createProduct(write, request.body, currentAuth(request).userId);
      await feed.changed();
      return reply.code(201).send(ok(created, messages.created));
    },
  );

  app.put(
    '/admin/catalogue/products/:id',
    {
      preValidation: requireKnownField(productAdminUpdateSchema),
      preHandler: admin,
      schema: {
        tags: ['catalogue-admin'],
        summary: 'Lưu sản phẩm từ phiên bản đã sửa (phiên bản cũ: 409 kèm dữ liệu hiện tại)',
        params: productAdminParamsSchema,
        body: productAdminUpdateSchema,
        response: { 200: productAdminResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const saved = await saveProduct(write, request.params.id, request.body, currentAuth(request).userId);
      await feed.changed();
      return ok(saved, messages.saved);
    },
  );

  app.get(
    '/admin/catalogue/products/:id/fitments',
    {
      preHandler: readers,
      schema: {
        tags: ['catalogue-admin'],
        summary: 'Xe tương thích của sản phẩm (dòng xe, đời xe, vị trí lắp, số lượng mỗi xe) và các tên dòng xe cũ chưa khớp',
        params: productAdminParamsSchema,
        response: { 200: productFitmentsResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const fitments = await readProductFitments(db, request.params.id);
      if (!fitments) throw AppError.notFound(messages.productNotFound, ERROR_CODES.PRODUCT_NOT_FOUND);
      return ok(fitments);
    },
  );

  app.put(
    '/admin/catalogue/products/:id/fitments',
    {
      preValidation: requireKnownField(productFitmentsUpdateSchema),
      preHandler: admin,
      schema: {
        tags: ['catalogue-admin'],
        summary: 'Lưu toàn bộ danh sách xe tương thích từ phiên bản sản phẩm đã sửa (thay thế danh sách cũ; phiên bản cũ: 409 kèm dữ liệu hiện tại)',
        params: productAdminParamsSchema,
        body: productFitmentsUpdateSchema,
        response: { 200: productFitmentsResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const saved = await saveProductFitments(db, request.params.id, request.body, currentAuth(request).userId);
      await feed.changed();
      return ok(saved, messages.fitmentsSaved);
    },
  );

  const uploadRoutes: FastifyPluginAsyncZod = named('catalogueAdminRoutes.uploadRoutes', async (uploads) => {
    // One byte over the limit is read, so that a file over 8 MB is refused by its length.
    await uploads.register(multipart, { limits: { fileSize: CHECKLIST_PHOTO_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 } });
    uploads.post(
      '/admin/catalogue/product-images',
      {
        preHandler: admin,
        schema: {
          tags: ['catalogue-admin'],
          summary: 'Tải ảnh sản phẩm (multipart, trường file; JPEG/PNG/WebP ≤ 8 MB; lưu WebP ≤ 1600 px, bỏ EXIF)',
          consumes: ['multipart/form-data'],
          response: { 200: productImageUploadResponseSchema, ...backOfficeErrors, 413: backOfficeErrors[400], 415: backOfficeErrors[400], 503: backOfficeErrors[400] },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, messages.notMultipart);
        const stored = await storeUploadedImage(request, encoder, {
          kind: 'product-image',
          folder: productImagesFolder(write.uploadDir),
          bounds: CHECKLIST_PHOTO_BOUNDS,
          fields: ['file'],
          maxBytes: CHECKLIST_PHOTO_MAX_BYTES,
          tooLarge: () => new AppError(413, ERROR_CODES.FILE_TOO_LARGE, messages.imageTooLarge, [{ field: 'file', message: messages.imageTooLarge }]),
          missing: () => AppError.validation([{ field: 'file', message: messages.imageMissing }], messages.imageMissing),
          wrongType: () => new AppError(415, ERROR_CODES.UNSUPPORTED_IMAGE_TYPE, messages.imageWrongType, [{ field: 'file', message: messages.imageWrongType }]),
          unreadable: () => new AppError(400, ERROR_CODES.UNREADABLE_IMAGE, messages.imageUnreadable, [{ field: 'file', message: messages.imageUnreadable }]),
          busy: () => new AppError(503, ERROR_CODES.IMAGE_ENCODER_UNAVAILABLE, messages.imageBusy),
        });
        const key = `${UPLOADED_IMAGE_KEY_PREFIX}${stored.file}`;
        return ok({ path: key, url: uploadedImageUrl(key), width: stored.width, height: stored.height, alt: '' });
      },
    );
  });
  await app.register(uploadRoutes);
});
