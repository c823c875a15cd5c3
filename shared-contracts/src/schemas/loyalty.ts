import { z } from 'zod';
import { isoInstantSchema } from './catalogue';
import { envelopeSchema } from './envelope';
import { DB_INTEGER_MAX, idInput, integerInput, textInput } from './primitives';
import { IDEMPOTENCY_KEY_PATTERN } from './shop';
import { LOYALTY_ADJUSTMENT_MAX, LOYALTY_ADJUSTMENT_REASON_MAX, LOYALTY_ADJUSTMENT_REASON_MIN, LOYALTY_SETTINGS_BOUNDS, LOYALTY_SETTINGS_LABELS } from '../pricing/loyaltyRules';
import { LOYALTY_RANKED_TIERS, LOYALTY_TIER_MULTIPLIER_BOUNDS, LOYALTY_TIER_SPEND_MAX, LOYALTY_TIERS, loyaltyTierRuleMessages, memberPriceMessages, type LoyaltyRankedTier } from '../pricing/loyaltyTiers';

// The members' tiers and the rules' bounds (zod-free: the promotion rules and the back office read them too).
export * from '../pricing/loyaltyTiers';
export * from '../pricing/loyaltyRules';

/**
 * Members' points (issue 67): a ledger of entries per member — earned from a paid, complete sale; redeemed; expired
 * 12 months after earning, oldest first; reversed by a refund's share; adjusted by hand. The balance is their sum.
 */
export const LOYALTY_ENTRY_KINDS = ['EARN', 'REDEEM', 'RETURN', 'EXPIRE', 'REVERSE', 'ADJUST', 'BONUS'] as const;
export type LoyaltyEntryKind = (typeof LOYALTY_ENTRY_KINDS)[number];

export const LOYALTY_ENTRY_KIND_LABELS: Record<LoyaltyEntryKind, string> = {
  EARN: 'Tích điểm',
  REDEEM: 'Dùng điểm',
  RETURN: 'Hoàn điểm do hủy đơn',
  EXPIRE: 'Hết hạn',
  REVERSE: 'Trừ điểm do hoàn tiền',
  ADJUST: 'Điều chỉnh',
  // A sign-up or birthday bonus (an earning rule): a lot like an earning.
  BONUS: 'Thưởng',
};

/** Entries a page of the member's history shows. */
export const LOYALTY_HISTORY_PAGE_SIZE = 50;

export const loyaltyEntrySchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(LOYALTY_ENTRY_KINDS),
  kindLabel: z.string(),
  /** Signed: + earned or given, − spent, expired or taken back. */
  points: z.number().int(),
  reason: z.string(),
  createdAt: isoInstantSchema,
  /** An earned lot's expiry (null for the other kinds). */
  expiresAt: isoInstantSchema.nullable(),
});
export type LoyaltyEntry = z.infer<typeof loyaltyEntrySchema>;

/** A member's tier as they and the back office see it: its multiplier, the spend of the last 12 months, the way up. */
export const memberTierSchema = z.object({
  code: z.enum(LOYALTY_TIERS),
  label: z.string(),
  /** Points earned are multiplied by this percent (100: ×1). */
  multiplierPercent: z.number().int().positive(),
  /** VND spent over the last 12 months (paid less refunded, cancelled orders left out). */
  spend12m: z.number().int().nonnegative(),
  /** The tier above and how much more spending reaches it (null at the top). */
  next: z.object({ code: z.enum(LOYALTY_RANKED_TIERS), label: z.string(), minSpend: z.number().int().positive(), remaining: z.number().int().nonnegative() }).nullable(),
});
export type MemberTier = z.infer<typeof memberTierSchema>;

/** GET /api/loyalty/me — the member's points: balance and its value, what expires next, the latest entries. */
export const loyaltySummarySchema = z.object({
  /** May be negative: a refund took back points already spent; later earnings pay it first. */
  balance: z.number().int(),
  /** What a point is worth today (₫) and the balance's worth. */
  pointValue: z.number().int().nonnegative(),
  balanceValue: z.number().int(),
  /** The next lots to expire (points still unspent, soonest first). */
  expiring: z.array(z.object({ points: z.number().int().positive(), expiresAt: isoInstantSchema })),
  history: z.array(loyaltyEntrySchema),
  tier: memberTierSchema,
});
export type LoyaltySummary = z.infer<typeof loyaltySummarySchema>;
export const loyaltySummaryResponseSchema = envelopeSchema(loyaltySummarySchema);

// ---------------------------------------------------------------------------------------------------------
// The back office: the rules (admin) and a customer's points with a manual adjustment (manager, admin)

