import type { LoyaltyEntry, LoyaltySummary } from 'shared-contracts/schemas';

/** An entry of the customer's points history (GET /api/loyalty/me). */
export function entry(overrides: Partial<LoyaltyEntry> = {}): LoyaltyEntry {
  return {
    id: 3,
    kind: 'EARN',
    kindLabel: 'Tích điểm',
    points: 1_250,
    reason: 'Đơn hàng EV2611220001',
    // 01:30 on 21/11 in Hà Nội: the day is Vietnam's, not UTC's
    createdAt: '2026-11-20T18:30:00.000Z',
    expiresAt: '2027-11-20T18:30:00.000Z',
    ...overrides,
  };
}

/** The customer's points: 1.250 worth 12.500 ₫, two lots expiring, three entries. */
export function summary(overrides: Partial<LoyaltySummary> = {}): LoyaltySummary {
  return {
    balance: 1_250,
    pointValue: 10,
    balanceValue: 12_500,
    expiring: [
      { points: 200, expiresAt: '2027-03-14T17:00:00.000Z' },
      { points: 1_050, expiresAt: '2027-11-20T18:30:00.000Z' },
    ],
    history: [
      entry({ id: 3 }),
      entry({ id: 2, kind: 'REDEEM', kindLabel: 'Dùng điểm', points: -50, reason: 'Dùng điểm cho đơn EV2611150002', createdAt: '2026-11-15T03:00:00.000Z', expiresAt: null }),
      entry({ id: 1, points: 50, reason: 'Phiếu dịch vụ PDV261101A1B2', createdAt: '2026-11-01T02:00:00.000Z' }),
    ],
    // Bạc: 8.000.000 ₫ spent over 12 months, 12.000.000 ₫ more to Vàng.
    tier: { code: 'SILVER', label: 'Bạc', multiplierPercent: 110, spend12m: 8_000_000, next: { code: 'GOLD', label: 'Vàng', minSpend: 20_000_000, remaining: 12_000_000 } },
    ...overrides,
  };
}
