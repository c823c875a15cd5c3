import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { warehouseId } from '../stockLocations';
import { shippingCentreId } from './deskCentre';

/** Where a new order's units and desk are when it is not picked up: the shipping location and the shipping desk. */
export interface OrderLocations {
  warehouse: number | null;
  shippingDesk: number | null;
}

const kept = new WeakMap<Kysely<Database>, { warehouse: number; firstCentre: number }>();

/**
 * Read before an order's transaction, not inside it (it held SQLite's one connection for two more statements).
 * Stock locations are written by migrations and the seed only, never by the API, so once both are found they are
 * kept per database; a missing one is asked again. SHIPPING_CENTRE_ID, when set, is the shipping desk.
 */
export async function orderLocations(db: Kysely<Database>, config: Pick<Config, 'shippingCentreId'>): Promise<OrderLocations> {
  let found = kept.get(db);
  if (!found) {
    const [warehouse, firstCentre] = await Promise.all([warehouseId(db), shippingCentreId(db, { shippingCentreId: null })]);
    if (warehouse === null || firstCentre === null) return { warehouse, shippingDesk: config.shippingCentreId ?? firstCentre };
    found = { warehouse, firstCentre };
    kept.set(db, found);
  }
  return { warehouse: found.warehouse, shippingDesk: config.shippingCentreId ?? found.firstCentre };
}
