import type { Kysely, Transaction } from 'kysely';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import { AppErrorWithData } from '../../http/dataErrors';
import { addOnHand, recordMovement, takeOnHand } from './centreStockMoves';
import { inventoryMessages } from './inventoryMessages';
import { checkLowStock, type StockFigures } from './lowStockAlerts';
import { warehouseId } from '../stockLocations';

/**
 * The manager's writes to a centre's stock, each inside the caller's transaction (all or nothing):
 *
 * - receive: a stock transfer from the online warehouse, received at once (a stock_transfers row RECEIVED and its
 *   lines): each product taken off the warehouse's shelf by `on_hand −= q where on_hand − reserved >= q` in
 *   ascending product id (what web orders reserved there stays; the order checkout locks rows in, so the two
 *   never wait for each other in a cycle: neither can oversell), a TRANSFER_OUT movement each, then on_hand += q
 *   at the centre with a TRANSFER_IN movement each;
 * - adjust: a stock-take sets on_hand to the counted quantity (never below reserved), an ADJUST movement
 *   of the difference with the reason;
 * - min stock: the low-stock threshold.
 * Each ends with the low-stock check of what it changed.
 */

type Db = Kysely<Database>;

export interface ReceiveLine {
  productId: number;
  quantity: number;
}

const FIGURES = ['on_hand', 'reserved', 'min_stock'] as const;

