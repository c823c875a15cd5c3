import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Instant, InstantDefaultNow, NullableInstant } from './instants';

/** A UTC instant (timestamptz on PostgreSQL → Date; ISO text on SQLite → string). See schema.ts Timestamp. */
type Counter = ColumnType<number, number | undefined, number>;

/** The centre a staff member, technician or manager works at (one active row per user: ended_at null). */
export interface StaffAssignmentsTable {
  id: Generated<number>;
  user_id: number;
  centre_id: number;
  assigned_at: InstantDefaultNow;
  ended_at: NullableInstant;
}

/** A service order (phiếu dịch vụ): opened at check-in, one per appointment. */
export interface ServiceOrdersTable {
  id: Generated<number>;
  /** 'PDV' + VN date yymmdd + 4 letters/digits. */
  code: string;
  appointment_id: number;
  centre_id: number;
  /** The customer (null for a guest's appointment). */
  user_id: number | null;
  vehicle_id: number | null;
  vehicle_type: string;
  vehicle_brand: string;
  vehicle_model: string;
  license_plate: string;
  /** OPEN | IN_PROGRESS | WORK_DONE | INVOICED | CLOSED | CANCELLED (shared-contracts/backoffice). */
  status: string;
  technician_id: number | null;
  bay_no: number | null;
  odometer_in_km: number;
  customer_concern: string | null;
  intake_note: string | null;
  opened_by: number | null;
  opened_at: InstantDefaultNow;
  started_at: NullableInstant;
  work_done_at: NullableInstant;
  invoiced_at: NullableInstant;
  closed_at: NullableInstant;
  cancelled_at: NullableInstant;
  cancel_reason: string | null;
  /** Bumped on every change: edits carry the version they saw (optimistic concurrency). */
  version: Counter;
  updated_at: InstantDefaultNow;
}

export interface ServiceOrderStatusHistoryTable {
  id: Generated<number>;
  service_order_id: number;
  from_status: string | null;
  to_status: string;
  changed_by: number | null;
  note: string | null;
  created_at: InstantDefaultNow;
}

/** Which order stands in which bay; to_at null while it is there (one such row per bay). */
export interface BayOccupancyTable {
  id: Generated<number>;
  centre_id: number;
  bay_no: number;
  service_order_id: number;
  from_at: InstantDefaultNow;
  to_at: NullableInstant;
}

export interface ServiceOrderChecklistItemsTable {
  id: Generated<number>;
  service_order_id: number;
  code: string;
  label: string;
  sort_order: number;
  /** null (not answered) | 'PASS' | 'FAIL' | 'NA'. */
  result: string | null;
  note: string | null;
  checked_by: number | null;
  checked_at: NullableInstant;
}

export interface ChecklistPhotosTable {
  id: Generated<number>;
  item_id: number;
  /** '<random>.webp' under UPLOAD_DIR/checklist. */
  file: string;
  width: number;
  height: number;
  uploaded_by: number | null;
  created_at: InstantDefaultNow;
}

/** A technician's clocked time on an order; ended_at null while the clock runs (one per technician). */
export interface WorkTimeEntriesTable {
  id: Generated<number>;
  service_order_id: number;
  technician_id: number;
  started_at: Instant;
  ended_at: NullableInstant;
  /** 'clock' | 'manual'. */
  source: ColumnType<string, string | undefined, string>;
  edited_by: number | null;
  edit_reason: string | null;
}

/** A billable line of a service order: a booked service, or (later) a part issued from a parts request. */
export interface ServiceOrderLinesTable {
  id: Generated<number>;
  service_order_id: number;
  /** 'service' | 'part'. */
  kind: string;
  /** services.id or products.id. */
  ref_id: number | null;
  name: string;
  quantity: number;
  unit_price: number;
  line_total: number;
  /** 'booked' | 'parts_request'. */
  source: string;
  parts_request_id: number | null;
  /** 'CUSTOMER' | 'WARRANTY' | 'GOODWILL' (migration 0074): a covered line is left out of what the customer pays. */
  payer: ColumnType<string, string | undefined, string>;
}

/** The invoice of a service order, frozen from its lines when the work is invoiced ('HD' + date + letters). */
export interface ServiceInvoicesTable {
  id: Generated<number>;
  code: string;
  service_order_id: number;
  centre_id: number;
  subtotal_services: number;
  subtotal_parts: number;
  package_discount: number;
  /** The worth of the lines the manufacturer's warranty and the centre's goodwill pay (migration 0074; not in the subtotals). */
  warranty_covered: ColumnType<number, number | undefined, number>;
  goodwill_covered: ColumnType<number, number | undefined, number>;
  /** What is left to pay: the services and parts less the package discount and the points' worth. */
  total: number;
  /** Points the member spent on it at the counter (migration 0061), and their worth (₫, already off `total`). */
  points_used: ColumnType<number, number | undefined, number>;
  points_value: ColumnType<number, number | undefined, number>;
  /** 'CASH' | 'VIETQR' once paid (or chosen). */
  payment_method: string | null;
  /** 'UNPAID' | 'PAID'. */
  payment_status: ColumnType<string, string | undefined, string>;
  issued_by: number | null;
  issued_at: InstantDefaultNow;
  paid_at: NullableInstant;
  confirmed_by: number | null;
}

/** Tables of the back office (migration 0006_back_office). */
export interface BackOfficeTables {
  staff_assignments: StaffAssignmentsTable;
  service_orders: ServiceOrdersTable;
  service_order_status_history: ServiceOrderStatusHistoryTable;
  bay_occupancy: BayOccupancyTable;
  service_order_checklist_items: ServiceOrderChecklistItemsTable;
  checklist_photos: ChecklistPhotosTable;
  work_time_entries: WorkTimeEntriesTable;
  service_order_lines: ServiceOrderLinesTable;
  service_invoices: ServiceInvoicesTable;
}

export type ServiceOrderRow = Selectable<ServiceOrdersTable>;
export type NewServiceOrderRow = Insertable<ServiceOrdersTable>;
export type ServiceOrderChecklistItemRow = Selectable<ServiceOrderChecklistItemsTable>;
export type ServiceInvoiceRow = Selectable<ServiceInvoicesTable>;
export type WorkTimeEntryRow = Selectable<WorkTimeEntriesTable>;
