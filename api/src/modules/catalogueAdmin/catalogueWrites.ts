import type { Kysely } from 'kysely';
import {
  foldVietnamese,
  type ChecklistItem,
  type PackageTier,
  type ProductSpecification,
  type PromotionCategory,
  type ServiceKind,
  type ServiceTier,
  type VehicleType,
} from 'shared-contracts/schemas';
import { nowUtcOf } from '../../db/sqlDialect';
import type { Database } from '../../db/schema';
import { openWarehouseStock, setWarehouseStock } from '../stockLocations';
import { inChunks } from '../../db/chunks';
import { invalidateCatalogue, type StoredImageJson } from '../catalogue';

/**
 * Writes to the catalogue tables, for the seed and the back office. Each one writes the folded search text
 * (foldVietnamese, the rule the UI highlights with) and invalidates the in-process caches.
 * Two kinds, both by natural key (slug, sku):
 * - `upsertX` inserts the row or updates the existing one (operational counters — stock, sales — are left
 *   alone on update): for an editor whose input is the row's new state.
 * - `insertXIfMissing` inserts the row only when none has that key (INSERT … ON CONFLICT DO NOTHING) and
 *   never touches an existing one: for the seed, which runs on every start and must not revert what an
 *   operator changed since.
 */

/** What an insert-if-missing write found: the id of the row with that key, and whether this call created it. */
export interface EnsuredRow {
  id: number;
  created: boolean;
}

/**
 * Runs an INSERT … ON CONFLICT DO NOTHING … RETURNING id; when it inserted nothing (the key exists), reads the
 * existing row's id. Invalidates the catalogue caches only when a row was created.
 */
async function ensureRow(insert: () => Promise<{ id: number } | undefined>, find: () => Promise<{ id: number }>): Promise<EnsuredRow> {
  const inserted = await insert();
  if (inserted) {
    invalidateCatalogue();
    return { id: inserted.id, created: true };
  }
  return { id: (await find()).id, created: false };
}

export interface CategoryInput {
  slug: string;
  name: string;
  description: string;
  group: PromotionCategory;
  image: StoredImageJson | null;
  sortOrder: number;
}

function categoryValues(input: CategoryInput) {
  return {
    slug: input.slug,
    name: input.name,
    description: input.description,
    promo_group: input.group,
    image: input.image ? JSON.stringify(input.image) : null,
    sort_order: input.sortOrder,
  };
}

export async function upsertCategory(db: Kysely<Database>, input: CategoryInput): Promise<number> {
  const values = categoryValues(input);
  const row = await db
    .insertInto('catalogue_categories')
    .values(values)
    .onConflict((oc) => oc.column('slug').doUpdateSet({ ...values, slug: undefined }))
    .returning('id')
    .executeTakeFirstOrThrow();
  invalidateCatalogue();
  return row.id;
}

/** Inserts the category unless one has its slug (that one is left as it is). */
export function insertCategoryIfMissing(db: Kysely<Database>, input: CategoryInput): Promise<EnsuredRow> {
  return ensureRow(
    () =>
      db
        .insertInto('catalogue_categories')
        .values(categoryValues(input))
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst(),
    () => db.selectFrom('catalogue_categories').select('id').where('slug', '=', input.slug).executeTakeFirstOrThrow(),
  );
}

export interface BrandInput {
  slug: string;
  name: string;
  country: string;
}

export async function upsertBrand(db: Kysely<Database>, input: BrandInput): Promise<number> {
  const row = await db
    .insertInto('catalogue_brands')
    .values(input)
    .onConflict((oc) => oc.column('slug').doUpdateSet({ name: input.name, country: input.country }))
    .returning('id')
    .executeTakeFirstOrThrow();
  invalidateCatalogue();
  return row.id;
}

