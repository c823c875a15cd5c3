import { foldVietnamese, PROMOTION_KIND_LABELS, VEHICLE_TYPE_LABELS } from 'shared-contracts/schemas';
import { BRANDS, CATEGORIES, type CategorySeed } from './categories';
import { cardSvg, imageOf, PALETTES, type StoredImage } from './images';
import { PRODUCTS, type ProductSeed } from './products';
import { PROMOTIONS, type PromotionSeed } from './promotions';
import { PACKAGES, SERVICES, type PackageSeed, type ServiceSeed } from './services';

const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });
const formatVnd = (amount: number): string => vnd.format(amount);

/** 'Pin Lithium-ion LFP 48V 20Ah' → 'pin-lithium-ion-lfp-48v-20ah' (same folding as search). */
export function slugify(text: string): string {
  return foldVietnamese(text).replace(/ /g, '-');
}

export function productSlug(product: ProductSeed): string {
  return slugify(product.name);
}

function category(slug: string): CategorySeed {
  const found = CATEGORIES.find((entry) => entry.slug === slug);
  if (!found) throw new Error(`Unknown category ${slug}`);
  return found;
}

function brandName(slug: string): string {
  const found = BRANDS.find((entry) => entry.slug === slug);
  if (!found) throw new Error(`Unknown brand ${slug}`);
  return found.name;
}

export function categoryImage(entry: CategorySeed): StoredImage {
  return imageOf('category', `categories/${entry.slug}.svg`, entry.name);
}

/** Main picture, then the specification card. */
export function productImages(product: ProductSeed): StoredImage[] {
  const slug = productSlug(product);
  return [
    imageOf('product', `products/${slug}.svg`, product.name),
    imageOf('product', `products/${slug}-thong-so.svg`, `Thông số: ${product.name}`),
  ];
}

export function serviceImage(service: ServiceSeed): StoredImage {
  return imageOf('service', `services/${service.slug}.svg`, service.name);
}

export function packageImage(pack: PackageSeed): StoredImage {
  return imageOf('package', `packages/${pack.slug}.svg`, pack.name);
}

export function promotionImage(promotion: PromotionSeed): StoredImage {
  return imageOf('promotion', `promotions/${promotion.code.toLowerCase()}.svg`, promotion.title);
}

/** Every illustration of the seed data: path under api/assets/catalogue → SVG text. */
export function renderIllustrations(): Map<string, string> {
  const files = new Map<string, string>();
  const put = (image: StoredImage, svg: string) => {
    if (files.has(image.path)) throw new Error(`Two illustrations at ${image.path}`);
    files.set(image.path, svg);
  };

  for (const entry of CATEGORIES) {
    const image = categoryImage(entry);
    put(image, cardSvg({ ...image, palette: PALETTES[entry.slug]!, pictogram: entry.pictogram, eyebrow: 'Danh mục', title: entry.name }));
  }
  for (const product of PRODUCTS) {
    const entry = category(product.category);
    const palette = PALETTES[entry.slug]!;
    const [main, sheet] = productImages(product) as [StoredImage, StoredImage];
    const fits = product.models.length > 0 ? `Dùng cho: ${product.models.slice(0, 2).join(', ')}${product.models.length > 2 ? '…' : ''}` : entry.name;
    put(main, cardSvg({ ...main, palette, pictogram: entry.pictogram, eyebrow: brandName(product.brand), title: product.name, footer: fits }));
    put(
      sheet,
      cardSvg({
        ...sheet,
        palette,
        pictogram: entry.pictogram,
        eyebrow: `Thông số · ${product.sku}`,
        title: product.name,
        details: product.specs.slice(0, 3).map(([label, value]) => `${label}: ${value}`),
      }),
    );
  }
  for (const service of SERVICES) {
    const image = serviceImage(service);
    put(
      image,
      cardSvg({
        ...image,
        palette: PALETTES.service!,
        pictogram: service.pictogram,
        eyebrow: 'Dịch vụ',
        title: service.name,
        footer: `${service.durationMinutes} phút · từ ${formatVnd(service.price)}`,
      }),
    );
  }
  for (const pack of PACKAGES) {
    const image = packageImage(pack);
    put(
      image,
      cardSvg({
        ...image,
        palette: PALETTES.package!,
        pictogram: 'gift',
        eyebrow: `Gói dịch vụ · ${pack.validityMonths} tháng`,
        title: pack.name,
        footer: `${formatVnd(pack.price)} · ${pack.vehicleTypes.map((type) => VEHICLE_TYPE_LABELS[type]).join(', ')}`,
      }),
    );
  }
  for (const promotion of PROMOTIONS) {
    const image = promotionImage(promotion);
    put(
      image,
      cardSvg({
        ...image,
        palette: PALETTES.promotion!,
        pictogram: promotion.type === 'shipping' ? 'cable' : promotion.kind === 'flash-sale' ? 'bolt' : 'gift',
        eyebrow: `${PROMOTION_KIND_LABELS[promotion.kind]} · Mã ${promotion.code}`,
        title: promotion.title,
        footer: promotion.minOrder > 0 ? `Đơn từ ${formatVnd(promotion.minOrder)}` : 'Không cần đơn tối thiểu',
      }),
    );
  }
  return files;
}
