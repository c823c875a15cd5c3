import { z } from 'zod';
import { isoInstantSchema } from './catalogue';
import { envelopeSchema } from './envelope';

/**
 * Members' points (issue 67): a ledger of entries per member — earned from a paid, complete sale; redeemed; expired
 * 12 months after earning, oldest first; reversed by a refund's share; adjusted by hand. The balance is their sum.
 */
export const LOYALTY_ENTRY_KINDS = ['EARN', 'REDEEM', 'EXPIRE', 'REVERSE', 'ADJUST'] as const;
export type LoyaltyEntryKind = (typeof LOYALTY_ENTRY_KINDS)[number];

export const LOYALTY_ENTRY_KIND_LABELS: Record<LoyaltyEntryKind, string> = {
  EARN: 'Tích điểm',
  REDEEM: 'Dùng điểm',
  EXPIRE: 'Hết hạn',
  REVERSE: 'Trừ điểm do hoàn tiền',
  ADJUST: 'Điều chỉnh',
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
});
export type LoyaltySummary = z.infer<typeof loyaltySummarySchema>;
export const loyaltySummaryResponseSchema = envelopeSchema(loyaltySummarySchema);
