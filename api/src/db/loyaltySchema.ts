import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Instant, InstantDefaultNow, NullableInstant } from './instants';

/** The points rules in force from `effective_from` (migration 0059): a row per change, never updated. */
export interface LoyaltySettingsTable {
  id: Generated<number>;
  /** Points earned per 1.000 ₫ paid (after discounts). */
  points_per_1000: number;
  /** What a point is worth at redemption (₫). */
  point_value: number;
  /** The most of an order's total points may pay (%). */
  redeem_cap_percent: number;
  /** The fewest points a redemption may use. */
  redeem_minimum: number;
  /** Points a customer gets once when their email is verified (0 = off; migration 0062). */
  signup_bonus: ColumnType<number, number | undefined, number>;
  /** Points a customer gets on their birthday, once a year (0 = off; migration 0062). */
  birthday_bonus: ColumnType<number, number | undefined, number>;
  changed_by: number | null;
  effective_from: Instant;
  created_at: InstantDefaultNow;
}

/** A paid sale's points (one row per sale): PENDING until earned (goods handed over), EARNED once, VOID if never sold. */
export interface LoyaltySalesTable {
  id: Generated<number>;
  user_id: number;
  order_id: number | null;
  service_invoice_id: number | null;
  /** VND paid (VAT included, after discounts). */
  amount: number;
  /** VND refunded so far. */
  refunded: ColumnType<number, number | undefined, number>;
  /** 'PENDING' | 'EARNED' | 'VOID'. */
  status: ColumnType<string, string | undefined, string>;
  /** Points earned (null until EARNED). */
  points: number | null;
  /** Points reversed so far by refunds after earning. */
  reversed: ColumnType<number, number | undefined, number>;
  /** The rules the points were earned under. */
  settings_id: number | null;
  /** The member's tier when the points were earned (its multiplier applied; null before tiers, migration 0060). */
  tier: ColumnType<string | null, string | null | undefined, string | null>;
  paid_at: Instant;
  earned_at: NullableInstant;
}

/** An entry of a member's points (±): the balance is their sum. Written by the loyalty module only; never deleted. */
export interface LoyaltyEntriesTable {
  id: Generated<number>;
  user_id: number;
  /** 'EARN' | 'REDEEM' | 'RETURN' (a cancelled order's redemption given back) | 'EXPIRE' | 'REVERSE' | 'ADJUST' | 'BONUS' (sign-up, birthday). */
  kind: string;
  points: number;
  loyalty_sale_id: number | null;
  refund_id: number | null;
  /** The web order a REDEEM paid part of, or a RETURN gave back. */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** What makes the entry once (a sale's earning, a refund's reversal, a lot's expiry, a redemption's key). Unique. */
  entry_key: string;
  reason: string;
  actor_id: number | null;
  /** An EARN, RETURN, BONUS or positive ADJUST lot's points still unspent (0 for the other kinds). */
  remaining: ColumnType<number, number | undefined, number>;
  /** When an EARN lot's remaining points expire. */
  expires_at: NullableInstant;
  created_at: Instant;
}

export interface LoyaltyCursorTable {
  id: number;
  last_sale_event_id: number;
  /** Customers verified from this instant on get the sign-up bonus (migration 0062: none verified before it existed). */
  signups_from: NullableInstant;
}

/** A customer's consent to spend points at the service counter (migration 0061): a 6-digit code, hashed, 5 minutes, used once. */
export interface LoyaltyCounterCodesTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC of the code bound to the member (security/otp.ts). */
  code_hash: string;
  expires_at: Instant;
  used_at: NullableInstant;
  /** The service invoice the code consented to. */
  used_for_invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: InstantDefaultNow;
}

/** The tiers' rules in force from `effective_from` (migration 0060): a row per change, never updated. */
export interface LoyaltyTierRulesTable {
  id: Generated<number>;
  /** VND spent over 12 months to reach each tier (strictly increasing). */
  silver_min_spend: number;
  gold_min_spend: number;
  diamond_min_spend: number;
  /** Each tier's points multiplier in percent (100–300). */
  silver_multiplier: number;
  gold_multiplier: number;
  diamond_multiplier: number;
  changed_by: number | null;
  effective_from: Instant;
  created_at: InstantDefaultNow;
}

/** A member's tier as the daily review left it (no row: MEMBER). */
export interface MemberTiersTable {
  user_id: number;
  /** 'MEMBER' | 'SILVER' | 'GOLD' | 'DIAMOND'. */
  tier: string;
  spend_12m: number;
  reviewed_at: Instant;
  tier_since: Instant;
}

/** A change of a member's tier by the review. */
export interface LoyaltyTierChangesTable {
  id: Generated<number>;
  user_id: number;
  from_tier: string;
  to_tier: string;
  spend_12m: number;
  changed_at: Instant;
}

/** A tier's price of a product (migration 0063): for members of min_tier or higher; a change is a new row, the old one ended. */
export interface LoyaltyMemberPricesTable {
  id: Generated<number>;
  product_id: number;
  /** 'SILVER' | 'GOLD' | 'DIAMOND'. */
  min_tier: string;
  /** VND per unit, VAT included (> 0). */
  price: number;
  created_by: number | null;
  created_at: Instant;
  /** null: in force. */
  ended_at: NullableInstant;
  ended_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface LoyaltyTables {
  loyalty_member_prices: LoyaltyMemberPricesTable;
  loyalty_tier_rules: LoyaltyTierRulesTable;
  member_tiers: MemberTiersTable;
  loyalty_tier_changes: LoyaltyTierChangesTable;
  loyalty_counter_codes: LoyaltyCounterCodesTable;
  loyalty_settings: LoyaltySettingsTable;
  loyalty_sales: LoyaltySalesTable;
  loyalty_entries: LoyaltyEntriesTable;
  loyalty_cursor: LoyaltyCursorTable;
}

export type LoyaltySettingsRow = Selectable<LoyaltySettingsTable>;
export type LoyaltySaleRow = Selectable<LoyaltySalesTable>;
export type LoyaltyEntryRow = Selectable<LoyaltyEntriesTable>;