const settingsValue = (field: keyof typeof LOYALTY_SETTINGS_BOUNDS, unit = '') => {
  const { min, max } = LOYALTY_SETTINGS_BOUNDS[field];
  const message = `${LOYALTY_SETTINGS_LABELS[field]} phải là số nguyên từ ${min.toLocaleString('vi-VN')} đến ${max.toLocaleString('vi-VN')}${unit}.`;
  return integerInput({ message, typeMessage: `Vui lòng nhập ${LOYALTY_SETTINGS_LABELS[field].toLowerCase()}.`, min, max });
};

/**
 * POST /api/admin/loyalty/settings: a new change of the rules, in force from `effectiveFrom` (now when absent; a past
 * instant is refused, 422: a change is never retroactive). A row per change; none is ever updated or deleted.
 */
export const loyaltySettingsInputSchema = z.object({
  pointsPer1000: settingsValue('pointsPer1000'),
  pointValue: settingsValue('pointValue', ' ₫'),
  redeemCapPercent: settingsValue('redeemCapPercent', ' %'),
  redeemMinimum: settingsValue('redeemMinimum'),
  // The bonuses (0 = off): the rules in force keep theirs when absent.
  signupBonus: settingsValue('signupBonus').optional(),
  birthdayBonus: settingsValue('birthdayBonus').optional(),
  effectiveFrom: z.string({ error: `${LOYALTY_SETTINGS_LABELS.effectiveFrom}: thời điểm không hợp lệ.` }).datetime({ offset: true, message: `${LOYALTY_SETTINGS_LABELS.effectiveFrom}: thời điểm không hợp lệ.` }).optional(),
});
export type LoyaltySettingsInput = z.input<typeof loyaltySettingsInputSchema>;

/** Who did something in the back office (null: the system, or the shop's first rules). */
export const loyaltyActorSchema = z.object({ id: z.number().int().positive(), fullName: z.string() }).nullable();

/** One change of the rules: its values, from when, who made it and when. */
export const loyaltySettingsChangeSchema = z.object({
  id: z.number().int().positive(),
  pointsPer1000: z.number().int().nonnegative(),
  pointValue: z.number().int().nonnegative(),
  redeemCapPercent: z.number().int().nonnegative(),
  redeemMinimum: z.number().int().nonnegative(),
  signupBonus: z.number().int().nonnegative(),
  birthdayBonus: z.number().int().nonnegative(),
  effectiveFrom: isoInstantSchema,
  createdAt: isoInstantSchema,
  changedBy: loyaltyActorSchema,
});
export type LoyaltySettingsChange = z.infer<typeof loyaltySettingsChangeSchema>;

/** GET /api/admin/loyalty/settings — the rules in force now, and every change (newest effective first, the future ones included). */
export const loyaltySettingsOverviewSchema = z.object({
  current: loyaltySettingsChangeSchema,
  history: z.array(loyaltySettingsChangeSchema),
});
export type LoyaltySettingsOverview = z.infer<typeof loyaltySettingsOverviewSchema>;
export const loyaltySettingsOverviewResponseSchema = envelopeSchema(loyaltySettingsOverviewSchema);

/** The most points one adjustment may give or take. */

/**
 * POST /api/staff/customers/:userId/loyalty/adjustments (manager, admin): points given (+) or taken (−) by hand, with
 * the reason. Written once per key: the `Idempotency-Key` header, or `clientKey` when the header is absent.
 */
export const loyaltyAdjustmentInputSchema = z.object({
  points: z
    .number({ error: 'Số điểm điều chỉnh phải là số nguyên khác 0.' })
    .int({ message: 'Số điểm điều chỉnh phải là số nguyên khác 0.', abort: true })
    .min(-LOYALTY_ADJUSTMENT_MAX, `Số điểm điều chỉnh tối đa ±${LOYALTY_ADJUSTMENT_MAX.toLocaleString('vi-VN')}.`)
    .max(LOYALTY_ADJUSTMENT_MAX, `Số điểm điều chỉnh tối đa ±${LOYALTY_ADJUSTMENT_MAX.toLocaleString('vi-VN')}.`)
    .refine((points) => points !== 0, 'Số điểm điều chỉnh phải là số nguyên khác 0.'),
  reason: textInput({ trim: true, multiline: true, error: 'Vui lòng nhập lý do điều chỉnh.' })
    .min(LOYALTY_ADJUSTMENT_REASON_MIN, `Lý do điều chỉnh tối thiểu ${LOYALTY_ADJUSTMENT_REASON_MIN} ký tự.`)
    .max(LOYALTY_ADJUSTMENT_REASON_MAX, `Lý do điều chỉnh tối đa ${LOYALTY_ADJUSTMENT_REASON_MAX} ký tự.`),
  clientKey: z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'Mã yêu cầu phải gồm 8–100 ký tự chữ, số, "-" hoặc "_".').optional(),
});
export type LoyaltyAdjustmentInput = z.input<typeof loyaltyAdjustmentInputSchema>;

