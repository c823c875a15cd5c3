/**
 * The catalogue's enumerations as plain tuples and their types, zod-free: schemas/catalogue.ts builds its enums
 * from them, and the labels, the vehicle rules and the pricing rules read them without depending on the schemas.
 */

/** Kinds of electric vehicle a service or a part applies to. */
export const VEHICLE_TYPES = ['scooter', 'motorbike', 'car'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** What a category counts as for promotions (the spec's promotion `category` values). */
export const PROMOTION_CATEGORIES = ['parts', 'accessories', 'equipment'] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];

export const PRODUCT_SORTS = ['price_asc', 'price_desc', 'newest', 'popular'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * The forms a catalogue list answers in (GET /api/products, /api/search ?view=): 'full', the default every build
 * reads, or 'card', only what a product card or a search row shows (issue 70 §2).
 */
export const CATALOGUE_VIEWS = ['full', 'card'] as const;
export type CatalogueView = (typeof CATALOGUE_VIEWS)[number];

/** Maintenance tiers (the header's /services#co-ban, #nang-cao, #cao-cap). */
export const SERVICE_TIERS = ['co-ban', 'nang-cao', 'cao-cap'] as const;
export type ServiceTier = (typeof SERVICE_TIERS)[number];

export const SERVICE_KINDS = ['maintenance', 'battery', 'charging', 'diagnostics', 'brakes', 'tyres', 'software', 'care'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export const PROMOTION_TYPES = ['percentage', 'shipping', 'fixed'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** Where a promotion is shown (the header's Ưu đãi entries link /promotions?type=flash-sale|vip|seasonal). */
export const PROMOTION_KINDS = ['general', 'flash-sale', 'vip', 'seasonal'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Who may use a promotion (checked at checkout). */
export const PROMOTION_ELIGIBILITIES = ['everyone', 'new-customer', 'birthday-month', 'member', 'vip'] as const;
export type PromotionEligibility = (typeof PROMOTION_ELIGIBILITIES)[number];
