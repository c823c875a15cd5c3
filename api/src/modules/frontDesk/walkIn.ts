import type { Kysely } from 'kysely';
import { ERROR_CODES, normalizeVietnameseMobile, vietnamDateOf, type StaffAppointment, type VehicleType, type walkInInputSchema } from 'shared-contracts/schemas';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { assertFloorWriter, centreForRequest, type CentreScope } from '../../security/centreScope';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import type { EventBus } from '../../events/eventBus';
import { bookAppointment, findAppointment, findCentreSchedule, nextFreeSlots, type BookableCentre, publishStatus, SlotFullAppError, view, appointmentConfirmationEmail, enqueueServiceEmail, loadBookableServices, daySlotStarts, occupiedSteps, SLOT_MS, loadOccupancy, SlotFullError } from '../bookings';
import { inTransaction } from '../../db/inTransaction';
import { isUniqueViolation, vehicleNotFound } from '../vehicles';
import { requireTypedVehicleModel } from '../vehicleModels';
import { customersOfCentre } from './customerLookup';
import { loadStaffAppointments } from './staffDay';

/**
 * POST /staff/appointments/walk-in (S2): a customer at the counter is booked 'now', into the first 30-minute
 * step of today (the one under way, or a later one) where every step of the services has a free bay, through
 * the booking's capacity rule (takeSteps: the conditional `booked < bays` update). Nothing free today: 409
 * SLOT_FULL with the next free slots, as the booking answers. The appointment is CONFIRMED. A registered
 * customer (found by the vehicle chosen, else by the contact's email, else its phone) gets it on their account,
 * with the vehicle of that plate (added to their vehicles if new); anyone else is a guest appointment.
 * The email is optional (name and phone are enough): a registered customer's account email is used then, and a
 * guest without one gets no email (the contact email is stored empty, docs/decisions/0033).
 */

export type WalkInData = z.output<typeof walkInInputSchema>;

export interface WalkInContext {
  db: Kysely<Database>;
  clock: Clock;
  events: EventBus;
  /** BOOKING_CHANGE_CUTOFF_MINUTES (the confirmation email states it). */
  cutoffMinutes: number;
}

export const walkInMessages = {
  created: 'Đã tạo lịch hẹn cho khách đến trực tiếp.',
  historyNote: 'Khách đến trực tiếp',
  phoneMismatch: 'Số điện thoại liên hệ không khớp với tài khoản của khách (khách của trung tâm khác). Vui lòng hỏi lại số điện thoại của khách.',
} as const;

/** The contact email of a guest walk-in who gave none (the column is required; no email is sent to it). */
const NO_CONTACT_EMAIL = '';

interface Customer {
  id: number;
  /** The account's email (the walk-in's contact email when staff typed none). */
  email: string;
}

interface WalkInVehicle {
  /** The customer's vehicle row, or null (a guest's, or one to add to the customer's vehicles). */
  id: number | null;
  type: VehicleType;
  brand: string;
  model: string;
  licensePlate: string;
}

/** The registered customer the walk-in is for (an active customer account), or null for a guest. */
async function findCustomer(db: Kysely<Database>, contact: { email?: string | undefined; phone: string }): Promise<Customer | null> {
  const email = contact.email;
  if (email !== undefined) {
    const byEmail = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('role', '=', 'customer')
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    if (byEmail) return byEmail;
  }
  const byPhone = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('phone_number', '=', contact.phone)
    .where('role', '=', 'customer')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return byPhone ?? null;
}

/** The customer and vehicle of the walk-in (404 for a vehicle that is no customer's). */
async function chooseCustomerAndVehicle(db: Kysely<Database>, input: WalkInData): Promise<{ customer: Customer | null; vehicle: WalkInVehicle }> {
  if (input.vehicleId !== undefined) {
    const row = await db
      .selectFrom('vehicles')
      .innerJoin('users', 'users.id', 'vehicles.user_id')
      .select(['vehicles.id', 'vehicles.user_id', 'users.email', 'vehicles.type', 'vehicles.brand', 'vehicles.model', 'vehicles.license_plate'])
      .where('vehicles.id', '=', input.vehicleId)
      .where('vehicles.deleted_at', 'is', null)
      .where('users.role', '=', 'customer')
      .executeTakeFirst();
    if (!row) throw vehicleNotFound();
    return {
      customer: { id: row.user_id, email: row.email },
      vehicle: { id: row.id, type: row.type as VehicleType, brand: row.brand, model: row.model, licensePlate: row.license_plate },
    };
  }
  const given = input.vehicle!;
  const customer = await findCustomer(db, input.contact);
  if (!customer) return { customer: null, vehicle: { id: null, ...given } };
  const own = await db
    .selectFrom('vehicles')
    .select(['id', 'type', 'brand', 'model', 'license_plate'])
    .where('user_id', '=', customer.id)
    .where('license_plate', '=', given.licensePlate)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return {
    customer,
    vehicle: own ? { id: own.id, type: own.type as VehicleType, brand: own.brand, model: own.model, licensePlate: own.license_plate } : { id: null, ...given },
  };
}

