import type { Kysely, SelectQueryBuilder } from 'kysely';
import {
  ACTIVE_APPOINTMENT_STATUSES,
  APPOINTMENT_LIST_MAX,
  APPOINTMENT_STATUS_LABELS,
  CHANGEABLE_APPOINTMENT_STATUSES,
  type Appointment,
  type AppointmentScope,
  type AppointmentStatus,
  type VehicleType,
} from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { appointmentSymptomsOf } from '../diagnostics';

/** What the read model needs to know besides the rows: the time and the change cut-off. */
export interface AppointmentView {
  now: Date;
  cutoffMinutes: number;
}

/** The customer may still cancel or reschedule: a changeable status and before the cut-off. */
export function customerMayChange(status: AppointmentStatus, startsAt: Date, view: AppointmentView): boolean {
  return CHANGEABLE_APPOINTMENT_STATUSES.includes(status) && view.now.getTime() <= startsAt.getTime() - view.cutoffMinutes * 60_000;
}

type AppointmentFilter = (
  query: SelectQueryBuilder<Database, 'appointments' | 'service_centres', object>,
) => SelectQueryBuilder<Database, 'appointments' | 'service_centres', object>;

/**
 * Appointments (with centre, services, package credit and recorded symptoms) in the order of `filter`'s query:
 * one query per part, whatever the number of appointments.
 */
export async function loadAppointments(db: Kysely<Database>, view: AppointmentView, filter: AppointmentFilter): Promise<Appointment[]> {
  const base = db.selectFrom('appointments').innerJoin('service_centres', 'service_centres.id', 'appointments.centre_id');
  const rows = await filter(base)
    .select([
      'appointments.id',
      'appointments.code',
      'appointments.status',
      'appointments.vehicle_id',
      'appointments.vehicle_type',
      'appointments.vehicle_brand',
      'appointments.vehicle_model',
      'appointments.license_plate',
      'appointments.starts_at',
      'appointments.ends_at',
      'appointments.estimated_price',
      'appointments.estimated_duration_minutes',
      'appointments.note',
      'appointments.contact_name',
      'appointments.contact_phone',
      'appointments.contact_email',
      'appointments.package_credit_id',
      'appointments.created_at',
      'service_centres.id as centre_id',
      'service_centres.name as centre_name',
      'service_centres.address as centre_address',
      'service_centres.phone as centre_phone',
    ])
    .execute();
  if (rows.length === 0) return [];

  const ids = rows.map((row) => row.id);
  const services = await db
    .selectFrom('appointment_services')
    .innerJoin('services', 'services.id', 'appointment_services.service_id')
    .select([
      'appointment_services.appointment_id',
      'appointment_services.service_id',
      'appointment_services.service_name',
      'appointment_services.price',
      'appointment_services.duration_minutes',
      'services.slug',
    ])
    .where('appointment_services.appointment_id', 'in', ids)
    .orderBy('appointment_services.appointment_id')
    .orderBy('appointment_services.service_id')
    .execute();
  const servicesByAppointment = new Map<number, Appointment['services']>();
  for (const service of services) {
    const list = servicesByAppointment.get(service.appointment_id) ?? [];
    list.push({ id: service.service_id, slug: service.slug, name: service.service_name, price: service.price, durationMinutes: service.duration_minutes });
    servicesByAppointment.set(service.appointment_id, list);
  }

  const creditIds = [...new Set(rows.map((row) => row.package_credit_id).filter((id): id is number => id !== null))];
  const packageNames = new Map<number, string>();
  if (creditIds.length > 0) {
    const credits = await db
      .selectFrom('package_credits')
      .innerJoin('service_packages', 'service_packages.id', 'package_credits.package_id')
      .select(['package_credits.id', 'service_packages.name'])
      .where('package_credits.id', 'in', creditIds)
      .execute();
    for (const credit of credits) packageNames.set(credit.id, credit.name);
  }

  const symptoms = await appointmentSymptomsOf(db, ids);

  return rows.map((row) => {
    const status = row.status as AppointmentStatus;
    const start = new Date(row.starts_at);
    const mayChange = customerMayChange(status, start, view);
    return {
      id: row.id,
      code: row.code,
      status,
      statusLabel: APPOINTMENT_STATUS_LABELS[status],
      centre: { id: row.centre_id, name: row.centre_name, address: row.centre_address, phone: row.centre_phone },
      vehicle: {
        id: row.vehicle_id,
        licensePlate: row.license_plate,
        brand: row.vehicle_brand,
        model: row.vehicle_model,
        type: row.vehicle_type as VehicleType,
      },
      services: servicesByAppointment.get(row.id) ?? [],
      packageCredit: row.package_credit_id === null ? null : { id: row.package_credit_id, packageName: packageNames.get(row.package_credit_id) ?? 'Gói dịch vụ' },
      start: toIsoUtc(row.starts_at),
      end: toIsoUtc(row.ends_at),
      estimatedPrice: row.estimated_price,
      estimatedDurationMinutes: row.estimated_duration_minutes,
      note: row.note,
      contact: { fullName: row.contact_name, phone: row.contact_phone, email: row.contact_email },
      canCancel: mayChange,
      canReschedule: mayChange,
      createdAt: toIsoUtc(row.created_at),
      symptoms: symptoms.get(row.id) ?? [],
    };
  });
}

