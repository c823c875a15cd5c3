import type { Kysely } from 'kysely';
import {
  APPOINTMENT_STATUS_LABELS,
  appointmentTransitionActor,
  foldVietnamese,
  SERVICE_ORDER_STATUS_LABELS,
  vietnamDateOf,
  type AppointmentStatus,
  type ServiceOrderStatus,
  type StaffAppointment,
  type StaffDay,
  type VehicleType,
} from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import { vietnamDayBounds } from '../../db/vietnamDay';
import type { Database } from '../../db/schema';
import { centreForRequest, type CentreScope } from '../../security/centreScope';
import { noShowAllowedAt } from '../bookings';
import { appointmentSymptomsOf } from '../diagnostics';

/**
 * The front desk's day view (S2): a centre's appointments of one Vietnamese date with their service order,
 * the vehicle's last odometer reading, whether a no-show may be recorded and the recorded symptoms. One indexed
 * query whatever the day holds: the appointments (appointments_centre_start_idx) joined by key to their order,
 * vehicle and services (a row per service); and one for the day's symptoms (by appointment id). The search
 * (plate, phone, code, name) is folded in memory over the day's rows, which the centre's capacity bounds
 * (bays × steps of a day).
 */


/**
 * Folded and without separators, so that '29md1 23456', '29MĐ1-234.56' and '29MD123456' are the same text,
 * and '0912 345 678' finds '0912345678'.
 */
export function compactFold(text: string): string {
  return foldVietnamese(text).replace(/ /g, '');
}

/** The texts a query must be found in, compact-folded; a phone typed +84… also as 0…. */
function queryForms(q: string): string[] {
  const compact = compactFold(q);
  if (!compact) return [];
  return /^84\d{8,10}$/.test(compact) ? [compact, `0${compact.slice(2)}`] : [compact];
}

export function matchesQuery(appointment: StaffAppointment, forms: readonly string[]): boolean {
  if (forms.length === 0) return true;
  const haystack = [appointment.licensePlate, appointment.customer.phone, appointment.code, appointment.customer.fullName].map(compactFold);
  return forms.some((form) => haystack.some((text) => text.includes(form)));
}

export interface StaffDayFilter {
  status?: AppointmentStatus;
  q?: string;
  /** One appointment of the day only (a walk-in just made). */
  appointmentId?: number;
}

/** The day's rows of a centre: one per booked service, by time (exported for the query-plan test). */
export function staffDayQuery(db: Kysely<Database>, centreId: number, date: string, filter: StaffDayFilter = {}) {
  const { from, to } = vietnamDayBounds(date);
  let query = db
    .selectFrom('appointments')
    .leftJoin('service_orders', 'service_orders.appointment_id', 'appointments.id')
    .leftJoin('vehicles', 'vehicles.id', 'appointments.vehicle_id')
    .leftJoin('appointment_services', 'appointment_services.appointment_id', 'appointments.id')
    .select([
      'appointments.id',
      'appointments.code',
      'appointments.starts_at',
      'appointments.ends_at',
      'appointments.status',
      'appointments.license_plate',
      'appointments.vehicle_id',
      'appointments.vehicle_type',
      'appointments.vehicle_brand',
      'appointments.vehicle_model',
      'appointments.user_id',
      'appointments.contact_name',
      'appointments.contact_phone',
      'appointments.contact_email',
      'appointments.note',
      'service_orders.id as order_id',
      'service_orders.code as order_code',
      'service_orders.status as order_status',
      'vehicles.odometer_km',
      'appointment_services.service_name',
    ])
    .where('appointments.centre_id', '=', centreId)
    .where('appointments.starts_at', '>=', from)
    .where('appointments.starts_at', '<', to);
  if (filter.appointmentId !== undefined) query = query.where('appointments.id', '=', filter.appointmentId);
  query = filter.status ? query.where('appointments.status', '=', filter.status) : query.where('appointments.status', '!=', 'AWAITING_VERIFICATION');
  return query.orderBy('appointments.starts_at').orderBy('appointments.id').orderBy('appointment_services.service_id');
}

/**
 * The appointments of a centre on `date`, by time. Guest holds still waiting for their email code
 * (AWAITING_VERIFICATION) are not the desk's until verified: shown only when asked for by status.
 */
export async function loadStaffAppointments(db: Kysely<Database>, centreId: number, date: string, now: Date, filter: StaffDayFilter = {}): Promise<StaffAppointment[]> {
  // One row per booked service (an appointment has at least one), in time order.
  const rows = await staffDayQuery(db, centreId, date, filter).execute();
  const namesOf = new Map<number, string[]>();
  const firstRows: typeof rows = [];
  for (const row of rows) {
    const names = namesOf.get(row.id);
    if (!names) {
      namesOf.set(row.id, row.service_name === null ? [] : [row.service_name]);
      firstRows.push(row);
    } else if (row.service_name !== null) names.push(row.service_name);
  }

  // The recorded symptoms (check-in shows them pre-ticked): one more indexed query for the whole day.
  const symptoms = await appointmentSymptomsOf(db, firstRows.map((row) => row.id));
  const forms = queryForms(filter.q ?? '');
  return firstRows
    .map((row): StaffAppointment => {
      const status = row.status as AppointmentStatus;
      const orderStatus = row.order_status as ServiceOrderStatus | null;
      return {
        id: row.id,
        code: row.code,
        start: toIsoUtc(row.starts_at),
        end: toIsoUtc(row.ends_at),
        status,
        statusLabel: APPOINTMENT_STATUS_LABELS[status],
        licensePlate: row.license_plate,
        vehicle: { id: row.vehicle_id, type: row.vehicle_type as VehicleType, brand: row.vehicle_brand, model: row.vehicle_model },
        customer: { userId: row.user_id, fullName: row.contact_name, phone: row.contact_phone, email: row.contact_email },
        services: namesOf.get(row.id) ?? [],
        note: row.note,
        serviceOrder:
          row.order_id !== null && row.order_code !== null && orderStatus !== null
            ? { id: row.order_id, code: row.order_code, status: orderStatus, statusLabel: SERVICE_ORDER_STATUS_LABELS[orderStatus] }
            : null,
        lastOdometerKm: row.odometer_km,
        noShowAllowed: appointmentTransitionActor(status, 'NO_SHOW') === 'staff' && noShowAllowedAt(new Date(row.starts_at), now),
        symptoms: symptoms.get(row.id) ?? [],
      };
    })
    .filter((appointment) => matchesQuery(appointment, forms));
}

/** GET /staff/appointments?date=&status=&q=&centreId=: the centre's day (default today in Vietnam). */
export async function readStaffDay(
  db: Kysely<Database>,
  scope: CentreScope,
  query: { date?: string; status?: AppointmentStatus; q?: string; centreId?: number },
  now: Date,
): Promise<StaffDay> {
  const centreId = await centreForRequest(db, scope, query.centreId);
  const date = query.date ?? vietnamDateOf(now);
  const [centre, appointments] = await Promise.all([
    db.selectFrom('service_centres').select(['id', 'name', 'service_bays']).where('id', '=', centreId).executeTakeFirstOrThrow(),
    loadStaffAppointments(db, centreId, date, now, { status: query.status, q: query.q }),
  ]);
  return { centre: { id: centre.id, name: centre.name, serviceBays: centre.service_bays }, date, appointments };
}
