import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Timestamp } from './instants';
import type { BackOfficeTables } from './backOfficeSchema';
import type { GoogleHandoffTables } from './googleHandoffSchema';
import type { InventoryTables } from './inventorySchema';
import type { PartsRequestTables } from './partsRequestSchema';
import type { PartsFreeLineTables } from './partsFreeLineSchema';
import type { PaymentExceptionTables } from './paymentExceptionSchema';
import type { PaymentTransactionTables } from './paymentTransactionSchema';
import type { PlateClaimTables } from './plateClaimSchema';
import type { VatInvoiceTables } from './vatInvoiceSchema';
import type { WebOrderTables } from './webOrderSchema';
import type { WishlistTables } from './wishlistSchema';
import type { ProductRatingColumns, ProductReviewTables } from './productReviewSchema';
import type { ServiceRatingTables } from './serviceRatingSchema';
import type { ConversationTables } from './conversationSchema';
import type { NotificationCentreTables } from './notificationCentreSchema';
import type { NotificationChannelTables } from './notificationChannelSchema';
import type { LiveEventLogTables } from './liveEventLogSchema';
import type { CatalogueAdminTables, ProductAdminColumns } from './catalogueAdminSchema';
import type { CashCloseTables } from './cashCloseSchema';
import type { ProviderHealthTables } from './providerHealthSchema';
import type { EInvoiceTables } from './eInvoiceSchema';
import type { LoyaltyTables } from './loyaltySchema';
import type { PredictionTables } from './predictionSchema';
import type { ScheduledJobTables } from './scheduledJobSchema';
import type { ServiceBookingTables } from './serviceBookingSchema';
import type { ShiftTables } from './shiftSchema';
import type { ShopTables } from './shopSchema';
import type { ShipmentTables } from './shipmentSchema';
import type { CodStatementTables } from './codStatementSchema';
import type { CarrierTables } from './carrierSchema';
import type { VehicleModelTables } from './vehicleModelSchema';
import type { FitmentTables } from './fitmentSchema';
import type { BatteryHealthTables } from './batteryHealthSchema';
import type { RecallTables } from './recallSchema';
import type { WarrantyTables } from './warrantySchema';
import type { ReleaseTables } from './releaseSchema';

export type { Timestamp } from './instants';

export interface ServiceCentresTable {
  id: Generated<number>;
  slug: string;
  name: string;
  city: string;
  address: string;
  phone: string;
  email: string;
  /** 'HH:MM', the centre's local time (Asia/Ho_Chi_Minh). */
  open_time: string;
  /** 'HH:MM', the centre's local time (Asia/Ho_Chi_Minh). */
  close_time: string;
  service_bays: number;
  created_at: Timestamp;
  /** SERVICE_CENTRE, or WAREHOUSE: a stock location only, never on a floor or customer list (migration 0028). */
  kind: ColumnType<ServiceCentreKind, ServiceCentreKind | undefined, ServiceCentreKind>;
  /** 1: the location's stock is sold online (shipped orders reserve there; online availability sums them). */
  ships_online: Flag;
  /** The location's ward code (migration 0065; the carriers' pickup origin for the ships_online one). */
  ward_code: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ServiceCentreKind = 'SERVICE_CENTRE' | 'WAREHOUSE';

/** A user of any role. `email` is lower-case; `role` one of customer|staff|technician|manager|admin. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** argon2id PHC string; null for an account that only signs in with Google. */
  password_hash: string | null;
  full_name: string;
  /** Normalised Vietnamese mobile number ('0912345678'). */
  phone_number: string | null;
  address: string | null;
  /** The structured delivery address (migration 0065): province name, ward code, street; null when none. */
  address_province: ColumnType<string | null, string | null | undefined, string | null>;
  address_ward_code: ColumnType<string | null, string | null | undefined, string | null>;
  address_street: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON { former, province, street, codes }: a split district-era ward the customer still has to choose among. */
  address_ward_choice: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'YYYY-MM-DD'. */
  date_of_birth: string | null;
  gender: 'MALE' | 'FEMALE' | null;
  avatar_url: string | null;
  role: ColumnType<'customer' | 'staff' | 'technician' | 'manager' | 'admin', 'customer' | 'staff' | 'technician' | 'manager' | 'admin' | undefined>;
  google_sub: string | null;
  email_verified_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Set when an admin disables the account: no login, no refresh, its access tokens refused at once. */
  disabled_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Migration 0014: 1 = no forecast reminder emails; the profile's `forecastEmails` is its negation. */
  forecast_emails_opt_out: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (base64url) of the opaque token. */
  token_hash: string;
  family_id: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date | string, string, string>;
  rotated_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  revoked_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface OtpCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify_email' | 'reset_password';
  /** HMAC-SHA256 (hex) of the code. */
  code_hash: string;
  failed_attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: ColumnType<Date | string, string, string>;
  consumed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** An integer flag: 1 true, 0 false (portable: SQLite has no boolean). */
export type Flag = ColumnType<number, number | undefined, number>;
/** JSON text (lists and objects of the catalogue: images, specifications, compatible models...). */
export type JsonText = ColumnType<string, string | undefined, string>;

export interface CatalogueCategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  /** 'parts' | 'accessories' | 'equipment': what the category counts as for promotions. */
  promo_group: string;
  /** JSON { path, width, height, alt } of an image under api/assets/catalogue, or null. */
  image: string | null;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  /** The parent category (two levels: a parent's children have none of their own), or null (migration 0027). */
  parent_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0: deactivated by the admin (a category with products is never deleted). */
  is_active: Flag;
  version: ColumnType<number, number | undefined, number>;
}

