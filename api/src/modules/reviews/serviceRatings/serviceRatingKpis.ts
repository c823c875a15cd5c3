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

interface GroupSums {
  centreId: number;
  technicianId: number | null;
  visit: Sums;
  technician: Sums;
}

/**
 * Visible ratings given in the range, summed per (centre, technician) in one pass over service_ratings_kpi_idx: the
 * visit's stars (the centre's figures) and the technician's score (the customer's stars for the technician when
 * they gave some, else the visit's).
 */
async function groupSums(db: Kysely<Database>, centreId: number | null, range: KpiRange): Promise<GroupSums[]> {
  const score = sql<number>`coalesce(technician_stars, stars)`;
  const rows = await db
    .selectFrom('service_ratings')
    .select([
      'centre_id',
      'technician_id',
      (eb) => eb.fn.countAll<string | number>().as('count'),
      sql<string | number>`sum(stars)`.as('stars'),
      sql<string | number>`sum(case when stars >= 4 then 1 else 0 end)`.as('positive'),
      sql<string | number>`sum(${score})`.as('score'),
      sql<string | number>`sum(case when ${score} >= 4 then 1 else 0 end)`.as('score_positive'),
    ])
    .$if(centreId !== null, (q) => q.where('centre_id', '=', centreId!))
    .where('created_at', '>=', instantParameter(db, range.fromUtc))
    .where('created_at', '<', instantParameter(db, range.toUtc))
    .where('hidden', '=', 0)
    .groupBy(['centre_id', 'technician_id'])
    .execute();
  return rows.map((row) => ({
    centreId: row.centre_id,
    technicianId: row.technician_id,
    visit: { count: toNumber(row.count), stars: toNumber(row.stars), positive: toNumber(row.positive) },
    technician: { count: toNumber(row.count), stars: toNumber(row.score), positive: toNumber(row.score_positive) },
  }));
}

const add = (a: Sums, b: Sums): Sums => ({ count: a.count + b.count, stars: a.stars + b.stars, positive: a.positive + b.positive });

/** Per centre: the sum of its groups' visit figures. */
function centreSums(groups: readonly GroupSums[]): Map<number, Sums> {
  const sums = new Map<number, Sums>();
  for (const group of groups) sums.set(group.centreId, add(sums.get(group.centreId) ?? EMPTY, group.visit));
  return sums;
}

/** Per technician and centre: their groups' technician figures (ratings of visits without a technician left out). */
function technicianSums(groups: readonly GroupSums[]): Map<string, Sums & { technicianId: number; centreId: number }> {
  const sums = new Map<string, Sums & { technicianId: number; centreId: number }>();
  for (const group of groups) {
    if (group.technicianId === null) continue;
    sums.set(`${group.technicianId}:${group.centreId}`, { technicianId: group.technicianId, centreId: group.centreId, ...group.technician });
  }
  return sums;
}

/** The rating KPIs of one centre (or every centre: null) over the range, with the period of the same length before. */
export async function ratingKpis(db: Kysely<Database>, centreId: number | null, range: KpiRange): Promise<RatingKpis> {
  const previous = previousKpiRange(range);
  const [centres, openRows, currentGroups, previousGroups] = await Promise.all([
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
    groupSums(db, centreId, range),
    groupSums(db, centreId, previous),
  ]);
  const [current, before] = [centreSums(currentGroups), centreSums(previousGroups)];
  const [techNow, techBefore] = [technicianSums(currentGroups), technicianSums(previousGroups)];
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
