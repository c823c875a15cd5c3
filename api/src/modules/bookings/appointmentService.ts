import { randomInt } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import {
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_STATUS_TRANSITIONS,
  CHANGEABLE_APPOINTMENT_STATUSES,
  GUEST_HOLD_MINUTES,
  SLOT_FULL_MESSAGE,
  type Appointment,
  type AppointmentCreateData,
  type AppointmentStatus,
  type SlotRef,
  type VehicleType,
  isBookableDate,
  vietnamDateOf,
  formatVietnamDateTime,
} from 'shared-contracts/schemas';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import type { AppointmentsTable } from '../../db/serviceBookingSchema';
import { AppError } from '../../http/appError';
import type { AuthContext } from '../../http/authGuard';
import type { Clock } from '../../security/clock';
import type { Throttle } from '../../security/throttle';
import { createVehicle, isUniqueViolation, vehicleNotFound } from '../vehicles/vehicleQueries';
import type { AppointmentEventBus } from './appointmentEvents';
import { customerMayChange, findAppointment, type AppointmentView } from './appointmentQueries';
import { findCentreSchedule, nextFreeSlots, type BookableCentre, type CentreSchedule } from './availability';
import {
  appointmentCancelledEmail,
  appointmentConfirmationEmail,
  appointmentRescheduledEmail,
  describeCutoff,
  enqueueServiceEmail,
  guestCodeEmail,
} from './bookingEmails';
import { consumeGuestCode, issueGuestCode } from './guestCodes';
import { consumePackageCredit, findOwnPackageCredit, restorePackageCredit, type PackageCreditInfo } from './packageCredits';
import { fitsOpeningHours, isOnSlotBoundary, occupiedSteps } from './schedule';
import { changeSteps, inTransaction, releaseSteps, SlotFullError, takeSteps } from './slotCapacity';

/** What the booking operations share (built once by the service-booking plugin). */
export interface BookingContext {
  db: Kysely<Database>;
  clock: Clock;
  /** Key of the guest codes' HMAC. */
  secret: string;
  /** BOOKING_CHANGE_CUTOFF_MINUTES. */
  cutoffMinutes: number;
  events: AppointmentEventBus;
  /** The limits on guest bookings (per IP, per email). */
  throttle: Pick<Throttle, 'assertGuestBookingAllowed' | 'recordGuestBooking'>;
  /** When this instance last gave back expired guest holds (see sweepGuestHolds). */
  lastHoldSweep?: number;
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
    super(409, 'SLOT_FULL', SLOT_FULL_MESSAGE);
  }
}

function view(ctx: BookingContext, now: Date): AppointmentView {
  return { now, cutoffMinutes: ctx.cutoffMinutes };
}

function notFound(): AppError {
  return AppError.notFound(bookingMessages.appointmentNotFound, 'APPOINTMENT_NOT_FOUND');
}

function unprocessable(code: string, message: string, field?: string): AppError {
  return new AppError(422, code, message, field ? [{ field, message }] : undefined);
}

function tooLate(ctx: BookingContext): AppError {
  return new AppError(409, 'CHANGE_WINDOW_CLOSED', `Chỉ có thể hủy hoặc đổi lịch trước giờ hẹn ít nhất ${describeCutoff(ctx.cutoffMinutes)}`);
}

async function requireCentre(db: Kysely<Database>, centreId: number): Promise<BookableCentre> {
  const centre = await findCentreSchedule(db, centreId);
  if (!centre) throw new AppError(404, 'CENTRE_NOT_FOUND', bookingMessages.centreNotFound, [{ field: 'centreId', message: bookingMessages.centreNotFound }]);
  return centre;
}

