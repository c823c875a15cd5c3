import { sql, type Kysely } from 'kysely';
import { foldedWords, foldVietnamese, type PartsProduct } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { CentreScope } from '../../security/centreScope';
import { centreAvailability } from '../stockLocations';
import { orderInScope, notAssigned } from '../serviceOrders';

/**
 * GET /service-orders/:id/parts?q=&limit=: the parts a technician can ask for on an order — active products
 * whose folded text has every word typed, the ones compatible with the order's vehicle first (its brand and
 * model, e.g. 'VinFast VF 8', is one of the product's compatible models: products.models_search holds them
 * folded, ' | ' between them), then those made for its vehicle type, then the best sellers; each with what the
 * order's centre has of it (on hand, reserved, available).
 */
export async function searchPartsForOrder(db: Kysely<Database>, scope: CentreScope, orderId: number, query: { q?: string; limit?: number }): Promise<PartsProduct[]> {
  const order = await orderInScope(db, scope, orderId);
  if (scope.role === 'technician' && order.technician_id !== scope.userId) throw notAssigned();
  const model = foldVietnamese(`${order.vehicle_brand} ${order.vehicle_model}`);
  // Folded text holds only letters, digits and spaces: nothing to escape in the LIKE patterns.
  const compatible = sql<number>`case when (' | ' || products.models_search || ' | ') like ${`% | ${model} | %`} then 1 else 0 end`;
  const madeForType = sql<number>`case when products.vehicle_types like ${`%"${order.vehicle_type}"%`} then 1 else 0 end`;
  let products = db
    .selectFrom('products')
    .select(['products.id', 'products.sku', 'products.name', 'products.price', compatible.as('compatible')])
    .where('products.is_active', '=', 1);
  for (const word of foldedWords(query.q ?? '').slice(0, 8)) products = products.where('products.search_text', 'like', `%${word}%`);
  const rows = await products
    .orderBy(compatible, 'desc')
    .orderBy(madeForType, 'desc')
    .orderBy('products.sales_count', 'desc')
    .orderBy('products.id')
    .limit(query.limit ?? 20)
    .execute();
  const availability = await centreAvailability(
    db,
    order.centre_id,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const figures = availability.get(row.id) ?? { onHand: 0, reserved: 0, available: 0 };
    return {
      id: row.id,
      sku: row.sku,
      name: row.name,
      price: row.price,
      compatible: Number(row.compatible) === 1,
      availability: { onHand: figures.onHand, reserved: figures.reserved, available: Math.max(0, figures.available) },
    };
  });
}
