import { z } from 'zod';
import {
  CATALOGUE_VIEWS,
  PRODUCT_SORTS,
  PROMOTION_CATEGORIES,
  PROMOTION_ELIGIBILITIES,
  PROMOTION_KINDS,
  PROMOTION_TYPES,
  SERVICE_KINDS,
  SERVICE_TIERS,
  VEHICLE_TYPES,
} from '../catalogue/enumerations';
import { SEARCH_OFFSET_MAX } from '../catalogue/cardForm';
import { normalizeVietnamesePhone } from '../user/accountRules';
import { LOYALTY_RANKED_TIERS, LOYALTY_TIERS } from '../pricing/loyaltyTiers';
import { envelopeSchema } from './envelope';
import { fitmentSchema, fitQueryShape, fitStatusSchema, refineFitQuery } from './fitment';
import { DB_INTEGER_MAX, idInput, integerInput, textInput } from './primitives';

// The labels of these enumerations live zod-free in shared-contracts/labels (no zod in the storefront's chunks).
export { PRODUCT_SORT_LABELS, PROMOTION_KIND_LABELS, SERVICE_KIND_LABELS, SERVICE_TIER_LABELS, VEHICLE_TYPE_LABELS } from '../labels';

// The enumerations are zod-free (catalogue/enumerations.ts): the labels and the vehicle and pricing rules read them there.
export {
  CATALOGUE_VIEWS,
  PRODUCT_SORTS,
  PROMOTION_CATEGORIES,
  PROMOTION_ELIGIBILITIES,
  PROMOTION_KINDS,
  PROMOTION_TYPES,
  SERVICE_KINDS,
  SERVICE_TIERS,
  VEHICLE_TYPES,
  type CatalogueView,
  type ProductSort,
  type PromotionCategory,
  type PromotionEligibility,
  type PromotionKind,
  type PromotionType,
  type ServiceKind,
  type ServiceTier,
  type VehicleType,
} from '../catalogue/enumerations';

// The search folding rule, also reachable from 'shared-contracts/schemas' (what the API imports).
export { foldVietnamese, foldedWords, highlightRanges, type TextRange } from '../text/foldVietnamese';

/**
 * The public catalogue: categories, brands, products, services, service packages, promotions, search and the
 * contact form. One source for the API's validation and responses and for the storefront's types
 * (`import type { ProductSummary } from 'shared-contracts/schemas'`). Money is integer VND; instants are
 * ISO 8601 UTC strings ('2026-11-22T08:00:00.000Z'), shown in Asia/Ho_Chi_Minh.
 */

/** Integer VND, never negative. */
export const vndSchema = z.number().int().nonnegative();
/** ISO 8601 UTC instant as the API returns it. */
export const isoInstantSchema = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/, 'Thời điểm phải ở dạng ISO 8601 UTC');
/** A URL-safe identifier: lower-case ASCII words joined by '-'. */
export const slugSchema = textInput().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Đường dẫn không hợp lệ');

/** An image served by the API (e.g. /api/media/catalogue/products/pin-lithium-48v-20ah.svg) with its size in px. */
export const catalogueImageSchema = z.object({
  url: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Alternative text (Vietnamese). */
  alt: z.string(),
});
export type CatalogueImage = z.infer<typeof catalogueImageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Vehicles

export const vehicleTypeSchema = z.enum(VEHICLE_TYPES);

// ---------------------------------------------------------------------------------------------------------
// Categories and brands

export const promotionCategorySchema = z.enum(PROMOTION_CATEGORIES);

export const categorySchema = z.object({
  id: z.number().int().positive(),
  /** pin-bo-sac, dong-co-dien, cap-sac, dung-cu, ... (the header links /products?category=<slug>). */
  slug: slugSchema,
  name: z.string().min(1),
  description: z.string(),
  group: promotionCategorySchema,
  image: catalogueImageSchema.nullable(),
  /** Products of the category on sale (active), in stock or not. */
  productCount: z.number().int().nonnegative(),
});
export type Category = z.infer<typeof categorySchema>;

