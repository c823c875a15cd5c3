import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { InstantDefaultNow, NullableInstant } from './instants';

/** A UTC instant (timestamptz on PostgreSQL → Date; ISO text on SQLite → string). See schema.ts Timestamp. */
type Counter = ColumnType<number, number | undefined, number>;

/** What a centre holds of a product (migration 0007_centre_inventory). available = on_hand − reserved. */
export interface CentreStockTable {
  centre_id: number;
  product_id: number;
  /** Units on the centre's shelf (≥ 0). */
  on_hand: Counter;
  /** Units promised to approved parts requests (0 ≤ reserved ≤ on_hand). */
  reserved: Counter;
  /** Low-stock threshold: available ≤ min_stock (and min_stock > 0) is low. */
  min_stock: Counter;
  updated_at: InstantDefaultNow;
}

/** OPENING, TRANSFER_OUT and TRANSFER_IN arrive with migration 0028 (the warehouse's opening balance, transfers). */
export type StockMovementKind = 'RECEIVE' | 'ISSUE' | 'RETURN' | 'ADJUST' | 'OPENING' | 'TRANSFER_OUT' | 'TRANSFER_IN' | 'RECEIPT';

/** The append-only ledger: every change of on_hand, with the on_hand it left. */
export interface StockMovementsTable {
  id: Generated<number>;
  centre_id: number;
  product_id: number;
  kind: StockMovementKind;
  /** Signed, never 0: RECEIVE, RETURN, OPENING and TRANSFER_IN > 0, ISSUE and TRANSFER_OUT < 0, ADJUST either. */
  quantity: number;
  on_hand_after: number;
  /** The parts request an ISSUE or RETURN belongs to (no foreign key: see the migration). */
  parts_request_id: number | null;
  /** The web order an ISSUE hands over (migration 0028). */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The transfer a TRANSFER_OUT or TRANSFER_IN belongs to (migration 0028). */
  transfer_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The goods receipt a RECEIPT belongs to (migration 0038). */
  goods_receipt_id: ColumnType<number | null, number | null | undefined, number | null>;
  actor_id: number | null;
  reason: string | null;
  created_at: InstantDefaultNow;
}

/** A stored low-stock threshold crossing: the managers' email is sent once per open crossing. */
export interface LowStockAlertsTable {
  id: Generated<number>;
  centre_id: number;
  product_id: number;
  available_at_crossing: number;
  min_stock_at_crossing: number;
  crossed_at: InstantDefaultNow;
  /** Set when available rose above min_stock again (a later drop is a new crossing). */
  cleared_at: NullableInstant;
}

export type StockTransferStatus = 'REQUESTED' | 'IN_TRANSIT' | 'RECEIVED' | 'CANCELLED' | 'DECLINED';

/**
 * Units moving between two stock locations (migration 0028): TRANSFER_OUT at the source, TRANSFER_IN on receipt.
 * A destination's request (0037) is REQUESTED until the source accepts it (IN_TRANSIT, the units leave then) or
 * declines it (DECLINED).
 */
export interface StockTransfersTable {
  id: Generated<number>;
  from_location_id: number;
  to_location_id: number;
  status: StockTransferStatus;
  note: string | null;
  created_by: number | null;
  created_at: InstantDefaultNow;
  received_by: ColumnType<number | null, number | null | undefined, number | null>;
  received_at: NullableInstant;
  version: Counter;
  /** Set when the transfer began as the destination's request (created_by asked, at created_at). */
  requested_at: NullableInstant;
  /** Who at the source accepted or declined the request, and when. */
  decided_by: ColumnType<number | null, number | null | undefined, number | null>;
  decided_at: NullableInstant;
  decline_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface StockTransferLinesTable {
  transfer_id: number;
  product_id: number;
  /** > 0 */
  quantity: number;
}

/** Goods from a supplier into a stock location (migration 0038): a RECEIPT movement per line. */
export interface GoodsReceiptsTable {
  id: Generated<number>;
  centre_id: number;
  supplier: string;
  /** The supplier's delivery note or invoice number. */
  reference: string | null;
  note: string | null;
  received_by: number;
  received_at: InstantDefaultNow;
}

export interface GoodsReceiptLinesTable {
  receipt_id: number;
  product_id: number;
  /** > 0 */
  quantity: number;
  /** VND per unit paid (bigint: a string on PostgreSQL). */
  unit_cost: ColumnType<number | string, number, number>;
}

/** Centre inventory tables (migration 0007_centre_inventory; transfers 0028, their requests 0037; receipts 0038). */
export interface InventoryTables {
  centre_stock: CentreStockTable;
  stock_movements: StockMovementsTable;
  low_stock_alerts: LowStockAlertsTable;
  stock_transfers: StockTransfersTable;
  stock_transfer_lines: StockTransferLinesTable;
  goods_receipts: GoodsReceiptsTable;
  goods_receipt_lines: GoodsReceiptLinesTable;
}

export type CentreStockRow = Selectable<CentreStockTable>;
export type StockMovementRow = Selectable<StockMovementsTable>;
export type NewStockMovementRow = Insertable<StockMovementsTable>;
