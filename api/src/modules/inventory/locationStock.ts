import type { Kysely } from 'kysely';
import { ERROR_CODES, type ProductStock, type StockLocation } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { inventoryMessages } from './inventoryMessages';

/**
 * The stock locations a caller may see (an admin: every one, the warehouses first; a manager or staff member:
 * their own centre) and one product's stock at each of them.
 */

type Db = Kysely<Database>;

/** The locations of `scope`: warehouses first (the online one, what the shop sells from), then centres by name. */
export async function visibleLocations(db: Db, scope: CentreScope): Promise<StockLocation[]> {
  const rows = await db
    .selectFrom('service_centres')
    .select(['id', 'name', 'kind', 'ships_online', 'city'])
    .$if(scope.centreId !== null, (query) => query.where('id', '=', scope.centreId!))
    .orderBy('ships_online', 'desc')
    .orderBy('kind', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind === 'WAREHOUSE' ? 'WAREHOUSE' : 'SERVICE_CENTRE',
    shipsOnline: toNumber(row.ships_online) === 1,
    city: row.city,
  }));
}

/** GET /api/inventory/products/:productId/stock: every visible location, 0 where it holds no row. 404 unknown product. */
export async function productStock(db: Db, scope: CentreScope, productId: number): Promise<ProductStock> {
  const product = await db.selectFrom('products').select(['id', 'sku', 'name']).where('id', '=', productId).executeTakeFirst();
  if (!product) throw new AppError(404, ERROR_CODES.PRODUCT_NOT_FOUND, inventoryMessages.productNotFound);
  const [locations, rows] = await Promise.all([
    visibleLocations(db, scope),
    db
      .selectFrom('centre_stock')
      .select(['centre_id', 'on_hand', 'reserved', 'min_stock'])
      .where('product_id', '=', productId)
      .$if(scope.centreId !== null, (query) => query.where('centre_id', '=', scope.centreId!))
      .execute(),
  ]);
  const byLocation = new Map(rows.map((row) => [row.centre_id, row]));
  const totals = { onHand: 0, reserved: 0, available: 0 };
  const perLocation = locations.map((location) => {
    const row = byLocation.get(location.id);
    const onHand = toNumber(row?.on_hand);
    const reserved = toNumber(row?.reserved);
    const available = onHand - reserved;
    totals.onHand += onHand;
    totals.reserved += reserved;
    totals.available += available;
    return { centreId: location.id, name: location.name, kind: location.kind, shipsOnline: location.shipsOnline, onHand, reserved, available, minStock: toNumber(row?.min_stock) };
  });
  return { productId: product.id, sku: product.sku, productName: product.name, locations: perLocation, totals };
}
