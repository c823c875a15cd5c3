import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from './instants';

/** Money given back (migration 0031): for a sale (a web order, a service invoice), a transfer of the exceptions queue, or both; written by the ledger module only. */
export interface PaymentRefundsTable {
  id: Generated<number>;
  order_id: number | null;
  /** The service invoice refunded (migration 0051), or null. */
  service_invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
  transaction_id: number | null;
  /** VND, > 0. */
  amount: number;
  /** 'BANK_TRANSFER' | 'CASH'. */
  method: string;
  /** Required for BANK_TRANSFER. */
  bank_reference: string | null;
  reason: string;
  actor_id: number | null;
  created_at: Timestamp;
}

/** The audit of the exceptions queue: one row per action on a payment_transactions row, its state before and after. */
export interface PaymentExceptionEventsTable {
  id: Generated<number>;
  transaction_id: number;
  /** 'match' | 'reinstate' | 'refund' | 'dismiss'. */
  action: string;
  actor_id: number | null;
  note: string | null;
  before_json: string;
  after_json: string;
  created_at: Timestamp;
}

export interface PaymentExceptionTables {
  payment_refunds: PaymentRefundsTable;
  payment_exception_events: PaymentExceptionEventsTable;
}

export type PaymentRefundRow = Selectable<PaymentRefundsTable>;
