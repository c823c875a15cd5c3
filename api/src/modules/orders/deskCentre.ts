import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';

/**
 * Which centre's web-order desk handles an order: a pick-up order its pick-up centre, a shipped one the centre
 * that ships online orders (WEB_ORDERS_SHIPPING_CENTRE_ID, else the first centre). Written on the order at
 * checkout (orders.desk_centre_id), so the desk's scope is one indexed equality.
 */
export async function shippingCentreId(db: Kysely<Database>, config: Pick<Config, 'shippingCentreId'>): Promise<number | null> {
  if (config.shippingCentreId !== null) return config.shippingCentreId;
  const first = await firstServiceCentre.first(db, {});
  return first?.id ?? null;
}

// Compiled once (preparedQuery): asked by the desks and the payment queues.
const firstServiceCentre = preparedQuery<Record<string, never>>()((db) => db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').limit(1));
