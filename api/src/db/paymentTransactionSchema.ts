import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Instant, InstantDefaultNow, NullableInstant } from './instants';

/**
 * A transfer a provider told us of (migration 0030): once per (provider, provider_ref); matched to an order or an
 * exception of the queue (exception_reason), which staff resolve (resolution, resolved_by, resolved_at).
 */
export interface PaymentTransactionsTable {
  id: Generated<number>;
  /** 'PAYOS' | 'SEPAY' | 'MANUAL'. */
  provider: string;
  /** The provider's transaction id (SePay id, payOS reference): the idempotency key with provider. */
  provider_ref: string;
  order_id: number | null;
  /** The service invoice it paid or named (migration 0051), when its code was an invoice's. */
  service_invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The order code read in the content (or the payOS link's), even when no order has it. */
  order_code_found: string | null;
  /** VND received, > 0. */
  amount: number;
  content: string;
  bank_reference: string | null;
  transferred_at: Instant;
  received_at: InstantDefaultNow;
  /** The body as received (≤ 64 KB). */
  raw_payload: string;
  /** 'MATCHED' | 'EXCEPTION'. */
  outcome: string;
  /** 'PARTIAL' | 'OVERPAID' | 'UNKNOWN_CODE' | 'ORDER_EXPIRED' | 'ORDER_CANCELLED' | 'ALREADY_PAID'. */
  exception_reason: string | null;
  /** 'MATCHED' | 'REINSTATED' | 'REFUNDED' | 'DISMISSED'. */
  resolution: string | null;
  resolved_by: number | null;
  resolved_at: NullableInstant;
  resolution_note: string | null;
  version: Generated<number>;
  /** The clerk who entered the transfer by hand (provider MANUAL); null for a provider's. */
  recorded_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The payOS payment link of an order (one per order). */
export interface PayOsPaymentLinksTable {
  id: Generated<number>;
  order_id: number;
  /** payOS's integer orderCode (unique per payment channel). */
  payos_order_code: ColumnType<number | string, number, number>;
  payment_link_id: string;
  checkout_url: string;
  amount: number;
  /** 'PENDING' | 'PAID' | 'CANCELLED'. */
  status: ColumnType<string, string | undefined, string>;
  created_at: InstantDefaultNow;
}

/** The one payment of a sale — a web order or a service invoice (migration 0051) — written by the ledger module only. */
export interface SalePaymentsTable {
  id: Generated<number>;
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
  service_invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
  amount: number;
  /** 'BANK_TRANSFER' | 'CASH'. */
  method: string;
  /** 'SEPAY' | 'PAYOS' | 'RECORDED_TRANSFER' | 'EXCEPTION_MATCH' | 'REINSTATE' | 'DESK'. */
  channel: string;
  reference: string | null;
  transaction_id: number | null;
  actor_id: number | null;
  paid_at: Instant;
}

/** The ledger's announcement of a fact (sale.paid, sale.refunded), written with the record it announces. */
export interface SaleEventsTable {
  id: Generated<number>;
  /** 'sale.paid' | 'sale.refunded'. */
  kind: string;
  order_id: number | null;
  service_invoice_id: number | null;
  amount: number;
  payment_id: number | null;
  refund_id: number | null;
  actor_id: number | null;
  created_at: InstantDefaultNow;
}

export interface PaymentTransactionTables {
  payment_transactions: PaymentTransactionsTable;
  sale_payments: SalePaymentsTable;
  sale_events: SaleEventsTable;
  payos_payment_links: PayOsPaymentLinksTable;
}

export type PaymentTransactionRow = Selectable<PaymentTransactionsTable>;
export type PayOsPaymentLinkRow = Selectable<PayOsPaymentLinksTable>;