/** Inserts the brand unless one has its slug (that one is left as it is). */
export function insertBrandIfMissing(db: Kysely<Database>, input: BrandInput): Promise<EnsuredRow> {
  return ensureRow(
    () =>
      db
        .insertInto('catalogue_brands')
        .values({ slug: input.slug, name: input.name, country: input.country })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst(),
    () => db.selectFrom('catalogue_brands').select('id').where('slug', '=', input.slug).executeTakeFirstOrThrow(),
  );
}

export interface ProductInput {
  sku: string;
  slug: string;
  name: string;
  categoryId: number;
  brandId: number;
  price: number;
  originalPrice: number | null;
  /** Only used when the product is created: the warehouse's opening balance (an OPENING movement). */
  stock: number;
  /** Only used when the product is created. */
  salesCount: number;
  warrantyMonths: number;
  description: string;
  compatibleModels: string[];
  vehicleTypes: VehicleType[];
  specifications: ProductSpecification[];
  images: StoredImageJson[];
  /** ISO instant; defaults to now when created. */
  createdAt?: string;
  /** Names folded into the search text with the product's own fields. */
  brandName: string;
  categoryName: string;
}

/** The folded text a product is found by: name, SKU, brand, category and compatible models. */
export function productSearchText(input: Pick<ProductInput, 'name' | 'sku' | 'brandName' | 'categoryName' | 'compatibleModels'>): string {
  return foldVietnamese([input.name, input.sku, input.brandName, input.categoryName, ...input.compatibleModels].join(' '));
}

/** Folded compatible models, ' | ' between them (the `model` filter matches inside one model). */
export function modelsSearchText(models: readonly string[]): string {
  return models.map((model) => foldVietnamese(model)).join(' | ');
}

/** The columns written from the input on insert and on update (not stock, sales, created_at). */
function productValues(input: ProductInput) {
  return {
    sku: input.sku,
    slug: input.slug,
    name: input.name,
    category_id: input.categoryId,
    brand_id: input.brandId,
    price: input.price,
    original_price: input.originalPrice,
    warranty_months: input.warrantyMonths,
    description: input.description,
    compatible_models: JSON.stringify(input.compatibleModels),
    vehicle_types: JSON.stringify(input.vehicleTypes),
    specifications: JSON.stringify(input.specifications),
    images: JSON.stringify(input.images),
    search_text: productSearchText(input),
    models_search: modelsSearchText(input.compatibleModels),
  };
}

/** A new product's row: its values, the initial sales count, and the creation instant if given (its stock: openingStock). */
function newProductRow(input: ProductInput) {
  return {
    ...productValues(input),
    sales_count: input.salesCount,
    ...(input.createdAt ? { created_at: input.createdAt } : {}),
  };
}

/** A created product's initial stock goes into the warehouse (the one inventory: products hold no stock). */
async function openingStock(db: Kysely<Database>, productId: number, stock: number): Promise<void> {
  if (stock > 0) await setWarehouseStock(db, productId, stock);
}

