import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  brandAdminInputSchema,
  brandAdminListResponseSchema,
  brandAdminResponseSchema,
  brandAdminUpdateSchema,
  catalogueChangeListResponseSchema,
  categoryAdminInputSchema,
  categoryAdminListResponseSchema,
  categoryAdminResponseSchema,
  categoryAdminUpdateSchema,
  taxonomyParamsSchema,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { requireKnownField } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { registerDataErrors } from '../../http/dataErrors';
import { ok } from '../../http/envelope';
import { currentAuth, requireRole } from '../../security/authGuard';
import type { CatalogueChangeFeed } from './catalogueChangeFeed';
import {
  brandHistory,
  categoryHistory,
  createBrandAdmin,
  createCategoryAdmin,
  deleteCategoryAdmin,
  listBrandsAdmin,
  listCategoriesAdmin,
  readBrandAdmin,
  readCategoryAdmin,
  saveBrandAdmin,
  saveCategoryAdmin,
  taxonomyMessages as messages,
} from './taxonomyAdminWork';
import { named } from '../../http/pluginName';

export interface TaxonomyAdminRoutesOptions {
  db: Kysely<Database>;
  feed: CatalogueChangeFeed;
}

/**
 * The admin's categories and brands (shop-operations.md §1, §2): /api/admin/catalogue/categories and /brands.
 * Writes: admin. Reads: admin and manager. Everyone else 403, anonymous 401. Every write goes through the feed.
 */
export const taxonomyAdminRoutes: FastifyPluginAsyncZod<TaxonomyAdminRoutesOptions> = named('taxonomyAdminRoutes', async (app, { db, feed }) => {
  registerDataErrors(app);
  cacheControlForAll(app, 'private, no-store');
  const readers = requireRole('manager', 'admin');
  const admin = requireRole('admin');
  const tags = ['catalogue-admin'];
  const params = taxonomyParamsSchema;

  app.get(
    '/admin/catalogue/categories',
    { preHandler: readers, schema: { tags, summary: 'Mọi danh mục (hai cấp), kể cả đã ngừng hoạt động, kèm số sản phẩm', response: { 200: categoryAdminListResponseSchema, ...backOfficeErrors } } },
    async () => ok(await listCategoriesAdmin(db)),
  );
  app.get(
    '/admin/catalogue/categories/:id/history',
    { preHandler: readers, schema: { tags, summary: 'Lịch sử thay đổi của danh mục', params, response: { 200: catalogueChangeListResponseSchema, ...backOfficeErrors } } },
    async (request) => {
      if (!(await readCategoryAdmin(db, request.params.id))) throw AppError.notFound(messages.categoryNotFound, ERROR_CODES.CATEGORY_NOT_FOUND);
      return ok(await categoryHistory(db, request.params.id));
    },
  );
  app.post(
    '/admin/catalogue/categories',
    { preHandler: admin, schema: { tags, summary: 'Tạo danh mục', body: categoryAdminInputSchema, response: { 201: categoryAdminResponseSchema, ...backOfficeErrors } } },
    async (request, reply) => {
      const created = await createCategoryAdmin(db, request.body, currentAuth(request).userId);
      await feed.changed();
      return reply.code(201).send(ok(created, messages.categoryCreated));
    },
  );
  app.put(
    '/admin/catalogue/categories/:id',
    {
      preValidation: requireKnownField(categoryAdminUpdateSchema),
      preHandler: admin,
      schema: { tags, summary: 'Lưu danh mục từ phiên bản đã sửa (đổi tên, danh mục cha, ngừng hoạt động)', params, body: categoryAdminUpdateSchema, response: { 200: categoryAdminResponseSchema, ...backOfficeErrors } },
    },
    async (request) => {
      const saved = await saveCategoryAdmin(db, request.params.id, request.body, currentAuth(request).userId);
      await feed.changed();
      return ok(saved, messages.categorySaved);
    },
  );
  app.delete(
    '/admin/catalogue/categories/:id',
    { preHandler: admin, schema: { tags, summary: 'Xóa danh mục chưa có sản phẩm và danh mục con (có sản phẩm: 409, hãy ngừng hoạt động)', params, response: { 200: categoryAdminResponseSchema, ...backOfficeErrors } } },
    async (request) => {
      const deleted = await deleteCategoryAdmin(db, request.params.id);
      await feed.changed();
      return ok(deleted, messages.categoryDeleted);
    },
  );

  app.get(
    '/admin/catalogue/brands',
    { preHandler: readers, schema: { tags, summary: 'Mọi thương hiệu, kể cả đã ngừng hoạt động, kèm số sản phẩm', response: { 200: brandAdminListResponseSchema, ...backOfficeErrors } } },
    async () => ok(await listBrandsAdmin(db)),
  );
  app.get(
    '/admin/catalogue/brands/:id/history',
    { preHandler: readers, schema: { tags, summary: 'Lịch sử thay đổi của thương hiệu', params, response: { 200: catalogueChangeListResponseSchema, ...backOfficeErrors } } },
    async (request) => {
      if (!(await readBrandAdmin(db, request.params.id))) throw AppError.notFound(messages.brandNotFound, ERROR_CODES.BRAND_NOT_FOUND);
      return ok(await brandHistory(db, request.params.id));
    },
  );
  app.post(
    '/admin/catalogue/brands',
    { preHandler: admin, schema: { tags, summary: 'Tạo thương hiệu', body: brandAdminInputSchema, response: { 201: brandAdminResponseSchema, ...backOfficeErrors } } },
    async (request, reply) => {
      const created = await createBrandAdmin(db, request.body, currentAuth(request).userId);
      await feed.changed();
      return reply.code(201).send(ok(created, messages.brandCreated));
    },
  );
  app.put(
    '/admin/catalogue/brands/:id',
    {
      preValidation: requireKnownField(brandAdminUpdateSchema),
      preHandler: admin,
      schema: { tags, summary: 'Lưu thương hiệu từ phiên bản đã sửa (đổi tên, ngừng hoạt động)', params, body: brandAdminUpdateSchema, response: { 200: brandAdminResponseSchema, ...backOfficeErrors } },
    },
    async (request) => {
      const saved = await saveBrandAdmin(db, request.params.id, request.body, currentAuth(request).userId);
      await feed.changed();
      return ok(saved, messages.brandSaved);
    },
  );
});
