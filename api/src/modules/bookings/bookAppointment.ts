import type { Transaction } from 'kysely';
import type { AppointmentStatus, VehicleType } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { assertFloorWriter, assertInScope, type CentreScope } from '../../security/centreScope';
import { createVehicle } from '../vehicles';
import { addHistory, insertAppointment, insertAppointmentService } from './appointmentRecords';
import type { BookableCentre } from './availability';
import { bookingMessages } from './bookingContext';
import { newAppointmentCode, type PricedService } from './bookingRules';
import { consumePackageCredit } from '../orders';
import { occupiedSteps } from './schedule';
import { takeSteps } from './slotCapacity';
import { assertVehicleFree } from './vehicleSlot';

/**
 * Who books, and so the appointment's first status: a signed-in customer (PENDING, the centre confirms), a guest
 * (AWAITING_VERIFICATION until the email code, the slot held meanwhile) or the counter of a centre for a customer
 * at the desk (CONFIRMED, written by the staff member, within their centre).
 */
export type BookingChannel =
  | { kind: 'customer'; userId: number }
  | { kind: 'guest'; holdExpiresAt: Date }
  | { kind: 'counter'; scope: CentreScope; customerId: number | null; historyNote: string };

/** What is booked: everything was read and priced before; this is what the transaction writes. */
export interface BookingPlan {
  centre: BookableCentre;
  start: Date;
  durationMinutes: number;
  services: readonly PricedService[];
  estimatedPrice: number;
  /** The vehicle: a row of the customer's (id), or one to add to their vehicles (`create`), or a guest's (id null). */
  vehicle: { id: number | null; type: VehicleType; brand: string; model: string; licensePlate: string; create: boolean };
  contact: { fullName: string; phone: string; email: string };
  note: string | null;
  /** A package credit of the customer's that pays a service (consumed here). */
  creditId: number | null;
  /** The request field the vehicle came from (named in a 409 for a vehicle booked at that time). */
  vehicleField: 'vehicle' | 'vehicleId';
}

export interface BookedAppointment {
  id: number;
  code: string;
  status: AppointmentStatus;
  vehicleId: number | null;
}

const STATUS_OF: Record<BookingChannel['kind'], AppointmentStatus> = { customer: 'PENDING', guest: 'AWAITING_VERIFICATION', counter: 'CONFIRMED' };

/**
 * The one way an appointment is booked, whatever the channel (the customer's booking, a guest's, the counter's
 * walk-in), inside the caller's transaction: the counter's staff within their centre (404 for another; admin
 * read-only), the vehicle free at that time, every 30-minute step of the slot taken under the bays' capacity
 * (SlotFullError when one is full), the package credit consumed, the vehicle added to the customer's, then the
 * appointment, its services and its first history row. The caller reads, emails and announces after.
 */
export async function bookAppointment(trx: Transaction<Database>, plan: BookingPlan, channel: BookingChannel, now: Date): Promise<BookedAppointment> {
  if (channel.kind === 'counter') {
    assertFloorWriter(channel.scope);
    assertInScope(channel.scope, plan.centre.id);
  }
  const { centre, start, durationMinutes, vehicle } = plan;
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  const userId = channel.kind === 'customer' ? channel.userId : channel.kind === 'counter' ? channel.customerId : null;
  const at = now.toISOString();
  await assertVehicleFree(trx, vehicle.licensePlate, { start, end }, { field: plan.vehicleField });
  await takeSteps(trx, centre.id, occupiedSteps(start, durationMinutes), centre.bays);
  if (plan.creditId !== null && (userId === null || !(await consumePackageCredit(trx, userId, plan.creditId, now)))) {
    throw new AppError(409, ERROR_CODES.PACKAGE_CREDIT_USED_UP, bookingMessages.packageUsedUp, [{ field: 'packageCreditId', message: bookingMessages.packageUsedUp }]);
  }
  let vehicleId = vehicle.id;
  if (vehicle.create && userId !== null) {
    vehicleId = (await createVehicle(trx, userId, { type: vehicle.type, brand: vehicle.brand, model: vehicle.model, licensePlate: vehicle.licensePlate }, now)).id;
  }
  const status = STATUS_OF[channel.kind];
  const code = newAppointmentCode(start);
  const inserted = (await insertAppointment.first(trx, {
    code,
    user_id: userId,
    vehicle_id: vehicleId,
    vehicle_type: vehicle.type,
    vehicle_brand: vehicle.brand,
    vehicle_model: vehicle.model,
    license_plate: vehicle.licensePlate,
    centre_id: centre.id,
    starts_at: start.toISOString(),
    ends_at: end.toISOString(),
    status,
    estimated_price: plan.estimatedPrice,
    estimated_duration_minutes: durationMinutes,
    note: plan.note,
    contact_name: plan.contact.fullName,
    contact_phone: plan.contact.phone,
    contact_email: plan.contact.email,
    package_credit_id: plan.creditId,
    hold_expires_at: channel.kind === 'guest' ? channel.holdExpiresAt.toISOString() : null,
    cancel_reason: null,
    created_at: at,
    updated_at: at,
  }))!;
  for (const service of plan.services) {
    await insertAppointmentService.execute(trx, {
      appointmentId: inserted.id,
      serviceId: service.id,
      name: service.name,
      price: service.price,
      durationMinutes: service.durationMinutes,
    });
  }
  const historyActor = channel.kind === 'counter' ? channel.scope.userId : userId;
  await addHistory(trx, inserted.id, null, status, historyActor, channel.kind === 'counter' ? channel.historyNote : null, at);
  return { id: inserted.id, code, status, vehicleId };
}
