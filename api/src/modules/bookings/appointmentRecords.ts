import type { Insertable, Transaction } from 'kysely';
import type { AppointmentStatus } from 'shared-contracts/schemas';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import type { AppointmentsTable } from '../../db/serviceBookingSchema';

/** The rows an appointment is written as: the appointment, its services, its status history. */

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

export type NewAppointmentRow = Required<Omit<Insertable<AppointmentsTable>, 'id'>>;

const APPOINTMENT_COLUMNS = [
  'code', 'user_id', 'vehicle_id', 'vehicle_type', 'vehicle_brand', 'vehicle_model', 'license_plate', 'centre_id', 'starts_at', 'ends_at',
  'status', 'estimated_price', 'estimated_duration_minutes', 'note', 'contact_name', 'contact_phone', 'contact_email', 'package_credit_id',
  'hold_expires_at', 'cancel_reason', 'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof NewAppointmentRow>;

/** The appointment row (every column named, so one compiled statement serves every booking). */
export const insertAppointment = preparedQuery<NewAppointmentRow>()((db, param) =>
  db
    .insertInto('appointments')
    .values(Object.fromEntries(APPOINTMENT_COLUMNS.map((column) => [column, param(column)])) as NewAppointmentRow)
    .returning('id'),
);

export const insertAppointmentService = preparedQuery<{ appointmentId: number; serviceId: number; name: string; price: number; durationMinutes: number }>()(
  (db, param) =>
    db.insertInto('appointment_services').values({
      appointment_id: param('appointmentId'),
      service_id: param('serviceId'),
      service_name: param('name'),
      price: param('price'),
      duration_minutes: param('durationMinutes'),
    }),
);

export async function addHistory(
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

