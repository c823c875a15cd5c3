import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  idParamsSchema,
  orderCodeParamsSchema,
  vatInvoiceRequestInputSchema,
  vatInvoiceRequestListQuerySchema,
  vatInvoiceRequestListResponseSchema,
  vatInvoiceRequestOrNullResponseSchema,
  vatInvoiceRequestResponseSchema,
} from 'shared-contracts/schemas';
import { z } from 'zod';
import type { AppContext } from '../../appContext';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { authenticate, currentAuth, requireRole } from '../../security/authGuard';
import { centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { assertPaid, invoiceOf, serviceOrderFor, serviceOrderOfAppointment, viewerOf, webOrderFor } from './invoiceAccess';
import { invoiceMessages } from './invoiceMessages';
import { renderInvoicePdf } from './invoicePdf';
import { serviceOrderDocument, webOrderDocument } from './invoiceSources';
import { listVatInvoiceRequests, requestForServiceOrder, requestForWebOrder, vatInvoiceXml, webOrderRequestOf, type InvoiceContext } from './vatInvoiceRequests';
import { named } from '../../http/pluginName';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const pdfResponse = (description: string) => ({ description, content: { 'application/pdf': { schema: z.string() } } });

/** A file answer (the bytes, not the JSON envelope). */
function sendFile(reply: FastifyReply, contentType: string, disposition: string, bytes: Buffer): FastifyReply {
  return reply.header('Content-Type', contentType).header('Content-Disposition', disposition).send(bytes);
}

function sendPdf(reply: FastifyReply, name: string, pdf: Buffer): FastifyReply {
  return sendFile(reply, 'application/pdf', `inline; filename="${name}.pdf"`, pdf);
}

/**
 * Receipts and invoices (shop-operations §6): the PDF of a paid web order and of an invoiced service order, the
 * company VAT-invoice requests of both, and the invoice data in Circular 78's XML. The e-invoice itself, the
 * company's included, is issued by the eInvoices module from the sale. Another customer's or another centre's order
 * answers 404.
 */
export const invoicesModule: FastifyPluginAsyncZod<{ context: AppContext }> = named('invoicesModule', async (app, { context }) => {
  const { db, clock, config } = context;
  const ctx: InvoiceContext = { db, clock, config };
  const viewers = requireRole('customer', 'staff', 'manager', 'admin');
  const desk = requireCentreRole(db, 'staff', 'manager', 'admin');
  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/orders/:code/receipt.pdf',
    {
      preHandler: viewers,
      schema: {
        tags: ['invoices'],
        summary: 'Biên nhận thanh toán (PDF) của đơn đã thanh toán: khách của đơn, nhân viên/quản lý trung tâm xử lý đơn, quản trị viên',
        params: orderCodeParamsSchema,
        response: { 200: pdfResponse('Tệp PDF bien-nhan-{code}.pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const order = await webOrderFor(db, await viewerOf(db, currentAuth(request)), request.params.code);
      assertPaid(order);
      return sendPdf(reply, `bien-nhan-${order.code}`, await renderInvoicePdf(await webOrderDocument(db, config, order)));
    },
  );

  app.get(
    '/service-orders/:id/invoice.pdf',
    {
      preHandler: viewers,
      schema: {
        tags: ['invoices'],
        summary: 'Hóa đơn dịch vụ (PDF) của phiếu đã lập hóa đơn: khách của lịch hẹn, nhân viên/quản lý trung tâm, quản trị viên',
        params: idParamsSchema,
        response: { 200: pdfResponse('Tệp PDF hoa-don-{code}.pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const order = await serviceOrderFor(db, await viewerOf(db, currentAuth(request)), request.params.id);
      const invoice = await invoiceOf(db, order);
      return sendPdf(reply, `hoa-don-${invoice.code}`, await renderInvoicePdf(await serviceOrderDocument(db, config, order, invoice)));
    },
  );

  app.get(
    '/appointments/:id/service-order/invoice.pdf',
    {
      preHandler: authenticate,
      schema: {
        tags: ['invoices'],
        summary: 'Hóa đơn dịch vụ (PDF) của lịch hẹn của tôi, khi phiếu đã lập hóa đơn (lịch hẹn của người khác: 404)',
        params: idParamsSchema,
        response: { 200: pdfResponse('Tệp PDF hoa-don-{code}.pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const order = await serviceOrderOfAppointment(db, currentAuth(request).userId, request.params.id);
      const invoice = await invoiceOf(db, order);
      return sendPdf(reply, `hoa-don-${invoice.code}`, await renderInvoicePdf(await serviceOrderDocument(db, config, order, invoice)));
    },
  );

  app.get(
    '/orders/:code/vat-invoice-request',
    {
      preHandler: authenticate,
      schema: {
        tags: ['invoices'],
        summary: 'Yêu cầu xuất hóa đơn công ty của đơn hàng của tôi (null khi chưa yêu cầu)',
        params: orderCodeParamsSchema,
        response: { 200: vatInvoiceRequestOrNullResponseSchema, ...errors },
      },
    },
    async (request) => ok(await webOrderRequestOf(db, currentAuth(request).userId, request.params.code)),
  );

  app.post(
    '/orders/:code/vat-invoice-request',
    {
      preHandler: authenticate,
      schema: {
        tags: ['invoices'],
        summary: 'Yêu cầu xuất hóa đơn công ty cho đơn hàng của tôi (đến hết tháng đặt đơn; gửi lại thay thế khi chưa xuất)',
        params: orderCodeParamsSchema,
        body: vatInvoiceRequestInputSchema,
        response: { 200: vatInvoiceRequestResponseSchema, 201: vatInvoiceRequestResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { request: saved, created } = await requestForWebOrder(ctx, currentAuth(request).userId, request.params.code, request.body);
      return reply.code(created ? 201 : 200).send(ok(saved, created ? invoiceMessages.requested : invoiceMessages.replaced));
    },
  );

  app.post(
    '/service-orders/:id/vat-invoice-request',
    {
      preHandler: requireRole('customer', 'staff', 'manager', 'admin'),
      schema: {
        tags: ['invoices'],
        summary: 'Yêu cầu xuất hóa đơn công ty cho phiếu dịch vụ: khách của lịch hẹn, hoặc quầy của trung tâm (khách vãng lai)',
        params: idParamsSchema,
        body: vatInvoiceRequestInputSchema,
        response: { 200: vatInvoiceRequestResponseSchema, 201: vatInvoiceRequestResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(db, currentAuth(request));
      const { request: saved, created } = await requestForServiceOrder(ctx, viewer, request.params.id, request.body);
      return reply.code(created ? 201 : 200).send(ok(saved, created ? invoiceMessages.requested : invoiceMessages.replaced));
    },
  );

  app.get(
    '/vat-invoice-requests',
    {
      preHandler: desk,
      schema: {
        tags: ['invoices'],
        summary: 'Yêu cầu xuất hóa đơn công ty của trung tâm, mới nhất trước (tối đa 100; lọc theo trạng thái, mã đơn, phiếu)',
        querystring: vatInvoiceRequestListQuerySchema,
        response: { 200: vatInvoiceRequestListResponseSchema, ...errors },
      },
    },
    async (request) => ok(await listVatInvoiceRequests(db, centreScopeOf(request), request.query)),
  );

  app.get(
    '/vat-invoice-requests/:id/xml',
    {
      preHandler: desk,
      schema: {
        tags: ['invoices'],
        summary: 'Dữ liệu hóa đơn điện tử theo cấu trúc XML của Thông tư 78/2021 (chưa ký; ký và gửi cơ quan thuế là việc của nhà cung cấp)',
        params: idParamsSchema,
        response: { 200: { description: 'Tệp XML hoa-don-{id}.xml', content: { 'application/xml': { schema: z.string() } } }, ...errors },
      },
    },
    async (request, reply) => {
      const xml = await vatInvoiceXml(ctx, centreScopeOf(request), request.params.id);
      return sendFile(reply, 'application/xml; charset=utf-8', `attachment; filename="hoa-don-${request.params.id}.xml"`, Buffer.from(xml, 'utf8'));
    },
  );
});