/**
 * The catalogue list's read model (migration 0017, modules/catalogue/catalogueReadModel.ts): one row per active
 * product, its ProductSummary as ready JSON and the keys the list filters and sorts on.
 */
export interface ProductListItemsTable {
  product_id: number;
  category_slug: string;
  brand_slug: string;
  price: number;
  stock: number;
  sales_count: number;
  models_search: string;
  created_at: Timestamp;
  /** The ProductSummary JSON, as the list answers it. */
  item: string;
  /** A hash of `item` (ITEM_HASH_LENGTH characters): the list's ETag hashes its items' hashes. */
  item_hash: Generated<string>;
  /** The catalogue images' versions `item` was written with. */
  assets: string;
  /** The product's next sale-window bound after the row was written (epoch ms; null: none), migration 0033. */
  price_changes_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** The product_list_version that wrote the row (migration 0048). */
  written_version: ColumnType<number | string, number | undefined, number>;
  /** The product's fitment rows, 'modelId:from:to;…' (migration 0071; fitment module's encodeFitmentRules). */
  fitments: ColumnType<string, string | undefined, string>;
}

/** Products whose list row must be rewritten before the next list (set by triggers on every catalogue write). */
export interface ProductListPendingTable {
  product_id: number;
}

/** One row (id 1): the version every refresh of product_list_items moves (migration 0048). */
export interface ProductListVersionTable {
  id: number;
  version: ColumnType<number | string, number, number>;
}

export interface CatalogueBrandsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  country: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  /** 0: deactivated by the admin (migration 0027). */
  is_active: Flag;
  version: ColumnType<number, number | undefined, number>;
}

export interface ProductsTable extends ProductAdminColumns, ProductRatingColumns {
  id: Generated<number>;
  sku: string;
  slug: string;
  name: string;
  category_id: number;
  brand_id: number;
  /** Integer VND. */
  price: number;
  /** Integer VND before the discount (greater than price), or null. */
  original_price: number | null;
  sales_count: ColumnType<number, number | undefined, number>;
  warranty_months: ColumnType<number, number | undefined, number>;
  description: string;
  /** JSON string[] */
  compatible_models: JsonText;
  /** JSON VehicleType[] */
  vehicle_types: JsonText;
  /** JSON { label, value }[] */
  specifications: JsonText;
  /** JSON { path, width, height, alt }[] (the first is the card image) */
  images: JsonText;
  is_active: Flag;
  /** foldVietnamese(name, sku, brand, category, models, ...) */
  search_text: string;
  /** foldVietnamese of each compatible model, joined by ' | ' (the `model` filter). */
  models_search: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ServicesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  kind: string;
  tier: string | null;
  summary: string;
  /** JSON string[]: what is done */
  includes: JsonText;
  price: number;
  duration_minutes: number;
  vehicle_types: JsonText;
  /** JSON { code, label }[]: the checklist template */
  checklist: JsonText;
  image: string | null;
  sort_order: ColumnType<number, number | undefined, number>;
  is_active: Flag;
  search_text: string;
  created_at: Timestamp;
  /** The admin's saves carry it (migration 0029). */
  version: ColumnType<number, number | undefined, number>;
  /** 0, 5, 8 or 10 (%). */
  vat_rate: ColumnType<number, number | undefined, number>;
  /** The long text beside `summary` (≤ 20,000 characters). */
  description: ColumnType<string, string | undefined, string>;
}

