import type { ColumnType, Generated, Selectable } from 'kysely';
import type { InstantDefaultNow, NullableInstant } from './instants';

/** A warranty claim to a manufacturer for an invoiced order's warranty lines (migration 0074). */
export interface WarrantyClaimsTable {
  id: Generated<number>;
  /** 'BH' + VN date yymmdd + 4 letters/digits. */
  code: string;
  service_order_id: number;
  centre_id: number;
  vehicle_id: number | null;
  manufacturer: string;
  vehicle_label: string;
  license_plate: string;
  vin: string | null;
  odometer_km: number;
  /** DRAFT | SUBMITTED | APPROVED | REJECTED | CREDITED (shared-contracts/pricing warrantyMachine). */
  status: ColumnType<string, string | undefined, string>;
  parts_amount: number;
  labour_amount: number;
  claimed_amount: number;
  approved_amount: ColumnType<number | null, number | null | undefined, number | null>;
  manufacturer_reference: ColumnType<string | null, string | null | undefined, string | null>;
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  credited_amount: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'BANK_TRANSFER' | 'CREDIT_NOTE'. */
  credit_method: ColumnType<string | null, string | null | undefined, string | null>;
  credit_reference: ColumnType<string | null, string | null | undefined, string | null>;
  credited_by: ColumnType<number | null, number | null | undefined, number | null>;
  failure_note: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  version: ColumnType<number, number | undefined, number>;
  created_at: InstantDefaultNow;
  submitted_at: NullableInstant;
  decided_at: NullableInstant;
  credited_at: NullableInstant;
  updated_at: InstantDefaultNow;
}

/** A claimed line as it was invoiced. */
export interface WarrantyClaimLinesTable {
  id: Generated<number>;
  claim_id: number;
  service_order_line_id: number;
  kind: string;
  name: string;
  quantity: number;
  unit_price: number;
  line_total: number;
}

/** A checklist photo sent with the claim. */
export interface WarrantyClaimPhotosTable {
  claim_id: number;
  photo_id: number;
}

export interface WarrantyClaimHistoryTable {
  id: Generated<number>;
  claim_id: number;
  from_status: string | null;
  to_status: string;
  changed_by: number | null;
  note: string | null;
  created_at: InstantDefaultNow;
}

export type WarrantyClaimRow = Selectable<WarrantyClaimsTable>;

export interface WarrantyTables {
  warranty_claims: WarrantyClaimsTable;
  warranty_claim_lines: WarrantyClaimLinesTable;
  warranty_claim_photos: WarrantyClaimPhotosTable;
  warranty_claim_history: WarrantyClaimHistoryTable;
}
