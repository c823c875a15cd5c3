import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHECK_IN_CODE_MAX, ERROR_CODES, checkInCodeSchema, envelopeSchema, errorEnvelopeSchema, idParamsSchema, type AppointmentStatus } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import { authenticate, currentAuth } from '../../security/authGuard';
import { notFound, type BookingContext } from './bookingContext';
import { checkInQrDataUrl, checkInQrPng, type CheckInCodes } from './checkInCode';
import { named } from '../../http/pluginName';

/** Why an appointment has no check-in code (409), by status; PENDING and CONFIRMED have one. */
export const checkInCodeMessages: Partial<Record<AppointmentStatus, string>> = {
  AWAITING_VERIFICATION: 'Lịch hẹn chưa được xác thực email nên chưa có mã check-in.',
  CHECKED_IN: 'Xe đã được tiếp nhận, không cần mã check-in nữa.',
  IN_PROGRESS: 'Xe đã được tiếp nhận, không cần mã check-in nữa.',
  COMPLETED: 'Lịch hẹn đã hoàn thành, mã check-in không còn dùng được.',
  CANCELLED: 'Lịch hẹn đã bị hủy, mã check-in không còn dùng được.',
  NO_SHOW: 'Lịch hẹn đã quá hạn (không đến), mã check-in không còn dùng được.',
};

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * The customer's QR for the counter: GET /appointments/:id/check-in-code (the booking's customer only; another's
 * answers 404), and the QR as a PNG for the confirmation email (public: the code in the address is the proof, and
 * only a code we signed is drawn).
 */
export const checkInCodeRoutes: FastifyPluginAsyncZod<{ booking: BookingContext; codes: CheckInCodes }> = named('checkInCodeRoutes', async (app, { booking, codes }) => {
  const { db } = booking;
  cacheControlForAll(app, 'private, no-store');

  app.get(
    '/appointments/:id/check-in-code',
    {
      preHandler: authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Mã QR check-in của lịch hẹn (đưa cho nhân viên khi đến trung tâm)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(checkInCodeSchema), ...errors },
      },
    },
    async (request) => {
      const row = await db
        .selectFrom('appointments')
        .select(['id', 'centre_id', 'status'])
        .where('id', '=', request.params.id)
        .where('user_id', '=', currentAuth(request).userId)
        .executeTakeFirst();
      if (!row) throw notFound();
      const refused = checkInCodeMessages[row.status as AppointmentStatus];
      if (refused) throw new AppError(409, ERROR_CODES.INVALID_STATUS_TRANSITION, refused);
      const code = codes.codeFor({ appointmentId: row.id, centreId: row.centre_id });
      return ok({ appointmentId: row.id, code, qrImageDataUrl: await checkInQrDataUrl(code) });
    },
  );

  app.get(
    '/check-in-codes/:code/qr.png',
    {
      schema: {
        tags: ['booking'],
        summary: 'Ảnh QR của một mã check-in (cho email xác nhận đặt lịch)',
        params: z.object({ code: z.string().min(1).max(CHECK_IN_CODE_MAX) }),
      },
    },
    async (request, reply) => {
      if (!codes.read(request.params.code)) throw AppError.notFound('Mã QR không hợp lệ.');
      // the same code draws the same image: mail clients and proxies may keep it
      return reply.header('cache-control', 'public, max-age=86400, immutable').type('image/png').send(await checkInQrPng(request.params.code));
    },
  );
});