export const customerLoyaltyParamsSchema = z.object({ userId: idInput('Mã khách hàng không hợp lệ.') });
export const customerLoyaltyQuerySchema = z.object({ page: integerInput({ message: 'Trang không hợp lệ.', min: 1, max: 10_000 }).optional() });

/** An entry as the back office sees it: who made it (an adjustment's manager or admin; null for the system's). */
export const staffLoyaltyEntrySchema = loyaltyEntrySchema.extend({ actor: loyaltyActorSchema });
export type StaffLoyaltyEntry = z.infer<typeof staffLoyaltyEntrySchema>;

/** GET /api/staff/customers/:userId/loyalty — the customer's balance and a page of their ledger, newest first. */
export const customerLoyaltySchema = z.object({
  userId: z.number().int().positive(),
  fullName: z.string(),
  balance: z.number().int(),
  pointValue: z.number().int().nonnegative(),
  balanceValue: z.number().int(),
  entries: z.array(staffLoyaltyEntrySchema),
  tier: memberTierSchema,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});
export type CustomerLoyalty = z.infer<typeof customerLoyaltySchema>;
export const customerLoyaltyResponseSchema = envelopeSchema(customerLoyaltySchema);

// ---------------------------------------------------------------------------------------------------------
// The KPIs (admin, manager): points issued, redeemed, expired and the liability in ₫, per month

/** The most months one KPI query covers. */
export const LOYALTY_KPI_MONTHS_MAX = 24;

export const loyaltyKpiMessages = {
  month: 'Tháng phải có dạng YYYY-MM (ví dụ 2026-11).',
  order: 'Tháng bắt đầu phải trước hoặc bằng tháng kết thúc.',
  span: `Chỉ xem được tối đa ${LOYALTY_KPI_MONTHS_MAX} tháng một lần.`,
  future: 'Tháng kết thúc không được sau tháng hiện tại.',
} as const;

const monthInput = z
  .string({ error: loyaltyKpiMessages.month })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, loyaltyKpiMessages.month)
  .refine((month) => Number(month.slice(0, 4)) >= 2000, loyaltyKpiMessages.month);
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** GET /api/admin/loyalty/kpis?from=YYYY-MM&to=YYYY-MM (Vietnamese months; both absent: the last 12 months). */
export const loyaltyKpisQuerySchema = z
  .object({ from: monthInput.optional(), to: monthInput.optional() })
  .superRefine((query, context) => {
    if (query.from === undefined || query.to === undefined) return;
    if (monthIndex(query.from) > monthIndex(query.to)) context.addIssue({ code: 'custom', path: ['from'], message: loyaltyKpiMessages.order });
    else if (monthIndex(query.to) - monthIndex(query.from) + 1 > LOYALTY_KPI_MONTHS_MAX) context.addIssue({ code: 'custom', path: ['to'], message: loyaltyKpiMessages.span });
  });
export type LoyaltyKpisQuery = z.input<typeof loyaltyKpisQuerySchema>;

/** The points of a month's entries, by what they did (each ≥ 0). */
export const loyaltyKpiFlowsSchema = z.object({
  /** Earned, bonuses and adjustments up. */
  issued: z.number().int().nonnegative(),
  /** Spent on orders or service invoices. */
  redeemed: z.number().int().nonnegative(),
  /** Given back by a cancelled order. */
  returned: z.number().int().nonnegative(),
  /** Taken back by a refund. */
  reversed: z.number().int().nonnegative(),
  expired: z.number().int().nonnegative(),
  /** Adjustments down. */
  deducted: z.number().int().nonnegative(),
});
export type LoyaltyKpiFlows = z.infer<typeof loyaltyKpiFlowsSchema>;

export const loyaltyKpiMonthSchema = loyaltyKpiFlowsSchema.extend({
  month: z.string(),
  /** The members' positive balances at the month's end (a debt is not an asset). */
  outstanding: z.number().int().nonnegative(),
  /** A point's worth in force at the month's end (₫). */
  pointValue: z.number().int().nonnegative(),
  /** What the outstanding points are worth (₫): the shop's liability. */
  liability: z.number().int().nonnegative(),
});
export type LoyaltyKpiMonth = z.infer<typeof loyaltyKpiMonthSchema>;

