import { sql, type Kysely } from 'kysely';
import {
  ERROR_CODES,
  addCalendarDays,
  foldedWords,
  STOCK_MOVEMENT_KIND_LABELS,
  vietnamInstant,
  type InventoryItem,
  type InventoryPage,
  type InventorySummary,
  type LowStockList,
  type MovementPage,
  type PartAvailability,
  type StockMovement,
  type StockMovementKind,
} from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { centreAvailability, isLowStock } from '../stockLocations';

/**
 * What the manager's inventory page, the dashboard's low-stock list and the parts-request screens read. The
 * stock table is two statements per page (the page, and how many rows match), so a centre of 2,000 products
 * answers in about a millisecond. The search folds Vietnamese as the catalogue does: every
 * folded word of `q` must occur in products.search_text (name, SKU, brand, category, compatible models,
 * folded when the product was written), so 'ma phanh' finds 'Má phanh' and 'bat-lfp' finds 'BAT-LFP-4820'.
 */

type Db = Kysely<Database>;

/** Low: min_stock > 0 and available ≤ min_stock (the SQL twin of isLowStock). */
const LOW_CONDITION = sql<boolean>`(centre_stock.min_stock > 0 and centre_stock.on_hand - centre_stock.reserved <= centre_stock.min_stock)`;

export const LOW_STOCK_LIST_LIMIT = 200;

interface ItemRow {
  product_id: number;
  sku: string;
  name: string;
  is_active: number;
  price: number | string;
  on_hand: number | string;
  reserved: number | string;
  min_stock: number | string;
  updated_at: Date | string;
}

/** SQLite's stored instants are already the ISO text answered (the API writes them so): used as they are. */
const STORED_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
function instantOf(value: Date | string): string {
  return typeof value === 'string' && STORED_ISO.test(value) ? value : toIsoUtc(value);
}

function toItem(row: ItemRow): InventoryItem {
  const onHand = toNumber(row.on_hand);
  const reserved = toNumber(row.reserved);
  const minStock = toNumber(row.min_stock);
  const unitPrice = toNumber(row.price);
  return {
    productId: row.product_id,
    sku: row.sku,
    name: row.name,
    isActive: toNumber(row.is_active) === 1,
    onHand,
    reserved,
    available: onHand - reserved,
    minStock,
    unitPrice,
    value: onHand * unitPrice,
    low: isLowStock({ onHand, reserved, minStock }),
    updatedAt: instantOf(row.updated_at),
  };
}

/**
 * The columns of an InventoryItem: products × the centre's centre_stock rows. Written as products CROSS JOIN
 * centre_stock: SQLite then walks products in name order (products_name_idx) and looks each one up in the
 * centre's stock by its key, so a page ends the walk early instead of sorting every row of the centre.
 * PostgreSQL plans it as the inner join it is.
 */
function stockRows(db: Db, centreId: number) {
  return db
    .selectFrom('products')
    .crossJoin('centre_stock')
    .select([
      'centre_stock.product_id',
      'products.sku',
      'products.name',
      'products.is_active',
      'products.price',
      'centre_stock.on_hand',
      'centre_stock.reserved',
      'centre_stock.min_stock',
      'centre_stock.updated_at',
    ])
    .whereRef('centre_stock.product_id', '=', 'products.id')
    .where('centre_stock.centre_id', '=', centreId);
}

/** A page of the centre's table by name (limit, offset), every row or the low ones. */
const wholePage = preparedQuery<{ centreId: number; limit: number; offset: number }>()((db, param) =>
  stockRows(db, param('centreId')).orderBy('products.name').orderBy('products.id').limit(param('limit')).offset(param('offset')),
);
const lowPage = preparedQuery<{ centreId: number; limit: number; offset: number }>()((db, param) =>
  stockRows(db, param('centreId')).where(LOW_CONDITION).orderBy('products.name').orderBy('products.id').limit(param('limit')).offset(param('offset')),
);
const lowRowCount = preparedQuery<{ centreId: number }>()((db, param) =>
  db.selectFrom('centre_stock').select(sql<number | string>`count(*)`.as('total_count')).where('centre_id', '=', param('centreId')).where(LOW_CONDITION),
);

/** Stock rows of a centre (its keys only: the primary key's index). */
const centreRowCount = preparedQuery<{ centreId: number }>()((db, param) =>
  db.selectFrom('centre_stock').select(sql<number | string>`count(*)`.as('total_count')).where('centre_id', '=', param('centreId')),
);

