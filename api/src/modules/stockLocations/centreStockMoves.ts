import type { Kysely, Transaction } from 'kysely';
import { toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { StockMovementKind } from '../../db/inventorySchema';
import type { Database } from '../../db/schema';
import { systemClock, type Clock } from '../../security/clock';
import { checkLowStock, type StockFigures } from './lowStockAlerts';

/** 409 INSUFFICIENT_STOCK of a reservation (spec §4 rule 2): 'Không đủ tồn kho: còn {n} {tên}.' */
export function insufficientStockMessage(available: number, productName: string): string {
  return `Không đủ tồn kho: còn ${available} ${productName}.`;
}

/**
 * THE writer of the stock (issue 62, part 4): centre_stock and its ledger stock_movements are written here and
 * nowhere else; goods receipts, transfers, stock counts, orders and parts requests call these commands through the
 * stockLocations module's index.ts.
 *
 * The stock primitives of a stock location (a centre or the online warehouse), for the parts requests (reserve on
 * approval, issue to the technician, return, release), the web orders (reserve when placed, issue when shipped or
 * handed over, release on cancel), transfers (take off the shelf, add to it) and the inventory's own writes. Each runs inside the caller's transaction and is ONE
 * conditional UPDATE of the centre_stock row, so concurrent callers can never take what is not there:
 *
 *   reserve: reserved = reserved + q            where on_hand − reserved >= q      (spec §4 rule 2)
 *   release: reserved = reserved − q            where reserved >= q
 *   issue:   on_hand −= q, reserved −= q        where reserved >= q                 + ISSUE movement (−q)
 *   return:  on_hand += q                                                            + RETURN movement (+q)
 *   take:    on_hand −= q                      where on_hand − reserved >= q      + movement (−q, e.g. TRANSFER_OUT)
 *   add:     on_hand += q (row made if missing)                                   + movement (+q, e.g. TRANSFER_IN)
 *
 * On PostgreSQL the UPDATE waits for a concurrent writer of the same row and re-checks its condition against
 * the committed values; on SQLite transactions are serialised. The table's CHECKs (reserved ≤ on_hand, nothing
 * negative) are the backstop. Every change of on_hand writes a stock_movements row with on_hand_after (the
 * ledger replays to the table, see inventory/stockLedger.ts); reservations are columns, not movements. Every change of
 * available ends with the low-stock check (lowStockAlerts.ts).
 *
 * The optional last `clock` (default: the system clock) stamps updated_at, the movement and the email; pass
 * the app's clock (ctx.clock) so tests on a manual clock see their own times.
 */

export interface StockLine {
  centreId: number;
  productId: number;
  quantity: number;
}

/** A primitive called against its contract (releasing more than reserved, issuing what was not reserved...): a programming error. */
export class StockInvariantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StockInvariantError';
  }
}

type Db = Kysely<Database>;

function assertQuantity(line: StockLine): void {
  if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
    throw new StockInvariantError(`stock quantity must be a positive integer, got ${line.quantity}`);
  }
}

interface FiguresRow {
  on_hand: number | string;
  reserved: number | string;
  min_stock: number | string;
}

function figuresOf(row: FiguresRow): StockFigures {
  return { onHand: toNumber(row.on_hand), reserved: toNumber(row.reserved), minStock: toNumber(row.min_stock) };
}

const FIGURES = ['on_hand', 'reserved', 'min_stock'] as const;

const reserveStatement = preparedQuery<{ centreId: number; productId: number; quantity: number; now: string }>()((db, param) =>
  db
    .updateTable('centre_stock')
    .set((eb) => ({ reserved: eb('reserved', '+', param('quantity')), updated_at: param('now') }))
    .where('centre_id', '=', param('centreId'))
    .where('product_id', '=', param('productId'))
    .where((eb) => eb(eb('on_hand', '-', eb.ref('reserved')), '>=', param('quantity')))
    .returning(FIGURES),
);

const releaseStatement = preparedQuery<{ centreId: number; productId: number; quantity: number; now: string }>()((db, param) =>
  db
    .updateTable('centre_stock')
    .set((eb) => ({ reserved: eb('reserved', '-', param('quantity')), updated_at: param('now') }))
    .where('centre_id', '=', param('centreId'))
    .where('product_id', '=', param('productId'))
    .where('reserved', '>=', param('quantity'))
    .returning(FIGURES),
);

