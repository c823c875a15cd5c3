import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  CHECK_IN_QUERY_PARAM,
  ERROR_CODES,
  envelopeSchema,
  errorEnvelopeSchema,
  formatCalendarDate,
  resolveCheckInCodeInputSchema,
  resolvedCheckInCodeSchema,
  vietnamDateOf,
  type AppointmentStatus,
  type ResolvedCheckInCode,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { cacheControlForAll } from '../../http/cacheControl';
import { ok } from '../../http/envelope';
import type { Clock } from '../../security/clock';
import { centreScopeOf, requireCentreRole, type CentreScope } from '../../security/centreScope';
import type { CheckInCodes } from '../bookings';
import { named } from '../../http/pluginName';

export const checkInCodeResolveMessages = {
  invalid: 'Mã QR không hợp lệ.',
  otherCentre: 'Mã QR này là lịch hẹn của trung tâm khác.',
  notFound: 'Không tìm thấy lịch hẹn của mã QR này.',
  cancelled: 'Lịch hẹn đã bị hủy.',
  received: 'Lịch hẹn đã được tiếp nhận.',
  completed: 'Lịch hẹn đã hoàn thành.',
  noShow: 'Lịch hẹn đã được ghi nhận là khách không đến.',
  unverified: 'Lịch hẹn chưa được khách xác thực qua email.',
  notToday: (date: string) => `Lịch hẹn này vào ngày ${formatCalendarDate(date)}; chỉ tiếp nhận xe trong ngày hẹn.`,
} as const;

/** Why a scanned appointment cannot be checked in now, by status (PENDING and CONFIRMED can). */
const REFUSED: Partial<Record<AppointmentStatus, string>> = {
  AWAITING_VERIFICATION: checkInCodeResolveMessages.unverified,
  CHECKED_IN: checkInCodeResolveMessages.received,
  IN_PROGRESS: checkInCodeResolveMessages.received,
  COMPLETED: checkInCodeResolveMessages.completed,
  CANCELLED: checkInCodeResolveMessages.cancelled,
  NO_SHOW: checkInCodeResolveMessages.noShow,
};

/** The day view with that appointment's check-in dialog open. */
export function checkInPathOf(appointmentId: number): string {
  return `/staff/appointments?${CHECK_IN_QUERY_PARAM}=${appointmentId}`;
}

/**
 * A scanned or typed code at the counter → the appointment to check in. Forged or unreadable 400; another
 * centre's 404 (the centre scope); cancelled, already received or finished 409; another day 409, as the check-in
 * itself refuses it (NOT_APPOINTMENT_DAY).
 */
export async function resolveCheckInCode(db: Kysely<Database>, clock: Clock, codes: CheckInCodes, scope: CentreScope, text: string): Promise<ResolvedCheckInCode> {
  const ref = codes.read(text);
  if (!ref) throw AppError.badRequest(checkInCodeResolveMessages.invalid);
  if (scope.centreId !== null && scope.centreId !== ref.centreId) throw AppError.notFound(checkInCodeResolveMessages.otherCentre, ERROR_CODES.APPOINTMENT_NOT_FOUND);
  const row = await db.selectFrom('appointments').select(['id', 'centre_id', 'status', 'starts_at']).where('id', '=', ref.appointmentId).executeTakeFirst();
  // a signed code names the appointment's centre when it was issued; a row gone or moved is not this code's
  if (!row || row.centre_id !== ref.centreId) throw AppError.notFound(checkInCodeResolveMessages.notFound, ERROR_CODES.APPOINTMENT_NOT_FOUND);
  const refused = REFUSED[row.status as AppointmentStatus];
  if (refused) throw new AppError(409, ERROR_CODES.INVALID_STATUS_TRANSITION, refused);
  const day = vietnamDateOf(row.starts_at);
  if (day !== vietnamDateOf(clock.now())) throw new AppError(409, ERROR_CODES.NOT_APPOINTMENT_DAY, checkInCodeResolveMessages.notToday(day));
  return { appointmentId: row.id, centreId: row.centre_id, checkInPath: checkInPathOf(row.id) };
}

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema };

/** POST /staff/check-in-codes/resolve { code }: staff, managers and admins of the booking's centre. */
export const checkInCodeResolveRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock; codes: CheckInCodes }> = named('checkInCodeResolveRoutes', async (app, { db, clock, codes }) => {
  cacheControlForAll(app, 'private, no-store');
  app.post(
    '/staff/check-in-codes/resolve',
    {
      preHandler: requireCentreRole(db, 'staff', 'manager', 'admin'),
      schema: {
        tags: ['back-office'],
        summary: 'Quét mã QR check-in: lịch hẹn cần tiếp nhận (mã giả/không đọc được 400, trung tâm khác 404, đã hủy/đã tiếp nhận/khác ngày 409)',
        body: resolveCheckInCodeInputSchema,
        response: { 200: envelopeSchema(resolvedCheckInCodeSchema), ...errors },
      },
    },
    async (request) => ok(await resolveCheckInCode(db, clock, codes, centreScopeOf(request), request.body.code)),
  );
});
