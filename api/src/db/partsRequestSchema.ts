import type { ColumnType, Generated, Selectable } from 'kysely';
import type { InstantDefaultNow, NullableInstant } from './instants';

/** A UTC instant (timestamptz on PostgreSQL → Date; ISO text on SQLite → string). See schema.ts Timestamp. */
type Counter = ColumnType<number, number | undefined, number>;

/** A technician's request for a part on their order (statuses: shared-contracts/backoffice/partsRequestMachine). */
export interface PartsRequestsTable {
  id: Generated<number>;
  service_order_id: number;
  /** The order's centre (copied: an order never changes centre). */
  centre_id: number;
  product_id: number;
  /** 1..99. */
  quantity: number;
  /** products.price when requested (integer VND). */
  unit_price: number;
  reason: string;
  checklist_item_id: number | null;
  requested_by: number | null;
  status: string;
  /** 1: approved as part of a booked service; 0: sent to the customer; null: not decided. */
  in_scope: number | null;
  decided_by: number | null;
  decided_at: NullableInstant;
  /** Staff's reason for a rejection, or the customer's for a decline. */
  decline_reason: string | null;
  customer_decision_at: NullableInstant;
  /** 'web' | 'staff_phone'. */
  customer_decision_via: string | null;
  /** 'approve' | 'decline'. */
  customer_decision: string | null;
  /** What staff noted of a phone decision (required then). */
  customer_decision_note: string | null;
  /** The customer (web) or the staff member who recorded the phone decision. */
  customer_decision_by: number | null;
  /** The customer's deadline (AWAITING_CUSTOMER). */
  expires_at: NullableInstant;
  issued_qty: Counter;
  returned_qty: Counter;
  /** Bumped on every change (optimistic concurrency of the desk's screens). */
  version: Counter;
  created_at: InstantDefaultNow;
  updated_at: InstantDefaultNow;
}

/** Every step of a request: the action, the statuses, who, the note (a phone decision's), a returned quantity. */
export interface PartsRequestHistoryTable {
  id: Generated<number>;
  parts_request_id: number;
  action: string;
  from_status: string | null;
  to_status: string;
  quantity: number | null;
  changed_by: number | null;
  note: string | null;
  created_at: InstantDefaultNow;
}

/** Parts request tables (migration 0008_parts_requests). */
export interface PartsRequestTables {
  parts_requests: PartsRequestsTable;
  parts_request_history: PartsRequestHistoryTable;
}

export type PartsRequestRow = Selectable<PartsRequestsTable>;
