import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  envelopeSchema,
  REPORT_CSV_MAX_ROWS,
  REPORT_NAMES,
  REPORT_SCREEN_ROWS,
  reportChartsSchema,
  reportQuerySchema,
  reportTableSchema,
  reportTitles,
} from 'shared-contracts/schemas';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { backOfficeReadErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { centreForRequest, centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { ok } from '../../http/envelope';
import type { Clock } from '../../security/clock';
import { parseKpiRange } from '../kpis';
import { csvChunk, csvStream } from './csvStream';
import { reportNamed } from './definitions';
import { reportCharts } from './reportCharts';
import { reportPages, reportScope, type ReportDefinition, type ReportScope } from './reportDefinition';
import { named } from '../../http/pluginName';

export const reportMessages = {
  unknownReport: 'Báo cáo không tồn tại.',
  tooLarge: 'Khoảng thời gian quá lớn, vui lòng thu hẹp.',
} as const;
/**
 * Rows read per query while a CSV streams, the connection free between pages. Each page becomes the CSV's bytes as
 * soon as it arrives (reportPages, csvChunk; on SQLite the definitions read it with readRows, so that no other
 * request's queries run between), so that its rows die in V8's young generation: small enough that reading and
 * converting one allocates less than a semi-space (--max-semi-space-size, apiProcessEnv.ts), big enough that the
 * queries cost little (bench:reports, bench:memory).
 */
export const CSV_PAGE_ROWS = 1_000;

const errors = backOfficeReadErrors;
const names = REPORT_NAMES.join(', ');
const reportParamsSchema = z.object({ name: z.string().max(100).describe(`Tên báo cáo: ${names}`) });

type ReportQuery = z.output<typeof reportQuerySchema>;

export interface ReportContext {
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * Reports (spec §9; §3: manager of the centre, admin one or every centre; others 403): the charts, each report's
 * table (its first REPORT_SCREEN_ROWS rows and the total) and its CSV, streamed. A bad, reversed or > 366-day range
 * answers 422 DATE_RANGE_INVALID; another centre 404; an unknown report 404; a CSV over REPORT_CSV_MAX_ROWS rows
 * 422 REPORT_TOO_LARGE before any byte is sent.
 */
export const reportRoutes: FastifyPluginAsyncZod<{ ctx: ReportContext }> = named('reportRoutes', async (app, { ctx }) => {
  const { db, clock } = ctx;
  cacheControlForAll(app, 'private, no-store');
  const readers = requireCentreRole(db, 'manager', 'admin');

  /** The range (422 first, as the KPIs), then the centre: the caller's own, the admin's choice, or every centre. */
  async function scopeOf(request: FastifyRequest, query: ReportQuery): Promise<ReportScope> {
    const range = parseKpiRange(query.from, query.to);
    const scope = centreScopeOf(request);
    const centreId = scope.centreId === null && query.centreId === undefined ? null : await centreForRequest(db, scope, query.centreId);
    return reportScope(db, centreId, range, clock.now());
  }

  function definitionOf(name: string): ReportDefinition {
    const definition = reportNamed(name);
    if (!definition) throw AppError.notFound(reportMessages.unknownReport, ERROR_CODES.REPORT_NOT_FOUND);
    return definition;
  }

  async function sendCsv(request: FastifyRequest, reply: FastifyReply, name: string, query: ReportQuery): Promise<FastifyReply> {
    const definition = definitionOf(name);
    const scope = await scopeOf(request, query);
    if ((await definition.count(scope)) > REPORT_CSV_MAX_ROWS) {
      throw new AppError(422, ERROR_CODES.REPORT_TOO_LARGE, reportMessages.tooLarge, [{ field: 'to', message: reportMessages.tooLarge }]);
    }
    const columns = definition.columns(scope.centreId === null);
    const pages = reportPages(definition, scope, CSV_PAGE_ROWS, REPORT_CSV_MAX_ROWS, (rows) => csvChunk(columns, rows));
    const csv = csvStream(columns, pages, (error) => request.log.error({ err: error }, 'report CSV stream failed'));
    // name, from and to are checked above: plain ASCII, nothing to escape in the header.
    reply.header('content-disposition', `attachment; filename="bao-cao-${definition.name}_${scope.range.from}_${scope.range.to}.csv"`);
    return reply.type('text/csv; charset=utf-8').send(csv);
  }

  app.get(
    '/reports/charts',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: 'Sáu biểu đồ báo cáo: doanh thu và ARO theo ngày, số xe, lịch hẹn theo trạng thái, top phụ tùng, kỹ thuật viên, khoang theo giờ',
        querystring: reportQuerySchema,
        response: { 200: envelopeSchema(reportChartsSchema), ...errors },
      },
    },
    async (request) => ok(await reportCharts(await scopeOf(request, request.query))),
  );

  app.get(
    '/reports/:name',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: `Một báo cáo dạng bảng: các cột (tiêu đề tiếng Việt như tệp CSV) và ${REPORT_SCREEN_ROWS} dòng đầu, kèm tổng số dòng (${names})`,
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        response: { 200: envelopeSchema(reportTableSchema), ...errors },
      },
    },
    async (request, reply) => {
      // Paths are case-insensitive: '/reports/Invoices.CSV' reaches this route, and is the CSV.
      if (request.params.name.toLowerCase().endsWith('.csv')) return sendCsv(request, reply, request.params.name.slice(0, -4), request.query);
      const definition = definitionOf(request.params.name);
      const scope = await scopeOf(request, request.query);
      const totalRows = await definition.count(scope);
      const page = await definition.page(scope, null, REPORT_SCREEN_ROWS);
      return ok({
        name: definition.name,
        title: reportTitles[definition.name],
        centreId: scope.centreId,
        from: scope.range.from,
        to: scope.range.to,
        columns: definition.columns(scope.centreId === null),
        rows: page.rows,
        totalRows,
      });
    },
  );

  app.get(
    '/reports/:name.csv',
    {
      preHandler: readers,
      schema: {
        tags: ['back-office'],
        summary: `Tải báo cáo dạng CSV (UTF-8 có BOM, dấu phẩy, CRLF, tiêu đề tiếng Việt; tối đa ${REPORT_CSV_MAX_ROWS.toLocaleString('vi-VN')} dòng, quá thì 422 REPORT_TOO_LARGE)`,
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        response: {
          200: {
            description: 'Tệp CSV bao-cao-{name}_{from}_{to}.csv, gửi dần (streamed)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => sendCsv(request, reply, request.params.name, request.query),
  );
});
