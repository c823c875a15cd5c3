import { sql, type Kysely } from 'kysely';
import { toNumber } from '../src/db/portable';
import type { Database } from '../src/db/schema';
import { isLowStock } from '../src/modules/stockLocations';
import { inBatches } from './seedBatches';

/**
 * Demo stock at every centre (issue 14: "stock at every centre, some below min"). For each centre and each
 * active product of a parts category (pin & bộ sạc, động cơ, phanh & lốp, đèn & linh kiện điện) that has no
 * centre_stock row yet: a row with an on-hand and a minimum, and its opening movement, an ADJUST labelled
 * 'Tồn đầu kỳ' (the ledger replays to the table from the first day).
 *
 * Opening stock, not a RECEIVE: the online warehouse holds 2 to 150 units of each product, and taking seven
 * centres' shelves from it would empty the web shop of its scarce items (a 26.5-million battery has 3). So the
 * centres start with their own opening balance and products.stock stays as the catalogue seeds it; every
 * later receive does take from the warehouse.
 *
 * The figures are deterministic (from the centre's slug and the product's SKU), so every database seeds the
 * same shelves; about one row in six starts at or below its minimum, so a manager sees low stock at once
 * (their open crossing is stored too, without an email: the demo starts there). Insert-only: a row an
 * operator changed since stays as it is, a deleted one comes back with its opening movement.
 */

export const OPENING_BALANCE_REASON = 'Tồn đầu kỳ';

export interface CentreInventorySeedReport {
  /** centre_stock rows of the seeded centres and parts products. */
  stockRows: number;
}

/** FNV-1a of a text: the same number on every machine. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export interface OpeningStock {
  onHand: number;
  minStock: number;
}

/** The opening shelf of a product at a centre: expensive parts few, about one row in six low. */
export function openingStock(centreSlug: string, sku: string, price: number): OpeningStock {
  const hash = stableHash(`${centreSlug}|${sku}`);
  const expensive = price >= 10_000_000;
  const minStock = expensive ? 1 : 2 + (hash % 3);
  const low = (hash >>> 5) % 6 === 0;
  if (low) return { onHand: (hash >>> 9) % (minStock + 1), minStock };
  return { onHand: expensive ? 2 + ((hash >>> 9) % 3) : minStock + 3 + ((hash >>> 9) % 16), minStock };
}

export async function seedCentreInventory(db: Kysely<Database>, now: Date = new Date()): Promise<CentreInventorySeedReport> {
  const at = now.toISOString();
  const centres = await db.selectFrom('service_centres').select(['id', 'slug']).where('kind', '=', 'SERVICE_CENTRE').orderBy('id').execute();
  const products = await db
    .selectFrom('products')
    .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
    .select(['products.id', 'products.sku', 'products.price'])
    .where('catalogue_categories.promo_group', '=', 'parts')
    .where('products.is_active', '=', 1)
    .orderBy('products.id')
    .execute();
  const productIds = products.map((product) => product.id);
  const centreIds = centres.map((centre) => centre.id);
  if (productIds.length === 0 || centreIds.length === 0) return { stockRows: 0 };

  const existing = new Set<string>();
  await inBatches(productIds, async (ids) => {
    const rows = await db.selectFrom('centre_stock').select(['centre_id', 'product_id']).where('centre_id', 'in', centreIds).where('product_id', 'in', ids).execute();
    for (const row of rows) existing.add(`${row.centre_id}:${row.product_id}`);
  });
  const missing = centres.flatMap((centre) =>
    products
      .filter((product) => !existing.has(`${centre.id}:${product.id}`))
      .map((product) => ({ centreId: centre.id, productId: product.id, ...openingStock(centre.slug, product.sku, toNumber(product.price)) })),
  );

  // In bounded statements: thousands of products × the centres would pass both databases' parameter limits.
  await inBatches(missing, async (batch) => {
    await db
      .insertInto('centre_stock')
      .values(batch.map((row) => ({ centre_id: row.centreId, product_id: row.productId, on_hand: row.onHand, reserved: 0, min_stock: row.minStock, updated_at: at })))
      .execute();
    const opening = batch.filter((row) => row.onHand > 0);
    if (opening.length > 0) {
      await db
        .insertInto('stock_movements')
        .values(
          opening.map((row) => ({
            centre_id: row.centreId,
            product_id: row.productId,
            kind: 'ADJUST' as const,
            quantity: row.onHand,
            on_hand_after: row.onHand,
            parts_request_id: null,
            actor_id: null,
            reason: OPENING_BALANCE_REASON,
            created_at: at,
          })),
        )
        .execute();
    }
    const low = batch.filter((row) => isLowStock({ onHand: row.onHand, reserved: 0, minStock: row.minStock }));
    if (low.length > 0) {
      await db
        .insertInto('low_stock_alerts')
        .values(low.map((row) => ({ centre_id: row.centreId, product_id: row.productId, available_at_crossing: row.onHand, min_stock_at_crossing: row.minStock, crossed_at: at, cleared_at: null })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
  });

  let stockRows = 0;
  await inBatches(productIds, async (ids) => {
    const { rows } = await sql<{ count: number | string }>`select count(*) as count from centre_stock where centre_id in (${sql.join(centreIds)}) and product_id in (${sql.join(ids)})`.execute(db);
    stockRows += toNumber(rows[0]?.count);
  });
  return { stockRows };
}
