import { sql, type Kysely, type RawBuilder } from 'kysely';
import { inChunks } from '../../db/chunks';
import { toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { systemClock, type Clock } from '../../security/clock';
import { recordMovement, recordMovements } from './centreStockMoves';

/**
 * Online availability of a product (shop-operations §3): Σ(on_hand − reserved) over the stock locations that
 * ship online orders. What the shop shows as a product's `stock` (cart, catalogue, the list's read model, search,
 * the admin's product list). `productId` is the SQL reference of the product's id ('products.id', 'p.id').
 */
export function onlineStock(productId: string): RawBuilder<number> {
  return sql<number>`coalesce((select sum(online_stock.on_hand - online_stock.reserved) from centre_stock online_stock
    where online_stock.product_id = ${sql.ref(productId)}
      and online_stock.centre_id in (select id from service_centres where ships_online = 1)), 0)`;
}

/** The location shipped orders take their units from: the ships_online location of lowest id (null: none). */
export async function warehouseId(db: Kysely<Database>): Promise<number | null> {
  const row = await shippingLocation.first(db, {});
  return row?.id ?? null;
}

// Compiled once (preparedQuery): asked by every stock count and opening balance.
const shippingLocation = preparedQuery<Record<string, never>>()((db) => db.selectFrom('service_centres').select('id').where('ships_online', '=', 1).orderBy('id').limit(1));

/** What one location has available (on_hand − reserved, at least 0) of each product; a product it never held: 0. */
export async function availableAt(db: Kysely<Database>, centreId: number, productIds: readonly number[]): Promise<Map<number, number>> {
  const available = new Map<number, number>(productIds.map((id) => [id, 0]));
  if (productIds.length === 0) return available;
  const rows = await db
    .selectFrom('centre_stock')
    .select(['product_id', 'on_hand', 'reserved'])
    .where('centre_id', '=', centreId)
    .where('product_id', 'in', [...productIds])
    .execute();
  for (const row of rows) available.set(row.product_id, Math.max(0, toNumber(row.on_hand) - toNumber(row.reserved)));
  return available;
}

export const onlineStockMessages = {
  opening: 'Số dư đầu kỳ',
  counted: 'Kiểm kê kho online',
} as const;

/**
 * Sets what the warehouse has available of a product (on_hand = reserved + `available`): a product's first stock
 * is an OPENING movement, a later change an ADJUST of the difference (a stock count). For the catalogue's writers
 * (a new product's initial stock, the back office's stock count) and the seed; inside a transaction of its own
 * unless given one.
 */
export async function setWarehouseStock(db: Kysely<Database>, productId: number, available: number, clock: Clock = systemClock): Promise<void> {
  if (!Number.isSafeInteger(available) || available < 0) throw new RangeError('stock must be a non-negative integer');
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => setWarehouseStock(trx, productId, available, clock));
    return;
  }
  const location = await warehouseId(db);
  if (location === null) throw new Error('no stock location ships online orders');
  const now = clock.now().toISOString();
  await db
    .insertInto('centre_stock')
    .values({ centre_id: location, product_id: productId, on_hand: 0, reserved: 0, min_stock: 0, updated_at: now })
    .onConflict((conflict) => conflict.columns(['centre_id', 'product_id']).doNothing())
    .execute();
  const row = await db
    .updateTable('centre_stock')
    .set((eb) => ({ on_hand: eb('reserved', '+', available), updated_at: now }))
    .where('centre_id', '=', location)
    .where('product_id', '=', productId)
    .returning(['on_hand', 'reserved'])
    .executeTakeFirstOrThrow();
  const onHand = toNumber(row.on_hand);
  // What on_hand was: the ledger's last on_hand_after (0 before the first movement).
  const last = await db
    .selectFrom('stock_movements')
    .select('on_hand_after')
    .where('centre_id', '=', location)
    .where('product_id', '=', productId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const difference = onHand - toNumber(last?.on_hand_after);
  if (difference === 0) return;
  const opening = last === undefined && difference > 0;
  await recordMovement(db, {
    centreId: location,
    productId,
    kind: opening ? 'OPENING' : 'ADJUST',
    quantity: difference,
    onHandAfter: onHand,
    partsRequestId: null,
    actorId: null,
    reason: opening ? onlineStockMessages.opening : onlineStockMessages.counted,
    at: now,
  });
}

/**
 * The opening balances of products that never held stock in the warehouse (the seed's new products): their rows and
 * OPENING movements, as setWarehouseStock writes them, in bounded statements. A product already stocked is left alone.
 */
export async function openWarehouseStock(db: Kysely<Database>, openings: readonly { productId: number; available: number }[], clock: Clock = systemClock): Promise<void> {
  const stocked = openings.filter((opening) => opening.available > 0);
  if (stocked.length === 0) return;
  for (const opening of stocked) if (!Number.isSafeInteger(opening.available)) throw new RangeError('stock must be a non-negative integer');
  const location = await warehouseId(db);
  if (location === null) throw new Error('no stock location ships online orders');
  const now = clock.now().toISOString();
  await inChunks(stocked, async (chunk) => {
    const opened = await db
      .insertInto('centre_stock')
      .values(chunk.map((opening) => ({ centre_id: location, product_id: opening.productId, on_hand: opening.available, reserved: 0, min_stock: 0, updated_at: now })))
      .onConflict((conflict) => conflict.columns(['centre_id', 'product_id']).doNothing())
      .returning('product_id')
      .execute();
    const fresh = new Set(opened.map((row) => row.product_id));
    const movements = chunk.filter((opening) => fresh.has(opening.productId));
    if (movements.length === 0) return;
    await recordMovements(
      db,
      movements.map((opening) => ({
        centreId: location,
        productId: opening.productId,
        kind: 'OPENING' as const,
        quantity: opening.available,
        onHandAfter: opening.available,
        partsRequestId: null,
        actorId: null,
        reason: onlineStockMessages.opening,
        at: now,
      })),
    );
  });
}
