import { sql, type Kysely } from 'kysely';
import { LOYALTY_KPI_MONTHS_MAX, loyaltyKpiMessages, vietnamDateOf, VIETNAM_UTC_OFFSET_MINUTES, type LoyaltyKpiFlows, type LoyaltyKpis } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { vietnamDateOfColumn } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';
import { settingsAt } from './loyaltySettings';

type Db = Kysely<Database>;

/** Months a query without a range covers (ending with the current one). */
const DEFAULT_MONTHS = 12;

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
/** The instant a Vietnamese month (index) begins. */
const monthStart = (index: number) => new Date(Date.UTC(Math.floor(index / 12), index % 12, 1) - VIETNAM_UTC_OFFSET_MINUTES * 60_000);

const noFlows = (): LoyaltyKpiFlows => ({ issued: 0, redeemed: 0, returned: 0, reversed: 0, expired: 0, deducted: 0 });

/** Which flow an entry's points count in: issued = EARN + BONUS + ADJUST up; RETURN and REVERSE apart. */
function addFlow(flows: LoyaltyKpiFlows, kind: string, plus: number, minus: number): void {
  if (kind === 'EARN' || kind === 'BONUS') flows.issued += plus;
  else if (kind === 'ADJUST') {
    flows.issued += plus;
    flows.deducted += minus;
  } else if (kind === 'REDEEM') flows.redeemed += minus;
  else if (kind === 'RETURN') flows.returned += plus;
  else if (kind === 'REVERSE') flows.reversed += minus;
  else if (kind === 'EXPIRE') flows.expired += minus;
}

/**
 * GET /api/admin/loyalty/kpis (issue 67 §5): per Vietnamese month, the points issued, redeemed, returned, reversed,
 * expired and deducted, and the liability at the month's end: the members' positive balances × a point's worth in force
 * then. Set-based: the entries of the range grouped by month and kind (by created_at, indexed); the liability from each
 * member's balance before the range and their running balance over the months they had entries, so a month adds
 * only what changed in it. A range past the current month or longer than LOYALTY_KPI_MONTHS_MAX is refused (400).
 */
export async function loyaltyKpis(db: Db, query: { from?: string | undefined; to?: string | undefined }, now: Date): Promise<LoyaltyKpis> {
  const current = monthIndex(vietnamDateOf(now).slice(0, 7));
  const last = query.to === undefined ? current : monthIndex(query.to);
  const first = query.from === undefined ? last - DEFAULT_MONTHS + 1 : monthIndex(query.from);
  if (last > current) throw AppError.validation([{ field: 'to', message: loyaltyKpiMessages.future }], loyaltyKpiMessages.future);
  if (first > last) throw AppError.validation([{ field: 'from', message: loyaltyKpiMessages.order }], loyaltyKpiMessages.order);
  if (last - first + 1 > LOYALTY_KPI_MONTHS_MAX) throw AppError.validation([{ field: 'from', message: loyaltyKpiMessages.span }], loyaltyKpiMessages.span);
  const from = monthStart(first).toISOString();
  const until = monthStart(last + 1).toISOString();
  const month = sql<string>`substr(${vietnamDateOfColumn(db, 'created_at')}, 1, 7)`;

  const flows = await db
    .selectFrom('loyalty_entries')
    .select([
      month.as('month'),
      'kind',
      sql<number | string>`sum(case when points > 0 then points else 0 end)`.as('plus'),
      sql<number | string>`sum(case when points < 0 then -points else 0 end)`.as('minus'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .groupBy([month, 'kind'])
    .execute();

  // Σ positive balances before the range, then per month what the members with entries in it changed of that sum.
  const opening = await sql<{ outstanding: number | string | null }>`
    select sum(case when balance > 0 then balance else 0 end) as outstanding
    from (select user_id, sum(points) as balance from loyalty_entries where created_at < ${from} group by user_id) as balances`.execute(db);
  const changes = await sql<{ month: string; change: number | string | null }>`
    with deltas as (
      select user_id, ${month} as month, sum(points) as delta
      from loyalty_entries where created_at >= ${from} and created_at < ${until}
      group by user_id, ${month}
    ),
    starts as (
      select user_id, sum(points) as balance from loyalty_entries
      where created_at < ${from} and user_id in (select user_id from deltas)
      group by user_id
    ),
    running as (
      select deltas.month, deltas.delta,
        coalesce(starts.balance, 0) + sum(deltas.delta) over (partition by deltas.user_id order by deltas.month rows between unbounded preceding and current row) as balance
      from deltas left join starts on starts.user_id = deltas.user_id
    )
    select month, sum((case when balance > 0 then balance else 0 end) - (case when balance - delta > 0 then balance - delta else 0 end)) as change
    from running group by month`.execute(db);

  const byMonth = new Map<string, LoyaltyKpiFlows>();
  const totals = noFlows();
  for (const row of flows) {
    const monthFlows = byMonth.get(row.month) ?? noFlows();
    addFlow(monthFlows, row.kind, toNumber(row.plus), toNumber(row.minus));
    addFlow(totals, row.kind, toNumber(row.plus), toNumber(row.minus));
    byMonth.set(row.month, monthFlows);
  }
  const changeOf = new Map(changes.rows.map((row) => [row.month, toNumber(row.change ?? 0)]));

  let outstanding = toNumber(opening.rows[0]?.outstanding ?? 0);
  const months: LoyaltyKpis['months'] = [];
  for (let index = first; index <= last; index += 1) {
    const key = monthOf(index);
    outstanding += changeOf.get(key) ?? 0;
    // The rules in force at the month's last instant (now, for the current month).
    const end = new Date(Math.min(monthStart(index + 1).getTime() - 1, now.getTime()));
    const { pointValue } = await settingsAt(db, end);
    months.push({ month: key, ...(byMonth.get(key) ?? noFlows()), outstanding, pointValue, liability: outstanding * pointValue });
  }
  return { from: monthOf(first), to: monthOf(last), months, totals };
}
