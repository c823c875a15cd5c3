import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from './instants';

/**
 * The web order's timeline (migration 0025): one row per step (placed, a payment, each desk action, a
 * customer's cancellation) and per internal note (action 'note', the status unchanged). Append-only.
 */
export interface WebOrderEventsTable {
  id: Generated<number>;
  order_id: number;
  /** 'placed' | 'payment' | 'status' | 'note' | a WebOrderAction. */
  action: string;
  /** The order's status and payment status after the step. */
  status: string;
  payment_status: string;
  /** 'customer' | 'staff' | 'system'. */
  actor_kind: string;
  actor_user_id: number | null;
  /** The reason of a cancellation, a note, a step's remark. */
  note: string | null;
  carrier: string | null;
  tracking_code: string | null;
  /** A refund's amount (VND). */
  amount: number | null;
  refund_method: string | null;
  /** A refund's bank reference. */
  reference: string | null;
  created_at: Timestamp;
}

export interface WebOrderTables {
  web_order_events: WebOrderEventsTable;
}

export type WebOrderEventRow = Selectable<WebOrderEventsTable>;
