import type { Kysely } from 'kysely';
import { LOYALTY_ENTRY_KIND_LABELS, LOYALTY_HISTORY_PAGE_SIZE, type LoyaltyEntry, type LoyaltyEntryKind, type LoyaltySummary } from 'shared-contracts/schemas';
import type { LoyaltyEntryRow } from '../../db/loyaltySchema';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { settingsAt } from './loyaltySettings';
import { memberTierView } from './memberTiers';
import { balanceOf } from './pointsLedger';

type Db = Kysely<Database>;

/** Lots shown as expiring next. */
const EXPIRING_SHOWN = 3;

/** An entry as the member's history and the back office's ledger show it. */
export function entryView(entry: Pick<LoyaltyEntryRow, 'id' | 'kind' | 'points' | 'reason' | 'created_at' | 'expires_at'>): LoyaltyEntry {
  return {
    id: entry.id,
    kind: entry.kind as LoyaltyEntryKind,
    kindLabel: LOYALTY_ENTRY_KIND_LABELS[entry.kind as LoyaltyEntryKind],
    points: entry.points,
    reason: entry.reason,
    createdAt: toIsoUtc(entry.created_at),
    expiresAt: entry.expires_at === null ? null : toIsoUtc(entry.expires_at),
  };
}

/** The member's points as their page shows them: balance and its worth today, the next lots to expire, the latest entries. */
export async function loyaltySummary(db: Db, userId: number, now: Date): Promise<LoyaltySummary> {
  const [balance, rules, tier, lots, entries] = await Promise.all([
    balanceOf(db, userId),
    settingsAt(db, now),
    memberTierView(db, userId, now),
    db
      .selectFrom('loyalty_entries')
      .select(['remaining', 'expires_at'])
      .where('user_id', '=', userId)
      .where('remaining', '>', 0)
      .where('expires_at', '>', now.toISOString())
      .orderBy('expires_at')
      .orderBy('id')
      .limit(EXPIRING_SHOWN)
      .execute(),
    db.selectFrom('loyalty_entries').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(LOYALTY_HISTORY_PAGE_SIZE).execute(),
  ]);
  return {
    balance,
    pointValue: rules.pointValue,
    balanceValue: balance * rules.pointValue,
    expiring: lots.map((lot) => ({ points: lot.remaining, expiresAt: toIsoUtc(lot.expires_at!) })),
    history: entries.map(entryView),
    tier,
  };
}
