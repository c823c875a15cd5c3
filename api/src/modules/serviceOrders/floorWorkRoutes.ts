import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_CODES,
  CHECKLIST_PHOTO_MAX_BYTES,
  checklistAnswerInputSchema,
  checklistItemParamsSchema,
  checklistPhotoParamsSchema,
  checklistPhotoSchema,
  customerServiceOrderSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  invoicePreviewSchema,
  invoiceRefundInputSchema,
  invoiceRefundsSchema,
  paymentConfirmInputSchema,
  serviceInvoiceSchema,
  serviceOrderChecklistItemSchema,
} from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { authenticate, currentAuth } from '../../security/authGuard';
import { cacheControlForAll } from '../../http/cacheControl';
import { centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { ok } from '../../http/envelope';
import { writerOf } from './checklistAccess';
import { answerChecklistItem, parseChecklistAnswer } from './checklistItems';
import { addChecklistPhoto, assertPhotoAccepted, checklistPhotoMessages, deleteChecklistPhoto, storeChecklistUpload } from './checklistPhotos';
import { CHECKLIST_PHOTO_FILE_PATTERN, checklistPhotosFolder, createImageEncoder, sendStoredWebp } from '../media';
import { customerServiceOrder } from './customerServiceOrder';
import { confirmInvoicePayment, invoiceMessages, issueInvoice, previewInvoice } from './invoiceIssue';
import { invoiceOfOrder, invoiceRefunds, refundServiceInvoice } from './invoiceRefund';
import type { ServiceOrderContext } from './serviceOrderContext';
import { publishFloorChange } from './serviceOrderEvents';
import { named } from '../../http/pluginName';

export interface FloorWorkRoutesOptions {
  ctx: ServiceOrderContext;
  /** UPLOAD_DIR: the photos go to its checklist/ folder. */
  uploadDir: string;
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};

const checklistMessages = { saved: 'Đã lưu kết quả kiểm tra.' } as const;

/**
 * The work on a service order after check-in: the technician's checklist answers and photos, the invoice
 * (preview, issue), the payment, and the customer's view of their order; the stored checklist photos.
 *
 * - PUT    /service-orders/:id/checklist/:itemId                     technician (assigned), IN_PROGRESS
 * - POST   /service-orders/:id/checklist/:itemId/photos              technician (assigned), IN_PROGRESS, multipart
 * - DELETE /service-orders/:id/checklist/:itemId/photos/:photoId     technician (assigned), IN_PROGRESS
 * - GET    /service-orders/:id/invoice-preview                       staff, manager, admin (read)
 * - POST   /service-orders/:id/invoice                               staff, manager (WORK_DONE → INVOICED)
 * - POST   /service-orders/:id/payment/confirm                       staff, manager (INVOICED → CLOSED)
 * - GET    /service-orders/:id/invoice/refunds                       staff, manager, admin (read)
 * - POST   /service-orders/:id/invoice/refunds                       staff, manager, admin (a paid invoice's refund)
 * - GET    /appointments/:id/service-order                           the appointment's customer
 * - GET    /media/checklist-photos/:name                             anyone holding the (random) name
 */
export const floorWorkRoutes: FastifyPluginAsyncZod<FloorWorkRoutesOptions> = named('floorWorkRoutes', async (app, { ctx, uploadDir }) => {
  const { db, clock, vietQr } = ctx;
  /** Photos are re-encoded in a process of their own at a low CPU priority (media/imageEncoder.ts). */
  const photoEncoder = createImageEncoder({ uploadDir });
  app.addHook('onListen', async () => photoEncoder.warm());
  app.addHook('onClose', () => photoEncoder.close());
  /**
   * The centre's floor streams learn that an order's checklist changed (the board shows answered/total). This
   * instance's kept floor reads are dropped at once, before the answer; the message to the other instances
   * (PostgreSQL's NOTIFY, a round trip) is not waited for, and an error of it is logged as before.
   */
  const checklistChanged = (centreId: number | null, serviceOrderId: number, progressChanged = false) => {
    const kind = progressChanged ? 'checklist-progress' : 'checklist';
    if (centreId !== null) void publishFloorChange(ctx, centreId, { appointmentId: null, serviceOrderId, kind }, clock.now());
  };

  const apiRoutes: FastifyPluginAsyncZod = named('floorWorkRoutes.apiRoutes', async (api) => {
    cacheControlForAll(api, 'private, no-store');
    const technician = requireCentreRole(db, 'technician');
    const cashier = requireCentreRole(db, 'staff', 'manager');

    api.put(
      '/service-orders/:id/checklist/:itemId',
      {
        preHandler: technician,
        // A bad answer is a 422 naming the rule broken (parseChecklistAnswer), not the schema's 400.
        attachValidation: true,
        schema: {
          tags: ['back-office'],
          summary: 'Ghi kết quả một mục kiểm tra (kỹ thuật viên được giao, phiếu đang làm; Không đạt cần lý do ≥ 5 ký tự)',
          params: checklistItemParamsSchema,
          body: checklistAnswerInputSchema,
          response: { 200: envelopeSchema(serviceOrderChecklistItemSchema), ...errors },
        },
      },
      async (request) => {
        // attachValidation also keeps a bad path parameter in the request: answered as every route does (400).
        if (request.validationError?.validationContext === 'params') throw request.validationError;
        const answer = parseChecklistAnswer(request.body);
        const { id, itemId } = request.params;
        const scope = centreScopeOf(request);
        const { item, progressChanged } = await answerChecklistItem(db, id, itemId, writerOf(scope), answer, clock.now());
        checklistChanged(scope.centreId, id, progressChanged);
        return ok(item, checklistMessages.saved);
      },
    );

    const uploadRoutes: FastifyPluginAsyncZod = named('floorWorkRoutes.uploadRoutes', async (uploads) => {
      if (!uploads.hasRequestDecorator('isMultipart')) {
        // One byte over the limit is read, so that a file of more than 8 MB is at least 8 MB + 1 byte long whatever
        // the multipart stream reports (its `truncated` flag came too late for some requests): the upload's length
        // check then refuses it exactly (media/uploadedFile.ts).
        await uploads.register(multipart, {
          limits: { fileSize: CHECKLIST_PHOTO_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
        });
      }
      uploads.post(
        '/service-orders/:id/checklist/:itemId/photos',
        {
          preHandler: technician,
          schema: {
            tags: ['back-office'],
            summary: 'Thêm ảnh cho một mục kiểm tra (multipart, trường file; JPEG/PNG/WebP ≤ 8 MB, tối đa 5 ảnh; lưu WebP ≤ 1600 px, bỏ EXIF)',
            consumes: ['multipart/form-data'],
            params: checklistItemParamsSchema,
            response: { 201: envelopeSchema(checklistPhotoSchema), ...errors, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema, 503: errorEnvelopeSchema },
          },
        },
        async (request, reply) => {
          const { id, itemId } = request.params;
          const scope = centreScopeOf(request);
          const writer = writerOf(scope);
          if (!request.isMultipart()) throw new AppError(415, ERROR_CODES.UNSUPPORTED_MEDIA, checklistPhotoMessages.notMultipart);
          // Cheap refusals before the upload is read and decoded.
          await assertPhotoAccepted(db, id, itemId, writer);
          const stored = await storeChecklistUpload(request, photoEncoder, uploadDir);
          const photo = await addChecklistPhoto(db, uploadDir, { orderId: id, itemId, writer, at: clock.now() }, stored);
          checklistChanged(scope.centreId, id);
          return reply.code(201).send(ok(photo, checklistPhotoMessages.added));
        },
      );
    });
    await api.register(uploadRoutes);

    api.delete(
      '/service-orders/:id/checklist/:itemId/photos/:photoId',
      {
        preHandler: technician,
        schema: {
          tags: ['back-office'],
          summary: 'Xoá một ảnh của mục kiểm tra (kỹ thuật viên được giao, phiếu đang làm)',
          params: checklistPhotoParamsSchema,
          response: { 200: envelopeSchema(z.object({ id: z.number().int().positive() })), ...errors },
        },
      },
      async (request) => {
        const { id, itemId, photoId } = request.params;
        const scope = centreScopeOf(request);
        await deleteChecklistPhoto(db, uploadDir, { orderId: id, itemId, photoId, writer: writerOf(scope) });
        checklistChanged(scope.centreId, id);
        return ok({ id: photoId }, checklistPhotoMessages.deleted);
      },
    );

    api.get(
      '/service-orders/:id/invoice-preview',
      {
        preHandler: requireCentreRole(db, 'staff', 'manager', 'admin'),
        schema: {
          tags: ['back-office'],
          summary: 'Xem trước hoá đơn của phiếu (cùng cách tính với hoá đơn được lập)',
          params: idParamsSchema,
          response: { 200: envelopeSchema(invoicePreviewSchema), ...errors },
        },
      },
      async (request) => ok(await previewInvoice(db, centreScopeOf(request), request.params.id)),
    );

    api.post(
      '/service-orders/:id/invoice',
      {
        preHandler: cashier,
        schema: {
          tags: ['back-office'],
          summary: 'Lập hoá đơn (Xong việc → Chờ thanh toán); gọi lại trả về cùng hoá đơn',
          params: idParamsSchema,
          response: { 200: envelopeSchema(serviceInvoiceSchema), 201: envelopeSchema(serviceInvoiceSchema), ...errors },
        },
      },
      async (request, reply) => {
        const { invoice, created } = await issueInvoice(ctx, centreScopeOf(request), request.params.id, clock.now());
        return reply.code(created ? 201 : 200).send(ok(invoice, created ? invoiceMessages.issued : invoiceMessages.alreadyIssued));
      },
    );

    api.post(
      '/service-orders/:id/payment/confirm',
      {
        preHandler: cashier,
        schema: {
          tags: ['back-office'],
          summary: 'Xác nhận thanh toán hoá đơn (tiền mặt hoặc VietQR): Chờ thanh toán → Đã thanh toán',
          params: idParamsSchema,
          body: paymentConfirmInputSchema,
          response: { 200: envelopeSchema(serviceInvoiceSchema), ...errors },
        },
      },
      async (request) => {
        const { invoice, changed } = await confirmInvoicePayment(ctx, centreScopeOf(request), request.params.id, request.body.method, clock.now(), request.body.amountReceived);
        return ok(invoice, changed ? invoiceMessages.paid : invoiceMessages.alreadyPaid);
      },
    );

    api.get(
      '/service-orders/:id/invoice/refunds',
      {
        preHandler: requireCentreRole(db, 'staff', 'manager', 'admin'),
        schema: {
          tags: ['back-office'],
          summary: 'Tiền đã thu, đã hoàn và còn có thể hoàn của hoá đơn; các lần hoàn tiền',
          params: idParamsSchema,
          response: { 200: envelopeSchema(invoiceRefundsSchema), ...errors },
        },
      },
      async (request) => ok(await invoiceRefunds(db, centreScopeOf(request), request.params.id)),
    );

    api.post(
      '/service-orders/:id/invoice/refunds',
      {
        // The roles of a web order's refund; the command checks them and the invoice's centre itself.
        preHandler: requireCentreRole(db, 'staff', 'manager', 'admin'),
        schema: {
          tags: ['back-office'],
          summary: 'Hoàn tiền hoá đơn đã thanh toán (một phần hoặc toàn bộ, không quá số tiền còn có thể hoàn; phụ tùng đã lắp giữ nguyên)',
          params: idParamsSchema,
          body: invoiceRefundInputSchema,
          response: { 201: envelopeSchema(invoiceRefundsSchema), ...errors },
        },
      },
      async (request, reply) => {
        const scope = centreScopeOf(request);
        const invoice = await invoiceOfOrder(db, scope, request.params.id);
        const { refunds, message } = await refundServiceInvoice(ctx, scope, invoice.id, request.body);
        return reply.code(201).send(ok(refunds, message));
      },
    );

    api.get(
      '/appointments/:id/service-order',
      {
        preHandler: authenticate,
        schema: {
          tags: ['appointments'],
          summary: 'Phiếu dịch vụ của lịch hẹn của tôi: trạng thái, các dòng, hoá đơn (kèm VietQR khi chưa thanh toán)',
          params: idParamsSchema,
          response: { 200: envelopeSchema(customerServiceOrderSchema), ...errors },
        },
      },
      async (request) => ok(await customerServiceOrder(db, currentAuth(request).userId, request.params.id, vietQr, ctx.parts)),
    );
  });
  await app.register(apiRoutes);

  const photoNotFound = 'Không tìm thấy ảnh.';
  /**
   * The stored photos. Public like the avatars: a name is 128 random bits, never reused and never listed, so
   * it is its own capability (an <img> cannot send the Bearer header); the file carries no EXIF or GPS.
   */
  app.get<{ Params: { name: string } }>(
    '/media/checklist-photos/:name',
    { schema: { tags: ['media'], summary: 'Ảnh danh mục kiểm tra đã lưu (WebP ≤ 1600 px)' } },
    async (request, reply) => sendStoredWebp(reply, checklistPhotosFolder(uploadDir), request.params.name, CHECKLIST_PHOTO_FILE_PATTERN, photoNotFound),
  );
});
