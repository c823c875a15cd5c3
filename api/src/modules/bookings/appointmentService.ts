import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  APPOINTMENT_STATUS_LABELS,
  GUEST_HOLD_MINUTES,
  type Appointment,
  type AppointmentCreateData,
  type AppointmentStatus,
  type VehicleType,
} from 'shared-contracts/schemas';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { AuthContext } from '../../security/authGuard';
import { appointmentSymptomsOf, recordAppointmentSymptoms, type RecordedSymptom } from '../diagnostics';
import { isUniqueViolation, vehicleNotFound } from '../vehicles';
import { requireTypedVehicleModel } from '../vehicleModels';
import { recallRemedyLine, scheduleRecallRemedies } from '../recalls';
import { customerMayChange } from './appointmentQueries';
import { nextFreeSlots, type BookableCentre } from './availability';
import { bookingMessages, checkInTemplateData, publishBooked, SlotFullAppError, tellBooking, tellBookingCustomer, view, type BookingContext } from './bookingContext';
import { appointmentConfirmationEmail, enqueueServiceEmail, guestCodeEmail } from './bookingEmails';
import { checkInForEmail } from './checkInCode';
import { checkStart, loadBookableServices, requireCentre, type PricedService } from './bookingRules';
import { sweepGuestHolds } from './guestHolds';
import { issueGuestCode } from './guestCodes';
import { findOwnPackageCredit, type PackageCreditInfo } from '../orders';
import { occupiedSteps } from './schedule';
import { SlotFullError } from './slotCapacity';
import { inTransaction } from '../../db/inTransaction';
import { bookAppointment, type BookingChannel } from './bookAppointment';

export type { BookingContext } from './bookingContext';
/** The cancellation a service order's cancel shares (its module is appointmentCancellation). */
export { cancelWithin, loadRow, type ChangeableRow } from './appointmentCancellation';

/** Booking: POST /appointments (a customer's or a guest's), from the checks to the rows, the slot and the email. */

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

interface CustomerBookingPlan {
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
async function planBooking(db: Kysely<Database>, auth: AuthContext | null, input: AppointmentCreateData, now: Date): Promise<CustomerBookingPlan> {
  const centre = await requireCentre(db, input.centreId);
  const { vehicle, owner } = await chooseVehicle(db, auth, input);
  const contact = await contactOf(db, auth, input, owner);
  const credit = auth && input.packageCreditId !== undefined ? await findOwnPackageCredit(db, auth.userId, input.packageCreditId) : null;
  if (input.packageCreditId !== undefined && !credit) {
    throw new AppError(404, ERROR_CODES.PACKAGE_CREDIT_NOT_FOUND, bookingMessages.packageNotFound, [{ field: 'packageCreditId', message: bookingMessages.packageNotFound }]);
  }
  // A credit's service is free (added when not chosen already).
  const wanted = credit && !input.serviceIds.includes(credit.serviceId) ? [...input.serviceIds, credit.serviceId] : input.serviceIds;
  const services = [...(await loadBookableServices(db, wanted, vehicle.type)).values()].map((service) =>
    credit && service.id === credit.serviceId ? { ...service, price: 0 } : service,
  );
  // The recall remedies chosen ("Đặt lịch khắc phục"): one free line (issue 66 §4); a vehicle id is required by the schema.
  const remedy = vehicle.id === null ? null : await recallRemedyLine(db, { vehicleId: vehicle.id, campaignIds: input.recallCampaignIds });
  if (remedy) services.push(remedy);
  const durationMinutes = services.reduce((sum, service) => sum + service.durationMinutes, 0);
  const estimatedPrice = services.reduce((sum, service) => sum + service.price, 0);
  const start = new Date(input.start);
  checkStart(start, durationMinutes, centre, now);
  return { centre, vehicle, contact, credit, services, durationMinutes, estimatedPrice, start, steps: occupiedSteps(start, durationMinutes) };
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
    symptoms: RecordedSymptom[];
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
    symptoms: fields.symptoms,
  };
}

/**
 * POST /appointments. Every step of the slot is taken in the same transaction as the appointment (409
 * SLOT_FULL with the next free slots when one is full); a package credit is consumed there too, and the
 * customer's symptoms are recorded there (source 'customer'). A customer's appointment is PENDING and gets a
 * confirmation email; a guest's is AWAITING_VERIFICATION, holds the slot 15 minutes and gets a code by email.
 */
