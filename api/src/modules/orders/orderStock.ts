import type { Kysely, Transaction } from 'kysely';
import type { OrderStatus } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import { issueCentreStock, releaseCentreStock, reserveCentreStock } from '../stockLocations';
import { orderMessages } from './orderMessages';

type Db = Kysely<Database>;

/**
 * A web order's stock (shop-operations §3): its product units are reserved at its location when it is placed
 * (orders.stock_location_id: the pick-up centre, or the location that ships online orders), issued through the
 * ledger (ISSUE with the order) when it ships or is handed over, released when it is cancelled (by the customer,
 * the desk or the payment expiry). Web orders, parts requests and transfers draw on the same centre_stock row, so
 * the last unit goes once whichever channel asks.
 */

/** After these statuses the units have left the shelf (issued); before them (and not cancelled) they are reserved. */
const ISSUED: ReadonlySet<string> = new Set<OrderStatus>(['SHIPPING', 'DELIVERED', 'COMPLETED']);
const holds = (status: string): boolean => status !== 'CANCELLED' && !ISSUED.has(status);

interface ProductQuantity {
  refId: number;
  name: string;
  quantity: number;
}

/**
 * Reserves every product line at `location` (products in id order: concurrent orders lock rows in one order);
 * the first line short refuses the whole order with 409 OUT_OF_STOCK naming the product and, for a pick-up, the
 * centre. Runs inside the order's transaction (its rollback gives back what was reserved before the refusal).
 */
export async function reserveOrderStock(trx: Db, location: { id: number; pickupName: string | null }, lines: readonly ProductQuantity[], clock: Clock): Promise<void> {
  const sorted = [...lines].sort((a, b) => a.refId - b.refId);
  for (const line of sorted) {
    const outcome = await reserveCentreStock(trx as Transaction<Database>, { centreId: location.id, productId: line.refId, quantity: line.quantity }, clock);
    if (outcome.reserved) continue;
    const { available } = outcome;
    const message = location.pickupName
      ? available > 0
        ? orderMessages.onlyLeftAt(line.name, available, location.pickupName)
        : orderMessages.outOfStockAt(line.name, location.pickupName)
      : available > 0
        ? orderMessages.onlyLeft(line.name, available)
        : orderMessages.outOfStock(line.name);
    throw new AppError(409, ERROR_CODES.OUT_OF_STOCK, message);
  }
}

async function productLines(trx: Db, orderId: number): Promise<Array<{ ref_id: number; quantity: number }>> {
  return trx.selectFrom('order_lines').select(['ref_id', 'quantity']).where('order_id', '=', orderId).where('kind', '=', 'product').orderBy('ref_id').execute();
}

/**
 * What a status change does to the order's stock, inside its transaction: from a holding status to SHIPPING,
 * DELIVERED or COMPLETED issues the reserved units (an ISSUE movement with the order and the actor); to
 * CANCELLED releases them; a cancelled order reopened (a late payment matched to it) reserves them again, or is
 * refused with 409 OUT_OF_STOCK. Orders without a location (packages only) hold nothing.
 */
export async function settleOrderStock(trx: Db, before: Pick<OrderRow, 'status'>, after: OrderRow, actorId: number | null, clock: Clock): Promise<void> {
  const locationId = after.stock_location_id;
  if (locationId === null) return;
  if (before.status === 'CANCELLED' && holds(after.status)) {
    const lines = await trx
      .selectFrom('order_lines')
      .select(['ref_id as refId', 'name', 'quantity'])
      .where('order_id', '=', after.id)
      .where('kind', '=', 'product')
      .execute();
    const pickup = after.fulfilment_method === 'pickup' ? await trx.selectFrom('service_centres').select('name').where('id', '=', locationId).executeTakeFirst() : undefined;
    await reserveOrderStock(trx, { id: locationId, pickupName: pickup?.name ?? null }, lines, clock);
    return;
  }
  if (!holds(before.status) || holds(after.status)) return;
  const tx = trx as Transaction<Database>;
  for (const line of await productLines(trx, after.id)) {
    const stockLine = { centreId: locationId, productId: line.ref_id, quantity: line.quantity };
    if (after.status === 'CANCELLED') await releaseCentreStock(tx, stockLine, clock);
    else await issueCentreStock(tx, { ...stockLine, orderId: after.id, actorId }, clock);
  }
}