/**
 * A walk-in books a registered customer onto this centre's floor, and a customer with an appointment here is the
 * centre's customer, seen in full by its staff (back-office.md §3). So for a customer who is not yet the centre's,
 * the counter must know them as a walk-in search does: the contact phone must be the account's (422 otherwise).
 * Without it, any customer's vehicle id or email typed at the counter would open their whole record.
 */
async function assertWalkInOwnerKnown(db: Kysely<Database>, centreId: number, customerId: number, contactPhone: string): Promise<void> {
  if ((await customersOfCentre(db, centreId, [customerId])).has(customerId)) return;
  const owner = await db.selectFrom('users').select('phone_number').where('id', '=', customerId).executeTakeFirst();
  const ownerPhone = owner?.phone_number ? normalizeVietnameseMobile(owner.phone_number) : null;
  if (ownerPhone !== null && ownerPhone === normalizeVietnameseMobile(contactPhone)) return;
  throw new AppError(422, ERROR_CODES.WALK_IN_PHONE_MISMATCH, walkInMessages.phoneMismatch, [{ field: 'contact.phone', message: walkInMessages.phoneMismatch }]);
}

/**
 * The first start of today, from the step under way, where the services fit before closing and every step
 * has a free bay (by the occupancy read now; the conditional update decides). Null when none.
 */
export async function firstFreeStartToday(db: Kysely<Database>, centre: BookableCentre, durationMinutes: number, now: Date): Promise<Date | null> {
  const date = vietnamDateOf(now);
  const starts = daySlotStarts(date, centre);
  if (starts.length === 0) return null;
  const close = starts[starts.length - 1]!.getTime() + SLOT_MS;
  const occupancy = await loadOccupancy(db, centre.id, starts[0]!, new Date(close));
  for (const start of starts) {
    if (start.getTime() + SLOT_MS <= now.getTime()) continue;
    if (start.getTime() + durationMinutes * 60_000 > close) return null;
    if (occupiedSteps(start, durationMinutes).every((step) => (occupancy.get(step) ?? 0) < centre.bays)) return start;
  }
  return null;
}

/** Attempts of a walk-in: a step taken by a concurrent booking between the read and the write is tried again. */
const WALK_IN_ATTEMPTS = 3;

export async function createWalkIn(ctx: WalkInContext, scope: CentreScope, input: WalkInData): Promise<StaffAppointment> {
  assertFloorWriter(scope);
  const { db } = ctx;
  const now = ctx.clock.now();
  // A vehicle described at the counter names a model of the reference table ("Dòng xe"), as the dialog offers them.
  if (input.vehicle) await requireTypedVehicleModel(db, input.vehicle, 'vehicle.model');
  const centreId = await centreForRequest(db, scope, input.centreId);
  const centre = (await findCentreSchedule(db, centreId))!;
  const { customer, vehicle } = await chooseCustomerAndVehicle(db, input);
  if (customer) await assertWalkInOwnerKnown(db, centre.id, customer.id, input.contact.phone);
  const services = [...(await loadBookableServices(db, input.serviceIds, vehicle.type)).values()];
  const durationMinutes = services.reduce((sum, service) => sum + service.durationMinutes, 0);

  let appointmentId: number | null = null;
  for (let attempt = 1; attempt <= WALK_IN_ATTEMPTS && appointmentId === null; attempt += 1) {
    const start = await firstFreeStartToday(db, centre, durationMinutes, now);
    if (!start) break;
    try {
      appointmentId = await inTransaction(db, async (trx) => {
        const { id } = await bookAppointment(
          trx,
          {
            centre,
            start,
            durationMinutes,
            services,
            estimatedPrice: services.reduce((sum, service) => sum + service.price, 0),
            vehicle: { ...vehicle, create: customer !== null && vehicle.id === null },
            contact: { fullName: input.contact.fullName, phone: input.contact.phone, email: input.contact.email ?? customer?.email ?? NO_CONTACT_EMAIL },
            note: input.note,
            creditId: null,
            vehicleField: 'vehicle',
          },
          { kind: 'counter', scope, customerId: customer?.id ?? null, historyNote: walkInMessages.historyNote },
          now,
        );
        const written = (await findAppointment(trx, view(ctx, now), id))!;
        if (written.contact.email !== NO_CONTACT_EMAIL) {
          await enqueueServiceEmail(trx, ctx.clock, written.contact.email, appointmentConfirmationEmail(written, ctx.cutoffMinutes));
        }
        return id;
      });
    } catch (error) {
      // A concurrent booking took a step between the read and the write, or drew the same code: read the day again.
      if (error instanceof SlotFullError || (isUniqueViolation(error) && attempt < WALK_IN_ATTEMPTS)) continue;
      throw error;
    }
  }
  if (appointmentId === null) throw new SlotFullAppError(await nextFreeSlots(db, centre, now, durationMinutes, now));

  const appointment = (await findAppointment(db, view(ctx, now), appointmentId))!;
  await publishStatus(ctx, customer?.id ?? null, appointment, now);
  const [row] = await loadStaffAppointments(db, centre.id, vietnamDateOf(appointment.start), now, { appointmentId });
  return row!;
}