export const brandSchema = z.object({
  id: z.number().int().positive(),
  slug: slugSchema,
  name: z.string().min(1),
  country: z.string(),
  productCount: z.number().int().nonnegative(),
});
export type Brand = z.infer<typeof brandSchema>;

/** A category or brand as a product refers to it. */
export const catalogueRefSchema = z.object({ slug: slugSchema, name: z.string().min(1) });
export type CatalogueRef = z.infer<typeof catalogueRefSchema>;

// ---------------------------------------------------------------------------------------------------------
// Products

export const productSpecificationSchema = z.object({ label: z.string().min(1), value: z.string().min(1) });
export type ProductSpecification = z.infer<typeof productSpecificationSchema>;

/**
 * A product in a list (cards): what the products page, search and the home page show, and no more (issue 47 §2:
 * the SKU, units sold, compatible models and creation instant are the detail's).
 */
export const productSummarySchema = z.object({
  id: z.number().int().positive(),
  slug: slugSchema,
  name: z.string().min(1),
  brand: catalogueRefSchema,
  category: catalogueRefSchema,
  price: vndSchema,
  /** Price before the discount, when the product is discounted (always greater than price); else null. */
  originalPrice: vndSchema.nullable(),
  /** Whole percent off originalPrice (null when not discounted). */
  discountPercent: z.number().int().min(1).max(99).nullable(),
  stock: z.number().int().nonnegative(),
  inStock: z.boolean(),
  image: catalogueImageSchema.nullable(),
  /** Visible reviews' average, one decimal (null before the first review) and their count (issue 48). */
  ratingAverage: z.number().min(1).max(5).nullable(),
  ratingCount: z.number().int().nonnegative(),
  /** Whether the product fits the chosen vehicle (issue 66): present when the query named one (fitModel + fitYear). */
  fit: fitStatusSchema.optional(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** GET /api/products/:slug: the summary plus the SKU, description, specifications, every image and the vehicles it fits. */
/** A member price in force (issue 67 §3): what members of `tier` or higher pay for the product, below its price now. */
export const productMemberPriceSchema = z.object({
  tier: z.enum(LOYALTY_RANKED_TIERS),
  tierLabel: z.string().min(1),
  price: vndSchema,
});
export type ProductMemberPrice = z.infer<typeof productMemberPriceSchema>;

export const productDetailSchema = productSummarySchema.extend({
  sku: z.string().min(1),
  /** Units sold: what 'popular' sorts on. */
  salesCount: z.number().int().nonnegative(),
  /** Vehicle models the part fits ('VinFast Evo200', 'Dat Bike Weaver++', ...). */
  compatibleModels: z.array(z.string().min(1)),
  createdAt: isoInstantSchema,
  /** Markdown, as the admin wrote it. */
  description: z.string(),
  /** The description rendered safely (raw HTML escaped, unsafe links dropped): what the product page shows. */
  descriptionHtml: z.string().optional(),
  specifications: z.array(productSpecificationSchema),
  images: z.array(catalogueImageSchema),
  vehicleTypes: z.array(vehicleTypeSchema),
  /** Warranty in months (0: none). */
  warrantyMonths: z.number().int().nonnegative(),
  /** The member prices in force below the price now, lowest tier first (a tier's price is below every lower tier's). */
  memberPrices: z.array(productMemberPriceSchema).optional(),
  /** The vehicle models it fits (issue 66): the API always sends it ([] when none is recorded). */
  fitments: z.array(fitmentSchema).optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productSortSchema = z.enum(PRODUCT_SORTS);

/** ?view= of the catalogue's lists: absent or 'full' for the full form, 'card' for the card form. */
export const catalogueViewSchema = z.enum(CATALOGUE_VIEWS, { error: 'Kiểu danh sách không hợp lệ (full hoặc card).' });

export const PRODUCT_PAGE_SIZE_DEFAULT = 24;
export const PRODUCT_PAGE_SIZE_MAX = 48;

/** A query-string boolean: true/false, 1/0 (as the browser sends it). */
const queryBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');
const queryTextSchema = textInput({ trim: true }).min(1, 'Vui lòng nhập nội dung tìm kiếm.').max(100, 'Tối đa 100 ký tự.');
/** A price filter: whole VND within the price column (an integer column). */
const queryVndSchema = integerInput({ message: 'Giá không hợp lệ.', min: 0, max: DB_INTEGER_MAX });

/**
 * GET /api/products query: every field optional. sort defaults to 'popular', page to 1, pageSize to 24
 * (at most 48). `model` matches a compatible model (case and diacritics ignored, part of the name is enough).
 */
export const productListQuerySchema = z
  .object({
    category: slugSchema.optional(),
    brand: slugSchema.optional(),
    minPrice: queryVndSchema.optional(),
    maxPrice: queryVndSchema.optional(),
    inStock: queryBooleanSchema.optional(),
    model: queryTextSchema.optional(),
    sort: productSortSchema.default('popular'),
    page: integerInput({ message: 'Số trang không hợp lệ.', min: 1, max: 10_000 }).default(1),
    pageSize: integerInput({ message: `Số sản phẩm mỗi trang từ 1 đến ${PRODUCT_PAGE_SIZE_MAX}.`, min: 1, max: PRODUCT_PAGE_SIZE_MAX }).default(PRODUCT_PAGE_SIZE_DEFAULT),
    /** The chosen vehicle (issue 66): each product then carries `fit`; fitOnly=true keeps the FITS ones. */
    ...fitQueryShape,
    /** 'card': the items in the card form (productCardItemSchema); absent or 'full': as ProductSummary. */
    view: catalogueViewSchema.optional(),
  })
  .superRefine(refineFitQuery)
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: 'Giá tối thiểu phải nhỏ hơn hoặc bằng giá tối đa',
    path: ['maxPrice'],
  });
/** The normalised query (defaults applied). */
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
/** What a client may send (every field optional). */
export type ProductListParams = Partial<ProductListQuery>;

export const productPageSchema = z.object({
  items: z.array(productSummarySchema),
  /** Products matching the filters, over every page. */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/**
 * A product as its card shows it (GET /api/products?view=card, issue 70 §2): the brand's name only (the card does
 * not link it), the image's URL only (the card's image box has its own 4:3 size and fits the image in it), the
 * discount and the rating only when there is one, no category and no inStock (stock > 0 says it). Made from a
 * ProductSummary by productCardOf (catalogue/cardForm.ts).
 */
export const productCardItemSchema = z
  .object({
    id: z.number().int().positive(),
    slug: slugSchema,
    name: z.string().min(1),
    /** The brand's name. */
    brand: z.string().min(1),
    price: vndSchema,
    stock: z.number().int().nonnegative(),
    /** Present when discounted: the price before the discount (greater than price), and the whole percent off. */
    originalPrice: vndSchema.optional(),
    discountPercent: z.number().int().min(1).max(99).optional(),
    /** The first image's URL; absent when the product has none. */
    image: z.string().min(1).optional(),
    /** Present once a visible review exists: their average (one decimal) and count. */
    ratingAverage: z.number().min(1).max(5).optional(),
    ratingCount: z.number().int().positive().optional(),
    fit: fitStatusSchema.optional(),
  })
  .strict();
export type ProductCardItem = z.infer<typeof productCardItemSchema>;

export const productCardPageSchema = productPageSchema.extend({ items: z.array(productCardItemSchema) }).strict();
export type ProductCardPage = z.infer<typeof productCardPageSchema>;

export const productSlugParamsSchema = z.object({ slug: textInput().min(1, 'Đường dẫn không hợp lệ').max(200, 'Đường dẫn không hợp lệ') });
/** GET /api/products/:slug?fitModel=&fitYear=: the product then carries `fit` for that vehicle. */
export const productDetailQuerySchema = z.object({ fitModel: fitQueryShape.fitModel, fitYear: fitQueryShape.fitYear }).superRefine(refineFitQuery);

// ---------------------------------------------------------------------------------------------------------
// Services

export const serviceTierSchema = z.enum(SERVICE_TIERS);
export const serviceKindSchema = z.enum(SERVICE_KINDS);

/** One item of a service's checklist template (what the technician checks: PASS / FAIL / NA later). */
export const checklistItemSchema = z.object({ code: z.string().min(1), label: z.string().min(1) });
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const serviceSchema = z.object({
  id: z.number().int().positive(),
  slug: slugSchema,
  name: z.string().min(1),
  kind: serviceKindSchema,
  /** The maintenance tier, for the three maintenance services; null for the others. */
  tier: serviceTierSchema.nullable(),
  /** One sentence for cards. */
  summary: z.string().min(1),
  /** What is done, step by step. */
  includes: z.array(z.string().min(1)),
  /** The admin's longer text, plain, its line breaks kept ('' when none). */
  description: z.string(),
  price: vndSchema,
  /** The VAT included in the price: 0, 5, 8 or 10 (%). */
  vatRate: z.number().int(),
  durationMinutes: z.number().int().positive(),
  vehicleTypes: z.array(vehicleTypeSchema).min(1),
  checklist: z.array(checklistItemSchema),
  image: catalogueImageSchema.nullable(),
});
export type Service = z.infer<typeof serviceSchema>;

// ---------------------------------------------------------------------------------------------------------
// Service packages

export const PACKAGE_TIERS = ['co-ban', 'tieu-chuan', 'cao-cap'] as const;
export const packageTierSchema = z.enum(PACKAGE_TIERS);
export type PackageTier = z.infer<typeof packageTierSchema>;

/** A service included in a package, `quantity` times over the validity period. */
export const packageCreditSchema = z.object({
  serviceSlug: slugSchema,
  serviceName: z.string().min(1),
  quantity: z.number().int().positive(),
});
export type PackageCredit = z.infer<typeof packageCreditSchema>;

export const servicePackageSchema = z.object({
  id: z.number().int().positive(),
  /** co-ban, tieu-chuan, cao-cap (the header's /packages#<slug>). */
  slug: slugSchema,
  tier: packageTierSchema,
  name: z.string().min(1),
  description: z.string(),
  price: vndSchema,
  /** What the included services cost one by one (greater than price). */
  originalPrice: vndSchema.nullable(),
  validityMonths: z.number().int().positive(),
  vehicleTypes: z.array(vehicleTypeSchema).min(1),
  credits: z.array(packageCreditSchema).min(1),
  perks: z.array(z.string().min(1)),
  /** The package the page puts forward ('Phổ biến nhất'). */
  highlighted: z.boolean(),
  image: catalogueImageSchema.nullable(),
});
export type ServicePackage = z.infer<typeof servicePackageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Promotions

export const promotionTypeSchema = z.enum(PROMOTION_TYPES);
export const promotionKindSchema = z.enum(PROMOTION_KINDS);
export const promotionEligibilitySchema = z.enum(PROMOTION_ELIGIBILITIES);

/**
 * A promotion: the spec's fields (id, code, title, description, type, value, minOrder, maxDiscount?,
 * validFrom, validTo, isActive, usageLimit, usedCount, category?, image) plus kind, eligibility, the
 * per-customer limit and the image size. `value` is a percent for 'percentage', VND otherwise.
 */
export const promotionSchema = z.object({
  id: z.number().int().positive(),
  code: z.string().regex(/^[A-Z0-9]{3,30}$/),
  title: z.string().min(1),
  description: z.string(),
  type: promotionTypeSchema,
  value: z.number().int().positive(),
  minOrder: vndSchema,
  maxDiscount: vndSchema.optional(),
  validFrom: isoInstantSchema,
  validTo: isoInstantSchema,
  isActive: z.boolean(),
  usageLimit: z.number().int().positive(),
  usedCount: z.number().int().nonnegative(),
  category: z.array(promotionCategorySchema).optional(),
  /** URL of the promotion's banner image. */
  image: z.string().min(1),
  imageWidth: z.number().int().positive(),
  imageHeight: z.number().int().positive(),
  kind: promotionKindSchema,
  eligibility: promotionEligibilitySchema,
  perCustomerLimit: z.number().int().positive(),
  /** The lowest members' tier that may use it (absent: no tier required). */
  minTier: z.enum(LOYALTY_TIERS).optional(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** GET /api/promotions query: `kind` (or its alias `type`, the header's link) narrows the list. */
export const promotionListQuerySchema = z.object({
  kind: promotionKindSchema.optional(),
  type: promotionKindSchema.optional(),
});

/** A promotion a logged-in user saved, with when they saved it. */
export const savedPromotionSchema = promotionSchema.extend({ savedAt: isoInstantSchema });
export type SavedPromotion = z.infer<typeof savedPromotionSchema>;
export const savePromotionInputSchema = z.object({ promotionId: idInput('Mã ưu đãi không hợp lệ.') });
export type SavePromotionInput = z.infer<typeof savePromotionInputSchema>;
export const promotionIdParamsSchema = z.object({ promotionId: idInput('Mã ưu đãi không hợp lệ.') });

// ---------------------------------------------------------------------------------------------------------
// Search

export const SEARCH_HIT_TYPES = ['product', 'service', 'package'] as const;
export const searchHitTypeSchema = z.enum(SEARCH_HIT_TYPES);
export type SearchHitType = z.infer<typeof searchHitTypeSchema>;

export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

/** GET /api/search?q=&limit=&offset= (q: 1–100 characters; diacritics and case are ignored). */
export const searchQuerySchema = z.object({
  q: textInput({ trim: true, error: 'Vui lòng nhập nội dung tìm kiếm.' })
    .min(1, 'Vui lòng nhập nội dung tìm kiếm.')
    .max(SEARCH_QUERY_MAX_LENGTH, `Nội dung tìm kiếm tối đa ${SEARCH_QUERY_MAX_LENGTH} ký tự.`),
  limit: integerInput({ message: `Số kết quả từ 1 đến ${SEARCH_LIMIT_MAX}.`, min: 1, max: SEARCH_LIMIT_MAX }).default(SEARCH_LIMIT_DEFAULT),
  /** How many of the best hits to pass over (the search page's "Xem thêm"); absent: 0. `total` says how many there are. */
  offset: integerInput({ message: `Vị trí bắt đầu của kết quả từ 0 đến ${SEARCH_OFFSET_MAX}.`, min: 0, max: SEARCH_OFFSET_MAX }).default(0),
  /** 'card': the hits in the card form (searchCardHitSchema); absent or 'full': as SearchHit. */
  view: catalogueViewSchema.optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchHitSchema = z.object({
  type: searchHitTypeSchema,
  id: z.number().int().positive(),
  slug: slugSchema,
  title: z.string().min(1),
  /** A short line under the title (brand and category, a service's summary, a package's validity). */
  subtitle: z.string(),
  price: vndSchema,
  image: catalogueImageSchema.nullable(),
  /** Storefront path: /products/<slug>, /services#<slug>, /packages#<slug>. */
  url: z.string().startsWith('/'),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Hits best first: the whole title equal to the query, then titles starting with it, then containing it. */
export const searchResultSchema = z.object({
  query: z.string(),
  total: z.number().int().nonnegative(),
  hits: z.array(searchHitSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * A hit as a search row shows it (GET /api/search?view=card, issue 70 §2): no id or slug (its URL names it), the
 * image's URL only (the row's thumbnail box has its own size). Made from a SearchHit by searchCardHitOf.
 */
export const searchCardHitSchema = z
  .object({
    type: searchHitTypeSchema,
    title: z.string().min(1),
    subtitle: z.string(),
    price: vndSchema,
    url: z.string().startsWith('/'),
    /** The first image's URL; absent when the item has none. */
    image: z.string().min(1).optional(),
  })
  .strict();
export type SearchCardHit = z.infer<typeof searchCardHitSchema>;

export const searchCardResultSchema = searchResultSchema.extend({ hits: z.array(searchCardHitSchema) }).strict();
export type SearchCardResult = z.infer<typeof searchCardResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Contact

/** A Vietnamese mobile number without its spaces, dots, dashes and brackets: 0, 84 or +84, then 9 digits from 3, 5, 7, 8 or 9. */
export const VIETNAMESE_MOBILE = /^(?:\+84|84|0)(?:3|5|7|8|9)\d{8}$/;

/** '0912 345 678', '+84 912.345.678' → '0912345678'; null when it is not a Vietnamese mobile number (the one phone rule). */
export { normalizeVietnamesePhone as normaliseVietnameseMobile } from '../user/accountRules';

const optionalText = (max: number) =>
  textInput({ trim: true })
    .max(max, `Tối đa ${max} ký tự.`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** POST /api/contact: name, subject and message; an email or a phone (at least one). */
export const contactMessageInputSchema = z
  .object({
    name: textInput({ trim: true }).min(2, 'Vui lòng nhập họ tên (ít nhất 2 ký tự).').max(100, 'Họ tên tối đa 100 ký tự.'),
    email: optionalText(254).pipe(z.email('Email không hợp lệ.').optional()),
    phone: optionalText(20).pipe(
      textInput()
        .refine((value) => normalizeVietnamesePhone(value) !== null, 'Số điện thoại di động không hợp lệ (ví dụ 0912 345 678).')
        .transform((value) => normalizeVietnamesePhone(value) ?? value)
        .optional(),
    ),
    subject: textInput({ trim: true }).min(3, 'Vui lòng nhập tiêu đề (ít nhất 3 ký tự).').max(150, 'Tiêu đề tối đa 150 ký tự.'),
    message: textInput({ trim: true, multiline: true }).min(10, 'Nội dung cần ít nhất 10 ký tự.').max(5000, 'Nội dung tối đa 5000 ký tự.'),
  })
  .refine((input) => input.email !== undefined || input.phone !== undefined, {
    message: 'Vui lòng nhập email hoặc số điện thoại để chúng tôi liên hệ lại.',
    path: ['email'],
  });
/** What the contact form sends. */
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;
/** The validated, normalised message (phone as 0XXXXXXXXX). */
export type ContactMessage = z.output<typeof contactMessageInputSchema>;

export const contactReceiptSchema = z.object({
  id: z.number().int().positive(),
  receivedAt: isoInstantSchema,
});
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

/**
 * GET /api/products/:slug/availability (shop-operations §3): what ships online (Σ on_hand − reserved over the
 * locations that ship) and what each service centre has for pick-up today, by centre name ("Còn 3 tại EV Service
 * Cầu Giấy").
 */
export const productAvailabilitySchema = z.object({
  online: z.number().int().nonnegative(),
  pickup: z.array(
    z.object({
      centreId: z.number().int().positive(),
      centreName: z.string(),
      city: z.string(),
      available: z.number().int().nonnegative(),
    }),
  ),
});
export type ProductAvailability = z.infer<typeof productAvailabilitySchema>;

// ---------------------------------------------------------------------------------------------------------
// Response envelopes

export const categoryListResponseSchema = envelopeSchema(z.array(categorySchema));
export const brandListResponseSchema = envelopeSchema(z.array(brandSchema));
export const productPageResponseSchema = envelopeSchema(productPageSchema);
export const productCardPageResponseSchema = envelopeSchema(productCardPageSchema);
export const productDetailResponseSchema = envelopeSchema(productDetailSchema);
export const productAvailabilityResponseSchema = envelopeSchema(productAvailabilitySchema);
export const serviceListResponseSchema = envelopeSchema(z.array(serviceSchema));
export const servicePackageListResponseSchema = envelopeSchema(z.array(servicePackageSchema));
export const promotionListResponseSchema = envelopeSchema(z.array(promotionSchema));
export const savedPromotionListResponseSchema = envelopeSchema(z.array(savedPromotionSchema));
export const searchResultResponseSchema = envelopeSchema(searchResultSchema);
export const searchCardResultResponseSchema = envelopeSchema(searchCardResultSchema);
export const contactReceiptResponseSchema = envelopeSchema(contactReceiptSchema);
