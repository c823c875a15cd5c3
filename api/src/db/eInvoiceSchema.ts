import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Instant, InstantDefaultNow, NullableInstant } from './instants';

/**
 * A sale's e-invoice (migration 0057), written by the eInvoices module only: the sale's own (ORIGINAL, one per sale),
 * an ADJUSTMENT (a refund: negative) or a REPLACEMENT of an issued one, with the provider's series, number, MCCQT and
 * lookup code once ISSUED. Nothing is ever deleted.
 */
export interface EInvoicesTable {
  id: Generated<number>;
  order_id: number | null;
  service_invoice_id: number | null;
  /** 'ORIGINAL' | 'ADJUSTMENT' | 'REPLACEMENT'. */
  kind: string;
  /** The invoice an ADJUSTMENT or REPLACEMENT corrects. */
  corrects_id: number | null;
  /** The refund an ADJUSTMENT gives back (one adjustment per refund). */
  refund_id: number | null;
  /** 'DRAFT' | 'SENDING' | 'ISSUED' | 'FAILED' | 'CANCELLED' (a draft of a sale never handed over). */
  status: ColumnType<string, string | undefined, string>;
  /** 'standin' | 'misa' | 'viettel' | 'vnpt'. */
  provider: string;
  /** Our key of this invoice, the provider's idempotency key (MISA RefID, Viettel transactionUuid, VNPT Fkey). Unique. */
  request_key: string;
  reason: string | null;
  /** VND the invoice totals, VAT included (negative for an adjustment). */
  gross: number;
  series: string | null;
  number: number | null;
  tax_authority_code: string | null;
  lookup_code: string | null;
  lookup_url: string | null;
  provider_ref: string | null;
  /** The provider's answer as received (bounded). */
  raw_answer: string | null;
  /** The issued invoice's XML and PDF in the object store (null until archived). */
  xml_key: ColumnType<string | null, string | null | undefined, string | null>;
  pdf_key: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** When it may be sent: null until due (goods not handed over, the original of an adjustment not issued yet, or waiting for the owner). */
  next_attempt_at: NullableInstant;
  issued_at: NullableInstant;
  /** Who asked for a replacement (null: the queue, from the ledger). */
  requested_by: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: InstantDefaultNow;
  updated_at: Instant;
}

/** A notice 04/SS-HĐĐT recorded for an issued invoice: a slip of the buyer's name or address (Decree 123 Art. 19(1)(a)). */
export interface EInvoiceNoticesTable {
  id: Generated<number>;
  e_invoice_id: number;
  reason: string;
  actor_id: number;
  created_at: InstantDefaultNow;
}

/** How far the e-invoices module has read the ledger's sale_events (one row). */
export interface EInvoiceCursorTable {
  id: number;
  last_sale_event_id: number;
}

/** The local stand-in provider's issued invoices (development, tests, the demo): its numbers and codes by our key. */
export interface EInvoiceStandInTable {
  id: Generated<number>;
  request_key: string;
  kind: string;
  series: string;
  tax_authority_code: string;
  lookup_code: string;
  gross: number;
  /** The Circular 78 XML it was sent. */
  xml: string;
  issued_at: Instant;
}

export interface EInvoiceTables {
  e_invoices: EInvoicesTable;
  e_invoice_cursor: EInvoiceCursorTable;
  e_invoice_notices: EInvoiceNoticesTable;
  e_invoice_standin: EInvoiceStandInTable;
}

export type EInvoiceRow = Selectable<EInvoicesTable>;