export async function createAppointment(ctx: BookingContext, auth: AuthContext | null, input: AppointmentCreateData, clientIp: string): Promise<Appointment> {
  const { db } = ctx;
  const now = ctx.clock.now();
  // A vehicle described in the form names a model of the reference table ("Dòng xe"), as the form offers them.
  if (input.vehicle) await requireTypedVehicleModel(db, input.vehicle, 'vehicle.model');
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
  const holdExpiresAt = guest ? new Date(now.getTime() + GUEST_HOLD_MINUTES * 60_000) : null;
  let planned: CustomerBookingPlan | null = null;

  // One transaction from the first read to the last write: under load every booking waits for the
  // database once (SQLite serialises transactions on its connection), not once per query.
  const attempt = () =>
    inTransaction(db, async (trx) => {
      const plan = await planBooking(trx, auth, input, now);
      planned = plan;
      const { centre, vehicle, contact, credit, services, durationMinutes, estimatedPrice, start } = plan;
      const channel: BookingChannel = auth ? { kind: 'customer', userId: auth.userId } : { kind: 'guest', holdExpiresAt: holdExpiresAt! };
      const booked = await bookAppointment(
        trx,
        { centre, start, durationMinutes, services, estimatedPrice, vehicle, contact, note: input.note, creditId: credit?.id ?? null, vehicleField: vehicle.id === null ? 'vehicle' : 'vehicleId' },
        channel,
        now,
      );
      const inserted = { id: booked.id };
      const { code, vehicleId } = booked;
      if (vehicleId !== null && input.recallCampaignIds.length > 0) {
        await scheduleRecallRemedies(trx, { vehicleId, appointmentId: inserted.id, campaignIds: input.recallCampaignIds, at: now });
      }
      // The customer's symptoms (spec predictive.md §3), read back as every view shows them (one query, and
      // none for a booking without symptoms).
      let symptoms: RecordedSymptom[] = [];
      if (input.symptoms.length > 0) {
        await recordAppointmentSymptoms(trx, inserted.id, input.symptoms, 'customer', auth?.userId ?? null);
        symptoms = (await appointmentSymptomsOf(trx, [inserted.id])).get(inserted.id) ?? [];
      }
      const appointment = bookedAppointment(ctx, {
        id: inserted.id,
        code,
        status: booked.status,
        centre,
        vehicle: { ...vehicle, id: vehicleId },
        services,
        credit,
        start,
        durationMinutes,
        estimatedPrice,
        note: input.note,
        contact,
        symptoms,
        now,
      });
      if (guest) {
        const otp = await issueGuestCode(trx, ctx.secret, inserted.id, now, holdExpiresAt!);
        await enqueueServiceEmail(trx, ctx.clock, contact.email, guestCodeEmail(appointment, otp));
      } else {
        const checkIn = checkInForEmail(ctx, appointment);
        // the confirmation carries its check-in QR on Zalo too (the template shows the image of check_in_qr)
        await tellBooking(trx, ctx, auth?.userId ?? null, appointment, { fact: 'booked', templateData: checkInTemplateData(checkIn) }, appointmentConfirmationEmail(appointment, ctx.cutoffMinutes, checkIn));
      }
      return appointment;
    });

  const booked = async (): Promise<Appointment> => {
    try {
      return await attempt();
    } catch (error) {
      // Two bookings drew the same code (32^5 a day): once more with a new one.
      if (isUniqueViolation(error) && !(planned as CustomerBookingPlan | null)?.vehicle.create) return await attempt();
      throw error;
    }
  };
  try {
    const appointment = await booked();
    if (guest) await ctx.throttle.recordGuestBooking(clientIp, input.contact!.email);
    await publishBooked(ctx, appointment, now);
    await tellBookingCustomer(ctx, auth?.userId ?? null);
    return appointment;
  } catch (error) {
    const plan = planned as CustomerBookingPlan | null;
    if (error instanceof SlotFullError && plan) throw new SlotFullAppError(await nextFreeSlots(db, plan.centre, plan.start, plan.durationMinutes, now));
    throw error;
  }
}