const issueStatement = preparedQuery<{ centreId: number; productId: number; quantity: number; now: string }>()((db, param) =>
  db
    .updateTable('centre_stock')
    .set((eb) => ({ on_hand: eb('on_hand', '-', param('quantity')), reserved: eb('reserved', '-', param('quantity')), updated_at: param('now') }))
    .where('centre_id', '=', param('centreId'))
    .where('product_id', '=', param('productId'))
    .where('reserved', '>=', param('quantity'))
    .returning(FIGURES),
);

const returnStatement = preparedQuery<{ centreId: number; productId: number; quantity: number; now: string }>()((db, param) =>
  db
    .updateTable('centre_stock')
    .set((eb) => ({ on_hand: eb('on_hand', '+', param('quantity')), updated_at: param('now') }))
    .where('centre_id', '=', param('centreId'))
    .where('product_id', '=', param('productId'))
    .returning(FIGURES),
);

/** What a centre has of one product, with its name (a product without a stock row: 0 / 0). */
const stockWithName = preparedQuery<{ centreId: number; productId: number }>()((db, param) =>
  db
    .selectFrom('products')
    .leftJoin('centre_stock', (join) => join.onRef('centre_stock.product_id', '=', 'products.id').on('centre_stock.centre_id', '=', param('centreId')))
    .select(['products.name', 'centre_stock.on_hand', 'centre_stock.reserved'])
    .where('products.id', '=', param('productId')),
);

export interface MovementInput {
  centreId: number;
  productId: number;
  kind: StockMovementKind;
  quantity: number;
  onHandAfter: number;
  partsRequestId: number | null;
  /** The web order an ISSUE hands over (default null). */
  orderId?: number | null;
  /** The transfer a TRANSFER_OUT / TRANSFER_IN belongs to (default null). */
  transferId?: number | null;
  /** The goods receipt a RECEIPT belongs to (default null). */
  goodsReceiptId?: number | null;
  actorId: number | null;
  reason: string | null;
  at: string;
}

const insertMovement = preparedQuery<{
  centreId: number;
  productId: number;
  kind: StockMovementKind;
  quantity: number;
  onHandAfter: number;
  partsRequestId: number | null;
  orderId: number | null;
  transferId: number | null;
  goodsReceiptId: number | null;
  actorId: number | null;
  reason: string | null;
  at: string;
}>()((db, param) =>
  db.insertInto('stock_movements').values({
    centre_id: param('centreId'),
    product_id: param('productId'),
    kind: param('kind'),
    quantity: param('quantity'),
    on_hand_after: param('onHandAfter'),
    parts_request_id: param('partsRequestId'),
    order_id: param('orderId'),
    transfer_id: param('transferId'),
    goods_receipt_id: param('goodsReceiptId'),
    actor_id: param('actorId'),
    reason: param('reason'),
    created_at: param('at'),
  }),
);

/** Appends one row to the ledger (every change of on_hand calls it, in the same transaction). */
export async function recordMovement(trx: Db, movement: MovementInput): Promise<void> {
  await insertMovement.execute(trx, {
    ...movement,
    orderId: movement.orderId ?? null,
    transferId: movement.transferId ?? null,
    goodsReceiptId: movement.goodsReceiptId ?? null,
  });
}

/** Appends several rows to the ledger in one statement (the seed's opening balances). */
export async function recordMovements(db: Db, movements: readonly MovementInput[]): Promise<void> {
  if (movements.length === 0) return;
  await db
    .insertInto('stock_movements')
    .values(
      movements.map((movement) => ({
        centre_id: movement.centreId,
        product_id: movement.productId,
        kind: movement.kind,
        quantity: movement.quantity,
        on_hand_after: movement.onHandAfter,
        parts_request_id: movement.partsRequestId,
        order_id: movement.orderId ?? null,
        transfer_id: movement.transferId ?? null,
        goods_receipt_id: movement.goodsReceiptId ?? null,
        actor_id: movement.actorId,
        reason: movement.reason,
        created_at: movement.at,
      })),
    )
    .execute();
}

/**
 * Reserves `quantity` for a parts request (spec §4 rule 2): one conditional UPDATE, `reserved += q where
 * on_hand − reserved >= q`. Not a movement. When nothing was reserved, answers what is available and the
 * product's name (the caller answers 409 INSUFFICIENT_STOCK with insufficientStockMessage).
 */
