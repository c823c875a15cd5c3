import { invalidateCatalogue } from '../../src/modules/catalogue/catalogueCache';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { createDatabase } from '../../src/db/createDatabase';
import { toNumber } from '../../src/db/portable';
import { recordMovement } from '../../src/modules/stockLocations/centreStockMoves';
import { onlineStock, setWarehouseStock } from '../../src/modules/stockLocations/onlineStock';
import type { ScratchDatabase } from './testDatabases';
import { emailOutbox } from './emailOutbox';

/**
 * Helpers of the inventory suites: products of the seeded catalogue's parts categories made on the spot,
 * stock put on a centre's shelf the way a stock-take does (an ADJUST movement, so the ledger replays), the
 * figures of a row, and a second Kysely with room for real parallel transactions on PostgreSQL.
 */

let sequence = 0;
const unique = () => `${process.pid % 10000}-${Date.now() % 1_000_000}-${(sequence += 1)}`;

export interface TestProduct {
  id: number;
  name: string;
  sku: string;
  price: number;
}

/** An active (or inactive) product of a parts category, with `stock` in the online warehouse. */
export async function addProduct(
  db: Kysely<Database>,
  options: { stock?: number; price?: number; name?: string; active?: boolean; searchText?: string } = {},
): Promise<TestProduct> {
  const category = await db.selectFrom('catalogue_categories').select('id').where('promo_group', '=', 'parts').orderBy('id').executeTakeFirstOrThrow();
  const brand = await db.selectFrom('catalogue_brands').select('id').orderBy('id').executeTakeFirstOrThrow();
  const suffix = unique();
  const name = options.name ?? `Má phanh thử nghiệm ${suffix}`;
  const sku = `INV-${suffix}`;
  const price = options.price ?? 250_000;
  const row = await db
    .insertInto('products')
    .values({
      sku,
      slug: `kho-thu-${suffix}`,
      name,
      category_id: category.id,
      brand_id: brand.id,
      price,
      original_price: null,
      description: 'Sản phẩm dùng cho kiểm thử kho.',
      is_active: options.active === false ? 0 : 1,
      search_text: options.searchText ?? `ma phanh thu nghiem ${sku.toLowerCase()}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its online stock sits in the warehouse (an OPENING movement).
  if ((options.stock ?? 100) > 0) await setWarehouseStock(db, row.id, options.stock ?? 100);
  // As every catalogue write does: kept catalogue answers and stock tables are stale now.
  invalidateCatalogue();
  return { id: row.id, name, sku, price };
}

/** Puts `onHand` (and `reserved`, `minStock`) on the centre's shelf, with an ADJUST movement 'Tồn đầu kỳ'. */
export async function stockUp(
  db: Kysely<Database>,
  centreId: number,
  productId: number,
  figures: { onHand: number; reserved?: number; minStock?: number },
): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('centre_stock')
    .values({ centre_id: centreId, product_id: productId, on_hand: figures.onHand, reserved: figures.reserved ?? 0, min_stock: figures.minStock ?? 0, updated_at: at })
    .execute();
  if (figures.onHand > 0) {
    await recordMovement(db, {
      centreId,
      productId,
      kind: 'ADJUST',
      quantity: figures.onHand,
      onHandAfter: figures.onHand,
      partsRequestId: null,
      actorId: null,
      reason: 'Tồn đầu kỳ',
      at,
    });
  }
}

export interface StockRowFigures {
  onHand: number;
  reserved: number;
  minStock: number;
}

/** The centre_stock row's figures (null when there is none). */
export async function figures(db: Kysely<Database>, centreId: number, productId: number): Promise<StockRowFigures | null> {
  const row = await db
    .selectFrom('centre_stock')
    .select(['on_hand', 'reserved', 'min_stock'])
    .where('centre_id', '=', centreId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row ? { onHand: toNumber(row.on_hand), reserved: toNumber(row.reserved), minStock: toNumber(row.min_stock) } : null;
}

/** What the online warehouse has available of the product (on_hand − reserved at the ships_online locations). */
export async function warehouseStock(db: Kysely<Database>, productId: number): Promise<number> {
  return toNumber((await db.selectFrom('products').select(onlineStock('products.id').as('stock')).where('id', '=', productId).executeTakeFirstOrThrow()).stock);
}

export async function movementsOf(db: Kysely<Database>, centreId: number, productId: number) {
  return db
    .selectFrom('stock_movements')
    .select(['kind', 'quantity', 'on_hand_after', 'parts_request_id', 'actor_id', 'reason'])
    .where('centre_id', '=', centreId)
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
}

/** Low-stock emails queued to `to` (all recipients when omitted). */
export async function lowStockEmails(db: Kysely<Database>, to?: string) {
  let query = emailOutbox(db).select(['to_address', 'subject', 'text_body']).where('kind', '=', 'low_stock');
  if (to) query = query.where('to_address', '=', to);
  return query.orderBy('id').execute();
}

/**
 * Runs `work` with a Kysely of `poolSize` connections onto the scratch database, so that N transactions really
 * run at once on PostgreSQL (the suite's own pool has 4). On SQLite the suite's own connection (transactions
 * serialise there, which is what the API does too).
 */
export async function withParallelDatabase<T>(scratch: ScratchDatabase, work: (db: Kysely<Database>) => Promise<T>, poolSize = 12): Promise<T> {
  if (scratch.dialect !== 'postgres') return work(scratch.db);
  const db = createDatabase(scratch.config, { poolSize });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