function figuresOf(row: { on_hand: number | string; reserved: number | string; min_stock: number | string }): StockFigures {
  return { onHand: toNumber(row.on_hand), reserved: toNumber(row.reserved), minStock: toNumber(row.min_stock) };
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

const productExists = preparedQuery<{ id: number }>()((db, param) => db.selectFrom('products').select('id').where('id', '=', param('id')));

async function assertProductExists(trx: Db, productId: number): Promise<void> {
  if (!(await productExists.first(trx, { id: productId }))) {
    throw new AppError(404, ERROR_CODES.PRODUCT_NOT_FOUND, inventoryMessages.productNotFound, [{ field: 'productId', message: inventoryMessages.productNotFound }]);
  }
}

export interface ReceiveRequest {
  centreId: number;
  lines: readonly ReceiveLine[];
  actorId: number;
  note: string | null;
}

/**
 * Receives several products from the online warehouse into a centre (inside `trx`; an error rolls every line
 * back). 404 PRODUCT_NOT_FOUND, 422 PRODUCT_UNAVAILABLE (not sold any more), 409 INSUFFICIENT_WAREHOUSE_STOCK
 * (with the remaining count). Returns the product ids received, ascending.
 */
export async function receiveStock(trx: Db, clock: Clock, request: ReceiveRequest): Promise<number[]> {
  const now = clock.now().toISOString();
  const lines = [...request.lines].sort((a, b) => a.productId - b.productId);
  const ids = lines.map((line) => line.productId);
  const products = new Map(
    (await trx.selectFrom('products').select(['id', 'name', 'is_active']).where('id', 'in', ids).execute()).map((row) => [row.id, row]),
  );
  lines.forEach((line) => {
    const product = products.get(line.productId);
    const field = `lines.${request.lines.indexOf(line)}.productId`;
    if (!product) throw new AppError(404, ERROR_CODES.PRODUCT_NOT_FOUND, inventoryMessages.productNotFound, [{ field, message: inventoryMessages.productNotFound }]);
    if (toNumber(product.is_active) !== 1) {
      const message = inventoryMessages.productUnavailable(product.name);
      throw new AppErrorWithData(422, ERROR_CODES.PRODUCT_UNAVAILABLE, message, { productId: product.id }, [{ field, message }]);
    }
  });

  // One transfer, received at once: the warehouse's units first, in ascending product id (as checkout locks them:
  // never oversold, never waiting in a cycle), then the centre's.
  const warehouse = await warehouseId(trx);
  if (warehouse === null || warehouse === request.centreId) {
    throw new AppError(422, ERROR_CODES.PRODUCT_UNAVAILABLE, inventoryMessages.noWarehouse, [{ field: 'centreId', message: inventoryMessages.noWarehouse }]);
  }
  const transfer = await trx
    .insertInto('stock_transfers')
    .values({
      from_location_id: warehouse,
      to_location_id: request.centreId,
      status: 'RECEIVED',
      note: request.note,
      created_by: request.actorId,
      created_at: now,
      received_by: request.actorId,
      received_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('stock_transfer_lines').values(lines.map((line) => ({ transfer_id: transfer.id, product_id: line.productId, quantity: line.quantity }))).execute();
  const tx = trx as Transaction<Database>;
  const entry = { transferId: transfer.id, actorId: request.actorId, reason: request.note };
  for (const line of lines) {
    const taken = await takeOnHand(tx, { centreId: warehouse, productId: line.productId, quantity: line.quantity, kind: 'TRANSFER_OUT', ...entry }, clock);
    if (taken.taken) continue;
    const field = `lines.${request.lines.indexOf(line)}.quantity`;
    const remaining = taken.available;
    const message = inventoryMessages.insufficientWarehouse(taken.productName, remaining);
    throw new AppErrorWithData(409, ERROR_CODES.INSUFFICIENT_WAREHOUSE_STOCK, message, { productId: line.productId, remaining }, [{ field, message }]);
  }
  for (const line of lines) {
    await addOnHand(tx, { centreId: request.centreId, productId: line.productId, quantity: line.quantity, kind: 'TRANSFER_IN', ...entry }, clock);
  }
  return ids;
}

export interface AdjustRequest {
  centreId: number;
  productId: number;
  /** The counted quantity. */
  newOnHand: number;
  reason: string;
  actorId: number;
}

/**
 * A stock-take (inside `trx`): on_hand set to the counted quantity, an ADJUST movement of the difference with
 * the reason. 404 PRODUCT_NOT_FOUND; 422 ADJUST_BELOW_RESERVED (fewer than what parts requests hold),
 * 422 ADJUST_NO_CHANGE (the same as on hand: a movement of 0 means nothing).
 */
export async function adjustStock(trx: Db, clock: Clock, request: AdjustRequest): Promise<void> {
  const now = clock.now().toISOString();
  await assertProductExists(trx, request.productId);
  const before = figuresOf((await lockStockRow.first(trx, { centreId: request.centreId, productId: request.productId, now }))!);
  if (request.newOnHand < before.reserved) {
    const message = inventoryMessages.adjustBelowReserved(before.reserved);
    throw new AppErrorWithData(422, ERROR_CODES.ADJUST_BELOW_RESERVED, message, { reserved: before.reserved, onHand: before.onHand }, [
      { field: 'newOnHand', message },
    ]);
  }
  if (request.newOnHand === before.onHand) {
    throw new AppError(422, ERROR_CODES.ADJUST_NO_CHANGE, inventoryMessages.adjustNoChange, [{ field: 'newOnHand', message: inventoryMessages.adjustNoChange }]);
  }
  const row = await setOnHand.first(trx, { centreId: request.centreId, productId: request.productId, onHand: request.newOnHand, expected: before.onHand, now });
  // The row is locked since lockStockRow: it cannot have changed in between.
  if (!row) throw new Error(`centre_stock (${request.centreId}, ${request.productId}) changed under its lock`);
  const after = figuresOf(row);
  await recordMovement(trx, {
    centreId: request.centreId,
    productId: request.productId,
    kind: 'ADJUST',
    quantity: after.onHand - before.onHand,
    onHandAfter: after.onHand,
    partsRequestId: null,
    actorId: request.actorId,
    reason: request.reason,
    at: now,
  });
  await checkLowStock(trx, clock, request.centreId, request.productId, after);
}

/** The low-stock threshold of a product at a centre (the row made if missing); 404 PRODUCT_NOT_FOUND. */
export async function setMinStock(trx: Db, clock: Clock, centreId: number, productId: number, minStock: number): Promise<void> {
  const now = clock.now().toISOString();
  await assertProductExists(trx, productId);
  const figures = figuresOf((await setMinStockStatement.first(trx, { centreId, productId, minStock, now }))!);
  await checkLowStock(trx, clock, centreId, productId, figures, true);
}