export async function reserveCentreStock(
  trx: Transaction<Database>,
  line: StockLine,
  clock: Clock = systemClock,
): Promise<{ reserved: true } | { reserved: false; available: number; productName: string }> {
  assertQuantity(line);
  const now = clock.now().toISOString();
  const row = await reserveStatement.first(trx, { centreId: line.centreId, productId: line.productId, quantity: line.quantity, now });
  if (row) {
    await checkLowStock(trx, clock, line.centreId, line.productId, figuresOf(row));
    return { reserved: true };
  }
  const current = await stockWithName.first(trx, { centreId: line.centreId, productId: line.productId });
  if (!current) throw new StockInvariantError(`product ${line.productId} does not exist`);
  return { reserved: false, available: Math.max(0, toNumber(current.on_hand) - toNumber(current.reserved)), productName: current.name };
}

/** Gives a reservation back: `reserved −= q where reserved >= q` (throws StockInvariantError when less is reserved). */
export async function releaseCentreStock(trx: Transaction<Database>, line: StockLine, clock: Clock = systemClock): Promise<void> {
  assertQuantity(line);
  const now = clock.now().toISOString();
  const row = await releaseStatement.first(trx, { centreId: line.centreId, productId: line.productId, quantity: line.quantity, now });
  if (!row) throw new StockInvariantError(`centre ${line.centreId} has less than ${line.quantity} of product ${line.productId} reserved`);
  await checkLowStock(trx, clock, line.centreId, line.productId, figuresOf(row));
}

/**
 * Hands reserved units over: to the technician (a parts request) or to the customer or carrier (a web order).
 * `on_hand −= q, reserved −= q where reserved >= q`, then an ISSUE movement (−q) with on_hand_after, the parts
 * request or the order, and the actor; then the low-stock check. Throws StockInvariantError when less than q is
 * reserved (the request's RESERVED status, or the order's status, guards this).
 */
export async function issueCentreStock(
  trx: Transaction<Database>,
  line: StockLine & ({ partsRequestId: number; orderId?: undefined } | { orderId: number; partsRequestId?: undefined }) & { actorId: number | null },
  clock: Clock = systemClock,
): Promise<void> {
  assertQuantity(line);
  const now = clock.now().toISOString();
  const row = await issueStatement.first(trx, { centreId: line.centreId, productId: line.productId, quantity: line.quantity, now });
  if (!row) throw new StockInvariantError(`centre ${line.centreId} has less than ${line.quantity} of product ${line.productId} reserved to issue`);
  const figures = figuresOf(row);
  await recordMovement(trx, {
    centreId: line.centreId,
    productId: line.productId,
    kind: 'ISSUE',
    quantity: -line.quantity,
    onHandAfter: figures.onHand,
    partsRequestId: line.partsRequestId ?? null,
    orderId: line.orderId ?? null,
    actorId: line.actorId,
    reason: null,
    at: now,
  });
  await checkLowStock(trx, clock, line.centreId, line.productId, figures);
}

/** What takeOnHand / addOnHand write to the ledger besides the quantity. */
export interface LedgerEntry {
  kind: StockMovementKind;
  transferId: number | null;
  /** The goods receipt of a RECEIPT (default null). */
  goodsReceiptId?: number | null;
  actorId: number | null;
  reason: string | null;
}

const takeOnHandStatement = preparedQuery<{ centreId: number; productId: number; quantity: number; now: string }>()((db, param) =>
  db
    .updateTable('centre_stock')
    .set((eb) => ({ on_hand: eb('on_hand', '-', param('quantity')), updated_at: param('now') }))
    .where('centre_id', '=', param('centreId'))
    .where('product_id', '=', param('productId'))
    .where((eb) => eb(eb('on_hand', '-', eb.ref('reserved')), '>=', param('quantity')))
    .returning(FIGURES),
);

