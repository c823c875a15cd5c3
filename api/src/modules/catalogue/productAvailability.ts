import type { Kysely } from 'kysely';
import type { ProductAvailability } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';

/**
 * Every stock location's figure of one product on sale, in ONE query (each location crossed with the product,
 * its stock row if any), ordered by the location's name. No row: no such product on sale.
 */
const availabilityRows = preparedQuery<{ slug: string }>()((db, param) =>
  db
    .selectFrom('products')
    .innerJoin('service_centres', (join) => join.onTrue())
    .leftJoin('centre_stock', (join) => join.onRef('centre_stock.centre_id', '=', 'service_centres.id').onRef('centre_stock.product_id', '=', 'products.id'))
    .select([
      'service_centres.id',
      'service_centres.name',
      'service_centres.city',
      'service_centres.kind',
      'service_centres.ships_online',
      'centre_stock.on_hand',
      'centre_stock.reserved',
    ])
    .where('products.slug', '=', param('slug'))
    .where('products.is_active', '=', 1)
    .orderBy('service_centres.name')
    .orderBy('service_centres.id'),
);

/** Online availability (the shipping locations) and each service centre's for pick-up; null for an unknown or unpublished slug. */
export async function productAvailability(db: Kysely<Database>, slug: string): Promise<ProductAvailability | null> {
  const rows = await availabilityRows.rows(db, { slug });
  if (rows.length === 0) return null;
  let online = 0;
  const pickup: ProductAvailability['pickup'] = [];
  for (const row of rows) {
    const available = Math.max(0, toNumber(row.on_hand) - toNumber(row.reserved));
    if (toNumber(row.ships_online) === 1) online += available;
    if (row.kind === 'SERVICE_CENTRE') pickup.push({ centreId: row.id, centreName: row.name, city: row.city, available });
  }
  return { online, pickup };
}
