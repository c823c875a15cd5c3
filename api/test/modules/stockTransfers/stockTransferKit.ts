import type { Kysely } from 'kysely';
import { inTransaction } from '../../../src/db/inTransaction';
import type { Database } from '../../../src/db/schema';
import { invalidateCatalogue } from '../../../src/modules/catalogue/catalogueCache';
import { addOnHand } from '../../../src/modules/stockLocations/centreStockMoves';

/** Helpers of the stock transfer suites: a product with no stock anywhere, units put on a location's shelf. */

let sequence = 0;
const unique = () => `${process.pid % 10000}-${Date.now() % 1_000_000}-${(sequence += 1)}`;

export interface TransferProduct {
  id: number;
  name: string;
  sku: string;
}

/** An active product of a parts category, stocked nowhere. */
export async function newProduct(db: Kysely<Database>, name?: string): Promise<TransferProduct> {
  const category = await db.selectFrom('catalogue_categories').select('id').where('promo_group', '=', 'parts').orderBy('id').executeTakeFirstOrThrow();
  const brand = await db.selectFrom('catalogue_brands').select('id').orderBy('id').executeTakeFirstOrThrow();
  const suffix = unique();
  const sku = `TRF-${suffix}`;
  const productName = name ?? `Lọc gió chuyển kho ${suffix}`;
  const row = await db
    .insertInto('products')
    .values({
      sku,
      slug: `chuyen-kho-${suffix}`,
      name: productName,
      category_id: category.id,
      brand_id: brand.id,
      price: 180_000,
      original_price: null,
      description: 'Sản phẩm dùng cho kiểm thử chuyển kho.',
      is_active: 1,
      search_text: `loc gio chuyen kho ${sku.toLowerCase()}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  invalidateCatalogue();
  return { id: row.id, name: productName, sku };
}

/** Puts `quantity` on the location's shelf as a stock-take does (an ADJUST movement, so the ledger replays), and reserves `reserved` of it. */
export async function shelve(db: Kysely<Database>, locationId: number, productId: number, quantity: number, reserved = 0): Promise<void> {
  await inTransaction(db, (trx) => addOnHand(trx, { centreId: locationId, productId, quantity, kind: 'ADJUST', transferId: null, actorId: null, reason: 'Tồn đầu kỳ' }));
  if (reserved > 0) {
    await db
      .updateTable('centre_stock')
      .set((eb) => ({ reserved: eb('reserved', '+', reserved) }))
      .where('centre_id', '=', locationId)
      .where('product_id', '=', productId)
      .execute();
  }
}

/** The online warehouse's location id. */
export async function warehouseId(db: Kysely<Database>): Promise<number> {
  return (await db.selectFrom('service_centres').select('id').where('kind', '=', 'WAREHOUSE').orderBy('id').executeTakeFirstOrThrow()).id;
}