export interface InventoryListOptions {
  q?: string;
  lowOnly?: boolean;
  page: number;
  pageSize: number;
}

/**
 * GET /api/inventory: one page of the centre's stock table, by product name, and how many rows match. The
 * page walks products in name order and stops at its end (see stockRows); the count without a filter reads the
 * centre's keys only. The totals of the whole centre are GET /api/inventory/summary (not recomputed per page).
 */
export async function listInventory(db: Db, centreId: number, options: InventoryListOptions): Promise<InventoryPage> {
  const words = foldedWords(options.q ?? '');
  const limit = options.pageSize;
  const offset = (options.page - 1) * options.pageSize;
  let rows: ItemRow[];
  let counted: { total_count: number | string } | undefined;
  if (words.length === 0) {
    // The usual pages (the whole table, or its low rows): compiled once.
    const pageQuery = options.lowOnly ? lowPage : wholePage;
    rows = await pageQuery.rows(db, { centreId, limit, offset });
    counted = await (options.lowOnly ? lowRowCount : centreRowCount).first(db, { centreId });
  } else {
    // A search: one walk finds the ids of every match in name order (counted here), then the page's rows are
    // read by id, instead of a second scan of every product's search text for the count.
    let matches = db
      .selectFrom('products')
      .crossJoin('centre_stock')
      .select('products.id')
      .whereRef('centre_stock.product_id', '=', 'products.id')
      .where('centre_stock.centre_id', '=', centreId);
    for (const word of words) matches = matches.where('products.search_text', 'like', `%${word}%`);
    if (options.lowOnly) matches = matches.where(LOW_CONDITION);
    const ids = (await matches.orderBy('products.name').orderBy('products.id').execute()).map((row) => row.id);
    rows = await readRows(db, centreId, ids.slice(offset, offset + limit));
    counted = { total_count: ids.length };
  }
  const total = toNumber(counted?.total_count);
  return {
    centreId,
    items: rows.map(toItem),
    total,
    page: options.page,
    pageSize: options.pageSize,
    totalPages: Math.ceil(total / options.pageSize),
  };
}

/** GET /api/inventory/summary: the whole stock of the centre in figures. */
export async function inventorySummary(db: Db, centreId: number): Promise<InventorySummary> {
  const row = await db
    .selectFrom('centre_stock')
    .innerJoin('products', 'products.id', 'centre_stock.product_id')
    .select([
      sql<number | string>`count(*)`.as('products'),
      sql<number | string | null>`sum(centre_stock.on_hand)`.as('on_hand_units'),
      sql<number | string | null>`sum(centre_stock.reserved)`.as('reserved_units'),
      sql<number | string | null>`sum(cast(centre_stock.on_hand as bigint) * products.price)`.as('value'),
      sql<number | string | null>`sum(case when ${LOW_CONDITION} then 1 else 0 end)`.as('low_count'),
    ])
    .where('centre_stock.centre_id', '=', centreId)
    .executeTakeFirst();
  return {
    centreId,
    products: toNumber(row?.products),
    onHandUnits: toNumber(row?.on_hand_units),
    reservedUnits: toNumber(row?.reserved_units),
    value: toNumber(row?.value),
    lowCount: toNumber(row?.low_count),
  };
}

