import type { Kysely } from 'kysely';
import { VEHICLE_TYPE_LABELS } from 'shared-contracts/schemas';
import { countRows, toNumber } from '../../src/db/portable';
import type { Database } from '../../src/db/schema';
import { insertBrandIfMissing, insertCategoryIfMissing, insertPackageIfMissing, insertProductsIfMissing, insertServiceIfMissing, type ProductInput } from '../../src/modules/catalogueAdmin';
import { upsertPromotion } from '../../src/modules/promotions';
import { BRANDS, CATEGORIES } from './categories';
import { categoryImage, packageImage, productImages, productSlug, promotionImage, serviceImage } from './illustrations';
import { PRODUCTS, type ProductSeed } from './products';
import { seedProductFitments } from './fitments';
import { photoSource, seedProducts } from './generatedParts';
import { PROMOTIONS } from './promotions';
import { PACKAGES, SERVICES } from './services';

export interface CatalogueSeedReport {
  categories: number;
  brands: number;
  products: number;
  services: number;
  servicePackages: number;
  promotions: number;
}

/** The long description of a product page: the blurb, what it fits, the warranty. */
export function productDescription(product: ProductSeed): string {
  const parts = [product.blurb];
  if (product.models.length > 0) parts.push(`Tương thích: ${product.models.join(', ')}.`);
  else parts.push(`Dùng cho: ${product.vehicleTypes.map((type) => VEHICLE_TYPE_LABELS[type].toLowerCase()).join(', ')}.`);
  parts.push(product.warrantyMonths > 0 ? `Bảo hành ${product.warrantyMonths} tháng tại mọi chi nhánh EV Service.` : 'Sản phẩm tiêu hao, không áp dụng bảo hành.');
  return parts.join(' ');
}

export interface CatalogueSeedOptions {
  /**
   * The demo's figures too (default true): a new product's web stock and units sold, and the sample promotions.
   * False (production's reference data): products with no stock and no sales, no promotion.
   */
  demo?: boolean;
  /** Products in all (default: the demo's list); more are generated parts (generatedParts.ts). */
  products?: number;
}

/**
 * Categories, brands, products, services (with their checklist templates), packages and promotions: each one
 * inserted when no row has its natural key (slug / SKU / code), never written over: `npm start` seeds on every
 * start, and what an operator changed since (prices, stock, names, limits, usage, a promotion switched off...)
 * must survive a restart. Promotion windows are set relative to `now` when a promotion is created, so a fresh
 * install has live ones.
 */
export async function seedCatalogue(db: Kysely<Database>, now: Date = new Date(), options: CatalogueSeedOptions = {}): Promise<CatalogueSeedReport> {
  const demo = options.demo ?? true;
  for (const [index, entry] of CATEGORIES.entries()) {
    await insertCategoryIfMissing(db, {
      slug: entry.slug,
      name: entry.name,
      description: entry.description,
      group: entry.group,
      image: categoryImage(entry),
      sortOrder: index + 1,
    });
  }
  for (const entry of BRANDS) await insertBrandIfMissing(db, entry);
  // Ids and names as stored (an operator may have renamed one): a new product's search text folds these.
  const categories = await bySlug(db.selectFrom('catalogue_categories').select(['id', 'slug', 'name']).execute());
  const brands = await bySlug(db.selectFrom('catalogue_brands').select(['id', 'slug', 'name']).execute());

  const existingSkus = new Set((await db.selectFrom('products').select('sku').execute()).map((row) => row.sku));
  const missing: ProductInput[] = [];
  const products = seedProducts(options.products);
  for (const product of products) {
    if (existingSkus.has(product.sku)) continue;
    const category = categories.get(product.category);
    const brand = brands.get(product.brand);
    if (!category || !brand) throw new Error(`Product ${product.sku}: unknown category or brand`);
    missing.push({
      sku: product.sku,
      slug: productSlug(product),
      name: product.name,
      categoryId: category.id,
      brandId: brand.id,
      price: product.price,
      originalPrice: product.originalPrice ?? null,
      stock: demo ? product.stock : 0,
      salesCount: demo ? product.sales : 0,
      warrantyMonths: product.warrantyMonths,
      description: productDescription(product),
      compatibleModels: product.models,
      vehicleTypes: product.vehicleTypes,
      specifications: product.specs.map(([label, value]) => ({ label, value })),
      images: productImages(photoSource(product)),
      createdAt: `${product.addedOn}T02:00:00.000Z`,
      brandName: brand.name,
      categoryName: category.name,
    });
  }
  // In bounded statements: a catalogue of thousands of parts (SEED_PRODUCTS) in a few dozen inserts.
  await insertProductsIfMissing(db, missing);
  // Which vehicle models each part fits (issue 66): its names as rows, for the parts that have none yet.
  await seedProductFitments(db, products);

  for (const [index, service] of SERVICES.entries()) {
    await insertServiceIfMissing(db, { ...service, image: serviceImage(service), sortOrder: index + 1 });
  }
  // Prices as stored: a new package's "bought separately" price is worked out from them.
  const services = await bySlug(db.selectFrom('services').select(['id', 'slug', 'price']).execute());
  for (const [index, pack] of PACKAGES.entries()) {
    const credits = pack.credits.map((credit) => {
      const service = services.get(credit.service);
      if (!service) throw new Error(`Package ${pack.slug}: unknown service ${credit.service}`);
      return { serviceId: service.id, quantity: credit.quantity, value: toNumber(service.price) * credit.quantity };
    });
    const separately = credits.reduce((sum, credit) => sum + credit.value, 0);
    await insertPackageIfMissing(db, {
      slug: pack.slug,
      tier: pack.slug,
      name: pack.name,
      description: pack.description,
      price: pack.price,
      originalPrice: separately > pack.price ? separately : null,
      validityMonths: pack.validityMonths,
      vehicleTypes: pack.vehicleTypes,
      perks: pack.perks,
      highlighted: pack.highlighted,
      image: packageImage(pack),
      sortOrder: index + 1,
      credits: credits.map(({ serviceId, quantity }) => ({ serviceId, quantity })),
    });
  }

  const hour = 60 * 60 * 1000;
  // Windows start on a whole hour so that two seeds in the same hour write the same instants.
  const base = Math.floor(now.getTime() / hour) * hour;
  // promotionWrites has no insert-only write: the seed inserts (through upsertPromotion) only the codes it
  // does not find, inside the seed's transaction, so an existing promotion (limits, usage, window) is never
  // written.
  const existingCodes = new Set((await db.selectFrom('promotions').select('code').execute()).map((row) => row.code));
  for (const [index, promotion] of demo ? PROMOTIONS.entries() : []) {
    if (existingCodes.has(promotion.code)) continue;
    await upsertPromotion(db, {
      ...promotion,
      validFrom: new Date(base + promotion.fromHours * hour).toISOString(),
      validTo: new Date(base + promotion.toHours * hour).toISOString(),
      image: promotionImage(promotion),
      sortOrder: index + 1,
    });
  }

  return {
    categories: await countRows(db, 'catalogue_categories'),
    brands: await countRows(db, 'catalogue_brands'),
    products: await countRows(db, 'products'),
    services: await countRows(db, 'services'),
    servicePackages: await countRows(db, 'service_packages'),
    promotions: await countRows(db, 'promotions'),
  };
}

async function bySlug<T extends { slug: string }>(rows: Promise<T[]>): Promise<Map<string, T>> {
  return new Map((await rows).map((row) => [row.slug, row]));
}

export { BRANDS, CATEGORIES, PACKAGES, PRODUCTS, PROMOTIONS, SERVICES };
