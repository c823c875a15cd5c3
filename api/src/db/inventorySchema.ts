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

export type StockMovementKind = 'RECEIVE' | 'ISSUE' | 'RETURN' | 'ADJUST';

/** The append-only ledger: every change of on_hand, with the on_hand it left. */
export interface StockMovementsTable {
  id: Generated<number>;
  centre_id: number;
  product_id: number;
  kind: StockMovementKind;
  /** Signed, never 0: RECEIVE and RETURN > 0, ISSUE < 0, ADJUST either. */
  quantity: number;
  on_hand_after: number;
  /** The parts request an ISSUE or RETURN belongs to (no foreign key: see the migration). */
  parts_request_id: number | null;
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

/** Centre inventory tables (migration 0007_centre_inventory). */
export interface InventoryTables {
  centre_stock: CentreStockTable;
  stock_movements: StockMovementsTable;
  low_stock_alerts: LowStockAlertsTable;
}

export type CentreStockRow = Selectable<CentreStockTable>;
export type StockMovementRow = Selectable<StockMovementsTable>;
export type NewStockMovementRow = Insertable<StockMovementsTable>;
