import type { Kysely } from 'kysely';
import { isLoyaltyTier, LOYALTY_TIER_LABELS, LOYALTY_TIER_WINDOW_MONTHS, loyaltyTierForSpend, nextLoyaltyTier, type LoyaltyTier, type MemberTier } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { tierRulesAt } from './tierRules';

type Db = Kysely<Database>;

/** Customers reviewed per batch (one aggregate query over their sales, one read of their tiers, one upsert). */
const REVIEW_BATCH = 1_000;
/** Rows per multi-row insert. */
const WRITE_CHUNK = 250;

/** Where the spending that counts for a tier starts: the same instant LOYALTY_TIER_WINDOW_MONTHS earlier (the month's end if shorter). */
export function spendWindowStart(now: Date): Date {
  const at = new Date(now.getTime());
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - LOYALTY_TIER_WINDOW_MONTHS);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at;
}

/** What members with ids in [from, to] spent over the window ending `now`: paid less refunded, VOID sales left out. */
async function spendByMember(db: Db, range: { from: number; to: number } | { userId: number }, now: Date): Promise<Map<number, number>> {
  let query = db
    .selectFrom('loyalty_sales')
    .select(['user_id', (eb) => eb.fn.sum<number | string | null>(eb('amount', '-', eb.ref('refunded'))).as('spend')])
    .where('status', '<>', 'VOID')
    .where('paid_at', '>', spendWindowStart(now).toISOString())
    .where('paid_at', '<=', now.toISOString());
  query = 'userId' in range ? query.where('user_id', '=', range.userId) : query.where('user_id', '>=', range.from).where('user_id', '<=', range.to);
  const rows = await query.groupBy('user_id').execute();
  return new Map(rows.map((row) => [row.user_id, Math.max(0, toNumber(row.spend))]));
}

/** A member's tier and its points multiplier (%): the review's (no row: MEMBER), under the rules in force at `now`. */
export interface MemberTierStanding {
  tier: LoyaltyTier;
  multiplierPercent: number;
}

export async function memberTierOf(db: Db, userId: number, now: Date): Promise<MemberTierStanding> {
  // One after the other: it runs inside an earning's or an order's transaction too.
  const row = await db.selectFrom('member_tiers').select('tier').where('user_id', '=', userId).executeTakeFirst();
  const rules = await tierRulesAt(db, now);
  const tier = row && isLoyaltyTier(row.tier) ? row.tier : 'MEMBER';
  return { tier, multiplierPercent: rules.multiplierPercent[tier] };
}

/** The member's tier as they and the back office see it: the review's tier, today's spending and what the next tier needs. */
export async function memberTierView(db: Db, userId: number, now: Date): Promise<MemberTier> {
  const [standing, spent, rules] = await Promise.all([memberTierOf(db, userId, now), spendByMember(db, { userId }, now), tierRulesAt(db, now)]);
  const spend12m = spent.get(userId) ?? 0;
  const next = nextLoyaltyTier(standing.tier);
  return {
    code: standing.tier,
    label: LOYALTY_TIER_LABELS[standing.tier],
    multiplierPercent: standing.multiplierPercent,
    spend12m,
    next: next === null ? null : { code: next, label: LOYALTY_TIER_LABELS[next], minSpend: rules.minSpend[next], remaining: Math.max(0, rules.minSpend[next] - spend12m) },
  };
}

export interface TierReview {
  reviewed: number;
  changed: number;
}

/**
 * The daily review (01:30): every customer's tier from their spending over the last 12 months under the rules in force
 * at `now`, in batches of REVIEW_BATCH by id — one aggregate over the batch's sales, one read of its tiers, and only
 * the rows that moved written (a tier change recorded in loyalty_tier_changes). A member without a row is MEMBER.
 */
export async function reviewTiers(db: Db, now: Date): Promise<TierReview> {
  const rules = await tierRulesAt(db, now);
  const at = now.toISOString();
  const report: TierReview = { reviewed: 0, changed: 0 };
  let after = 0;
  for (;;) {
    const ids = (await db.selectFrom('users').select('id').where('role', '=', 'customer').where('id', '>', after).orderBy('id').limit(REVIEW_BATCH).execute()).map((row) => row.id);
    if (ids.length === 0) break;
    const from = ids[0]!;
    const to = ids.at(-1)!;
    after = to;
    report.reviewed += ids.length;
    const spent = await spendByMember(db, { from, to }, now);
    const current = new Map(
      (await db.selectFrom('member_tiers').select(['user_id', 'tier', 'spend_12m', 'tier_since']).where('user_id', '>=', from).where('user_id', '<=', to).execute()).map((row) => [row.user_id, row]),
    );
    const writes: { user_id: number; tier: LoyaltyTier; spend_12m: number; reviewed_at: string; tier_since: string }[] = [];
    const changes: { user_id: number; from_tier: string; to_tier: string; spend_12m: number; changed_at: string }[] = [];
    for (const userId of ids) {
      const spend = spent.get(userId) ?? 0;
      const tier = loyaltyTierForSpend(spend, rules.minSpend);
      const was = current.get(userId);
      const wasTier = was?.tier ?? 'MEMBER';
      if (was ? was.tier === tier && toNumber(was.spend_12m) === spend : tier === 'MEMBER' && spend === 0) continue;
      writes.push({ user_id: userId, tier, spend_12m: spend, reviewed_at: at, tier_since: was && was.tier === tier ? toIsoUtc(was.tier_since) : at });
      if (wasTier !== tier) changes.push({ user_id: userId, from_tier: wasTier, to_tier: tier, spend_12m: spend, changed_at: at });
    }
    if (writes.length === 0) continue;
    const write = async (trx: Db) => {
      for (let index = 0; index < writes.length; index += WRITE_CHUNK) {
        await trx
          .insertInto('member_tiers')
          .values(writes.slice(index, index + WRITE_CHUNK))
          .onConflict((conflict) =>
            conflict.column('user_id').doUpdateSet((eb) => ({
              tier: eb.ref('excluded.tier'),
              spend_12m: eb.ref('excluded.spend_12m'),
              reviewed_at: eb.ref('excluded.reviewed_at'),
              tier_since: eb.ref('excluded.tier_since'),
            })),
          )
          .execute();
      }
      for (let index = 0; index < changes.length; index += WRITE_CHUNK) await trx.insertInto('loyalty_tier_changes').values(changes.slice(index, index + WRITE_CHUNK)).execute();
    };
    // A batch's rows and changes together (within the caller's transaction when there is one: the demo seed's).
    await (db.isTransaction ? write(db) : db.transaction().execute(write));
    report.changed += changes.length;
  }
  return report;
}