/** The start of a booking: on a 30-minute step, a date of the booking window, not past, inside opening hours. */
function checkStart(start: Date, durationMinutes: number, centre: CentreSchedule, now: Date): void {
  if (!isOnSlotBoundary(start)) throw unprocessable('SLOT_INVALID', bookingMessages.slotBoundary, 'start');
  if (!isBookableDate(vietnamDateOf(start), now)) throw unprocessable('DATE_OUT_OF_RANGE', bookingMessages.dateOutOfRange, 'start');
  if (start.getTime() <= now.getTime()) throw unprocessable('SLOT_IN_PAST', bookingMessages.slotInPast, 'start');
  if (!fitsOpeningHours(start, durationMinutes, centre)) {
    throw unprocessable(
      'OUTSIDE_OPENING_HOURS',
      `Giờ hẹn phải nằm trong giờ mở cửa của chi nhánh (${centre.openTime}–${centre.closeTime}) và kết thúc trước giờ đóng cửa.`,
      'start',
    );
  }
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * 'LH' + the Vietnamese date of the slot (yymmdd) + 5 characters: LH260504K7QZ2 (32^5 codes a day; the unique
 * constraint catches the rare repeat and the booking is tried again with a new code).
 */
function newAppointmentCode(start: Date): string {
  let suffix = '';
  for (let index = 0; index < 5; index += 1) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `LH${vietnamDateOf(start).replace(/-/g, '').slice(2)}${suffix}`;
}

interface PricedService {
  id: number;
  slug: string;
  name: string;
  price: number;
  durationMinutes: number;
}

async function loadBookableServices(db: Kysely<Database>, serviceIds: readonly number[], vehicleType: VehicleType): Promise<Map<number, PricedService>> {
  const result = new Map<number, PricedService>();
  if (serviceIds.length === 0) return result;
  const rows = await db
    .selectFrom('services')
    .select(['id', 'slug', 'name', 'price', 'duration_minutes', 'vehicle_types'])
    .where('id', 'in', [...serviceIds])
    .where('is_active', '=', 1)
    .execute();
  if (rows.length !== new Set(serviceIds).size) throw unprocessable('SERVICE_NOT_FOUND', bookingMessages.serviceNotFound, 'serviceIds');
  for (const row of rows) {
    const types = JSON.parse(row.vehicle_types) as string[];
    if (!types.includes(vehicleType)) {
      throw unprocessable('SERVICE_NOT_FOR_VEHICLE', `Dịch vụ "${row.name}" không áp dụng cho loại xe này.`, 'serviceIds');
    }
    result.set(row.id, { id: row.id, slug: row.slug, name: row.name, price: row.price, durationMinutes: row.duration_minutes });
  }
  return result;
}

interface VehicleChoice {
  /** An existing vehicle of the customer, or null (created in the transaction, or a guest's). */
  id: number | null;
  type: VehicleType;
  brand: string;
  model: string;
  licensePlate: string;
  /** Create it for the customer inside the booking transaction. */
  create: boolean;
}

interface Contact {
  fullName: string;
  phone: string;
  email: string;
}

const ownVehicleWithOwner = preparedQuery<{ vehicleId: number; userId: number }>()((db, param) =>
  db
    .selectFrom('vehicles')
    .innerJoin('users', 'users.id', 'vehicles.user_id')
    .select(['vehicles.id', 'vehicles.type', 'vehicles.brand', 'vehicles.model', 'vehicles.license_plate', 'users.full_name', 'users.phone_number', 'users.email'])
    .where('vehicles.id', '=', param('vehicleId'))
    .where('vehicles.user_id', '=', param('userId'))
    .where('vehicles.deleted_at', 'is', null),
);

/** The booking's vehicle and, for a customer who gave no contact, their profile's (read with the vehicle). */
async function chooseVehicle(db: Kysely<Database>, auth: AuthContext | null, input: AppointmentCreateData): Promise<{ vehicle: VehicleChoice; owner: Contact | null }> {
  if (input.vehicleId !== undefined) {
    const row = await ownVehicleWithOwner.first(db, { vehicleId: input.vehicleId, userId: auth!.userId });
    if (!row) throw vehicleNotFound();
    return {
      vehicle: { id: row.id, type: row.type as VehicleType, brand: row.brand, model: row.model, licensePlate: row.license_plate, create: false },
      owner: { fullName: row.full_name, phone: row.phone_number ?? '', email: row.email },
    };
  }
  const given = input.vehicle!;
  if (auth) {
    // The customer's vehicle with that plate if they have it, else it is added to their vehicles.
    const existing = await db
      .selectFrom('vehicles')
      .selectAll()
      .where('user_id', '=', auth.userId)
      .where('license_plate', '=', given.licensePlate)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (existing) {
      return {
        vehicle: { id: existing.id, type: existing.type as VehicleType, brand: existing.brand, model: existing.model, licensePlate: existing.license_plate, create: false },
        owner: null,
      };
    }
    return { vehicle: { id: null, ...given, create: true }, owner: null };
  }
  return { vehicle: { id: null, ...given, create: false }, owner: null };
}

async function contactOf(db: Kysely<Database>, auth: AuthContext | null, input: AppointmentCreateData, owner: Contact | null): Promise<Contact> {
  if (input.contact) return input.contact;
  if (owner) return owner;
  const user = await db.selectFrom('users').select(['full_name', 'phone_number', 'email']).where('id', '=', auth!.userId).executeTakeFirst();
  if (!user) throw AppError.unauthorized();
  return { fullName: user.full_name, phone: user.phone_number ?? '', email: user.email };
}

const insertHistory = preparedQuery<{
  appointmentId: number;
  from: AppointmentStatus | null;
  to: AppointmentStatus;
  changedBy: number | null;
  note: string | null;
  at: string;
}>()((db, param) =>
  db.insertInto('appointment_status_history').values({
    appointment_id: param('appointmentId'),
    from_status: param('from'),
    to_status: param('to'),
    changed_by: param('changedBy'),
    note: param('note'),
    created_at: param('at'),
  }),
);

type NewAppointmentRow = Required<Omit<Insertable<AppointmentsTable>, 'id'>>;

const APPOINTMENT_COLUMNS = [
  'code', 'user_id', 'vehicle_id', 'vehicle_type', 'vehicle_brand', 'vehicle_model', 'license_plate', 'centre_id', 'starts_at', 'ends_at',
  'status', 'estimated_price', 'estimated_duration_minutes', 'note', 'contact_name', 'contact_phone', 'contact_email', 'package_credit_id',
  'hold_expires_at', 'cancel_reason', 'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof NewAppointmentRow>;

/** The appointment row (every column named, so one compiled statement serves every booking). */
const insertAppointment = preparedQuery<NewAppointmentRow>()((db, param) =>
  db
    .insertInto('appointments')
    .values(Object.fromEntries(APPOINTMENT_COLUMNS.map((column) => [column, param(column)])) as NewAppointmentRow)
    .returning('id'),
);

const insertAppointmentService = preparedQuery<{ appointmentId: number; serviceId: number; name: string; price: number; durationMinutes: number }>()(
  (db, param) =>
    db.insertInto('appointment_services').values({
      appointment_id: param('appointmentId'),
      service_id: param('serviceId'),
      service_name: param('name'),
      price: param('price'),
      duration_minutes: param('durationMinutes'),
    }),
);

async function addHistory(
  trx: Transaction<Database>,
  appointmentId: number,
  from: AppointmentStatus | null,
  to: AppointmentStatus,
  changedBy: number | null,
  note: string | null,
  at: string,
): Promise<void> {
  await insertHistory.execute(trx, { appointmentId, from, to, changedBy, note, at });
}

async function publishStatus(ctx: BookingContext, userId: number | null, appointment: Appointment, at: Date): Promise<void> {
  if (userId === null) return;
  await ctx.events.publish({
    userId,
    event: { appointmentId: appointment.id, code: appointment.code, status: appointment.status, statusLabel: appointment.statusLabel, at: at.toISOString() },
  });
}

/**
 * Gives back the slots of guests' appointments whose email code was not entered in time (status CANCELLED).
 * Runs before availability, booking and verification; cheap when there is nothing to expire.
 */
export async function expireGuestHolds(db: Kysely<Database>, now: Date): Promise<number> {
  const stale = await db
    .selectFrom('appointments')
    .select(['id', 'centre_id', 'starts_at', 'estimated_duration_minutes'])
    .where('status', '=', 'AWAITING_VERIFICATION')
    .where('hold_expires_at', '<=', now.toISOString())
    .execute();
  let expired = 0;
  for (const hold of stale) {
    const done = await inTransaction(db, async (trx) => {
      const at = now.toISOString();
      const result = await trx
        .updateTable('appointments')
        .set({ status: 'CANCELLED', cancel_reason: bookingMessages.holdExpiredReason, hold_expires_at: null, updated_at: at })
        .where('id', '=', hold.id)
        .where('status', '=', 'AWAITING_VERIFICATION')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await releaseSteps(trx, hold.centre_id, occupiedSteps(new Date(hold.starts_at), hold.estimated_duration_minutes));
      await addHistory(trx, hold.id, 'AWAITING_VERIFICATION', 'CANCELLED', null, bookingMessages.holdExpiredReason, at);
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

interface BookingPlan {
  centre: BookableCentre;
  vehicle: VehicleChoice;
  contact: Contact;
  credit: PackageCreditInfo | null;
  services: PricedService[];
  durationMinutes: number;
  estimatedPrice: number;
  start: Date;
  steps: string[];
}

/** Reads and checks everything a booking needs (422/404 on bad input); writes nothing. */
async function planBooking(db: Kysely<Database>, auth: AuthContext | null, input: AppointmentCreateData, now: Date): Promise<BookingPlan> {
  const centre = await requireCentre(db, input.centreId);
  const { vehicle, owner } = await chooseVehicle(db, auth, input);
  const contact = await contactOf(db, auth, input, owner);
  const credit = auth && input.packageCreditId !== undefined ? await findOwnPackageCredit(db, auth.userId, input.packageCreditId) : null;
  if (input.packageCreditId !== undefined && !credit) {
    throw new AppError(404, 'PACKAGE_CREDIT_NOT_FOUND', bookingMessages.packageNotFound, [{ field: 'packageCreditId', message: bookingMessages.packageNotFound }]);
  }
  // A credit's service is free (added when not chosen already).
  const wanted = credit && !input.serviceIds.includes(credit.serviceId) ? [...input.serviceIds, credit.serviceId] : input.serviceIds;
  const services = [...(await loadBookableServices(db, wanted, vehicle.type)).values()].map((service) =>
    credit && service.id === credit.serviceId ? { ...service, price: 0 } : service,
  );
  const durationMinutes = services.reduce((sum, service) => sum + service.durationMinutes, 0);
  const estimatedPrice = services.reduce((sum, service) => sum + service.price, 0);
  const start = new Date(input.start);
  checkStart(start, durationMinutes, centre, now);
  return { centre, vehicle, contact, credit, services, durationMinutes, estimatedPrice, start, steps: occupiedSteps(start, durationMinutes) };
}

/** Holds are swept at most this often per instance: a slot stays held at most a second longer. */
const HOLD_SWEEP_INTERVAL_MS = 1_000;

/** expireGuestHolds, at most once a second (of the injected clock) on this instance. */
export async function sweepGuestHolds(ctx: BookingContext, now: Date): Promise<void> {
  const last = ctx.lastHoldSweep;
  if (last !== undefined && now.getTime() >= last && now.getTime() - last < HOLD_SWEEP_INTERVAL_MS) return;
  ctx.lastHoldSweep = now.getTime();
  await expireGuestHolds(ctx.db, now);
}

/** The appointment just written, from what the booking knows (no query inside the hot path). */
function bookedAppointment(
  ctx: BookingContext,
  fields: {
    id: number;
    code: string;
    status: AppointmentStatus;
    centre: BookableCentre;
    vehicle: { id: number | null; type: VehicleType; brand: string; model: string; licensePlate: string };
    services: readonly (PricedService & { slug: string })[];
    credit: { id: number; packageName: string } | null;
    start: Date;
    durationMinutes: number;
    estimatedPrice: number;
    note: string | null;
    contact: { fullName: string; phone: string; email: string };
    now: Date;
  },
): Appointment {
  const mayChange = customerMayChange(fields.status, fields.start, view(ctx, fields.now));
  return {
    id: fields.id,
    code: fields.code,
    status: fields.status,
    statusLabel: APPOINTMENT_STATUS_LABELS[fields.status],
    centre: { id: fields.centre.id, name: fields.centre.name, address: fields.centre.address, phone: fields.centre.phone },
    vehicle: { id: fields.vehicle.id, licensePlate: fields.vehicle.licensePlate, brand: fields.vehicle.brand, model: fields.vehicle.model, type: fields.vehicle.type },
    services: [...fields.services]
      .sort((a, b) => a.id - b.id)
      .map((service) => ({ id: service.id, slug: service.slug, name: service.name, price: service.price, durationMinutes: service.durationMinutes })),
    packageCredit: fields.credit ? { id: fields.credit.id, packageName: fields.credit.packageName } : null,
    start: fields.start.toISOString(),
    end: new Date(fields.start.getTime() + fields.durationMinutes * 60_000).toISOString(),
    estimatedPrice: fields.estimatedPrice,
    estimatedDurationMinutes: fields.durationMinutes,
    note: fields.note,
    contact: fields.contact,
    canCancel: mayChange,
    canReschedule: mayChange,
    createdAt: fields.now.toISOString(),
  };
}

/**
 * POST /appointments. Every step of the slot is taken in the same transaction as the appointment (409
 * SLOT_FULL with the next free slots when one is full); a package credit is consumed there too. A customer's
 * appointment is PENDING and gets a confirmation email; a guest's is AWAITING_VERIFICATION, holds the slot
 * 15 minutes and gets a code by email.
 */
export async function createAppointment(ctx: BookingContext, auth: AuthContext | null, input: AppointmentCreateData, clientIp: string): Promise<Appointment> {
  const { db } = ctx;
  const now = ctx.clock.now();
  if (!auth) {
    const errors = [];
    if (input.vehicleId !== undefined) errors.push({ field: 'vehicleId', message: bookingMessages.guestVehicleId });
    if (!input.contact) errors.push({ field: 'contact', message: bookingMessages.guestContact });
    if (input.packageCreditId !== undefined) errors.push({ field: 'packageCreditId', message: bookingMessages.guestPackage });
    if (errors.length > 0) throw AppError.validation(errors);
    await ctx.throttle.assertGuestBookingAllowed(clientIp, input.contact!.email);
  }
  await sweepGuestHolds(ctx, now);
  const guest = auth === null;
  const status: AppointmentStatus = guest ? 'AWAITING_VERIFICATION' : 'PENDING';
  const holdExpiresAt = guest ? new Date(now.getTime() + GUEST_HOLD_MINUTES * 60_000) : null;
  let planned: BookingPlan | null = null;

  // One transaction from the first read to the last write: under load every booking waits for the
  // database once (SQLite serialises transactions on its connection), not once per query.
  const attempt = () =>
    inTransaction(db, async (trx) => {
      const plan = await planBooking(trx, auth, input, now);
      planned = plan;
      const { centre, vehicle, contact, credit, services, durationMinutes, estimatedPrice, start } = plan;
      const at = now.toISOString();
      await takeSteps(trx, centre.id, plan.steps, centre.bays);
      if (credit && !(await consumePackageCredit(trx, auth!.userId, credit.id, now))) {
        throw new AppError(409, 'PACKAGE_CREDIT_USED_UP', bookingMessages.packageUsedUp, [{ field: 'packageCreditId', message: bookingMessages.packageUsedUp }]);
      }
      let vehicleId = vehicle.id;
      if (vehicle.create) {
        const created = await createVehicle(trx, auth!.userId, { type: vehicle.type, brand: vehicle.brand, model: vehicle.model, licensePlate: vehicle.licensePlate }, now);
        vehicleId = created.id;
      }
      const code = newAppointmentCode(start);
      const inserted = await insertAppointment.first(trx, {
          code,
          user_id: auth?.userId ?? null,
          vehicle_id: vehicleId,
          vehicle_type: vehicle.type,
          vehicle_brand: vehicle.brand,
          vehicle_model: vehicle.model,
          license_plate: vehicle.licensePlate,
          centre_id: centre.id,
          starts_at: start.toISOString(),
          ends_at: new Date(start.getTime() + durationMinutes * 60_000).toISOString(),
          status,
          estimated_price: estimatedPrice,
          estimated_duration_minutes: durationMinutes,
          note: input.note,
          contact_name: contact.fullName,
          contact_phone: contact.phone,
          contact_email: contact.email,
          package_credit_id: credit?.id ?? null,
          hold_expires_at: holdExpiresAt?.toISOString() ?? null,
          cancel_reason: null,
          created_at: at,
          updated_at: at,
      }).then((row) => row!);
      for (const service of services) {
        await insertAppointmentService.execute(trx, {
          appointmentId: inserted.id,
          serviceId: service.id,
          name: service.name,
          price: service.price,
          durationMinutes: service.durationMinutes,
        });
      }
      await addHistory(trx, inserted.id, null, status, auth?.userId ?? null, null, at);
      const appointment = bookedAppointment(ctx, {
        id: inserted.id,
        code,
        status,
        centre,
        vehicle: { ...vehicle, id: vehicleId },
        services,
        credit,
        start,
        durationMinutes,
        estimatedPrice,
        note: input.note,
        contact,
        now,
      });
      if (guest) {
        const otp = await issueGuestCode(trx, ctx.secret, inserted.id, now, holdExpiresAt!);
        await enqueueServiceEmail(trx, ctx.clock, contact.email, guestCodeEmail(appointment, otp));
      } else {
        await enqueueServiceEmail(trx, ctx.clock, contact.email, appointmentConfirmationEmail(appointment, ctx.cutoffMinutes));
      }
      return appointment;
    });

  const booked = async (): Promise<Appointment> => {
    try {
      return await attempt();
    } catch (error) {
      // Two bookings drew the same code (32^5 a day): once more with a new one.
      if (isUniqueViolation(error) && !(planned as BookingPlan | null)?.vehicle.create) return await attempt();
      throw error;
    }
  };
  try {
    const appointment = await booked();
    if (guest) await ctx.throttle.recordGuestBooking(clientIp, input.contact!.email);
    return appointment;
  } catch (error) {
    const plan = planned as BookingPlan | null;
    if (error instanceof SlotFullError && plan) throw new SlotFullAppError(await nextFreeSlots(db, plan.centre, plan.start, plan.durationMinutes, now));
    throw error;
  }
}

/** POST /appointments/:code/verify: the guest's email code turns the hold into a PENDING appointment. */
export async function verifyGuestAppointment(ctx: BookingContext, code: string, email: string, otpCode: string): Promise<Appointment> {
  const { db } = ctx;
  const now = ctx.clock.now();
  await sweepGuestHolds(ctx, now);
  const row = await db.selectFrom('appointments').select(['id', 'status', 'contact_email']).where('code', '=', code).executeTakeFirst();
  if (!row || row.contact_email.toLowerCase() !== email.toLowerCase()) throw notFound();
  if (row.status === 'CANCELLED') throw new AppError(409, 'GUEST_HOLD_EXPIRED', bookingMessages.holdExpired);
  if (row.status !== 'AWAITING_VERIFICATION') throw new AppError(409, 'APPOINTMENT_ALREADY_VERIFIED', bookingMessages.alreadyVerified);

  const check = await consumeGuestCode(db, ctx.secret, row.id, otpCode, now);
  if (check === 'wrong') throw new AppError(400, 'OTP_INVALID', bookingMessages.codeWrong, [{ field: 'otpCode', message: bookingMessages.codeWrong }]);
  if (check === 'locked') {
    await db.updateTable('appointments').set({ hold_expires_at: now.toISOString() }).where('id', '=', row.id).where('status', '=', 'AWAITING_VERIFICATION').execute();
    await expireGuestHolds(db, now);
    throw new AppError(400, 'OTP_LOCKED', bookingMessages.codeLocked, [{ field: 'otpCode', message: bookingMessages.codeLocked }]);
  }
  if (check === 'expired') throw new AppError(409, 'GUEST_HOLD_EXPIRED', bookingMessages.holdExpired);

  const verified = await inTransaction(db, async (trx) => {
    const at = now.toISOString();
    const result = await trx
      .updateTable('appointments')
      .set({ status: 'PENDING', hold_expires_at: null, updated_at: at })
      .where('id', '=', row.id)
      .where('status', '=', 'AWAITING_VERIFICATION')
      .where('hold_expires_at', '>', at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await addHistory(trx, row.id, 'AWAITING_VERIFICATION', 'PENDING', null, null, at);
    const appointment = (await findAppointment(trx, view(ctx, now), row.id))!;
    await enqueueServiceEmail(trx, ctx.clock, appointment.contact.email, appointmentConfirmationEmail(appointment, ctx.cutoffMinutes));
    return true;
  });
  if (!verified) throw new AppError(409, 'GUEST_HOLD_EXPIRED', bookingMessages.holdExpired);
  return (await findAppointment(db, view(ctx, now), row.id))!;
}

interface ChangeableRow {
  id: number;
  status: AppointmentStatus;
  centreId: number;
  startsAt: Date;
  durationMinutes: number;
  packageCreditId: number | null;
  userId: number | null;
}

async function loadRow(db: Kysely<Database>, id: number, ownerId?: number): Promise<ChangeableRow> {
  let query = db
    .selectFrom('appointments')
    .select(['id', 'status', 'centre_id', 'starts_at', 'estimated_duration_minutes', 'package_credit_id', 'user_id'])
    .where('id', '=', id);
  if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return {
    id: row.id,
    status: row.status as AppointmentStatus,
    centreId: row.centre_id,
    startsAt: new Date(row.starts_at),
    durationMinutes: row.estimated_duration_minutes,
    packageCreditId: row.package_credit_id,
    userId: row.user_id,
  };
}

/** The customer may change it: a changeable status (409 otherwise) and before the cut-off (409). */
function checkCustomerMayChange(ctx: BookingContext, row: ChangeableRow, now: Date): void {
  if (!CHANGEABLE_APPOINTMENT_STATUSES.includes(row.status)) throw new AppError(409, 'APPOINTMENT_NOT_CHANGEABLE', bookingMessages.notChangeable);
  if (now.getTime() > row.startsAt.getTime() - ctx.cutoffMinutes * 60_000) throw tooLate(ctx);
}

/** Cancels inside a transaction: the status (if still `row.status`), the slot, the package credit, the email. */
async function cancelWithin(
  ctx: BookingContext,
  trx: Transaction<Database>,
  row: ChangeableRow,
  changedBy: number | null,
  reason: string | null,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const result = await trx
    .updateTable('appointments')
    .set({ status: 'CANCELLED', cancel_reason: reason, hold_expires_at: null, updated_at: at })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw AppError.conflict(bookingMessages.changedMeanwhile, 'APPOINTMENT_CHANGED');
  await releaseSteps(trx, row.centreId, occupiedSteps(row.startsAt, row.durationMinutes));
  if (row.packageCreditId !== null) await restorePackageCredit(trx, row.packageCreditId);
  await addHistory(trx, row.id, row.status, 'CANCELLED', changedBy, reason, at);
  const appointment = (await findAppointment(trx, view(ctx, now), row.id))!;
  await enqueueServiceEmail(trx, ctx.clock, appointment.contact.email, appointmentCancelledEmail(appointment, reason));
}

/** POST /appointments/:id/cancel (the owner, until the cut-off): the slot and a package credit are given back. */
export async function cancelAppointment(ctx: BookingContext, userId: number, id: number, reason: string | null): Promise<Appointment> {
  const now = ctx.clock.now();
  const row = await loadRow(ctx.db, id, userId);
  checkCustomerMayChange(ctx, row, now);
  await inTransaction(ctx.db, (trx) => cancelWithin(ctx, trx, row, userId, reason, now));
  const appointment = (await findAppointment(ctx.db, view(ctx, now), id))!;
  await publishStatus(ctx, row.userId, appointment, now);
  return appointment;
}

/**
 * POST /appointments/:id/reschedule (the owner, until the cut-off of the current slot): the old steps are
 * given back and the new ones taken in one transaction (409 SLOT_FULL leaves the appointment as it was). A
 * confirmed appointment waits for confirmation again.
 */
export async function rescheduleAppointment(ctx: BookingContext, userId: number, id: number, input: { start: string; centreId?: number }): Promise<Appointment> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const row = await loadRow(db, id, userId);
  checkCustomerMayChange(ctx, row, now);
  const oldCentre = await requireCentre(db, row.centreId);
  const centre = input.centreId === undefined || input.centreId === row.centreId ? oldCentre : await requireCentre(db, input.centreId);
  const start = new Date(input.start);
  checkStart(start, row.durationMinutes, centre, now);
  if (centre.id === row.centreId && start.getTime() === row.startsAt.getTime()) throw unprocessable('SAME_SLOT', bookingMessages.sameSlot, 'start');
  const status: AppointmentStatus = row.status === 'CONFIRMED' ? 'PENDING' : row.status;
  const previousStart = row.startsAt.toISOString();

  try {
    await inTransaction(db, async (trx) => {
      const at = now.toISOString();
      const result = await trx
        .updateTable('appointments')
        .set({
          centre_id: centre.id,
          starts_at: start.toISOString(),
          ends_at: new Date(start.getTime() + row.durationMinutes * 60_000).toISOString(),
          status,
          updated_at: at,
        })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .where('starts_at', '=', previousStart)
        .where('centre_id', '=', row.centreId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw AppError.conflict(bookingMessages.changedMeanwhile, 'APPOINTMENT_CHANGED');
      await changeSteps(
        trx,
        [
          ...occupiedSteps(row.startsAt, row.durationMinutes).map((slotStart) => ({ centreId: row.centreId, slotStart, delta: -1 as const })),
          ...occupiedSteps(start, row.durationMinutes).map((slotStart) => ({ centreId: centre.id, slotStart, delta: 1 as const })),
        ],
        (centreId) => (centreId === centre.id ? centre.bays : oldCentre.bays),
      );
      await addHistory(trx, row.id, row.status, status, userId, `Đổi lịch từ ${formatVietnamDateTime(row.startsAt)}`, at);
      const appointment = (await findAppointment(trx, view(ctx, now), row.id))!;
      await enqueueServiceEmail(trx, ctx.clock, appointment.contact.email, appointmentRescheduledEmail(appointment, previousStart));
    });
  } catch (error) {
    if (error instanceof SlotFullError) throw new SlotFullAppError(await nextFreeSlots(db, centre, start, row.durationMinutes, now));
    throw error;
  }
  const appointment = (await findAppointment(db, view(ctx, now), id))!;
  if (status !== row.status) await publishStatus(ctx, row.userId, appointment, now);
  return appointment;
}

/**
 * PATCH /appointments/:id/status (staff, manager, admin): one of the allowed transitions (409 otherwise).
 * Cancelling gives the slot and a package credit back. The customer's open streams get the new status.
 */
export async function changeAppointmentStatus(ctx: BookingContext, staffId: number, id: number, target: AppointmentStatus, note: string | null): Promise<Appointment> {
  const now = ctx.clock.now();
  const row = await loadRow(ctx.db, id);
  if (!APPOINTMENT_STATUS_TRANSITIONS[row.status].includes(target)) {
    throw new AppError(
      409,
      'INVALID_STATUS_TRANSITION',
      `Không thể chuyển lịch hẹn từ "${APPOINTMENT_STATUS_LABELS[row.status]}" sang "${APPOINTMENT_STATUS_LABELS[target]}".`,
    );
  }
  await inTransaction(ctx.db, async (trx) => {
    if (target === 'CANCELLED') return cancelWithin(ctx, trx, row, staffId, note, now);
    const at = now.toISOString();
    const result = await trx
      .updateTable('appointments')
      .set({ status: target, updated_at: at })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw AppError.conflict(bookingMessages.changedMeanwhile, 'APPOINTMENT_CHANGED');
    await addHistory(trx, row.id, row.status, target, staffId, note, at);
  });
  const appointment = (await findAppointment(ctx.db, view(ctx, now), id))!;
  await publishStatus(ctx, row.userId, appointment, now);
  return appointment;
}
