import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, reconciliationCsvQuerySchema, reconciliationQuerySchema, reconciliationResponseSchema } from 'shared-contracts/schemas';
import { z } from 'zod';
import type { AppContext } from '../../../appContext';
import { cacheControlForAll } from '../../../http/cacheControl';
import { ok } from '../../../http/envelope';
import { requireRole } from '../../../security/authGuard';
import { csvChunk, csvStream } from '../../reports';
import { DAY_COLUMNS, dayRows, reconciliation, TRANSACTION_COLUMNS, transactionRows } from './reconciliationQueries';
import { named } from '../../../http/pluginName';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

/**
 * The daily payments reconciliation for admin (shop-operations §5, issue 35 §4): GET /api/reconciliation (per local
 * day: received, matched, exceptions open/resolved, refunds; totals) and GET /api/reconciliation.csv (the same
 * table, or every transaction with `view=transactions`; the reports' CSV writer: UTF-8 BOM, formulas guarded).
 */
export const reconciliationModule: FastifyPluginAsyncZod<{ context: AppContext }> = named('reconciliationModule', async (app, { context }) => {
  const { db } = context;
  const admin = requireRole('admin');

  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/reconciliation',
    {
      preHandler: admin,
      schema: {
        tags: ['payment-exceptions'],
        summary: 'Đối soát thanh toán theo ngày: giao dịch nhận, đã khớp đơn, ngoại lệ chưa/đã xử lý, tiền hoàn; tối đa 92 ngày',
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationResponseSchema, ...errors },
      },
    },
    async (request) => ok(await reconciliation(db, request.query.from, request.query.to)),
  );

  app.get(
    '/reconciliation.csv',
    {
      preHandler: admin,
      schema: {
        tags: ['payment-exceptions'],
        summary: 'Tải đối soát dạng CSV (UTF-8 có BOM): bảng theo ngày, hoặc từng giao dịch với view=transactions',
        querystring: reconciliationCsvQuerySchema,
        response: {
          200: { description: 'Tệp CSV doi-soat_{from}_{to}.csv', content: { 'text/csv': { schema: z.string() } } },
          ...errors,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => sendCsv(request, reply, request.query),
  );

  async function sendCsv(request: FastifyRequest, reply: FastifyReply, query: { from: string; to: string; view: 'days' | 'transactions' }): Promise<FastifyReply> {
    const { from, to, view } = query;
    const columns = view === 'transactions' ? TRANSACTION_COLUMNS : DAY_COLUMNS;
    const rows = view === 'transactions' ? await transactionRows(db, from, to) : dayRows(await reconciliation(db, from, to));
    async function* pages(): AsyncGenerator<Buffer> {
      for (let start = 0; start < rows.length; start += 1_000) yield csvChunk(columns, rows.slice(start, start + 1_000));
    }
    const csv = csvStream(columns, pages(), (error) => request.log.error({ err: error }, 'reconciliation CSV stream failed'));
    // from and to are checked calendar dates: plain ASCII, nothing to escape in the header.
    const name = view === 'transactions' ? 'doi-soat-giao-dich' : 'doi-soat';
    reply.header('content-disposition', `attachment; filename="${name}_${from}_${to}.csv"`);
    return reply.type('text/csv; charset=utf-8').send(csv);
  }
});
