import type { Kysely } from 'kysely';
import { VEHICLE_TYPE_LABELS } from 'shared-contracts/schemas';
import { countRows } from '../../db/portable';
import type { Database } from '../../db/schema';
import { upsertBrand, upsertCategory, upsertPackage, upsertProduct, upsertService } from '../../modules/catalogue/catalogueWrites';
import { upsertPromotion } from '../../modules/promotions/promotionWrites';
import { BRANDS, CATEGORIES } from './categories';
import { categoryImage, packageImage, productImages, productSlug, promotionImage, serviceImage } from './illustrations';
import { PRODUCTS, type ProductSeed } from './products';
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

/**
 * Categories, brands, products, services, packages and promotions (upsert by slug / SKU / code). Promotion
 * windows are set relative to `now` so a fresh install has live promotions. Stock, sales counts and promotion
 * usage are only written when a row is created.
 */
export async function seedCatalogue(db: Kysely<Database>, now: Date = new Date()): Promise<CatalogueSeedReport> {
  const categoryIds = new Map<string, { id: number; name: string }>();
  for (const [index, entry] of CATEGORIES.entries()) {
    const id = await upsertCategory(db, {
      slug: entry.slug,
      name: entry.name,
      description: entry.description,
      group: entry.group,
      image: categoryImage(entry),
      sortOrder: index + 1,
    });
    categoryIds.set(entry.slug, { id, name: entry.name });
  }
  const brandIds = new Map<string, { id: number; name: string }>();
  for (const entry of BRANDS) brandIds.set(entry.slug, { id: await upsertBrand(db, entry), name: entry.name });

  for (const product of PRODUCTS) {
    const category = categoryIds.get(product.category);
    const brand = brandIds.get(product.brand);
    if (!category || !brand) throw new Error(`Product ${product.sku}: unknown category or brand`);
    await upsertProduct(db, {
      sku: product.sku,
      slug: productSlug(product),
      name: product.name,
      categoryId: category.id,
      brandId: brand.id,
      price: product.price,
      originalPrice: product.originalPrice ?? null,
      stock: product.stock,
      salesCount: product.sales,
      warrantyMonths: product.warrantyMonths,
      description: productDescription(product),
      compatibleModels: product.models,
      vehicleTypes: product.vehicleTypes,
      specifications: product.specs.map(([label, value]) => ({ label, value })),
      images: productImages(product),
      createdAt: `${product.addedOn}T02:00:00.000Z`,
      brandName: brand.name,
      categoryName: category.name,
    });
  }

  const serviceIds = new Map<string, { id: number; price: number }>();
  for (const [index, service] of SERVICES.entries()) {
    const id = await upsertService(db, { ...service, image: serviceImage(service), sortOrder: index + 1 });
    serviceIds.set(service.slug, { id, price: service.price });
  }
  for (const [index, pack] of PACKAGES.entries()) {
    const credits = pack.credits.map((credit) => {
      const service = serviceIds.get(credit.service);
      if (!service) throw new Error(`Package ${pack.slug}: unknown service ${credit.service}`);
      return { serviceId: service.id, quantity: credit.quantity, value: service.price * credit.quantity };
    });
    const separately = credits.reduce((sum, credit) => sum + credit.value, 0);
    await upsertPackage(db, {
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
  for (const [index, promotion] of PROMOTIONS.entries()) {
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

export { BRANDS, CATEGORIES, PACKAGES, PRODUCTS, PROMOTIONS, SERVICES };
