import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NullableInstant, Timestamp } from './instants';

/** Tables of the shop (migration 0004_shop): carts, orders, payments, package credits. */

/** A UTC instant that may be empty (read: Date on PostgreSQL, ISO string on SQLite). */

export interface CartsTable {
  id: Generated<number>;
  /** One server cart per customer. */
  user_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartLinesTable {
  id: Generated<number>;
  cart_id: number;
  kind: 'product' | 'package';
  /** products.id or service_packages.id (by kind). */
  ref_id: number;
  quantity: number;
  /** Unit price (integer VND) when the line was added or its quantity last set. */
  price_at_add: number;
  added_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<number>;
  /** 'EV' + yyMMdd (Asia/Ho_Chi_Minh) + the id on 4+ digits. */
  code: string;
  user_id: number;
  status: string;
  payment_method: string;
  payment_status: string;
  subtotal: number;
  /** Off the goods. */
  discount: ColumnType<number, number | undefined, number>;
  /** Before a shipping promotion. */
  shipping_fee: ColumnType<number, number | undefined, number>;
  shipping_discount: ColumnType<number, number | undefined, number>;
  /** The shipping fee's VAT rate in % when the order was placed (SHIPPING_VAT_RATE; 8 before the setting existed). */
  shipping_vat_rate: ColumnType<number, number | undefined, number>;
  /** subtotal − discount + shipping_fee − shipping_discount (a check constraint holds it). */
  total: number;
  /** Members' points the order used (migration 0059) and their worth in VND, which is part of `discount`. */
  points_used: ColumnType<number, number | undefined, number>;
  points_value: ColumnType<number, number | undefined, number>;
  promotion_id: number | null;
  promotion_code: string | null;
  fulfilment_method: 'delivery' | 'pickup';
  province: string | null;
  ward: string | null;
  street: string | null;
  /** The delivery ward's code (migration 0065); null for a pickup or a ward text that names no single ward. */
  ward_code: ColumnType<string | null, string | null | undefined, string | null>;
  centre_id: number | null;
  recipient_name: string;
  phone: string;
  note: string | null;
  idempotency_key: string;
  /** SHA-256 hex of the canonical request body. */
  request_hash: string;
  cancel_reason: string | null;
  paid_at: NullableInstant;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Raised by every change of status or payment (migration 0025): a desk action carries the one it read. */
  version: ColumnType<number, number | undefined, number>;
  /** The centre whose web-order desk handles it: the pick-up centre, or the centre that ships (migration 0025). */
  desk_centre_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The recipient's name folded (foldVietnamese) for the desk's search (migration 0025). */
  recipient_folded: ColumnType<string | null, string | null | undefined, string | null>;
  /** The stock location its product lines are reserved at (migration 0028): the pick-up centre or the shipping warehouse. */
  stock_location_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The carrier and its service the customer chose at checkout (migration 0066); null: the flat fee. */
  shipping_carrier: ColumnType<string | null, string | null | undefined, string | null>;
  shipping_service: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  kind: 'product' | 'package';
  ref_id: number;
  slug: string;
  name: string;
  /** Card image URL at order time. */
  image: string | null;
  promo_group: string | null;
  unit_price: number;
  quantity: number;
  line_total: number;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  payment_status: string;
  note: string | null;
  actor_user_id: number | null;
  created_at: Timestamp;
}

export interface PromotionRedemptionsTable {
  id: Generated<number>;
  promotion_id: number;
  user_id: number;
  /** One redemption per order. */
  order_id: number;
  created_at: Timestamp;
  /** Set when the order is cancelled (the use is given back). */
  released_at: NullableInstant;
}

/**
 * The service credits of a paid package: one row per service of the package and order. Bookings use a credit
 * by incrementing quantity_used (`where quantity_used < quantity_total and expires_at > now`).
 */
export interface PackageCreditsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number;
  package_id: number;
  service_id: number;
  quantity_total: number;
  quantity_used: ColumnType<number, number | undefined, number>;
  expires_at: ColumnType<Date | string, string, string>;
  created_at: Timestamp;
}

export interface ShopTables {
  carts: CartsTable;
  cart_lines: CartLinesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_status_history: OrderStatusHistoryTable;
  promotion_redemptions: PromotionRedemptionsTable;
  package_credits: PackageCreditsTable;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type PackageCreditRow = Selectable<PackageCreditsTable>;