export const loyaltyKpisSchema = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(loyaltyKpiMonthSchema),
  totals: loyaltyKpiFlowsSchema,
});
export type LoyaltyKpis = z.infer<typeof loyaltyKpisSchema>;
export const loyaltyKpisResponseSchema = envelopeSchema(loyaltyKpisSchema);


// ---------------------------------------------------------------------------------------------------------
// The tiers' rules (admin): a row per change, never updated, never retroactive

const tierSpend = (tier: LoyaltyRankedTier) => integerInput({ message: loyaltyTierRuleMessages.minSpend(tier), min: 1, max: LOYALTY_TIER_SPEND_MAX });
const tierMultiplier = (tier: LoyaltyRankedTier) => integerInput({ message: loyaltyTierRuleMessages.multiplierPercent(tier), ...LOYALTY_TIER_MULTIPLIER_BOUNDS });

/**
 * POST /api/admin/loyalty/tiers: a new change of the tiers' rules (minimum spend over 12 months, strictly increasing;
 * points multiplier 100–300 %), in force from `effectiveFrom` (now when absent; a past instant is refused, 422).
 */
export const loyaltyTierRulesInputSchema = z
  .object({
    silverMinSpend: tierSpend('SILVER'),
    goldMinSpend: tierSpend('GOLD'),
    diamondMinSpend: tierSpend('DIAMOND'),
    silverMultiplierPercent: tierMultiplier('SILVER'),
    goldMultiplierPercent: tierMultiplier('GOLD'),
    diamondMultiplierPercent: tierMultiplier('DIAMOND'),
    effectiveFrom: z.string({ error: `${LOYALTY_SETTINGS_LABELS.effectiveFrom}: thời điểm không hợp lệ.` }).datetime({ offset: true, message: `${LOYALTY_SETTINGS_LABELS.effectiveFrom}: thời điểm không hợp lệ.` }).optional(),
  })
  .superRefine((value, context) => {
    if (value.goldMinSpend <= value.silverMinSpend) context.addIssue({ code: 'custom', path: ['goldMinSpend'], message: loyaltyTierRuleMessages.increasing });
    if (value.diamondMinSpend <= value.goldMinSpend) context.addIssue({ code: 'custom', path: ['diamondMinSpend'], message: loyaltyTierRuleMessages.increasing });
  });
export type LoyaltyTierRulesInput = z.input<typeof loyaltyTierRulesInputSchema>;

/** One tier under a change of the rules (MEMBER: from 0 ₫, ×100 %). */
export const loyaltyTierRuleSchema = z.object({
  code: z.enum(LOYALTY_TIERS),
  label: z.string(),
  minSpend: z.number().int().nonnegative(),
  multiplierPercent: z.number().int().positive(),
});
export type LoyaltyTierRule = z.infer<typeof loyaltyTierRuleSchema>;

export const loyaltyTierRulesChangeSchema = z.object({
  id: z.number().int().positive(),
  tiers: z.array(loyaltyTierRuleSchema),
  effectiveFrom: isoInstantSchema,
  createdAt: isoInstantSchema,
  changedBy: loyaltyActorSchema,
});
export type LoyaltyTierRulesChange = z.infer<typeof loyaltyTierRulesChangeSchema>;

/** GET /api/admin/loyalty/tiers — the tiers' rules in force now and every change (newest effective first). */
export const loyaltyTierRulesOverviewSchema = z.object({
  current: loyaltyTierRulesChangeSchema,
  history: z.array(loyaltyTierRulesChangeSchema),
});
export type LoyaltyTierRulesOverview = z.infer<typeof loyaltyTierRulesOverviewSchema>;
export const loyaltyTierRulesOverviewResponseSchema = envelopeSchema(loyaltyTierRulesOverviewSchema);

// ---------------------------------------------------------------------------------------------------------
// Points spent at the service counter (issue 67 §4): the customer's consent code, the invoice's offer

/** How long a counter code lives (ms), and how many wrong codes an invoice takes within the window before 429. */
export const LOYALTY_COUNTER_CODE_TTL_MS = 5 * 60 * 1000;
export const LOYALTY_COUNTER_CODE_MAX_WRONG = 5;
export const LOYALTY_COUNTER_CODE_WINDOW_MS = 10 * 60 * 1000;

