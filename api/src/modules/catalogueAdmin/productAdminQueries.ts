import type { Kysely } from 'kysely';
import {
  foldVietnamese,
  type CatalogueChange,
  type ProductAdmin,
  type ProductAdminListQuery,
  type ProductAdminOptions,
  type ProductAdminPage,
  type ProductStatus,
} from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { parseJson, parseSpecifications, parseStrings, toImage, type StoredImageJson, renderProductDescription } from '../catalogue';
import { entityHistory } from './catalogueHistory';
import { onlineStock } from '../stockLocations';
import { activeVehicleModels } from '../vehicleModels';
import { PRODUCT_VALUE_COLUMNS, productValuesOfRow } from './productValues';

/** The admin's reads of the product catalogue: the list, one product, its history, the form's choices. */

const PRODUCT_COLUMNS = [
  'products.id',
  'products.version',
  'products.status',
  'products.slug',
  'products.name',
  'products.sku',
  'products.category_id',
  'products.brand_id',
  ...PRODUCT_VALUE_COLUMNS,
  'products.compatible_models',
  'products.specifications',
  'products.description',
  'products.images',
  // Online availability (the shipping locations' on_hand − reserved).
  onlineStock('products.id').as('stock'),
  'products.updated_at',
  'catalogue_categories.name as category_name',
  'catalogue_brands.name as brand_name',
] as const;

/** One product as the admin's form shows it, or null. `db` may be a transaction. */
export async function readProductAdmin(db: Kysely<Database>, id: number): Promise<ProductAdmin | null> {
  const row = await db
    .selectFrom('products')
    .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
    .innerJoin('catalogue_brands', 'catalogue_brands.id', 'products.brand_id')
    .select(PRODUCT_COLUMNS)
    .where('products.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const oldSlugs = await db.selectFrom('product_slug_redirects').select('slug').where('product_id', '=', id).orderBy('slug').execute();
  const images = parseJson<StoredImageJson[]>(row.images, []);
  return {
    id: row.id,
    version: toNumber(row.version),
    status: row.status as ProductStatus,
    slug: row.slug,
    oldSlugs: oldSlugs.map((redirect) => redirect.slug),
    name: row.name,
    sku: row.sku,
    category: { id: row.category_id, name: row.category_name },
    brand: { id: row.brand_id, name: row.brand_name },
    ...productValuesOfRow(row),
    compatibleModels: parseStrings(row.compatible_models),
    specifications: parseSpecifications(row.specifications),
    description: row.description,
    descriptionHtml: renderProductDescription(row.description),
    images: images.map((image) => ({ path: image.path, ...toImage(image) })),
    stock: toNumber(row.stock),
    updatedAt: toIsoUtc(row.updated_at),
  };
}

/**
 * The admin's list: every status, searched by the folded name, SKU, brand, category and models (the products'
 * `search_text`), filtered by status, category and brand, newest change first, a page at a time.
 */
export async function listProductsAdmin(db: Kysely<Database>, query: ProductAdminListQuery): Promise<ProductAdminPage> {
  let base = db.selectFrom('products');
  const folded = query.q ? foldVietnamese(query.q) : '';
  // Folded text holds only letters, digits and spaces: nothing to escape in the LIKE patterns.
  for (const word of folded ? folded.split(' ') : []) base = base.where('products.search_text', 'like', `%${word}%`);
  if (query.status) base = base.where('products.status', '=', query.status);
  if (query.categoryId) base = base.where('products.category_id', '=', query.categoryId);
  if (query.brandId) base = base.where('products.brand_id', '=', query.brandId);
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
    base
      .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
      .innerJoin('catalogue_brands', 'catalogue_brands.id', 'products.brand_id')
      .select([
        'products.id',
        'products.version',
        'products.status',
        'products.name',
        'products.sku',
        'products.slug',
        'products.price',
        'products.images',
        'products.updated_at',
        'catalogue_categories.name as category_name',
        'catalogue_brands.name as brand_name',
      ])
      .orderBy('products.updated_at', 'desc')
      .orderBy('products.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const total = toNumber(counted.total);
  return {
    items: rows.map((row) => {
      const first = parseJson<StoredImageJson[]>(row.images, [])[0];
      return {
        id: row.id,
        version: toNumber(row.version),
        status: row.status as ProductStatus,
        name: row.name,
        sku: row.sku,
        slug: row.slug,
        categoryName: row.category_name,
        brandName: row.brand_name,
        price: toNumber(row.price),
        imageUrl: first ? toImage(first).url : null,
        updatedAt: toIsoUtc(row.updated_at),
      };
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

/** A product's changes, newest first; `field` narrows them (the price history: field=price). */
export const productHistory = (db: Kysely<Database>, productId: number, field?: string): Promise<CatalogueChange[]> => entityHistory(db, 'product', productId, field);

/** The form's choices; the vehicle models a product may fit are the labels of the active reference models ("Dòng xe"). */
export async function productAdminOptions(db: Kysely<Database>): Promise<ProductAdminOptions> {
  const [categories, brands, models] = await Promise.all([
    db.selectFrom('catalogue_categories').select(['id', 'name']).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('catalogue_brands').select(['id', 'name']).orderBy('name').execute(),
    activeVehicleModels(db),
  ]);
  return { categories, brands, vehicleModels: [...models.labels] };
}