export async function upsertProduct(db: Kysely<Database>, input: ProductInput): Promise<number> {
  const values = productValues(input);
  const existing = await db.selectFrom('products').select('id').where('sku', '=', input.sku).executeTakeFirst();
  const row = await db
    .insertInto('products')
    .values(newProductRow(input))
    .onConflict((oc) =>
      oc.column('sku').doUpdateSet({
        ...values,
        sku: undefined,
        ...(input.createdAt ? { created_at: input.createdAt } : {}),
        updated_at: nowUtcOf(db),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!existing) await openingStock(db, row.id, input.stock);
  invalidateCatalogue();
  return row.id;
}

/**
 * Inserts the product (with its folded search text, initial stock and sales count) unless one has its SKU:
 * that one is left as it is, price, stock and all.
 */
export async function insertProductIfMissing(db: Kysely<Database>, input: ProductInput): Promise<EnsuredRow> {
  const ensured = await ensureRow(
    () =>
      db
        .insertInto('products')
        .values(newProductRow(input))
        .onConflict((oc) => oc.column('sku').doNothing())
        .returning('id')
        .executeTakeFirst(),
    () => db.selectFrom('products').select('id').where('sku', '=', input.sku).executeTakeFirstOrThrow(),
  );
  if (ensured.created) await openingStock(db, ensured.id, input.stock);
  return ensured;
}

/** About 20 columns a product: well inside both databases' limits of bound values per statement. */
const PRODUCTS_PER_INSERT = 200;

/**
 * Many products at once, each inserted only when no product has its SKU (the seed with thousands of parts): in
 * bounded statements, then the new ones' opening stock. Answers how many were created.
 */
export async function insertProductsIfMissing(db: Kysely<Database>, inputs: readonly ProductInput[]): Promise<number> {
  let created = 0;
  await inChunks(
    inputs,
    async (chunk) => {
      const inserted = await db
        .insertInto('products')
        .values(chunk.map(newProductRow))
        .onConflict((oc) => oc.column('sku').doNothing())
        .returning(['id', 'sku'])
        .execute();
      const stockOf = new Map(chunk.map((input) => [input.sku, input.stock]));
      await openWarehouseStock(db, inserted.map((row) => ({ productId: row.id, available: stockOf.get(row.sku) ?? 0 })));
      created += inserted.length;
    },
    PRODUCTS_PER_INSERT,
  );
  if (created > 0) invalidateCatalogue();
  return created;
}

/**
 * Sets a product's online stock (a stock count of the warehouse: what it has available, an ADJUST movement of
 * the difference). Returns false when no product has that slug.
 */
export async function setProductStock(db: Kysely<Database>, slug: string, stock: number): Promise<boolean> {
  if (!Number.isInteger(stock) || stock < 0) throw new RangeError('stock must be a non-negative integer');
  const product = await db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirst();
  if (!product) return false;
  await setWarehouseStock(db, product.id, stock);
  invalidateCatalogue();
  return true;
}

/** Sets a product's price (and original price). Returns false when no product has that slug. */
export async function setProductPrice(db: Kysely<Database>, slug: string, price: number, originalPrice: number | null): Promise<boolean> {
  if (!Number.isInteger(price) || price < 0) throw new RangeError('price must be a non-negative integer VND amount');
  const result = await db
    .updateTable('products')
    .set({ price, original_price: originalPrice, updated_at: nowUtcOf(db) })
    .where('slug', '=', slug)
    .executeTakeFirst();
  invalidateCatalogue();
  return Number(result.numUpdatedRows) > 0;
}

export interface ServiceInput {
  slug: string;
  name: string;
  kind: ServiceKind;
  tier: ServiceTier | null;
  summary: string;
  includes: string[];
  price: number;
  durationMinutes: number;
  vehicleTypes: VehicleType[];
  checklist: ChecklistItem[];
  image: StoredImageJson | null;
  sortOrder: number;
  /** false: a hidden service (a recall's free remedy), inserted inactive so no list shows it; left out: as stored. */
  active?: boolean;
}

/** A service's `search_text`: its folded name and summary (the seed's and the admin's writes). */
export const serviceSearchText = (service: { name: string; summary: string }) => foldVietnamese(`${service.name} ${service.summary}`);

/** A package's `search_text`: its folded name, description and perks. */
export const packageSearchText = (item: { name: string; description: string; perks: readonly string[] }) => foldVietnamese(`${item.name} ${item.description} ${item.perks.join(' ')}`);

function serviceValues(input: ServiceInput) {
  return {
    slug: input.slug,
    name: input.name,
    kind: input.kind,
    tier: input.tier,
    summary: input.summary,
    includes: JSON.stringify(input.includes),
    price: input.price,
    duration_minutes: input.durationMinutes,
    vehicle_types: JSON.stringify(input.vehicleTypes),
    checklist: JSON.stringify(input.checklist),
    image: input.image ? JSON.stringify(input.image) : null,
    sort_order: input.sortOrder,
    search_text: serviceSearchText(input),
    ...(input.active === undefined ? {} : { is_active: input.active ? 1 : 0 }),
  };
}

export async function upsertService(db: Kysely<Database>, input: ServiceInput): Promise<number> {
  const values = serviceValues(input);
  const row = await db
    .insertInto('services')
    .values(values)
    .onConflict((oc) => oc.column('slug').doUpdateSet({ ...values, slug: undefined }))
    .returning('id')
    .executeTakeFirstOrThrow();
  invalidateCatalogue();
  return row.id;
}

/** Inserts the service unless one has its slug (that one is left as it is). */
export function insertServiceIfMissing(db: Kysely<Database>, input: ServiceInput): Promise<EnsuredRow> {
  return ensureRow(
    () =>
      db
        .insertInto('services')
        .values(serviceValues(input))
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst(),
    () => db.selectFrom('services').select('id').where('slug', '=', input.slug).executeTakeFirstOrThrow(),
  );
}

export interface PackageInput {
  slug: string;
  tier: PackageTier;
  name: string;
  description: string;
  price: number;
  originalPrice: number | null;
  validityMonths: number;
  vehicleTypes: VehicleType[];
  perks: string[];
  highlighted: boolean;
  image: StoredImageJson | null;
  sortOrder: number;
  credits: { serviceId: number; quantity: number }[];
}

function packageValues(input: PackageInput) {
  return {
    slug: input.slug,
    tier: input.tier,
    name: input.name,
    description: input.description,
    price: input.price,
    original_price: input.originalPrice,
    validity_months: input.validityMonths,
    vehicle_types: JSON.stringify(input.vehicleTypes),
    perks: JSON.stringify(input.perks),
    highlighted: input.highlighted ? 1 : 0,
    image: input.image ? JSON.stringify(input.image) : null,
    sort_order: input.sortOrder,
    search_text: packageSearchText(input),
  };
}

async function insertPackageCredits(db: Kysely<Database>, packageId: number, credits: readonly { serviceId: number; quantity: number }[]): Promise<void> {
  if (credits.length === 0) return;
  await db
    .insertInto('service_package_credits')
    .values(credits.map((credit) => ({ package_id: packageId, service_id: credit.serviceId, quantity: credit.quantity })))
    .execute();
}

/**
 * A package's service credits become exactly `credits` (in the caller's transaction, if any): the one writer of
 * service_package_credits, for the seed's upsertPackage and the back office's package save.
 */
export async function replacePackageCredits(db: Kysely<Database>, packageId: number, credits: readonly { serviceId: number; quantity: number }[]): Promise<void> {
  await db.deleteFrom('service_package_credits').where('package_id', '=', packageId).execute();
  await insertPackageCredits(db, packageId, credits);
}

/** Inserts or updates the package; its service credits become exactly `input.credits`. */
export async function upsertPackage(db: Kysely<Database>, input: PackageInput): Promise<number> {
  const values = packageValues(input);
  const row = await db
    .insertInto('service_packages')
    .values(values)
    .onConflict((oc) => oc.column('slug').doUpdateSet({ ...values, slug: undefined }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await replacePackageCredits(db, row.id, input.credits);
  invalidateCatalogue();
  return row.id;
}

/** Inserts the package with its service credits unless one has its slug (that one and its credits are left as they are). */
export async function insertPackageIfMissing(db: Kysely<Database>, input: PackageInput): Promise<EnsuredRow> {
  const ensured = await ensureRow(
    () =>
      db
        .insertInto('service_packages')
        .values(packageValues(input))
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst(),
    () => db.selectFrom('service_packages').select('id').where('slug', '=', input.slug).executeTakeFirstOrThrow(),
  );
  if (ensured.created) await insertPackageCredits(db, ensured.id, input.credits);
  return ensured;
}