/** POST /api/loyalty/me/counter-code — the 6 digits the customer shows the clerk (or its QR: an SVG data URL), once, within 5 minutes. */
export const loyaltyCounterCodeSchema = z.object({ code: z.string().regex(/^\d{6}$/), expiresAt: isoInstantSchema, qrImageDataUrl: z.string() });
export type LoyaltyCounterCode = z.infer<typeof loyaltyCounterCodeSchema>;
export const loyaltyCounterCodeResponseSchema = envelopeSchema(loyaltyCounterCodeSchema);

/** POST /api/staff/service-invoices/:id/points — the points the member spends, with their consent code. */
export const invoicePointsInputSchema = z.object({
  points: integerInput({ message: 'Số điểm phải là số nguyên dương.', typeMessage: 'Vui lòng nhập số điểm.', min: 1, max: 100_000_000 }),
  consentCode: z.string({ error: 'Vui lòng nhập mã xác nhận của khách.' }).trim().regex(/^\d{6}$/, 'Mã xác nhận gồm 6 chữ số.'),
});
export type InvoicePointsInput = z.input<typeof invoicePointsInputSchema>;
export const invoicePointsParamsSchema = z.object({ id: idInput('Mã hoá đơn không hợp lệ.') });

/**
 * GET /api/staff/service-invoices/:id/points — what the member's points may pay of an unpaid invoice under today's
 * rules (the cap's share of the services and parts after the package discount, from the minimum, within the
 * balance), and what it used. `available` false (with the reason) for a guest's invoice, a paid one, or one that
 * already used points.
 */
export const invoicePointsOfferSchema = z.object({
  invoiceId: z.number().int().positive(),
  available: z.boolean(),
  reason: z.string().nullable(),
  /** The member (null for a guest's invoice). */
  member: z.object({ id: z.number().int().positive(), fullName: z.string() }).nullable(),
  balance: z.number().int(),
  pointValue: z.number().int().nonnegative(),
  minimum: z.number().int().nonnegative(),
  capPercent: z.number().int().min(0).max(100),
  maxUsable: z.number().int().nonnegative(),
  pointsUsed: z.number().int().nonnegative(),
  pointsValue: z.number().int().nonnegative(),
});
export type InvoicePointsOffer = z.infer<typeof invoicePointsOfferSchema>;
export const invoicePointsOfferResponseSchema = envelopeSchema(invoicePointsOfferSchema);

// ---------------------------------------------------------------------------------------------------------
// Member prices (issue 67 §3): a tier's price of a product, for members of that tier or higher

/**
 * POST /api/admin/loyalty/member-prices: the price members of `minTier` or higher pay (replaces the one in force for
 * that tier). A whole number of ₫ here; the server refuses 0 and a price not below the product's normal price (422).
 */
export const memberPriceInputSchema = z.object({
  productId: idInput(memberPriceMessages.product),
  minTier: z.enum(LOYALTY_RANKED_TIERS, { error: memberPriceMessages.tier }),
  price: integerInput({ message: memberPriceMessages.price, min: 0, max: DB_INTEGER_MAX }),
});
export type MemberPriceInput = z.input<typeof memberPriceInputSchema>;

export const memberPriceParamsSchema = z.object({ id: idInput('Mã giá thành viên không hợp lệ.') });

/** Member prices a page of the admin's list shows. */
export const MEMBER_PRICES_PAGE_SIZE = 50;
export const memberPricesQuerySchema = z.object({ page: integerInput({ message: 'Số trang không hợp lệ.', min: 1, max: 10_000 }).optional() });

/** A member price in force, as the admin's list shows it (with the product's normal price). */
export const memberPriceSchema = z.object({
  id: z.number().int().positive(),
  productId: z.number().int().positive(),
  productName: z.string(),
  sku: z.string(),
  slug: z.string(),
  /** The product's normal price (not a sale's). */
  normalPrice: z.number().int().nonnegative(),
  minTier: z.enum(LOYALTY_RANKED_TIERS),
  tierLabel: z.string(),
  price: z.number().int().positive(),
  createdAt: isoInstantSchema,
  createdBy: loyaltyActorSchema,
});
export type MemberPrice = z.infer<typeof memberPriceSchema>;

/** GET /api/admin/loyalty/member-prices?page= — the member prices in force, newest first. */
export const memberPricePageSchema = z.object({
  items: z.array(memberPriceSchema),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
});
export type MemberPricePage = z.infer<typeof memberPricePageSchema>;
export const memberPricePageResponseSchema = envelopeSchema(memberPricePageSchema);
export const memberPriceResponseSchema = envelopeSchema(memberPriceSchema);
