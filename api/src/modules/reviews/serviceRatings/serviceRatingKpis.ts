import { sql, type Kysely } from 'kysely';
import type { CentreRatingKpi, RatingFigures, RatingKpis, TechnicianRatingKpi } from 'shared-contracts/schemas';
import { toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import { instantParameter } from '../../../db/sqlDialect';
import { percent, previousKpiRange, type KpiRange } from '../../kpis';

interface Sums {
  count: number;
  stars: number;
  positive: number;
}

const EMPTY: Sums = { count: 0, stars: 0, positive: 0 };

function figures(sums: Sums = EMPTY): RatingFigures {
  return {
    count: sums.count,
    average: sums.count === 0 ? null : Math.round((sums.stars / sums.count) * 10) / 10,
    positivePct: percent(sums.positive, sums.count),
  };
}

/** Visible ratings given in the range, summed per centre (centreId null: every centre). */
async function centreSums(db: Kysely<Database>, centreId: number | null, range: KpiRange): Promise<Map<number, Sums>> {
  const rows = await db
    .selectFrom('service_ratings')
    .select([
      'centre_id',
      (eb) => eb.fn.countAll<string | number>().as('count'),
      sql<string | number>`sum(stars)`.as('stars'),
      sql<string | number>`sum(case when stars >= 4 then 1 else 0 end)`.as('positive'),
    ])
    .$if(centreId !== null, (q) => q.where('centre_id', '=', centreId!))
    .where('created_at', '>=', instantParameter(db, range.fromUtc))
    .where('created_at', '<', instantParameter(db, range.toUtc))
    .where('hidden', '=', 0)
    .groupBy('centre_id')
    .execute();
  return new Map(rows.map((row) => [row.centre_id, { count: toNumber(row.count), stars: toNumber(row.stars), positive: toNumber(row.positive) }]));
}

/**
 * Visible ratings given in the range, per technician and centre: the customer's stars for the technician when they
 * gave some, else the visit's.
 */
async function technicianSums(db: Kysely<Database>, centreId: number | null, range: KpiRange): Promise<Map<string, Sums & { technicianId: number; centreId: number }>> {
  const score = sql<number>`coalesce(technician_stars, stars)`;
  const rows = await db
    .selectFrom('service_ratings')
    .select([
      'technician_id',
      'centre_id',
      (eb) => eb.fn.countAll<string | number>().as('count'),
      sql<string | number>`sum(${score})`.as('stars'),
      sql<string | number>`sum(case when ${score} >= 4 then 1 else 0 end)`.as('positive'),
    ])
    .where('technician_id', 'is not', null)
    .$if(centreId !== null, (q) => q.where('centre_id', '=', centreId!))
    .where('created_at', '>=', instantParameter(db, range.fromUtc))
    .where('created_at', '<', instantParameter(db, range.toUtc))
    .where('hidden', '=', 0)
    .groupBy(['technician_id', 'centre_id'])
    .execute();
  return new Map(
    rows.map((row) => [
      `${row.technician_id}:${row.centre_id}`,
      { technicianId: row.technician_id!, centreId: row.centre_id, count: toNumber(row.count), stars: toNumber(row.stars), positive: toNumber(row.positive) },
    ]),
  );
}

/** The rating KPIs of one centre (or every centre: null) over the range, with the period of the same length before. */
export async function ratingKpis(db: Kysely<Database>, centreId: number | null, range: KpiRange): Promise<RatingKpis> {
  const previous = previousKpiRange(range);
  const [centres, openRows, current, before, techNow, techBefore] = await Promise.all([
    db
      .selectFrom('service_centres')
      .select(['id', 'name'])
      .where('kind', '=', 'SERVICE_CENTRE')
      .$if(centreId !== null, (q) => q.where('id', '=', centreId!))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('service_rating_follow_ups')
      .select(['centre_id', (eb) => eb.fn.countAll<string | number>().as('count')])
      .where('status', '<>', 'CLOSED')
      .$if(centreId !== null, (q) => q.where('centre_id', '=', centreId!))
      .groupBy('centre_id')
      .execute(),
    centreSums(db, centreId, range),
    centreSums(db, centreId, previous),
    technicianSums(db, centreId, range),
    technicianSums(db, centreId, previous),
  ]);
  const open = new Map(openRows.map((row) => [row.centre_id, toNumber(row.count)]));
  const centreRows: CentreRatingKpi[] = centres.map((centre) => ({
    centreId: centre.id,
    centreName: centre.name,
    ...figures(current.get(centre.id)),
    openFollowUps: open.get(centre.id) ?? 0,
    previous: figures(before.get(centre.id)),
  }));

  const keys = [...new Set([...techNow.keys(), ...techBefore.keys()])];
  const technicianIds = [...new Set(keys.map((key) => Number(key.split(':')[0])))];
  const names = technicianIds.length === 0 ? [] : await db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', technicianIds).execute();
  const nameOf = new Map(names.map((row) => [row.id, row.full_name]));
  const technicians: TechnicianRatingKpi[] = keys
    .map((key) => {
      const now = techNow.get(key);
      const then = techBefore.get(key);
      const ids = (now ?? then)!;
      return {
        technicianId: ids.technicianId,
        fullName: nameOf.get(ids.technicianId) || `#${ids.technicianId}`,
        centreId: ids.centreId,
        ...figures(now),
        previous: figures(then),
      };
    })
    .sort((a, b) => a.centreId - b.centreId || a.fullName.localeCompare(b.fullName, 'vi') || a.technicianId - b.technicianId);

  return { from: range.from, to: range.to, previousFrom: previous.from, previousTo: previous.to, centres: centreRows, technicians };
}

/** The CSV's columns (Vietnamese headers) and one row per centre, then per technician. */
export const RATING_KPI_CSV_COLUMNS = [
  { key: 'kind', label: 'Loại', kind: 'text' },
  { key: 'name', label: 'Tên', kind: 'text' },
  { key: 'centre', label: 'Trung tâm', kind: 'text' },
  { key: 'count', label: 'Số đánh giá', kind: 'number' },
  { key: 'average', label: 'Điểm trung bình', kind: 'number' },
  { key: 'positivePct', label: 'Tỷ lệ 4–5 sao (%)', kind: 'number' },
  { key: 'previousCount', label: 'Số đánh giá kỳ trước', kind: 'number' },
  { key: 'previousAverage', label: 'Điểm trung bình kỳ trước', kind: 'number' },
  { key: 'previousPositivePct', label: 'Tỷ lệ 4–5 sao kỳ trước (%)', kind: 'number' },
  { key: 'openFollowUps', label: 'Phiếu theo dõi đang mở', kind: 'number' },
] as const;

export function ratingKpiCsvRows(kpis: RatingKpis): Record<string, string | number | null>[] {
  const centreName = new Map(kpis.centres.map((centre) => [centre.centreId, centre.centreName]));
  const common = (row: RatingFigures & { previous: RatingFigures }) => ({
    count: row.count,
    average: row.average,
    positivePct: row.positivePct,
    previousCount: row.previous.count,
    previousAverage: row.previous.average,
    previousPositivePct: row.previous.positivePct,
  });
  return [
    ...kpis.centres.map((centre) => ({ kind: 'Trung tâm', name: centre.centreName, centre: centre.centreName, ...common(centre), openFollowUps: centre.openFollowUps })),
    ...kpis.technicians.map((tech) => ({ kind: 'Kỹ thuật viên', name: tech.fullName, centre: centreName.get(tech.centreId) ?? '', ...common(tech), openFollowUps: null })),
  ];
}
