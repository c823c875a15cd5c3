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
import { nowUtc, dialectOf } from '../../db/portable';
import type { Database } from '../../db/schema';
import { invalidateCatalogue } from './catalogueCache';
import type { StoredImageJson } from './catalogueMapping';

/**
 * Writes to the catalogue tables: the seed uses them now, the back office later. Each one writes the folded
 * search text (foldVietnamese, the rule the UI highlights with) and invalidates the in-process caches.
 * Upserts go by natural key (slug, sku); operational counters (stock, sales, usage) are left alone on update.
 */

export interface CategoryInput {
  slug: string;
  name: string;
  description: string;
  group: PromotionCategory;
  image: StoredImageJson | null;
  sortOrder: number;
}

export async function upsertCategory(db: Kysely<Database>, input: CategoryInput): Promise<number> {
  const values = {
    slug: input.slug,
    name: input.name,
    description: input.description,
    promo_group: input.group,
    image: input.image ? JSON.stringify(input.image) : null,
    sort_order: input.sortOrder,
  };
  const row = await db
    .insertInto('catalogue_categories')
    .values(values)
    .onConflict((oc) => oc.column('slug').doUpdateSet({ ...values, slug: undefined }))
    .returning('id')
    .executeTakeFirstOrThrow();
  invalidateCatalogue();
  return row.id;
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

export interface ProductInput {
  sku: string;
  slug: string;
  name: string;
  categoryId: number;
  brandId: number;
  price: number;
  originalPrice: number | null;
  /** Only used when the product is created. */
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

export async function upsertProduct(db: Kysely<Database>, input: ProductInput): Promise<number> {
  const values = {
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
  const row = await db
    .insertInto('products')
    .values({
      ...values,
      stock: input.stock,
      sales_count: input.salesCount,
      ...(input.createdAt ? { created_at: input.createdAt } : {}),
    })
    .onConflict((oc) =>
      oc.column('sku').doUpdateSet({
        ...values,
        sku: undefined,
        ...(input.createdAt ? { created_at: input.createdAt } : {}),
        updated_at: nowUtc(dialectOf(db)),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  invalidateCatalogue();
  return row.id;
}

/** Sets a product's stock (back office, stock counts). Returns false when no product has that slug. */
export async function setProductStock(db: Kysely<Database>, slug: string, stock: number): Promise<boolean> {
  if (!Number.isInteger(stock) || stock < 0) throw new RangeError('stock must be a non-negative integer');
  const result = await db
    .updateTable('products')
    .set({ stock, updated_at: nowUtc(dialectOf(db)) })
    .where('slug', '=', slug)
    .executeTakeFirst();
  invalidateCatalogue();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets a product's price (and original price). Returns false when no product has that slug. */
export async function setProductPrice(db: Kysely<Database>, slug: string, price: number, originalPrice: number | null): Promise<boolean> {
  if (!Number.isInteger(price) || price < 0) throw new RangeError('price must be a non-negative integer VND amount');
  const result = await db
    .updateTable('products')
    .set({ price, original_price: originalPrice, updated_at: nowUtc(dialectOf(db)) })
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
}

export async function upsertService(db: Kysely<Database>, input: ServiceInput): Promise<number> {
  const values = {
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
    search_text: foldVietnamese(`${input.name} ${input.summary}`),
  };
  const row = await db
    .insertInto('services')
    .values(values)
    .onConflict((oc) => oc.column('slug').doUpdateSet({ ...values, slug: undefined }))
    .returning('id')
    .executeTakeFirstOrThrow();
  invalidateCatalogue();
  return row.id;
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

export async function upsertPackage(db: Kysely<Database>, input: PackageInput): Promise<number> {
  const values = {
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
    search_text: foldVietnamese(`${input.name} ${input.description} ${input.perks.join(' ')}`),
  };
  const row = await db
    .insertInto('service_packages')
    .values(values)
    .onConflict((oc) => oc.column('slug').doUpdateSet({ ...values, slug: undefined }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('service_package_credits').where('package_id', '=', row.id).execute();
  if (input.credits.length > 0) {
    await db
      .insertInto('service_package_credits')
      .values(input.credits.map((credit) => ({ package_id: row.id, service_id: credit.serviceId, quantity: credit.quantity })))
      .execute();
  }
  invalidateCatalogue();
  return row.id;
}
