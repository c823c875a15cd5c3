import type { Kysely } from 'kysely';
import { SERVICE_KIND_LABELS, VEHICLE_TYPE_LABELS, type SearchHit, type ServiceKind } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { effectivePrice, nextPriceChange, firstImageFromColumn, imageFromColumn, parseStrings, parseVehicleTypes } from '../catalogue';

/** What one searchable item is found by, field by field (raw text: the index folds it), and what it answers. */
export interface SearchSource {
  hit: SearchHit;
  name: string;
  category: string;
  brand: string;
  sku: string;
  /** The vehicle models it fits (products). */
  models: string[];
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
  const [products, services, packages] = await Promise.all([
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
      models: parseStrings(row.compatible_models),
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
      vehicles: vehicleLabels(row.vehicle_types),
      description: [row.description, ...parseStrings(row.perks)].join(' '),
      sales: 0,
      priceChangesAt: null,
    })),
  ];
}
