import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  foldVietnamese,
  type Brand,
  type FitVehicle,
  type Category,
  type PackageTier,
  type ProductDetail,
  type ProductListQuery,
  type ProductPage,
  type ProductSummary,
  type PromotionCategory,
  type Service,
  type ServiceKind,
  type ServicePackage,
  type ServiceTier,
} from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import { instantBinding } from '../../db/sqlDialect';
import type { Database } from '../../db/schema';
import {
  discountPercent,
  firstImageFromColumn,
  imageFromColumn,
  imagesFromColumn,
  parseChecklist,
  parseSpecifications,
  parseStrings,
  parseVehicleTypes,
} from './catalogueMapping';
import { onlineStock } from '../stockLocations';
import { renderProductDescription } from './productDescription';
import { effectivePrice, nextPriceChange } from './effectivePrice';
import { fitOfProducts, fitsVehicleSql, productFitmentList } from '../fitment';

type ProductQuery = SelectQueryBuilder<Database, 'products' | 'catalogue_categories' | 'catalogue_brands', object>;

function productBase(db: Kysely<Database>): ProductQuery {
  return db
    .selectFrom('products')
    .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
    .innerJoin('catalogue_brands', 'catalogue_brands.id', 'products.brand_id')
    .where('products.is_active', '=', 1);
}

const SUMMARY_COLUMNS = [
  'products.id',
  'products.sku',
  'products.slug',
  'products.name',
  'products.price',
  'products.original_price',
  'products.sale_price',
  'products.sale_starts_at',
  'products.sale_ends_at',
  // Online availability (the shipping locations' on_hand − reserved), read as `stock`.
  onlineStock('products.id').as('stock'),
  'products.sales_count',
  'products.compatible_models',
  'products.images',
  'products.created_at',
  // The visible reviews' count and star sum, kept on the row by the reviews module (migration 0042).
  'products.rating_count',
  'products.rating_sum',
  'catalogue_categories.slug as category_slug',
  'catalogue_categories.name as category_name',
  'catalogue_brands.slug as brand_slug',
  'catalogue_brands.name as brand_name',
] as const;

export interface SummaryRow {
  id: number;
  sku: string;
  slug: string;
  name: string;
  price: number;
  original_price: number | null;
  sale_price: number | null;
  sale_starts_at: Date | string | null;
  sale_ends_at: Date | string | null;
  stock: number;
  sales_count: number;
  compatible_models: string;
  images: string;
  created_at: Date | string;
  rating_count: number;
  rating_sum: number;
  category_slug: string;
  category_name: string;
  brand_slug: string;
  brand_name: string;
}

const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** toIsoUtc, without parsing again the text SQLite keeps, already in toISOString()'s form. */
function isoTimestamp(value: Date | string): string {
  return typeof value === 'string' && CANONICAL_ISO.test(value) ? value : toIsoUtc(value);
}

/** A product's row (SUMMARY_COLUMNS) → its ProductSummary at `at` (its price then): what the list answers, and its read model holds. */
export function toSummary(row: SummaryRow, at: Date): ProductSummary {
  const { price, originalPrice } = effectivePrice(row, at);
  const stock = toNumber(row.stock);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: { slug: row.brand_slug, name: row.brand_name },
    category: { slug: row.category_slug, name: row.category_name },
    price,
    originalPrice: discountPercent(price, originalPrice) === null ? null : originalPrice,
    discountPercent: discountPercent(price, originalPrice),
    stock,
    inStock: stock > 0,
    image: firstImageFromColumn(row.images),
    ...rating(toNumber(row.rating_count), toNumber(row.rating_sum)),
  };
}

/** The average of `count` ratings summing `sum`, to one decimal (null with none), and the count. */
function rating(count: number, sum: number): Pick<ProductSummary, 'ratingAverage' | 'ratingCount'> {
  return { ratingAverage: count > 0 ? Math.round((sum * 10) / count) / 10 : null, ratingCount: count };
}

/** The rule of effectivePrice.ts in SQL: the product's price at `at` (the list filters and sorts on it). */
export function priceAtSql(db: Kysely<Database>, at: Date) {
  // SQLite keeps the bounds as toISOString() text, PostgreSQL as timestamptz.
  const instant = instantBinding(db, at);
  return sql<number>`(case when products.sale_price is not null and (products.sale_starts_at is null or products.sale_starts_at <= ${instant}) and (products.sale_ends_at is null or products.sale_ends_at > ${instant}) then products.sale_price else products.price end)`;
}

const usesPrice = (filters: ProductListQuery) => filters.minPrice !== undefined || filters.maxPrice !== undefined || filters.sort === 'price_asc' || filters.sort === 'price_desc';