export async function findAppointment(db: Kysely<Database>, view: AppointmentView, id: number): Promise<Appointment | null> {
  const [appointment] = await loadAppointments(db, view, (query) => query.where('appointments.id', '=', id));
  return appointment ?? null;
}

/** A customer's own appointment, or null (also when it is someone else's: the route answers 404). */
export async function findOwnAppointment(db: Kysely<Database>, view: AppointmentView, userId: number, id: number): Promise<Appointment | null> {
  const [appointment] = await loadAppointments(db, view, (query) => query.where('appointments.id', '=', id).where('appointments.user_id', '=', userId));
  return appointment ?? null;
}

/** The vehicle is at the centre: upcoming until it is completed, whatever the clock says. */
const AT_CENTRE: readonly AppointmentStatus[] = ['CHECKED_IN', 'IN_PROGRESS'];

/**
 * A customer's appointments, at most `limit` (APPOINTMENT_LIST_MAX). upcoming: active statuses, not yet ended (or the
 * vehicle at the centre), soonest first; past: the others (final statuses, or ended), latest first; all: latest first.
 */
export function listOwnAppointments(
  db: Kysely<Database>,
  view: AppointmentView,
  userId: number,
  scope: AppointmentScope,
  limit: number = APPOINTMENT_LIST_MAX,
): Promise<Appointment[]> {
  const now = view.now.toISOString();
  return loadAppointments(db, view, (query) => {
    const own = query.where('appointments.user_id', '=', userId).limit(Math.min(limit, APPOINTMENT_LIST_MAX));
    if (scope === 'upcoming') {
      return own
        .where('appointments.status', 'in', [...ACTIVE_APPOINTMENT_STATUSES])
        .where((eb) => eb.or([eb('appointments.ends_at', '>', now), eb('appointments.status', 'in', [...AT_CENTRE])]))
        .orderBy('appointments.starts_at', 'asc')
        .orderBy('appointments.id', 'asc');
    }
    if (scope === 'past') {
      return own
        .where((eb) =>
          eb.or([
            eb('appointments.status', 'not in', [...ACTIVE_APPOINTMENT_STATUSES]),
            eb.and([eb('appointments.ends_at', '<=', now), eb('appointments.status', 'not in', [...AT_CENTRE])]),
          ]),
        )
        .orderBy('appointments.starts_at', 'desc')
        .orderBy('appointments.id', 'desc');
    }
    return own.orderBy('appointments.starts_at', 'desc').orderBy('appointments.id', 'desc');
  });
}
