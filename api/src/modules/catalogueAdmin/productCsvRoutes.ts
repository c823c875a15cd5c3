import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, productCsvImportResponseSchema } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { backOfficeErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { registerDataErrors } from '../../http/dataErrors';
import { ok } from '../../http/envelope';
import { currentAuth, requireRole } from '../../security/authGuard';
import type { CatalogueChangeFeed } from './catalogueChangeFeed';
import { uploadedFileBytes } from '../media';
import { decodeCsv, importProductCsv, readProductCsv } from './productCsv';
import { PRODUCT_CSV_MAX_BYTES } from './productCsvColumns';
import { productCsvStream } from './productCsvExport';
import { productCsvMessages as messages } from './productCsvMessages';
import type { WriteContext } from './productAdminWork';
import { named } from '../../http/pluginName';

export interface ProductCsvRoutesOptions {
  write: WriteContext;
  feed: CatalogueChangeFeed;
}

/** Room for a multipart body's boundaries and headers around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

const importQuerySchema = z.object({
  mode: z.enum(['dry-run', 'apply'], { error: 'Chế độ nhập phải là dry-run (chạy thử) hoặc apply (áp dụng).' }).default('dry-run'),
});

const tooLarge = () => new AppError(413, ERROR_CODES.CSV_TOO_LARGE, messages.tooLarge, [{ field: 'file', message: messages.tooLarge }]);
const missing = () => AppError.validation([{ field: 'file', message: messages.missingFile }], messages.missingFile);

/** The file's bytes: a text/csv body, or the `file` field of a multipart form (one byte past the limit is read). */
async function csvBytes(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw missing();
    return request.body;
  }
  return uploadedFileBytes(request, { fields: ['file'], maxBytes: PRODUCT_CSV_MAX_BYTES, tooLarge, missing });
}

/**
 * The catalogue as CSV (shop-operations.md §2 "Bulk"): GET /api/admin/catalogue/products.csv (admin and manager)
 * and POST /api/admin/catalogue/products/import?mode=dry-run|apply (admin). A body over 5 MB is refused by its
 * declared length before it is read; a file over 5,000 rows before the rest is parsed.
 */
export const productCsvRoutes: FastifyPluginAsyncZod<ProductCsvRoutesOptions> = named('productCsvRoutes', async (app, { write, feed }) => {
  const { db } = write;
  registerDataErrors(app);
  cacheControlForAll(app, 'private, no-store');
  await app.register(multipart, { limits: { fileSize: PRODUCT_CSV_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 } });
  app.addContentTypeParser(['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'], { parseAs: 'buffer', bodyLimit: PRODUCT_CSV_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  async function sendCsv(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const csv = productCsvStream(db, (error) => request.log.error({ err: error }, 'product CSV stream failed'));
    reply.header('content-disposition', 'attachment; filename="san-pham.csv"');
    return reply.type('text/csv; charset=utf-8').send(csv);
  }

  app.get(
    '/admin/catalogue/products.csv',
    {
      preHandler: requireRole('manager', 'admin'),
      schema: {
        tags: ['catalogue-admin'],
        summary: 'Xuất danh mục sản phẩm ra CSV (UTF-8 có BOM, chống công thức; các cột như tệp nhập)',
        response: { 200: { description: 'Tệp san-pham.csv, gửi dần (streamed)', content: { 'text/csv': { schema: z.string() } } }, ...backOfficeErrors },
      },
    },
    async (request, reply) => sendCsv(request, reply),
  );

  app.post(
    '/admin/catalogue/products/import',
    {
      // The declared length first: a body over the limit is refused before a byte of it is read.
      onRequest: async (request) => {
        const declared = Number(request.headers['content-length'] ?? 0);
        const limit = request.headers['content-type']?.startsWith('multipart/') ? PRODUCT_CSV_MAX_BYTES + MULTIPART_OVERHEAD : PRODUCT_CSV_MAX_BYTES;
        if (declared > limit) throw tooLarge();
      },
      preHandler: requireRole('admin'),
      bodyLimit: PRODUCT_CSV_MAX_BYTES + MULTIPART_OVERHEAD,
      schema: {
        tags: ['catalogue-admin'],
        summary: 'Nhập sản phẩm từ CSV (text/csv hoặc multipart trường file; ≤ 5 MB, ≤ 5.000 dòng): chạy thử liệt kê mọi dòng lỗi; áp dụng ghi tất cả hoặc không gì',
        querystring: importQuerySchema,
        consumes: ['text/csv', 'multipart/form-data'],
        response: { 200: productCsvImportResponseSchema, ...backOfficeErrors, 413: backOfficeErrors[400] },
      },
    },
    async (request) => {
      const file = await readProductCsv(decodeCsv(await csvBytes(request)));
      const { result, wrote } = await importProductCsv(db, file, request.query.mode, currentAuth(request).userId, { undone: () => feed.changed() });
      if (wrote) await feed.changed();
      return ok(result, request.query.mode === 'apply' ? messages.applied : messages.checked);
    },
  );
});
