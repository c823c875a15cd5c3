import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NullableInstant, Timestamp } from './instants';

/** A company's VAT-invoice request for a web order or a service order (migration 0032): exactly one of the two ids. */
export interface VatInvoiceRequestsTable {
  id: Generated<number>;
  order_id: number | null;
  service_order_id: number | null;
  company_name: string;
  /** Checked and normalised: 10 digits, or "10 digits-3 digits". */
  tax_code: string;
  address: string;
  email: string;
  requested_by: number | null;
  /** 'REQUESTED' | 'ISSUED'. */
  status: ColumnType<string, string | undefined, string>;
  provider_ref: string | null;
  created_at: Timestamp;
  issued_at: NullableInstant;
}

export interface VatInvoiceTables {
  vat_invoice_requests: VatInvoiceRequestsTable;
}

export type VatInvoiceRequestRow = Selectable<VatInvoiceRequestsTable>;
