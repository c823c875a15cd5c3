import type { Kysely } from 'kysely';
import { toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import { AppErrorWithData } from '../../http/dataErrors';
import { recordMovement } from './centreStockMoves';
import { InventoryErrorCodes, inventoryMessages } from './inventoryMessages';
import { checkLowStock, type StockFigures } from './lowStockAlerts';

/**
 * The manager's writes to a centre's stock, each inside the caller's transaction (all or nothing):
 *
 * - receive: products taken from the online warehouse by `update products set stock = stock − q where id = ?
 *   and stock >= q and is_active = 1` in ascending product id (the order checkout locks them in, so the two
 *   never wait for each other in a cycle; spec §4 rule 10: neither can oversell), then on_hand += q per
 *   product (ascending), a RECEIVE movement each;
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

/** Takes `quantity` from the online warehouse if that much is left and the product is on sale: 1 row, else 0. */
const takeFromWarehouse = preparedQuery<{ id: number; quantity: number; now: string }>()((db, param) =>
  db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', param('quantity')), updated_at: param('now') }))
    .where('id', '=', param('id'))
    .where('stock', '>=', param('quantity'))
    .where('is_active', '=', 1),
);

/** on_hand += q (the row made if missing), the figures after. */
const addOnHand = preparedQuery<{ centreId: number; productId: number; quantity: number; now: string }>()((db, param) =>
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
    throw new AppError(404, InventoryErrorCodes.PRODUCT_NOT_FOUND, inventoryMessages.productNotFound, [{ field: 'productId', message: inventoryMessages.productNotFound }]);
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
    (await trx.selectFrom('products').select(['id', 'name', 'is_active', 'stock']).where('id', 'in', ids).execute()).map((row) => [row.id, row]),
  );
  lines.forEach((line) => {
    const product = products.get(line.productId);
    const field = `lines.${request.lines.indexOf(line)}.productId`;
    if (!product) throw new AppError(404, InventoryErrorCodes.PRODUCT_NOT_FOUND, inventoryMessages.productNotFound, [{ field, message: inventoryMessages.productNotFound }]);
    if (toNumber(product.is_active) !== 1) {
      const message = inventoryMessages.productUnavailable(product.name);
      throw new AppErrorWithData(422, InventoryErrorCodes.PRODUCT_UNAVAILABLE, message, { productId: product.id }, [{ field, message }]);
    }
  });

  // The online warehouse first, in ascending product id (as checkout): never oversold.
  for (const line of lines) {
    const taken = await takeFromWarehouse.execute(trx, { id: line.productId, quantity: line.quantity, now });
    if (Number(taken.numAffectedRows ?? 0) === 1) continue;
    const current = await trx.selectFrom('products').select(['name', 'stock', 'is_active']).where('id', '=', line.productId).executeTakeFirstOrThrow();
    const field = `lines.${request.lines.indexOf(line)}.quantity`;
    if (toNumber(current.is_active) !== 1) {
      const message = inventoryMessages.productUnavailable(current.name);
      throw new AppErrorWithData(422, InventoryErrorCodes.PRODUCT_UNAVAILABLE, message, { productId: line.productId }, [{ field, message }]);
    }
    const remaining = toNumber(current.stock);
    const message = inventoryMessages.insufficientWarehouse(current.name, remaining);
    throw new AppErrorWithData(409, InventoryErrorCodes.INSUFFICIENT_WAREHOUSE_STOCK, message, { productId: line.productId, remaining }, [{ field, message }]);
  }

  for (const line of lines) {
    const figures = figuresOf((await addOnHand.first(trx, { centreId: request.centreId, productId: line.productId, quantity: line.quantity, now }))!);
    await recordMovement(trx, {
      centreId: request.centreId,
      productId: line.productId,
      kind: 'RECEIVE',
      quantity: line.quantity,
      onHandAfter: figures.onHand,
      partsRequestId: null,
      actorId: request.actorId,
      reason: request.note,
      at: now,
    });
    await checkLowStock(trx, clock, request.centreId, line.productId, figures);
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
    throw new AppErrorWithData(422, InventoryErrorCodes.ADJUST_BELOW_RESERVED, message, { reserved: before.reserved, onHand: before.onHand }, [
      { field: 'newOnHand', message },
    ]);
  }
  if (request.newOnHand === before.onHand) {
    throw new AppError(422, InventoryErrorCodes.ADJUST_NO_CHANGE, inventoryMessages.adjustNoChange, [{ field: 'newOnHand', message: inventoryMessages.adjustNoChange }]);
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
  await checkLowStock(trx, clock, centreId, productId, figures);
}
