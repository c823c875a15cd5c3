import type { Kysely, Transaction } from 'kysely';
import { toNumber } from '../src/db/portable';
import type { Database } from '../src/db/schema';
import { addOnHand, issueCentreStock, reserveCentreStock, warehouseId } from '../src/modules/stockLocations';
import { OPENING_BALANCE_REASON } from './centreInventory';

/** Statuses whose units are still on the shelf, reserved for the order. */
const HOLDING = ['PENDING_PAYMENT', 'PLACED', 'CONFIRMED', 'PACKED', 'READY_FOR_PICKUP'] as const;
/** Statuses whose units have left: shipped or handed over. */
const ISSUED = ['SHIPPING', 'DELIVERED', 'COMPLETED'] as const;
/** The desk demo's orders (webOrderDesk.ts) issue through the ledger; older history stays before the one inventory. */
const DESK_DEMO_KEYS = 'seed-web-desk-%';

/**
 * The seeded web orders' stock, as checkout and the desk would have left it (shop-operations §3): every seeded
 * order with product lines and no stock location yet that still holds its units (not shipped, handed over or
 * cancelled) gets its location (the pick-up centre, else the warehouse) and its units reserved there; the desk
 * demo's shipped and handed-over orders have them issued (an ISSUE with the order), its cancelled ones their
 * location only (released). A shelf short of the units
 * gets them first as an opening balance ('Tồn đầu kỳ'), so the ledger replays balanced. The shop's history (orders
 * completed or cancelled days ago) keeps no location: it predates the one inventory. Idempotent: an order with a
 * location is left alone. Answers how many orders have a stock location (the same on a second run).
 */
export async function seedOrderStock(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const warehouse = await warehouseId(db);
  if (warehouse === null) return 0;
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'status', 'fulfilment_method', 'centre_id', 'user_id'])
    .where('stock_location_id', 'is', null)
    .where((eb) => eb.or([eb('status', 'in', HOLDING), eb('idempotency_key', 'like', DESK_DEMO_KEYS)]))
    .where((eb) => eb.exists(eb.selectFrom('order_lines').select('order_lines.id').whereRef('order_lines.order_id', '=', 'orders.id').where('order_lines.kind', '=', 'product')))
    .orderBy('id')
    .execute();
  const clock = { now: () => now };
  const trx = db as Transaction<Database>;
  for (const order of orders) {
    const location = order.fulfilment_method === 'pickup' && order.centre_id !== null ? order.centre_id : warehouse;
    // A cancelled order released what it held: its location only.
    const lines = order.status === 'CANCELLED' ? [] : await db.selectFrom('order_lines').select(['ref_id', 'quantity']).where('order_id', '=', order.id).where('kind', '=', 'product').orderBy('ref_id').execute();
    for (const line of lines) {
      const quantity = toNumber(line.quantity);
      const stockLine = { centreId: location, productId: line.ref_id, quantity };
      const reserved = await reserveCentreStock(trx, stockLine, clock);
      if (!reserved.reserved) {
        await addOnHand(trx, { ...stockLine, quantity: quantity - reserved.available, kind: 'ADJUST', transferId: null, actorId: null, reason: OPENING_BALANCE_REASON }, clock);
        const again = await reserveCentreStock(trx, stockLine, clock);
        if (!again.reserved) throw new Error(`seed: could not reserve product ${line.ref_id} for order ${order.id}`);
      }
      if ((ISSUED as readonly string[]).includes(order.status)) await issueCentreStock(trx, { ...stockLine, orderId: order.id, actorId: null }, clock);
    }
    await db.updateTable('orders').set({ stock_location_id: location }).where('id', '=', order.id).execute();
  }
  const located = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where('stock_location_id', 'is not', null).executeTakeFirstOrThrow();
  return toNumber(located.n);
}
