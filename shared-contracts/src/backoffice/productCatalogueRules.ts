/**
 * The admin's product catalogue rules (shop-operations.md §2, §7), zod-free for the back office's chunks: the
 * product status machine, VAT rates, the limits every field is held to, and the labels the UI shows.
 */

export const PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Bản nháp',
  published: 'Đang bán',
  archived: 'Ngừng kinh doanh',
};

/**
 * Which status a product may move to from each: a draft is published (or archived unsold), a published product
 * is archived (off the shop, kept in past orders), an archived one may be published again. Saving without a
 * move is always allowed.
 */
export const PRODUCT_STATUS_MOVES: Record<ProductStatus, readonly ProductStatus[]> = {
  draft: ['published', 'archived'],
  published: ['archived'],
  archived: ['published'],
};

export function canMoveProductStatus(from: ProductStatus, to: ProductStatus): boolean {
  return from === to || PRODUCT_STATUS_MOVES[from].includes(to);
}

export const VAT_RATES = [0, 5, 8, 10] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const PRODUCT_LIMITS = {
  nameMax: 200,
  skuPattern: /^[A-Z0-9-]{3,40}$/,
  priceMax: 1_000_000_000,
  descriptionMax: 20_000,
  imagesMax: 8,
  altMax: 200,
  unitMax: 20,
  specificationsMax: 40,
  specificationLabelMax: 80,
  specificationValueMax: 300,
  weightMaxGrams: 100_000,
  /**
   * A parcel's side in cm: GHN takes at most 200 cm for each of length, width and height (the carriers' bound;
   * the products table's check, migration 0066, allows 300, so this is the one that holds).
   */
  sideMaxCm: 200,
  compatibleModelsMax: 60,
} as const;

/** A product's parcel when the admin gives none (the carriers price weight and box size). */
export const PRODUCT_PARCEL_DEFAULTS = { weightGrams: 1000, lengthCm: 30, widthCm: 20, heightCm: 15 } as const;

/** The sides of a product's parcel, in the order the form and the CSV show them. */
export const PARCEL_SIDES = ['lengthCm', 'widthCm', 'heightCm'] as const;
export type ParcelSide = (typeof PARCEL_SIDES)[number];

/** The field names of a product the history records, with their labels. */
export const PRODUCT_FIELD_LABELS: Record<string, string> = {
  name: 'Tên sản phẩm',
  sku: 'Mã SKU',
  slug: 'Đường dẫn',
  categoryId: 'Danh mục',
  brandId: 'Thương hiệu',
  price: 'Giá bán',
  compareAtPrice: 'Giá so sánh',
  salePrice: 'Giá khuyến mãi',
  saleStartsAt: 'Bắt đầu khuyến mãi',
  saleEndsAt: 'Kết thúc khuyến mãi',
  vatRate: 'Thuế GTGT',
  unit: 'Đơn vị tính',
  weightGrams: 'Khối lượng',
  lengthCm: 'Chiều dài',
  widthCm: 'Chiều rộng',
  heightCm: 'Chiều cao',
  warrantyMonths: 'Bảo hành',
  compatibleModels: 'Dòng xe tương thích',
  /** The fitment rows (issue 66), saved apart from the form's fields (PUT …/fitments). */
  fitments: 'Xe tương thích',
  specifications: 'Thông số kỹ thuật',
  description: 'Mô tả',
  images: 'Hình ảnh',
  status: 'Trạng thái',
};

/** A product's fields as a save sends them (schemas' ProductAdminInput, zod-free here). */
export interface ProductSaveFields {
  name: string;
  sku: string;
  categoryId: number;
  brandId: number;
  price: number;
  compareAtPrice: number | null;
  salePrice: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  vatRate: VatRate;
  unit: string;
  weightGrams: number | null;
  /** The parcel's box in cm (the carriers bill the larger of real and volumetric weight). */
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  warrantyMonths: number;
  compatibleModels: string[];
  specifications: { label: string; value: string }[];
  description: string;
  images: { path: string; alt: string }[];
  status: ProductStatus;
}

/** A product as the admin reads it (schemas' ProductAdmin): the fields a save sends back. */
export type SavedProductFields = Omit<ProductSaveFields, 'categoryId' | 'brandId' | 'vatRate'> & { category: { id: number }; brand: { id: number }; vatRate: number };

/** What a save of `product` sends when nothing is changed: the form's start, the history's comparison, tests and benches. */
export function productAdminInputOf(product: SavedProductFields): ProductSaveFields {
  return {
    name: product.name,
    sku: product.sku,
    categoryId: product.category.id,
    brandId: product.brand.id,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    salePrice: product.salePrice,
    saleStartsAt: product.saleStartsAt,
    saleEndsAt: product.saleEndsAt,
    vatRate: product.vatRate as VatRate,
    unit: product.unit,
    weightGrams: product.weightGrams,
    lengthCm: product.lengthCm,
    widthCm: product.widthCm,
    heightCm: product.heightCm,
    warrantyMonths: product.warrantyMonths,
    compatibleModels: product.compatibleModels,
    specifications: product.specifications,
    description: product.description,
    images: product.images.map(({ path, alt }) => ({ path, alt })),
    status: product.status,
  };
}
