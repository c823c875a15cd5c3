import { sql, type Kysely } from 'kysely';
import { vietnamInstant, type WarrantyReport } from 'shared-contracts/schemas';
import { instantParameter, vietnamDateOfColumn } from '../../db/sqlDialect';
import type { Database } from '../../db/schema';
import type { CentreScope } from '../../security/centreScope';

/** The instant a Vietnamese month 'yyyy-MM' starts (00:00 in Asia/Ho_Chi_Minh, UTC+7 all year). */
function monthStart(month: string): Date {
  return vietnamInstant(`${month}-01`, '00:00');
}

function monthAfter(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
}

/**
 * GET /warranty/report: per manufacturer and the month (in Vietnam) the claims were sent, how many were sent and for
 * how much, approved (and for how much), rejected, credited, and approved but not yet credited; plus the drafts not
 * sent yet. A manager's centre, every centre for an admin. One grouped query over the span (at most 24 months).
 */
export async function warrantyReport(db: Kysely<Database>, scope: CentreScope, span: { from: string; to: string }): Promise<WarrantyReport> {
  const month = sql<string>`substr(${vietnamDateOfColumn(db, 'warranty_claims.submitted_at')}, 1, 7)`;
  let grouped = db
    .selectFrom('warranty_claims')
    .select([
      'manufacturer',
      month.as('month'),
      sql<number>`count(*)`.as('submitted'),
      sql<number>`sum(claimed_amount)`.as('claimed_amount'),
      sql<number>`sum(case when status in ('APPROVED', 'CREDITED') then 1 else 0 end)`.as('approved'),
      sql<number>`sum(case when status in ('APPROVED', 'CREDITED') then approved_amount else 0 end)`.as('approved_amount'),
      sql<number>`sum(case when status = 'REJECTED' then 1 else 0 end)`.as('rejected'),
      sql<number>`sum(case when status = 'REJECTED' then claimed_amount else 0 end)`.as('rejected_amount'),
      sql<number>`sum(coalesce(credited_amount, 0))`.as('credited_amount'),
      sql<number>`sum(case when status = 'APPROVED' then approved_amount else 0 end)`.as('outstanding_amount'),
    ])
    .where('submitted_at', '>=', instantParameter(db, monthStart(span.from).toISOString()))
    .where('submitted_at', '<', instantParameter(db, monthStart(monthAfter(span.to)).toISOString()))
    .groupBy(['manufacturer', month])
    .orderBy('manufacturer')
    .orderBy(month);
  let drafts = db.selectFrom('warranty_claims').select(sql<number>`count(*)`.as('count')).where('status', '=', 'DRAFT');
  if (scope.centreId !== null) {
    grouped = grouped.where('centre_id', '=', scope.centreId);
    drafts = drafts.where('centre_id', '=', scope.centreId);
  }
  const [rows, draftCount] = await Promise.all([grouped.execute(), drafts.executeTakeFirstOrThrow()]);
  return {
    from: span.from,
    to: span.to,
    rows: rows.map((row) => ({
      manufacturer: row.manufacturer,
      month: row.month,
      submitted: Number(row.submitted),
      claimedAmount: Number(row.claimed_amount),
      approved: Number(row.approved),
      approvedAmount: Number(row.approved_amount),
      rejected: Number(row.rejected),
      rejectedAmount: Number(row.rejected_amount),
      creditedAmount: Number(row.credited_amount),
      outstandingAmount: Number(row.outstanding_amount),
    })),
    drafts: Number(draftCount.count),
  };
}
