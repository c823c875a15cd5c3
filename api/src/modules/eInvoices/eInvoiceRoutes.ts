import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerEInvoiceListResponseSchema,
  eInvoiceAdjustmentInputSchema,
  eInvoiceCorrectionInputSchema,
  eInvoiceExportQuerySchema,
  eInvoiceListQuerySchema,
  eInvoiceListResponseSchema,
  eInvoiceLookupParamsSchema,
  eInvoiceLookupResponseSchema,
  eInvoiceResponseSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  orderCodeParamsSchema,
  uncoveredSalesResponseSchema,
} from 'shared-contracts/schemas';
import { z } from 'zod';
import type { AppContext } from '../../appContext';
import { backOfficeErrors, backOfficeReadErrors } from '../../http/backOfficeErrors';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { named } from '../../http/pluginName';
import { authenticate, currentAuth, requireRole } from '../../security/authGuard';
import { objectStoreAt } from '../../objectStorage';
import { viewerOf } from '../invoices';
import { invoicesOfMonth, monthExport } from './eInvoiceExport';
import { adjustEInvoice, listEInvoices, recordEInvoiceNotice, replaceEInvoice, retryEInvoice, uncoveredSales } from './eInvoiceDesk';
import { customerView } from './eInvoiceViews';
import { eInvoicePdf, invoicesOfVisit, invoicesOfWebOrder, issuedInvoiceFor, lookUpInvoice } from './saleEInvoices';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const pdfResponse = { description: 'Tệp PDF hoa-don-dien-tu-{ký hiệu}-{số}.pdf', content: { 'application/pdf': { schema: z.string() } } };

/**
 * The sale's e-invoices: the customer's (on the order's and the visit's pages, with the PDF), and the owner's desk at
 * /api/admin/e-invoices (list, "Gửi lại", adjustment, replacement, notice 04/SS-HĐĐT, the daily check).
 */
