import type { Kysely, Transaction } from 'kysely';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import { AppErrorWithData } from '../../http/dataErrors';
import { inventoryMessages } from './inventoryMessages';
import { countOnHand, lockCentreStock, setMinStockAt, warehouseId } from '../stockLocations';
import { receiveTransferAtOnce } from '../stockTransfers';

/**
 * The manager's writes to a centre's stock, each inside the caller's transaction (all or nothing):
 *
 * - receive: a stock transfer from the online warehouse, received at once (the transfers' receiveTransferAtOnce:
 *   a stock_transfers row RECEIVED and its lines): each product taken off the warehouse's shelf by `on_hand −= q where on_hand − reserved >= q` in
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
 * back). 404 PRODUCT_NOT_FOUND, 422 PRODUCT_UNAVAILABLE (not sold any more), 409 TRANSFER_INSUFFICIENT_STOCK
 * (the transfers' one refusal of a shortage, with what is available). Returns the product ids received, ascending.
 */
export async function receiveStock(trx: Db, clock: Clock, request: ReceiveRequest): Promise<number[]> {
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
  const fieldOf = (productId: number) => `lines.${request.lines.findIndex((line) => line.productId === productId)}.quantity`;
  await receiveTransferAtOnce(trx as Transaction<Database>, clock, { fromLocationId: warehouse, toLocationId: request.centreId, lines, note: request.note, actorId: request.actorId }, fieldOf);
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
  const before = await lockCentreStock(trx, { centreId: request.centreId, productId: request.productId, at: now });
  if (request.newOnHand < before.reserved) {
    const message = inventoryMessages.adjustBelowReserved(before.reserved);
    throw new AppErrorWithData(422, ERROR_CODES.ADJUST_BELOW_RESERVED, message, { reserved: before.reserved, onHand: before.onHand }, [
      { field: 'newOnHand', message },
    ]);
  }
  if (request.newOnHand === before.onHand) {
    throw new AppError(422, ERROR_CODES.ADJUST_NO_CHANGE, inventoryMessages.adjustNoChange, [{ field: 'newOnHand', message: inventoryMessages.adjustNoChange }]);
  }
  await countOnHand(trx, { centreId: request.centreId, productId: request.productId, counted: request.newOnHand, before, actorId: request.actorId, reason: request.reason, at: now }, clock);
}

/** The low-stock threshold of a product at a centre (the row made if missing); 404 PRODUCT_NOT_FOUND. */
export async function setMinStock(trx: Db, clock: Clock, centreId: number, productId: number, minStock: number): Promise<void> {
  const now = clock.now().toISOString();
  await assertProductExists(trx, productId);
  await setMinStockAt(trx, { centreId, productId, minStock, at: now }, clock);
}
