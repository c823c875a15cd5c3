import type { Kysely } from 'kysely';
import type { LoyaltyRankedTier } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

const DAY = 86_400_000;

/** The demo's member prices: a share of the product's price, rounded down to 1.000 ₫ (the demo customer is Vàng). */
const DEMO_MEMBER_PRICES: readonly { sku: string; minTier: LoyaltyRankedTier; percent: number }[] = [
  { sku: 'CHG-48V-3A', minTier: 'GOLD', percent: 85 },
  { sku: 'CHG-VF-SCOOTER', minTier: 'SILVER', percent: 95 },
  { sku: 'CHG-VF-SCOOTER', minTier: 'GOLD', percent: 90 },
  { sku: 'CHG-VF-PORTABLE', minTier: 'DIAMOND', percent: 80 },
];

/**
 * The demo's member prices (development only), in force from a month before `now`. A product and tier that ever had
 * one is left alone (an admin's change or end survives a restart). Answers the rows written.
 */
export async function seedDemoMemberPrices(db: Db, options: { now: Date }): Promise<number> {
  const products = await db
    .selectFrom('products')
    .select(['id', 'sku', 'price'])
    .where('sku', 'in', [...new Set(DEMO_MEMBER_PRICES.map((entry) => entry.sku))])
    .execute();
  const existing = await db
    .selectFrom('loyalty_member_prices')
    .select(['product_id', 'min_tier'])
    .where('product_id', 'in', products.length > 0 ? products.map((product) => product.id) : [0])
    .execute();
  const had = new Set(existing.map((row) => `${row.product_id}:${row.min_tier}`));
  const createdAt = new Date(options.now.getTime() - 30 * DAY).toISOString();
  let written = 0;
  for (const entry of DEMO_MEMBER_PRICES) {
    const product = products.find((row) => row.sku === entry.sku);
    if (!product || had.has(`${product.id}:${entry.minTier}`)) continue;
    const price = Math.floor((toNumber(product.price) * entry.percent) / 100 / 1_000) * 1_000;
    if (price <= 0 || price >= toNumber(product.price)) continue;
    await db.insertInto('loyalty_member_prices').values({ product_id: product.id, min_tier: entry.minTier, price, created_by: null, created_at: createdAt }).execute();
    written += 1;
  }
  return written;
}