export const eInvoiceRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('eInvoiceRoutes', async (app, { context }) => {
  const { db, config, clock } = context;
  const owner = requireRole('admin');
  const viewers = requireRole('customer', 'staff', 'manager', 'admin');
  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/orders/:code/e-invoices',
    { preHandler: viewers, schema: { tags: ['invoices'], summary: 'Hóa đơn điện tử của đơn hàng (hóa đơn bán hàng và điều chỉnh, thay thế)', params: orderCodeParamsSchema, response: { 200: customerEInvoiceListResponseSchema, ...errors } } },
    async (request) => ok({ items: (await invoicesOfWebOrder(db, await viewerOf(db, currentAuth(request)), request.params.code)).map(customerView) }),
  );

  app.get(
    '/appointments/:id/e-invoices',
    { preHandler: authenticate, schema: { tags: ['invoices'], summary: 'Hóa đơn điện tử của lần bảo dưỡng (lịch hẹn của tôi)', params: idParamsSchema, response: { 200: customerEInvoiceListResponseSchema, ...errors } } },
    async (request) => ok({ items: (await invoicesOfVisit(db, currentAuth(request).userId, request.params.id)).map(customerView) }),
  );

  app.get(
    '/e-invoices/:id/invoice.pdf',
    { preHandler: viewers, schema: { tags: ['invoices'], summary: 'Bản thể hiện (PDF) của hóa đơn điện tử đã phát hành', params: idParamsSchema, response: { 200: pdfResponse, ...errors } } },
    async (request, reply) => {
      const row = await issuedInvoiceFor(db, await viewerOf(db, currentAuth(request)), request.params.id);
      const pdf = await eInvoicePdf(db, config, row);
      // The file itself, not the JSON envelope.
      return (reply as FastifyReply)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="hoa-don-dien-tu-${row.series ?? ''}-${row.number ?? ''}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/e-invoices/lookup/:code',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Tra cứu hóa đơn điện tử bằng mã tra cứu (công khai; tên người mua được che)',
        params: eInvoiceLookupParamsSchema,
        response: { 200: eInvoiceLookupResponseSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await lookUpInvoice(db, config, request.params.code)),
  );

  app.get(
    '/admin/e-invoices',
    { preHandler: owner, schema: { tags: ['back-office'], summary: 'Hóa đơn điện tử: danh sách theo trạng thái, loại, kỳ, trung tâm', querystring: eInvoiceListQuerySchema, response: { 200: eInvoiceListResponseSchema, ...backOfficeReadErrors } } },
    async (request) => ok(await listEInvoices(db, currentAuth(request), { ...request.query, page: request.query.page === undefined ? undefined : Number(request.query.page) }, clock.now())),
  );

  app.get(
    '/admin/e-invoices/export',
    {
      preHandler: owner,
      schema: {
        tags: ['back-office'],
        summary: 'Tải cho kế toán: XML và PDF của các hóa đơn đã phát hành trong tháng, kèm bảng kê CSV (tệp zip)',
        querystring: eInvoiceExportQuerySchema,
        response: { 200: { description: 'Tệp hoa-don-dien-tu-{YYYY-MM}.zip', content: { 'application/zip': { schema: z.string() } } }, ...backOfficeReadErrors },
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      const rows = await invoicesOfMonth(db, month, clock.now());
      const zip = monthExport(db, objectStoreAt(config.uploadDir), config, month.trim(), rows, (error) => request.log.error({ err: error }, 'e-invoice export failed mid-stream'));
      return (reply as FastifyReply).header('Content-Type', 'application/zip').header('Content-Disposition', `attachment; filename="hoa-don-dien-tu-${month.trim()}.zip"`).send(zip);
    },
  );

  app.get(
    '/admin/e-invoices/check',
    { preHandler: owner, schema: { tags: ['back-office'], summary: 'Kiểm tra hằng ngày: bán hàng chưa có hóa đơn quá thời hạn', response: { 200: uncoveredSalesResponseSchema, ...backOfficeReadErrors } } },
    async () => ok(await uncoveredSales(db, clock.now())),
  );

  app.post(
    '/admin/e-invoices/:id/retry',
    { preHandler: owner, schema: { tags: ['back-office'], summary: 'Gửi lại hóa đơn lỗi (cùng khóa: nhà cung cấp chỉ phát hành một lần)', params: idParamsSchema, response: { 200: eInvoiceResponseSchema, ...backOfficeErrors } } },
    async (request) => ok(await retryEInvoice(db, currentAuth(request), request.params.id, clock.now()), 'Đã đưa hóa đơn vào hàng đợi gửi lại.'),
  );

  app.post(
    '/admin/e-invoices/:id/adjust',
    {
      preHandler: owner,
      schema: { tags: ['back-office'], summary: 'Lập hóa đơn điều chỉnh tăng/giảm cho hóa đơn đã phát hành (sai số tiền), kèm lý do', params: idParamsSchema, body: eInvoiceAdjustmentInputSchema, response: { 201: eInvoiceResponseSchema, ...backOfficeErrors } },
    },
    async (request, reply) => reply.code(201).send(ok(await adjustEInvoice(db, currentAuth(request), request.params.id, request.body, clock.now()), 'Đã lập hóa đơn điều chỉnh, đang gửi nhà cung cấp.')),
  );

  app.post(
    '/admin/e-invoices/:id/replace',
    {
      preHandler: owner,
      schema: { tags: ['back-office'], summary: 'Lập hóa đơn thay thế cho hóa đơn đã phát hành (sai giá, sai người mua), kèm lý do', params: idParamsSchema, body: eInvoiceCorrectionInputSchema, response: { 201: eInvoiceResponseSchema, ...backOfficeErrors } },
    },
    async (request, reply) => reply.code(201).send(ok(await replaceEInvoice(db, currentAuth(request), request.params.id, request.body.reason, clock.now()), 'Đã lập hóa đơn thay thế, đang gửi nhà cung cấp.')),
  );

  app.post(
    '/admin/e-invoices/:id/notice',
    {
      preHandler: owner,
      schema: { tags: ['back-office'], summary: 'Ghi nhận thông báo sai sót 04/SS-HĐĐT (sai tên, địa chỉ người mua)', params: idParamsSchema, body: eInvoiceCorrectionInputSchema, response: { 201: eInvoiceResponseSchema, ...backOfficeErrors } },
    },
    async (request, reply) => reply.code(201).send(ok(await recordEInvoiceNotice(db, currentAuth(request), request.params.id, request.body.reason, clock.now()), 'Đã ghi nhận thông báo sai sót.')),
  );
});