function applyFilters(query: ProductQuery, filters: ProductListQuery, price: ReturnType<typeof priceAtSql>, vehicle?: FitVehicle): ProductQuery {
  let q = query;
  if (filters.category) q = q.where('catalogue_categories.slug', '=', filters.category);
  if (filters.brand) q = q.where('catalogue_brands.slug', '=', filters.brand);
  if (filters.minPrice !== undefined) q = q.where(price, '>=', filters.minPrice);
  if (filters.maxPrice !== undefined) q = q.where(price, '<=', filters.maxPrice);
  if (filters.inStock === true) q = q.where(onlineStock('products.id'), '>', 0);
  if (filters.inStock === false) q = q.where(onlineStock('products.id'), '=', 0);
  if (filters.model) {
    const folded = foldVietnamese(filters.model);
    // Folded text holds only letters, digits and spaces: nothing to escape in the LIKE pattern.
    if (folded) q = q.where('products.models_search', 'like', `%${folded}%`);
  }
  if (vehicle && filters.fitOnly) q = q.where(fitsVehicleSql(vehicle));
  return q;
}

function orderedPage(filters: ProductListQuery, filtered: ProductQuery, price: ReturnType<typeof priceAtSql>) {
  let ordered = filtered.select(SUMMARY_COLUMNS);
  switch (filters.sort) {
    case 'price_asc':
      ordered = ordered.orderBy(price, 'asc').orderBy('products.sales_count', 'desc');
      break;
    case 'price_desc':
      ordered = ordered.orderBy(price, 'desc').orderBy('products.sales_count', 'desc');
      break;
    case 'newest':
      ordered = ordered.orderBy('products.created_at', 'desc');
      break;
    case 'popular':
      ordered = ordered.orderBy('products.sales_count', 'desc');
      break;
  }
  return ordered
    .orderBy('products.id', 'asc')
    .limit(filters.pageSize)
    .offset((filters.page - 1) * filters.pageSize);
}

/** The filters' shape (which are set, the sort): two queries of one shape differ only in their parameters. */
export function pageShape(filters: ProductListQuery, folded: string | undefined, fitOnly = false): string {
  return [
    filters.category ? 'c' : '',
    filters.brand ? 'b' : '',
    filters.minPrice !== undefined ? 'l' : '',
    filters.maxPrice !== undefined ? 'h' : '',
    filters.inStock === undefined ? '' : filters.inStock ? 's' : 'o',
    folded ? 'm' : '',
    fitOnly ? 'f' : '',
    filters.sort,
  ].join('');
}

/** The count query's parameters, in the order of its SQL: is_active, then the filters as applyFilters adds them. */
function filterParameters(filters: ProductListQuery, folded: string | undefined, fitOnly?: FitVehicle): unknown[] {
  const parameters: unknown[] = [1];
  if (filters.category) parameters.push(filters.category);
  if (filters.brand) parameters.push(filters.brand);
  if (filters.minPrice !== undefined) parameters.push(filters.minPrice);
  if (filters.maxPrice !== undefined) parameters.push(filters.maxPrice);
  if (filters.inStock !== undefined) parameters.push(0);
  if (folded) parameters.push(`%${folded}%`);
  // fitsVehicleSql's: the model, the base model, the year twice.
  if (fitOnly) parameters.push(fitOnly.modelId, fitOnly.baseModelId ?? fitOnly.modelId, fitOnly.year, fitOnly.year);
  return parameters;
}

const sameParameters = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => value === b[i]);

interface ListSql {
  count: string;
  page: string;
}

/**
 * The count and page queries' SQL text by shape, per database (dialect): building and compiling them with
 * Kysely on every cache-missed GET /api/products cost more than running them. A shape's text is kept only when
 * the compiled parameters are the ones `filterParameters` gives (+ limit, offset), so they cannot drift apart.
 */
const listSqlByDatabase = new WeakMap<Kysely<Database>, Map<string, ListSql>>();

/**
 * The page of products matching the filters, in the asked order, and the total, from the catalogue's tables: what
 * GET /api/products answers (it reads the same from the read model, catalogueReadModel.ts, and falls back on this
 * while a product is pending there).
 */
