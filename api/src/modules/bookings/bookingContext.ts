import type { Kysely } from 'kysely';
import { ERROR_CODES, SLOT_FULL_MESSAGE, type Appointment, type ErrorCode, type SlotRef } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import type { Throttle } from '../../security/throttle';
import type { EventBus } from '../../events/eventBus';
import type { AppointmentView } from './appointmentQueries';
import type { AppContext } from '../../appContext';
import { announcePending, tellBookingFact, type BookingFact, type BookingFactSubject } from '../notifications';
import { enqueueServiceEmail, type ServiceEmail } from './bookingEmails';

/**
 * What every booking operation shares: the context built once from the app's (bookingContextOf), the messages,
 * the errors, and the live events an appointment change publishes.
 */

/** What the booking operations share (built once per registration by bookingContextOf). */
export interface BookingContext {
  db: Kysely<Database>;
  clock: Clock;
  /** Key of the guest codes' and the check-in codes' HMACs. */
  secret: string;
  /** The site's public origin: the confirmation email's QR image is served from it. */
  publicUrl: string;
  /** BOOKING_CHANGE_CUTOFF_MINUTES. */
  cutoffMinutes: number;
  events: EventBus;
  /** The limits on guest bookings (per IP, per email). */
  throttle: Pick<Throttle, 'assertGuestBookingAllowed' | 'recordGuestBooking'>;
  /** When this instance last gave back expired guest holds (see sweepGuestHolds). */
  lastHoldSweep?: number;
}

/** The booking operations' context from the app's. */
export function bookingContextOf(context: AppContext): BookingContext {
  return {
    db: context.db,
    clock: context.clock,
    secret: context.secret,
    publicUrl: context.config.publicUrl,
    cutoffMinutes: context.config.bookingChangeCutoffMinutes,
    events: context.events,
    throttle: context.throttle,
  };
}

export const bookingMessages = {
  created: 'Đặt lịch thành công.',
  guestCreated: 'Vui lòng nhập mã xác thực đã gửi tới email để hoàn tất đặt lịch.',
  verified: 'Đã xác thực lịch hẹn.',
  cancelled: 'Đã hủy lịch hẹn.',
  rescheduled: 'Đã đổi lịch hẹn.',
  statusChanged: 'Đã cập nhật trạng thái lịch hẹn.',
  appointmentNotFound: 'Không tìm thấy lịch hẹn.',
  centreNotFound: 'Không tìm thấy chi nhánh.',
  slotBoundary: 'Giờ hẹn phải theo khung 30 phút (ví dụ 08:00, 08:30).',
  dateOutOfRange: 'Chỉ có thể đặt lịch từ hôm nay đến 30 ngày tới.',
  slotInPast: 'Khung giờ này đã qua, vui lòng chọn giờ khác.',
  serviceNotFound: 'Dịch vụ không tồn tại hoặc đã ngừng cung cấp.',
  guestVehicleId: 'Vui lòng đăng nhập để chọn xe đã lưu, hoặc nhập thông tin xe.',
  guestContact: 'Vui lòng nhập họ tên, số điện thoại và email để nhận mã xác thực.',
  guestPackage: 'Vui lòng đăng nhập để dùng lượt dịch vụ trong gói.',
  packageNotFound: 'Không tìm thấy gói dịch vụ.',
  packageUsedUp: 'Gói dịch vụ đã hết lượt hoặc đã hết hạn.',
  notChangeable: 'Lịch hẹn này không thể hủy hoặc đổi lịch nữa.',
  sameSlot: 'Vui lòng chọn thời gian khác với lịch hiện tại.',
  changedMeanwhile: 'Lịch hẹn vừa được cập nhật, vui lòng tải lại trang.',
  alreadyVerified: 'Lịch hẹn đã được xác thực.',
  holdExpired: 'Mã xác thực đã hết hạn và khung giờ đã được trả lại. Vui lòng đặt lịch lại.',
  codeWrong: 'Mã xác thực không đúng. Vui lòng thử lại.',
  codeLocked: 'Bạn đã nhập sai mã quá 5 lần. Lịch hẹn đã bị hủy, vui lòng đặt lịch lại.',
  holdExpiredReason: 'Hết hạn xác thực email',
} as const;

/** 409 SLOT_FULL with the next free slots (the route adds nextSlots to the envelope). */
export class SlotFullAppError extends AppError {
  constructor(readonly nextSlots: SlotRef[]) {
    super(409, ERROR_CODES.SLOT_FULL, SLOT_FULL_MESSAGE);
  }
}

export function view(ctx: Pick<BookingContext, 'cutoffMinutes'>, now: Date): AppointmentView {
  return { now, cutoffMinutes: ctx.cutoffMinutes };
}

export function notFound(): AppError {
  return AppError.notFound(bookingMessages.appointmentNotFound, ERROR_CODES.APPOINTMENT_NOT_FOUND);
}

export function unprocessable(code: ErrorCode, message: string, field?: string): AppError {
  return new AppError(422, code, message, field ? [{ field, message }] : undefined);
}

/** The customer's streams (unless a guest's) and the centre's floor streams learn the new status. */
export async function publishStatus(ctx: Pick<BookingContext, 'events'>, userId: number | null, appointment: Appointment, at: Date): Promise<void> {
  await ctx.events.publish({
    userId,
    centreId: appointment.centre.id,
    event: { appointmentId: appointment.id, code: appointment.code, status: appointment.status, statusLabel: appointment.statusLabel, at: at.toISOString() },
  });
}

/** A new or moved booking: the centre's floor streams reload (the customer's stream has no event for it). */
export async function publishBooked(ctx: Pick<BookingContext, 'events'>, appointment: Appointment, at: Date): Promise<void> {
  await ctx.events.publishFloorChange(appointment.centre.id, { kind: 'appointment', appointmentId: appointment.id, serviceOrderId: null, at });
}

/** What the centre's notification of a booking names: its code, time, car and centre. */
export function bookingFactSubject(appointment: Appointment): BookingFactSubject {
  return { id: appointment.id, code: appointment.code, start: appointment.start, plate: appointment.vehicle.licensePlate, centre: appointment.centre.name };
}

/**
 * Tells the booking's owner a fact of it inside the change's transaction: an account's owner through the
 * notification centre (once, on the channel they chose, `email` when that is email); a booking without an account
 * (a guest, a walk-in) has only its contact's email, put in the outbox.
 */
export async function tellBooking(trx: Kysely<Database>, ctx: Pick<BookingContext, 'clock'>, userId: number | null, appointment: Appointment, fact: BookingFact, email: ServiceEmail): Promise<void> {
  if (userId === null) {
    await enqueueServiceEmail(trx, ctx.clock, appointment.contact.email, email);
    return;
  }
  await tellBookingFact(trx, ctx.clock.now(), userId, bookingFactSubject(appointment), fact, email);
}

/** After the commit: the customer's open pages learn of what tellBooking told them (its failure never fails the change). */
export async function tellBookingCustomer(ctx: Pick<BookingContext, 'db' | 'events' | 'clock'>, userId: number | null): Promise<void> {
  if (userId === null) return;
  try {
    await announcePending({ db: ctx.db, events: ctx.events, now: ctx.clock.now() }, userId);
  } catch {
    // the booking and its notification stand; the open pages see it at their next load
  }
}

/** The ZNS parameters of a booking's check-in: the code's text and the address of its QR image. */
export function checkInTemplateData(checkIn: { code: string; imageUrl: string }): Record<string, string> {
  return { check_in_code: checkIn.code, check_in_qr: checkIn.imageUrl };
}
