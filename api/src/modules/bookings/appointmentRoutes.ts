import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_CODES,
  appointmentCancelInputSchema,
  appointmentCodeParamsSchema,
  appointmentCreateInputSchema,
  appointmentListQuerySchema,
  appointmentListResponseSchema,
  appointmentRescheduleInputSchema,
  appointmentResponseSchema,
  appointmentStatusInputSchema,
  appointmentVerifyInputSchema,
  availabilityQuerySchema,
  availabilityResponseSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  slotFullErrorSchema,
  isBookableDate,
} from 'shared-contracts/schemas';
import { requireKnownField } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { AppError } from '../../http/appError';
import { authenticate, currentAuth, optionalAuthenticate } from '../../security/authGuard';
import { centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { ok } from '../../http/envelope';
import { withRetryAfter } from '../../security/throttle';
import { findOwnAppointment, listOwnAppointments } from './appointmentQueries';
import { changeAppointmentStatus } from './appointmentStatusChange';
import { createAppointment } from './appointmentService';
import { bookingMessages, SlotFullAppError, type BookingContext } from './bookingContext';
import { cancelAppointment, rescheduleAppointment } from './customerAppointmentChanges';
import { sweepGuestHolds, verifyGuestAppointment } from './guestHolds';
import { centreAvailability, findCentreSchedule } from './availability';
import { named } from '../../http/pluginName';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
/** 409: SLOT_FULL carries the next free slots; other conflicts are the plain envelope. */
const conflict = { 409: z.union([slotFullErrorSchema, errorEnvelopeSchema]) };

/** 409 SLOT_FULL: the answer carries nextSlots besides the usual envelope (for the routes of `app`'s plugin). */
export function answerSlotFull(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof SlotFullAppError) {
      request.log.info({ status: 409, code: error.code }, 'request rejected');
      return reply.code(409).send({ success: false as const, code: ERROR_CODES.SLOT_FULL, message: error.message, nextSlots: error.nextSlots });
    }
    throw error;
  });
}

/**
 * Booking: a centre's availability (public), booking (customer or guest), the guest's email code, a
 * customer's appointments with cancel and reschedule, and the staff's status change.
 */
export const appointmentRoutes: FastifyPluginAsyncZod<{ booking: BookingContext }> = named('appointmentRoutes', async (app, { booking }) => {
  const { db, clock } = booking;
  const view = () => ({ now: clock.now(), cutoffMinutes: booking.cutoffMinutes });

  cacheControlForAll(app, 'private, no-store');

  answerSlotFull(app);

  app.get(
    '/centres/:id/availability',
    {
      schema: {
        tags: ['booking'],
        summary: 'Khung giờ còn trống của một chi nhánh trong một ngày',
        params: idParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, ...errors },
      },
    },
    async (request) => {
      const now = clock.now();
      const centre = await findCentreSchedule(db, request.params.id);
      if (!centre) throw AppError.notFound(bookingMessages.centreNotFound, ERROR_CODES.CENTRE_NOT_FOUND);
      const { date, durationMinutes } = request.query;
      if (!isBookableDate(date, now)) {
        throw new AppError(422, ERROR_CODES.DATE_OUT_OF_RANGE, bookingMessages.dateOutOfRange, [{ field: 'date', message: bookingMessages.dateOutOfRange }]);
      }
      await sweepGuestHolds(booking, now);
      return ok(await centreAvailability(db, centre, date, durationMinutes, now));
    },
  );

  app.post(
    '/appointments',
    {
      preHandler: optionalAuthenticate,
      schema: {
        tags: ['booking'],
        summary: 'Đặt lịch (khách hàng, hoặc khách vãng lai xác thực bằng mã gửi qua email; khách vãng lai: 429 khi đặt quá nhiều)',
        body: appointmentCreateInputSchema,
        response: { 201: appointmentResponseSchema, ...errors, ...conflict, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const appointment = await withRetryAfter(reply, () => createAppointment(booking, request.auth, request.body, request.ip));
      const message = appointment.status === 'AWAITING_VERIFICATION' ? bookingMessages.guestCreated : bookingMessages.created;
      return reply.code(201).send(ok(appointment, message));
    },
  );

  app.post(
    '/appointments/:code/verify',
    {
      schema: {
        tags: ['booking'],
        summary: 'Khách vãng lai nhập mã xác thực gửi qua email',
        params: appointmentCodeParamsSchema,
        body: appointmentVerifyInputSchema,
        response: { 200: appointmentResponseSchema, ...errors, ...conflict },
      },
    },
    async (request) => ok(await verifyGuestAppointment(booking, request.params.code, request.body.email, request.body.otpCode), bookingMessages.verified),
  );

  app.get(
    '/appointments',
    {
      preHandler: authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Lịch hẹn của tôi (upcoming: sắp tới, gần nhất trước; past: đã qua; tối đa 50, limit: ít hơn)',
        querystring: appointmentListQuerySchema,
        response: { 200: appointmentListResponseSchema, ...errors },
      },
    },
    async (request) => ok(await listOwnAppointments(db, view(), currentAuth(request).userId, request.query.scope, request.query.limit)),
  );

  app.get(
    '/appointments/:id',
    {
      preHandler: authenticate,
      schema: { tags: ['booking'], summary: 'Chi tiết lịch hẹn của tôi', params: idParamsSchema, response: { 200: appointmentResponseSchema, ...errors } },
    },
    async (request) => {
      const appointment = await findOwnAppointment(db, view(), currentAuth(request).userId, request.params.id);
      if (!appointment) throw AppError.notFound(bookingMessages.appointmentNotFound, ERROR_CODES.APPOINTMENT_NOT_FOUND);
      return ok(appointment);
    },
  );

  app.post(
    '/appointments/:id/cancel',
    {
      preHandler: authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Hủy lịch hẹn (trước giờ hẹn ít nhất BOOKING_CHANGE_CUTOFF_MINUTES)',
        params: idParamsSchema,
        body: appointmentCancelInputSchema.optional(),
        response: { 200: appointmentResponseSchema, ...errors, ...conflict },
      },
    },
    async (request) =>
      ok(await cancelAppointment(booking, currentAuth(request).userId, request.params.id, request.body?.reason ?? null), bookingMessages.cancelled),
  );

  app.post(
    '/appointments/:id/reschedule',
    {
      preHandler: authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Đổi lịch hẹn (trước giờ hẹn ít nhất BOOKING_CHANGE_CUTOFF_MINUTES)',
        params: idParamsSchema,
        body: appointmentRescheduleInputSchema,
        response: { 200: appointmentResponseSchema, ...errors, ...conflict },
      },
    },
    async (request) => ok(await rescheduleAppointment(booking, currentAuth(request).userId, request.params.id, request.body), bookingMessages.rescheduled),
  );

  app.patch(
    '/appointments/:id/status',
    {
      preValidation: requireKnownField(appointmentStatusInputSchema),
      preHandler: requireCentreRole(db, 'staff', 'manager', 'admin'),
      schema: {
        tags: ['booking'],
        summary:
          'Xác nhận, hủy hoặc đánh dấu không đến (nhân viên, quản lý của trung tâm; quản trị). Tiếp nhận, thực hiện, hoàn thành: 409 USE_SERVICE_ORDER (qua phiếu dịch vụ)',
        params: idParamsSchema,
        body: appointmentStatusInputSchema,
        response: { 200: appointmentResponseSchema, ...errors, ...conflict },
      },
    },
    async (request) =>
      ok(await changeAppointmentStatus(booking, centreScopeOf(request), request.params.id, request.body.status, request.body.note), bookingMessages.statusChanged),
  );
});