const addOnHandStatement = preparedQuery<{ centreId: number; productId: number; quantity: number; now: string }>()((db, param) =>
  db
    .insertInto('centre_stock')
    .values({ centre_id: param('centreId'), product_id: param('productId'), on_hand: param('quantity'), reserved: 0, min_stock: 0, updated_at: param('now') })
    .onConflict((conflict) =>
      conflict.columns(['centre_id', 'product_id']).doUpdateSet((eb) => ({
        on_hand: eb('centre_stock.on_hand', '+', eb.ref('excluded.on_hand')),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning(FIGURES),
);

/**
 * Takes unreserved units off a location's shelf (a transfer out): ONE conditional UPDATE `on_hand −= q where
 * on_hand − reserved >= q` (what is promised to orders and parts requests stays), then a movement of −q of
 * `kind` (TRANSFER_OUT) with the transfer and the actor, then the low-stock check. When nothing was taken,
 * answers what is available and the product's name (the caller refuses with a 409).
 */
export async function takeOnHand(
  trx: Transaction<Database>,
  line: StockLine & LedgerEntry,
  clock: Clock = systemClock,
): Promise<{ taken: true; figures: StockFigures } | { taken: false; available: number; productName: string }> {
  assertQuantity(line);
  const now = clock.now().toISOString();
  const row = await takeOnHandStatement.first(trx, { centreId: line.centreId, productId: line.productId, quantity: line.quantity, now });
  if (!row) {
    const current = await stockWithName.first(trx, { centreId: line.centreId, productId: line.productId });
    if (!current) throw new StockInvariantError(`product ${line.productId} does not exist`);
    return { taken: false, available: Math.max(0, toNumber(current.on_hand) - toNumber(current.reserved)), productName: current.name };
  }
  const figures = figuresOf(row);
  await recordMovement(trx, {
    centreId: line.centreId,
    productId: line.productId,
    kind: line.kind,
    quantity: -line.quantity,
    onHandAfter: figures.onHand,
    partsRequestId: null,
    transferId: line.transferId,
    actorId: line.actorId,
    reason: line.reason,
    at: now,
  });
  await checkLowStock(trx, clock, line.centreId, line.productId, figures);
  return { taken: true, figures };
}

/**
 * Puts units on a location's shelf (a transfer received, an opening balance, a goods receipt): `on_hand += q` (the
 * stock row made if missing), a movement of +q of `kind` (TRANSFER_IN, OPENING, RECEIPT) with the transfer or
 * receipt and the actor, then the
 * low-stock check (arriving units may clear a crossing).
 */
export async function addOnHand(trx: Transaction<Database>, line: StockLine & LedgerEntry, clock: Clock = systemClock): Promise<StockFigures> {
  assertQuantity(line);
  const now = clock.now().toISOString();
  const row = await addOnHandStatement.first(trx, { centreId: line.centreId, productId: line.productId, quantity: line.quantity, now });
  const figures = figuresOf(row!);
  await recordMovement(trx, {
    centreId: line.centreId,
    productId: line.productId,
    kind: line.kind,
    quantity: line.quantity,
    onHandAfter: figures.onHand,
    partsRequestId: null,
    transferId: line.transferId,
    goodsReceiptId: line.goodsReceiptId ?? null,
    actorId: line.actorId,
    reason: line.reason,
    at: now,
  });
  await checkLowStock(trx, clock, line.centreId, line.productId, figures);
  return figures;
}

/**
 * Takes issued units back onto the shelf: `on_hand += q`, a RETURN movement (+q) with the parts request or the web
 * order (a parcel the carrier returned), the actor (null: the system) and the reason; then the low-stock check (a
 * return may clear the crossing). Throws StockInvariantError when the centre has no stock row for the product.
 */
export async function returnCentreStock(
  trx: Transaction<Database>,
  line: StockLine & ({ partsRequestId: number; orderId?: undefined } | { orderId: number; partsRequestId?: undefined }) & { actorId: number | null; reason: string | null },
  clock: Clock = systemClock,
): Promise<void> {
  assertQuantity(line);
  const now = clock.now().toISOString();
  const row = await returnStatement.first(trx, { centreId: line.centreId, productId: line.productId, quantity: line.quantity, now });
  if (!row) throw new StockInvariantError(`centre ${line.centreId} has no stock row of product ${line.productId} to return to`);
  const figures = figuresOf(row);
  await recordMovement(trx, {
    centreId: line.centreId,
    productId: line.productId,
    kind: 'RETURN',
    quantity: line.quantity,
    onHandAfter: figures.onHand,
    partsRequestId: line.partsRequestId ?? null,
    orderId: line.orderId ?? null,
    actorId: line.actorId,
    reason: line.reason,
    at: now,
  });
  await checkLowStock(trx, clock, line.centreId, line.productId, figures);
}

/**
 * The row of (centre, product), made empty if missing, and locked until the transaction ends (PostgreSQL: the
 * no-op update of `on conflict do update` takes the row lock; SQLite transactions are serialised anyway).
 */
const lockStockRow = preparedQuery<{ centreId: number; productId: number; now: string }>()((db, param) =>
  db
    .insertInto('centre_stock')
    .values({ centre_id: param('centreId'), product_id: param('productId'), on_hand: 0, reserved: 0, min_stock: 0, updated_at: param('now') })
    .onConflict((conflict) => conflict.columns(['centre_id', 'product_id']).doUpdateSet((eb) => ({ updated_at: eb.ref('excluded.updated_at') })))
    .returning(FIGURES),
);

const setOnHand = preparedQuery<{ centreId: number; productId: number; onHand: number; expected: number; now: string }>()((db, param) =>
  db
    .updateTable('centre_stock')
    .set({ on_hand: param('onHand'), updated_at: param('now') })
    .where('centre_id', '=', param('centreId'))
    .where('product_id', '=', param('productId'))
    .where('on_hand', '=', param('expected'))
    .where('reserved', '<=', param('onHand'))
    .returning(FIGURES),
);

const setMinStockStatement = preparedQuery<{ centreId: number; productId: number; minStock: number; now: string }>()((db, param) =>
  db
    .insertInto('centre_stock')
    .values({ centre_id: param('centreId'), product_id: param('productId'), on_hand: 0, reserved: 0, min_stock: param('minStock'), updated_at: param('now') })
    .onConflict((conflict) =>
      conflict.columns(['centre_id', 'product_id']).doUpdateSet((eb) => ({ min_stock: eb.ref('excluded.min_stock'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .returning(FIGURES),
);

/**
 * Locks the stock row of (centre, product) until the transaction ends, made empty if missing (a stock count of a
 * product never held there); answers its figures. The count's first step: the caller checks the counted quantity
 * against them, then countOnHand.
 */
export async function lockCentreStock(trx: Db, line: { centreId: number; productId: number; at: string }): Promise<StockFigures> {
  return figuresOf((await lockStockRow.first(trx, { centreId: line.centreId, productId: line.productId, now: line.at }))!);
}

/**
 * A stock count (the row locked by lockCentreStock, `before` its figures then): on_hand set to the counted quantity,
 * an ADJUST movement of the difference with the reason, then the low-stock check.
 */
export async function countOnHand(
  trx: Db,
  count: { centreId: number; productId: number; counted: number; before: StockFigures; actorId: number; reason: string; at: string },
  clock: Clock = systemClock,
): Promise<StockFigures> {
  const row = await setOnHand.first(trx, { centreId: count.centreId, productId: count.productId, onHand: count.counted, expected: count.before.onHand, now: count.at });
  // The row is locked since lockCentreStock: it cannot have changed in between.
  if (!row) throw new Error(`centre_stock (${count.centreId}, ${count.productId}) changed under its lock`);
  const after = figuresOf(row);
  await recordMovement(trx, {
    centreId: count.centreId,
    productId: count.productId,
    kind: 'ADJUST',
    quantity: after.onHand - count.before.onHand,
    onHandAfter: after.onHand,
    partsRequestId: null,
    actorId: count.actorId,
    reason: count.reason,
    at: count.at,
  });
  await checkLowStock(trx, clock, count.centreId, count.productId, after);
  return after;
}

/** The low-stock threshold of a product at a location (the row made if missing), then the low-stock check. */
export async function setMinStockAt(trx: Db, line: { centreId: number; productId: number; minStock: number; at: string }, clock: Clock = systemClock): Promise<void> {
  const figures = figuresOf((await setMinStockStatement.first(trx, { centreId: line.centreId, productId: line.productId, minStock: line.minStock, now: line.at }))!);
  await checkLowStock(trx, clock, line.centreId, line.productId, figures, true);
}

export interface Availability {
  onHand: number;
  reserved: number;
  available: number;
}

/** on_hand, reserved and available (on_hand − reserved) of each product at a centre; a product without a row answers 0/0/0. */
export async function centreAvailability(db: Kysely<Database> | Transaction<Database>, centreId: number, productIds: number[]): Promise<Map<number, Availability>> {
  const result = new Map<number, Availability>();
  const ids = [...new Set(productIds)];
  for (const id of ids) result.set(id, { onHand: 0, reserved: 0, available: 0 });
  if (ids.length === 0) return result;
  const rows = await db
    .selectFrom('centre_stock')
    .select(['product_id', 'on_hand', 'reserved'])
    .where('centre_id', '=', centreId)
    .where('product_id', 'in', ids)
    .execute();
  for (const row of rows) {
    const onHand = toNumber(row.on_hand);
    const reserved = toNumber(row.reserved);
    result.set(row.product_id, { onHand, reserved, available: onHand - reserved });
  }
  return result;
}
