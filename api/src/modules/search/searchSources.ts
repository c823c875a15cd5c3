import type { Kysely } from 'kysely';
import { SERVICE_KIND_LABELS, VEHICLE_TYPE_LABELS, type SearchHit, type ServiceKind } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { effectivePrice, nextPriceChange, firstImageFromColumn, imageFromColumn, parseStrings, parseVehicleTypes } from '../catalogue';
import { vehicleModelLabel } from '../fitment';

interface FittedModels {
  labels: string[];
  names: string[];
}

/**
 * The reference models each product fits, by product: a row's model, and every variant of it when the row names a
 * base model (variant ''), as the fit rule reads a row (shared-contracts/pricing/fitment.ts; any year).
 */
async function fittedModels(db: Kysely<Database>): Promise<Map<number, FittedModels>> {
  const [models, rows] = await Promise.all([
    db.selectFrom('vehicle_models').select(['id', 'brand', 'model', 'variant']).execute(),
    db.selectFrom('product_fitments').select(['product_id', 'model_id']).execute(),
  ]);
  const byId = new Map(models.map((model) => [model.id, model]));
  const family = new Map<string, typeof models>();
  for (const model of models) {
    const key = `${model.brand}|${model.model}`;
    family.set(key, [...(family.get(key) ?? []), model]);
  }
  const fitted = new Map<number, Map<number, (typeof models)[number]>>();
  for (const row of rows) {
    const model = byId.get(row.model_id);
    if (!model) continue;
    let set = fitted.get(row.product_id);
    if (!set) fitted.set(row.product_id, (set = new Map()));
    for (const each of model.variant === '' ? family.get(`${model.brand}|${model.model}`)! : [model]) set.set(each.id, each);
  }
  const result = new Map<number, FittedModels>();
  for (const [productId, set] of fitted) {
    // In label order: the same sources for the same rows, whatever order the rows came in.
    const sorted = [...set.values()].map((model) => ({ label: vehicleModelLabel(model), name: [model.model, model.variant].join(' ').trim() }));
    sorted.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
    result.set(productId, { labels: sorted.map((entry) => entry.label), names: sorted.map((entry) => entry.name) });
  }
  return result;
}

/** What one searchable item is found by, field by field (raw text: the index folds it), and what it answers. */
export interface SearchSource {
  hit: SearchHit;
  name: string;
  category: string;
  brand: string;
  sku: string;
  /**
   * The vehicle models it fits (products): the labels of the reference models its fitment rows fit ("VinFast VF 8
   * Plus" too for a row naming the base VF 8, as the fit rule has it), then the free-text names no model matched.
   */
  models: string[];
  /** The reference models it fits by their own name and variant ("Feliz S", "VF 8 Plus"): the query's model terms. */
  fitModels: string[];
  /** The vehicle kinds it is for ("Ô tô điện"...). */
  vehicles: string;
  description: string;
  /** Units sold (products), 0 otherwise: orders equally relevant items. */
  sales: number;
  /** When the hit's price may change (a product's next sale-window bound, epoch ms), or null. */
  priceChangesAt: number | null;
}

const vehicleLabels = (column: string): string =>
  parseVehicleTypes(column)
    .map((type) => VEHICLE_TYPE_LABELS[type])
    .join(' ');

/** The active products, services and packages as search sources at `at` (their prices then), read in one go (the catalogue is small). */
export async function loadSearchSources(db: Kysely<Database>, at: Date): Promise<SearchSource[]> {
  const [products, services, packages, fitted] = await Promise.all([
    db
      .selectFrom('products')
      .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
      .innerJoin('catalogue_brands', 'catalogue_brands.id', 'products.brand_id')
      .select([
        'products.id',
        'products.slug',
        'products.sku',
        'products.name',
        'products.price',
        'products.original_price',
        'products.sale_price',
        'products.sale_starts_at',
        'products.sale_ends_at',
        'products.images',
        'products.sales_count',
        'products.description',
        'products.compatible_models',
        'products.vehicle_types',
        'catalogue_brands.name as brand_name',
        'catalogue_categories.name as category_name',
      ])
      .where('products.is_active', '=', 1)
      .orderBy('products.id')
      .execute(),
    db
      .selectFrom('services')
      .select(['id', 'slug', 'name', 'kind', 'summary', 'includes', 'price', 'image', 'vehicle_types'])
      .where('is_active', '=', 1)
      .orderBy('sort_order')
      .execute(),
    db
      .selectFrom('service_packages')
      .select(['id', 'slug', 'name', 'description', 'perks', 'price', 'image', 'validity_months', 'vehicle_types'])
      .where('is_active', '=', 1)
      .orderBy('sort_order')
      .execute(),
    fittedModels(db),
  ]);

  return [
    ...products.map((row) => ({
      hit: {
        type: 'product' as const,
        id: row.id,
        slug: row.slug,
        title: row.name,
        subtitle: `${row.brand_name} · ${row.category_name}`,
        price: effectivePrice(row, at).price,
        image: firstImageFromColumn(row.images),
        url: `/products/${row.slug}`,
      },
      name: row.name,
      category: row.category_name,
      brand: row.brand_name,
      sku: row.sku,
      models: [...(fitted.get(row.id)?.labels ?? []), ...parseStrings(row.compatible_models)],
      fitModels: fitted.get(row.id)?.names ?? [],
      vehicles: vehicleLabels(row.vehicle_types),
      description: row.description,
      sales: toNumber(row.sales_count),
      priceChangesAt: nextPriceChange(row, at)?.getTime() ?? null,
    })),
    ...services.map((row) => ({
      hit: {
        type: 'service' as const,
        id: row.id,
        slug: row.slug,
        title: row.name,
        subtitle: row.summary,
        price: toNumber(row.price),
        image: imageFromColumn(row.image),
        url: `/services#${row.slug}`,
      },
      name: row.name,
      category: `Dịch vụ ${SERVICE_KIND_LABELS[row.kind as ServiceKind] ?? ''}`,
      brand: '',
      sku: '',
      models: [],
      fitModels: [],
      vehicles: vehicleLabels(row.vehicle_types),
      description: [row.summary, ...parseStrings(row.includes)].join(' '),
      sales: 0,
      priceChangesAt: null,
    })),
    ...packages.map((row) => ({
      hit: {
        type: 'package' as const,
        id: row.id,
        slug: row.slug,
        title: row.name,
        subtitle: `${toNumber(row.validity_months)} tháng · ${row.description}`,
        price: toNumber(row.price),
        image: imageFromColumn(row.image),
        url: `/packages#${row.slug}`,
      },
      name: row.name,
      category: 'Gói dịch vụ bảo dưỡng',
      brand: '',
      sku: '',
      models: [],
      fitModels: [],
      vehicles: vehicleLabels(row.vehicle_types),
      description: [row.description, ...parseStrings(row.perks)].join(' '),
      sales: 0,
      priceChangesAt: null,
    })),
  ];
}
