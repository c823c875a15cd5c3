import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COD_STATEMENT_MAX_BYTES, codStatementImportQuerySchema, codStatementImportResponseSchema, codStatementListResponseSchema, ERROR_CODES } from 'shared-contracts/schemas';
import type { AppContext } from '../../../appContext';
import { AppError } from '../../../http/appError';
import { backOfficeErrors } from '../../../http/backOfficeErrors';
import { cacheControlForAll } from '../../../http/cacheControl';
import { ok } from '../../../http/envelope';
import { named } from '../../../http/pluginName';
import { centreScopeOf, requireCentreRole } from '../../../security/centreScope';
import { uploadedFileBytes } from '../../media';
import { decodeStatement } from './codStatementCsv';
import { codStatementMessages as messages } from './codStatementMessages';
import { listCodStatements } from './codStatementQueries';
import { assertCodStatementScope, importCodStatement, type CodExceptionQueue } from './importCodStatement';

export interface CodStatementsRoutesOptions {
  context: AppContext;
  /** The payments exceptions queue (payments' queueCarrierCodException and announcePaymentExceptionChange). */
  exceptions: CodExceptionQueue;
}

/** Room for a multipart body's boundaries and headers around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = () => new AppError(413, ERROR_CODES.CSV_TOO_LARGE, messages.tooLarge, [{ field: 'file', message: messages.tooLarge }]);
const missing = () => AppError.validation([{ field: 'file', message: messages.missingFile }], messages.missingFile);

/** The file's bytes: a text/csv body, or the `file` field of a multipart form. */
async function statementBytes(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw missing();
    return request.body;
  }
  return uploadedFileBytes(request, { fields: ['file'], maxBytes: COD_STATEMENT_MAX_BYTES, tooLarge, missing });
}

/**
 * Carriers' COD statements (đối soát COD, issue 65 §5), for admins and the shipping centre's manager:
 * POST /api/admin/shipments/cod-statements?carrier&reference[&periodFrom&periodTo] with the carrier's CSV export
 * (≤ 2 MB, ≤ 5,000 lines) → each line reconciled or queued as an exception, once per (carrier, reference);
 * GET /api/admin/shipments/cod-statements → the latest statements with their counts.
 */
export const codStatementsRoutes: FastifyPluginAsyncZod<CodStatementsRoutesOptions> = named('codStatementsRoutes', async (app, { context, exceptions }) => {
  const { db, clock, config } = context;
  const ctx = { db, clock, config, exceptions };
  const roles = requireCentreRole(db, 'manager', 'admin');
  cacheControlForAll(app, 'private, no-store');
  await app.register(multipart, { limits: { fileSize: COD_STATEMENT_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 } });
  app.addContentTypeParser(['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'], { parseAs: 'buffer', bodyLimit: COD_STATEMENT_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/admin/shipments/cod-statements',
    {
      // The declared length first: a body over the limit is refused before a byte of it is read.
      onRequest: async (request) => {
        const declared = Number(request.headers['content-length'] ?? 0);
        const limit = request.headers['content-type']?.startsWith('multipart/') ? COD_STATEMENT_MAX_BYTES + MULTIPART_OVERHEAD : COD_STATEMENT_MAX_BYTES;
        if (declared > limit) throw tooLarge();
      },
      preHandler: roles,
      bodyLimit: COD_STATEMENT_MAX_BYTES + MULTIPART_OVERHEAD,
      schema: {
        tags: ['shipments'],
        summary: 'Nhập bảng đối soát COD của GHN/GHTK (CSV ≤ 2 MB, ≤ 5.000 dòng): dòng khớp ghi nhận đã nhận tiền, dòng lệch vào hàng đợi ngoại lệ',
        querystring: codStatementImportQuerySchema,
        consumes: ['text/csv', 'multipart/form-data'],
        response: { 200: codStatementImportResponseSchema, ...backOfficeErrors, 413: backOfficeErrors[400], 422: backOfficeErrors[400] },
      },
    },
    async (request) => {
      const scope = centreScopeOf(request);
      await assertCodStatementScope(ctx, scope);
      const text = decodeStatement(await statementBytes(request));
      const result = await importCodStatement(ctx, scope, { ...request.query, text });
      const queued = result.statement.mismatchCount + result.statement.unknownCount;
      return ok(result, result.alreadyImported ? messages.alreadyImported : messages.imported(result.statement.matchedCount, queued));
    },
  );

  app.get(
    '/admin/shipments/cod-statements',
    {
      preHandler: roles,
      schema: {
        tags: ['shipments'],
        summary: 'Các bảng đối soát COD đã nhập: số dòng khớp, lệch, không tìm thấy vận đơn',
        response: { 200: codStatementListResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      await assertCodStatementScope(ctx, centreScopeOf(request));
      return ok({ statements: await listCodStatements(db) });
    },
  );
});