export async function listProducts(db: Kysely<Database>, filters: ProductListQuery, at: Date = new Date(), vehicle?: FitVehicle): Promise<ProductPage> {
  const folded = filters.model ? foldVietnamese(filters.model) || undefined : undefined;
  const fitOnly = vehicle && filters.fitOnly ? vehicle : undefined;
  const shape = pageShape(filters, folded, fitOnly !== undefined);
  const countParameters = filterParameters(filters, folded, fitOnly);
  const pageParameters = [...countParameters, filters.pageSize, (filters.page - 1) * filters.pageSize];
  let byShape = listSqlByDatabase.get(db);
  if (!byShape) listSqlByDatabase.set(db, (byShape = new Map()));
  // A query on price carries the instant among its parameters: built each time (the list's fallback only).
  const known = usesPrice(filters) ? undefined : byShape.get(shape);
  let countQuery: CompiledQuery;
  let pageQuery: CompiledQuery;
  if (known) {
    countQuery = CompiledQuery.raw(known.count, countParameters);
    pageQuery = CompiledQuery.raw(known.page, pageParameters);
  } else {
    const price = priceAtSql(db, at);
    const filtered = applyFilters(productBase(db), filters, price, vehicle);
    // Without a category or brand filter the joins cannot drop a row (both columns are NOT NULL foreign keys):
    // count the products alone, half the work.
    const counted =
      filters.category || filters.brand
        ? filtered
        : applyFilters(db.selectFrom('products').where('products.is_active', '=', 1) as unknown as ProductQuery, filters, price, vehicle);
    countQuery = counted.select((eb) => eb.fn.countAll<string | number>().as('count')).compile();
    pageQuery = orderedPage(filters, filtered, price).compile();
    if (sameParameters(countQuery.parameters, countParameters) && sameParameters(pageQuery.parameters, pageParameters)) {
      byShape.set(shape, { count: countQuery.sql, page: pageQuery.sql });
    }
  }
  const countRow = (await db.executeQuery(countQuery as CompiledQuery<{ count: string | number }>)).rows[0];
  const total = toNumber(countRow?.count);
  const { rows } = await db.executeQuery(pageQuery as CompiledQuery<SummaryRow>);
  const fits = vehicle
    ? await fitOfProducts(
        db,
        rows.map((row) => row.id),
        vehicle,
      )
    : undefined;
  return {
    items: rows.map((row) => (fits ? { ...toSummary(row, at), fit: fits.get(row.id)! } : toSummary(row, at))),
    total,
    page: filters.page,
    pageSize: filters.pageSize,
    totalPages: Math.ceil(total / filters.pageSize),
  };
}

/** The published product of `slug` at `at`, and when its price may change next (a sale-window bound, or null). */
export async function findProductBySlug(
  db: Kysely<Database>,
  slug: string,
  at: Date = new Date(),
  vehicle?: FitVehicle,
): Promise<{ product: ProductDetail; priceChangesAt: Date | null } | null> {
  const row = await productBase(db)
    .where('products.slug', '=', slug)
    .select([...SUMMARY_COLUMNS, 'products.description', 'products.specifications', 'products.vehicle_types', 'products.warranty_months'])
    .executeTakeFirst();
  if (!row) return null;
  const fitments = await productFitmentList(db, row.id);
  const product: ProductDetail = {
    ...toSummary(row as SummaryRow, at),
    ...(vehicle ? { fit: (await fitOfProducts(db, [row.id], vehicle)).get(row.id)! } : {}),
    sku: row.sku,
    salesCount: toNumber(row.sales_count),
    // The models of its fitment rows, then the free-text names no model matched (issue 66).
    compatibleModels: [...new Set([...fitments.map((fitment) => fitment.modelLabel), ...parseStrings(row.compatible_models)])],
    createdAt: isoTimestamp(row.created_at),
    description: row.description,
    descriptionHtml: renderProductDescription(row.description),
    specifications: parseSpecifications(row.specifications),
    images: imagesFromColumn(row.images),
    vehicleTypes: parseVehicleTypes(row.vehicle_types),
    warrantyMonths: toNumber(row.warranty_months),
    fitments,
  };
  return { product, priceChangesAt: nextPriceChange(row, at) };
}

/** The slug now of the published product that had `slug` before a rename, or null. */
export async function findRenamedProductSlug(db: Kysely<Database>, slug: string): Promise<string | null> {
  const row = await db
    .selectFrom('product_slug_redirects')
    .innerJoin('products', 'products.id', 'product_slug_redirects.product_id')
    .select('products.slug')
    .where('product_slug_redirects.slug', '=', slug)
    .where('products.is_active', '=', 1)
    .executeTakeFirst();
  return row?.slug ?? null;
}

/** The summary rows of the active products among `ids`, in no particular order (the list's read model). */
export async function summaryRowsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  return (await productBase(db).where('products.id', 'in', ids).select(SUMMARY_COLUMNS).execute()) as SummaryRow[];
}