export interface ServicePackagesTable {
  id: Generated<number>;
  slug: string;
  tier: string;
  name: string;
  description: string;
  price: number;
  original_price: number | null;
  validity_months: number;
  vehicle_types: JsonText;
  /** JSON string[] */
  perks: JsonText;
  highlighted: Flag;
  image: string | null;
  sort_order: ColumnType<number, number | undefined, number>;
  is_active: Flag;
  search_text: string;
  created_at: Timestamp;
  version: ColumnType<number, number | undefined, number>;
}

export interface ServicePackageCreditsTable {
  package_id: number;
  service_id: number;
  quantity: number;
}

export interface PromotionsTable {
  id: Generated<number>;
  code: string;
  title: string;
  description: string;
  type: string;
  /** Percent for 'percentage', integer VND otherwise. */
  value: number;
  min_order: ColumnType<number, number | undefined, number>;
  max_discount: number | null;
  usage_limit: number;
  used_count: ColumnType<number, number | undefined, number>;
  per_customer_limit: ColumnType<number, number | undefined, number>;
  /** JSON ('parts' | 'accessories' | 'equipment')[] or null (every category) */
  categories: string | null;
  kind: ColumnType<string, string | undefined, string>;
  eligibility: ColumnType<string, string | undefined, string>;
  /** JSON { path, width, height, alt } */
  image: string;
  is_active: Flag;
  sort_order: ColumnType<number, number | undefined, number>;
  valid_from: ColumnType<Date | string, string, string>;
  valid_to: ColumnType<Date | string, string, string>;
  created_at: Timestamp;
  /** A save carries the version it was edited from (migration 0027). */
  version: ColumnType<number, number | undefined, number>;
  /** The lowest members' tier that may use it, or null (migration 0060). */
  min_tier: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SavedPromotionsTable {
  user_id: number;
  promotion_id: number;
  saved_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  phone: string | null;
  subject: string;
  message: string;
  client_ip: string;
  /** 'new' | 'in_progress' | 'answered' | 'spam' */
  status: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

/** Every table of the database, by name. Each migration adds its tables here (or to a feature's table file). */
export interface Database extends ShopTables, ServiceBookingTables, BackOfficeTables, InventoryTables, PartsRequestTables, PartsFreeLineTables, ShiftTables, PredictionTables, GoogleHandoffTables, ScheduledJobTables, PlateClaimTables, CatalogueAdminTables, WebOrderTables, PaymentTransactionTables, PaymentExceptionTables, VatInvoiceTables, WishlistTables, ProductReviewTables, ServiceRatingTables, ConversationTables, NotificationCentreTables, NotificationChannelTables, LiveEventLogTables, CashCloseTables, ProviderHealthTables, EInvoiceTables, LoyaltyTables, ShipmentTables, CodStatementTables, CarrierTables, VehicleModelTables, FitmentTables, BatteryHealthTables, RecallTables, WarrantyTables, ReleaseTables {
  service_centres: ServiceCentresTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  otp_codes: OtpCodesTable;
  catalogue_categories: CatalogueCategoriesTable;
  catalogue_brands: CatalogueBrandsTable;
  products: ProductsTable;
  product_list_items: ProductListItemsTable;
  product_list_pending: ProductListPendingTable;
  product_list_version: ProductListVersionTable;
  services: ServicesTable;
  service_packages: ServicePackagesTable;
  service_package_credits: ServicePackageCreditsTable;
  promotions: PromotionsTable;
  saved_promotions: SavedPromotionsTable;
  contact_messages: ContactMessagesTable;
}

export type ServiceCentreRow = Selectable<ServiceCentresTable>;
export type NewServiceCentreRow = Insertable<ServiceCentresTable>;
export type ServiceCentreUpdate = Updateable<ServiceCentresTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type OtpCodeRow = Selectable<OtpCodesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type PromotionRow = Selectable<PromotionsTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type ServicePackageRow = Selectable<ServicePackagesTable>;