/** The stock rows of some products at a centre, in the order of `productIds` (a product without a row left out). */
async function readRows(db: Db, centreId: number, productIds: readonly number[]): Promise<ItemRow[]> {
  if (productIds.length === 0) return [];
  const rows = await stockRows(db, centreId).where('centre_stock.product_id', 'in', [...productIds]).execute();
  const byId = new Map(rows.map((row) => [row.product_id, row]));
  return productIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** The stock rows of some products at a centre (what a write answers), in the order of `productIds`. */
export async function readItems(db: Db, centreId: number, productIds: readonly number[]): Promise<InventoryItem[]> {
  return (await readRows(db, centreId, productIds)).map(toItem);
}

/** GET /api/inventory/low-stock: the low rows, the least available (relative to the minimum) first. */
export async function lowStockList(db: Db, centreId: number): Promise<LowStockList> {
  const rows = await stockRows(db, centreId)
    .where(LOW_CONDITION)
    .orderBy(sql`centre_stock.on_hand - centre_stock.reserved - centre_stock.min_stock`)
    .orderBy('products.name')
    .orderBy('products.id')
    .limit(LOW_STOCK_LIST_LIMIT)
    .execute();
  return { centreId, items: rows.map(toItem) };
}

export interface MovementListOptions {
  productId?: number;
  kind?: StockMovementKind;
  /** Vietnamese calendar dates, both inclusive. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export const dateRangeMessage = 'Khoảng ngày không hợp lệ: ngày bắt đầu phải trước hoặc bằng ngày kết thúc.';

/** GET /api/inventory/movements: the centre's ledger, newest first, with filters. */
export async function listMovements(db: Db, centreId: number, options: MovementListOptions): Promise<MovementPage> {
  if (options.from && options.to && options.from > options.to) {
    throw new AppError(422, ERROR_CODES.DATE_RANGE_INVALID, dateRangeMessage, [{ field: 'to', message: dateRangeMessage }]);
  }
  let query = db
    .selectFrom('stock_movements')
    .innerJoin('products', 'products.id', 'stock_movements.product_id')
    .leftJoin('users', 'users.id', 'stock_movements.actor_id')
    .select([
      'stock_movements.id',
      'stock_movements.product_id',
      'products.sku',
      'products.name as product_name',
      'stock_movements.kind',
      'stock_movements.quantity',
      'stock_movements.on_hand_after',
      'stock_movements.parts_request_id',
      'stock_movements.goods_receipt_id',
      'stock_movements.actor_id',
      'users.full_name as actor_name',
      'stock_movements.reason',
      'stock_movements.created_at',
      sql<number | string>`count(*) over ()`.as('total_count'),
    ])
    .where('stock_movements.centre_id', '=', centreId);
  if (options.productId !== undefined) query = query.where('stock_movements.product_id', '=', options.productId);
  if (options.kind !== undefined) query = query.where('stock_movements.kind', '=', options.kind);
  // Local dates → UTC bounds [from 00:00, to + 1 00:00) in Asia/Ho_Chi_Minh.
  if (options.from) query = query.where('stock_movements.created_at', '>=', vietnamInstant(options.from, '00:00').toISOString());
  if (options.to) query = query.where('stock_movements.created_at', '<', vietnamInstant(addCalendarDays(options.to, 1), '00:00').toISOString());
  const rows = await query
    .orderBy('stock_movements.id', 'desc')
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  let total = toNumber(rows[0]?.total_count);
  if (rows.length === 0 && options.page > 1) {
    let counting = db.selectFrom('stock_movements').select(sql<number | string>`count(*)`.as('total_count')).where('centre_id', '=', centreId);
    if (options.productId !== undefined) counting = counting.where('product_id', '=', options.productId);
    if (options.kind !== undefined) counting = counting.where('kind', '=', options.kind);
    if (options.from) counting = counting.where('created_at', '>=', vietnamInstant(options.from, '00:00').toISOString());
    if (options.to) counting = counting.where('created_at', '<', vietnamInstant(addCalendarDays(options.to, 1), '00:00').toISOString());
    total = toNumber((await counting.executeTakeFirst())?.total_count);
  }
  const items: StockMovement[] = rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    sku: row.sku,
    productName: row.product_name,
    kind: row.kind,
    kindLabel: STOCK_MOVEMENT_KIND_LABELS[row.kind],
    quantity: toNumber(row.quantity),
    onHandAfter: toNumber(row.on_hand_after),
    partsRequestId: row.parts_request_id,
    actor: row.actor_id !== null && row.actor_name !== null ? { id: row.actor_id, fullName: row.actor_name } : null,
    reason: row.reason,
    goodsReceiptId: row.goods_receipt_id,
    createdAt: toIsoUtc(row.created_at),
  }));
  return { centreId, items, total, page: options.page, pageSize: options.pageSize, totalPages: Math.ceil(total / options.pageSize) };
}

/** GET /api/inventory/availability: one entry per product asked, in that order (0/0/0 for one not stocked). */
export async function readAvailability(db: Db, centreId: number, productIds: readonly number[]): Promise<{ centreId: number; items: PartAvailability[] }> {
  const availability = await centreAvailability(db, centreId, [...productIds]);
  return { centreId, items: [...availability.entries()].map(([productId, figures]) => ({ productId, ...figures })) };
}