/** Products by id at `at` (search results), in no particular order. */
export async function productSummariesByIds(db: Kysely<Database>, ids: readonly number[], at: Date): Promise<ProductSummary[]> {
  return (await summaryRowsByIds(db, ids)).map((row) => toSummary(row, at));
}

/** Every category, in menu order, with the number of active products in it. */
export async function listCategories(db: Kysely<Database>): Promise<Category[]> {
  const rows = await db
    .selectFrom('catalogue_categories')
    .leftJoin('products', (join) => join.onRef('products.category_id', '=', 'catalogue_categories.id').on('products.is_active', '=', 1))
    .select([
      'catalogue_categories.id',
      'catalogue_categories.slug',
      'catalogue_categories.name',
      'catalogue_categories.description',
      'catalogue_categories.promo_group',
      'catalogue_categories.image',
      (eb) => eb.fn.count<string | number>('products.id').as('product_count'),
    ])
    // A category the admin deactivated leaves the shop's list (its products stay until moved or archived).
    .where('catalogue_categories.is_active', '=', 1)
    .groupBy([
      'catalogue_categories.id',
      'catalogue_categories.slug',
      'catalogue_categories.name',
      'catalogue_categories.description',
      'catalogue_categories.promo_group',
      'catalogue_categories.image',
      'catalogue_categories.sort_order',
    ])
    .orderBy('catalogue_categories.sort_order')
    .orderBy('catalogue_categories.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    group: row.promo_group as PromotionCategory,
    image: imageFromColumn(row.image),
    productCount: toNumber(row.product_count),
  }));
}

/** Brands that have at least one active product, by name, with their product counts. */
export async function listBrands(db: Kysely<Database>): Promise<Brand[]> {
  const rows = await db
    .selectFrom('catalogue_brands')
    .innerJoin('products', 'products.brand_id', 'catalogue_brands.id')
    .where('products.is_active', '=', 1)
    .where('catalogue_brands.is_active', '=', 1)
    .select([
      'catalogue_brands.id',
      'catalogue_brands.slug',
      'catalogue_brands.name',
      'catalogue_brands.country',
      (eb) => eb.fn.count<string | number>('products.id').as('product_count'),
    ])
    .groupBy(['catalogue_brands.id', 'catalogue_brands.slug', 'catalogue_brands.name', 'catalogue_brands.country'])
    .orderBy(sql`lower(catalogue_brands.name)`)
    .execute();
  return rows.map((row) => ({ id: row.id, slug: row.slug, name: row.name, country: row.country, productCount: toNumber(row.product_count) }));
}

/** Active services in display order (maintenance tiers first). */
export async function listServices(db: Kysely<Database>): Promise<Service[]> {
  const rows = await db.selectFrom('services').selectAll().where('is_active', '=', 1).orderBy('sort_order').orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind as ServiceKind,
    tier: row.tier as ServiceTier | null,
    summary: row.summary,
    includes: parseStrings(row.includes),
    description: row.description,
    price: toNumber(row.price),
    vatRate: toNumber(row.vat_rate),
    durationMinutes: toNumber(row.duration_minutes),
    vehicleTypes: parseVehicleTypes(row.vehicle_types),
    checklist: parseChecklist(row.checklist),
    image: imageFromColumn(row.image),
  }));
}

/** Active service packages in display order, each with its service credits. */
export async function listPackages(db: Kysely<Database>): Promise<ServicePackage[]> {
  const packages = await db.selectFrom('service_packages').selectAll().where('is_active', '=', 1).orderBy('sort_order').orderBy('id').execute();
  const credits = await db
    .selectFrom('service_package_credits')
    .innerJoin('services', 'services.id', 'service_package_credits.service_id')
    .select(['service_package_credits.package_id', 'service_package_credits.quantity', 'services.slug', 'services.name', 'services.sort_order'])
    .orderBy('services.sort_order')
    .orderBy('services.id')
    .execute();
  return packages.map((row) => ({
    id: row.id,
    slug: row.slug,
    tier: row.tier as PackageTier,
    name: row.name,
    description: row.description,
    price: toNumber(row.price),
    originalPrice: row.original_price === null ? null : toNumber(row.original_price),
    validityMonths: toNumber(row.validity_months),
    vehicleTypes: parseVehicleTypes(row.vehicle_types),
    credits: credits
      .filter((credit) => credit.package_id === row.id)
      .map((credit) => ({ serviceSlug: credit.slug, serviceName: credit.name, quantity: toNumber(credit.quantity) })),
    perks: parseStrings(row.perks),
    highlighted: toNumber(row.highlighted) === 1,
    image: imageFromColumn(row.image),
  }));
}
