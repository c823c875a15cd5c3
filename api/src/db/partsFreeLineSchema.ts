import type { ColumnType, Generated, Selectable } from 'kysely';
import type { InstantDefaultNow, NullableInstant } from './instants';

type Counter = ColumnType<number, number | undefined, number>;

/**
 * A part the technician described because the catalogue lacks it (statuses: shared-contracts/backoffice
 * partsRequestMachine, FREE_PART_LINE_STATUSES). Linked to a product it becomes a parts request
 * (parts_request_id); special-ordered it carries the supplier and the expected date.
 */
export interface PartsFreeLinesTable {
  id: Generated<number>;
  service_order_id: number;
  /** The order's centre (copied, as parts_requests.centre_id). */
  centre_id: number;
  /** ≤ 200 characters. */
  description: string;
  /** 1..99. */
  quantity: number;
  note: string | null;
  reason: string;
  checklist_item_id: number | null;
  requested_by: number | null;
  status: string;
  parts_request_id: number | null;
  supplier_note: string | null;
  /** yyyy-MM-dd (Vietnam). */
  expected_date: string | null;
  resolved_by: number | null;
  resolved_at: NullableInstant;
  version: Counter;
  created_at: InstantDefaultNow;
  updated_at: InstantDefaultNow;
}

/** Migration 0024_parts_free_lines. */
export interface PartsFreeLineTables {
  parts_free_lines: PartsFreeLinesTable;
}

export type PartsFreeLineRow = Selectable<PartsFreeLinesTable>;
