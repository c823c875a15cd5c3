import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Instant, InstantDefaultNow, NullableInstant } from './instants';

/** A UTC instant (timestamptz on PostgreSQL → Date; ISO text on SQLite → string). See schema.ts Timestamp. */
type Counter = ColumnType<number, number | undefined, number>;

/** A customer's vehicle. Removing one sets deleted_at (appointments and history keep pointing at it). */
export interface VehiclesTable {
  id: Generated<number>;
  user_id: number;
  /** 'scooter' | 'motorbike' | 'car'. */
  type: string;
  brand: string;
  model: string;
  year: number;
  /** Normalised display form ('30A-123.45', '29MĐ1-234.56'); one live vehicle per plate across accounts (migration 0023). */
  license_plate: string;
  vin: string | null;
  color: string | null;
  /** The current odometer (km); the history is in vehicle_odometer_readings. */
  odometer_km: number;
  /** Battery capacity in Wh (integer; the API speaks kWh). */
  battery_capacity_wh: number | null;
  nickname: string | null;
  /** The reference model (vehicle_models, migration 0070); null until the customer chooses one ("Chọn dòng xe"). */
  model_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: InstantDefaultNow;
  updated_at: InstantDefaultNow;
  deleted_at: NullableInstant;
}

/** Every odometer value a vehicle had: the km/day estimate of the reminders reads it. */
export interface VehicleOdometerReadingsTable {
  id: Generated<number>;
  vehicle_id: number;
  odometer_km: number;
  /** 'customer' (added or edited the vehicle), 'correction' (a lower value, with note), 'service' (at a centre), 'seed'. */
  source: string;
  note: string | null;
  recorded_at: Instant;
}

/** An appointment in a centre's schedule: a customer's (user_id) or a guest's (contact only). */
export interface AppointmentsTable {
  id: Generated<number>;
  /** 'LH' + VN date yymmdd + 4 letters/digits, e.g. 'LH260504K7QZ'. */
  code: string;
  user_id: number | null;
  vehicle_id: number | null;
  /** The vehicle as booked (kept when the vehicle is edited or removed; the only record of a guest's vehicle). */
  vehicle_type: string;
  vehicle_brand: string;
  vehicle_model: string;
  license_plate: string;
  centre_id: number;
  starts_at: Instant;
  ends_at: Instant;
  /** AWAITING_VERIFICATION | PENDING | CONFIRMED | CHECKED_IN | IN_PROGRESS | COMPLETED | CANCELLED | NO_SHOW. */
  status: string;
  estimated_price: number;
  estimated_duration_minutes: number;
  note: string | null;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  /** package_credits.id consumed by this appointment (given back on cancel). */
  package_credit_id: number | null;
  /** A guest's hold: the slot is released if the email code is not entered by then. */
  hold_expires_at: NullableInstant;
  cancel_reason: string | null;
  created_at: InstantDefaultNow;
  updated_at: InstantDefaultNow;
}

/** The services of an appointment, with name, price and duration as they were when booked. */
export interface AppointmentServicesTable {
  appointment_id: number;
  service_id: number;
  service_name: string;
  /** Integer VND (0 when paid by a package credit). */
  price: number;
  duration_minutes: number;
}

export interface AppointmentStatusHistoryTable {
  id: Generated<number>;
  appointment_id: number;
  from_status: string | null;
  to_status: string;
  /** Who made the change (null: the guest's code or the system). */
  changed_by: number | null;
  note: string | null;
  created_at: InstantDefaultNow;
}

/**
 * Capacity of a centre per 30-minute step (Asia/Ho_Chi_Minh slots, stored UTC): `booked` appointments occupy
 * the step. Booking takes every step of the appointment with `update ... set booked = booked + 1 where booked <
 * bays` in one transaction; cancelling gives them back.
 */
export interface SlotOccupancyTable {
  centre_id: number;
  slot_start: Instant;
  booked: Counter;
}

/** A vehicle's maintenance record (written when a service order closes; seeded for the demo customer). */
export interface MaintenanceRecordsTable {
  id: Generated<number>;
  vehicle_id: number;
  appointment_id: number | null;
  centre_id: number;
  serviced_at: Instant;
  odometer_km: number;
  /** JSON string[]: names of the services done. */
  service_names: string;
  /** JSON string[]: slugs of the services done (the reminders read the maintenance tier). */
  service_slugs: string;
  /** Integer VND: labour and parts. */
  cost: number;
  technician_id: number | null;
  technician_name: string | null;
  notes: string | null;
  created_at: InstantDefaultNow;
}

export interface MaintenanceRecordPartsTable {
  id: Generated<number>;
  record_id: number;
  product_id: number | null;
  name: string;
  quantity: number;
  unit_price: number;
}

export interface MaintenanceChecklistItemsTable {
  id: Generated<number>;
  record_id: number;
  label: string;
  /** 'PASS' | 'FAIL' | 'NA'. */
  result: string;
  note: string | null;
  sort_order: Counter;
  /** JSON string[]: file names of the FAIL photos (checklist_photos), null when none (migration 0006). */
  photo_files: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The email code of a guest's appointment (HMAC only, as otp_codes). */
export interface GuestBookingCodesTable {
  id: Generated<number>;
  appointment_id: number;
  code_hash: string;
  failed_attempts: Counter;
  created_at: InstantDefaultNow;
  expires_at: Instant;
  consumed_at: NullableInstant;
}

/** One row per reminder emailed: (vehicle, due point) is unique, so a due reminder emails once. */
export interface MaintenanceRemindersSentTable {
  id: Generated<number>;
  vehicle_id: number;
  /** '<service slug>@<baseline>' identifying the due maintenance. */
  due_key: string;
  sent_at: InstantDefaultNow;
}

/** Tables of the service side (migration 0005_service_booking): vehicles, appointments, maintenance records. */
export interface ServiceBookingTables {
  vehicles: VehiclesTable;
  vehicle_odometer_readings: VehicleOdometerReadingsTable;
  appointments: AppointmentsTable;
  appointment_services: AppointmentServicesTable;
  appointment_status_history: AppointmentStatusHistoryTable;
  slot_occupancy: SlotOccupancyTable;
  maintenance_records: MaintenanceRecordsTable;
  maintenance_record_parts: MaintenanceRecordPartsTable;
  maintenance_checklist_items: MaintenanceChecklistItemsTable;
  guest_booking_codes: GuestBookingCodesTable;
  maintenance_reminders_sent: MaintenanceRemindersSentTable;
}

export type VehicleRow = Selectable<VehiclesTable>;
export type NewVehicleRow = Insertable<VehiclesTable>;
export type AppointmentRow = Selectable<AppointmentsTable>;
export type NewAppointmentRow = Insertable<AppointmentsTable>;
export type MaintenanceRecordRow = Selectable<MaintenanceRecordsTable>;
