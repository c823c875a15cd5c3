import { sql } from 'kysely';
import { APPOINTMENT_STATUSES, APPOINTMENT_STATUS_LABELS, vietnamDateOf, vietnamWeekdayOf, type ReportCharts } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import { earlierInstant, instantParameter, laterInstant, vietnamDateOfColumn } from '../../db/sqlDialect';
import { dayStarts, minutesOfDay, percent, centreFilter, technicianTime } from '../kpis';
import type { ReportScope } from './reportDefinition';

type Num = string | number | null;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const TOP_PARTS = 10;

const instantMs = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * The six charts of spec §9 over a range, for one centre or every centre (centreId null): each series is one SQL
 * aggregate grouped by local day, status or product; the technicians' figures are the KPI service's; the bay heat map
 * reads the occupancies clipped to the range in SQL and spreads them over weekday × hour inside opening hours.
 */
export async function reportCharts(scope: ReportScope): Promise<ReportCharts> {
  const { db, centreId, range } = scope;
  const F = instantParameter(db, range.fromUtc);
  const T = instantParameter(db, range.toUtc);
  const days = dayStarts(range).map((start) => vietnamDateOf(start));

  const revenue = await sql<{ day: string; n: Num; services: Num; parts: Num; total: Num }>`
    select ${vietnamDateOfColumn(db, 'paid_at')} as day, count(*) as n, sum(subtotal_services) as services, sum(subtotal_parts) as parts, sum(total) as total
    from service_invoices
    where payment_status = 'PAID' and paid_at >= ${F} and paid_at < ${T} ${centreFilter('centre_id', centreId)}
    group by 1`.execute(db);
  const revenueOf = new Map(revenue.rows.map((r) => [r.day, r]));

  const cars = await sql<{ day: string; n: Num }>`
    select ${vietnamDateOfColumn(db, 'issued_at')} as day, count(*) as n
    from service_invoices
    where issued_at >= ${F} and issued_at < ${T} ${centreFilter('centre_id', centreId)}
    group by 1`.execute(db);
  const carsOf = new Map(cars.rows.map((r) => [r.day, toNumber(r.n)]));

  const appointments = await sql<{ status: string; n: Num }>`
    select status, count(*) as n from appointments
    where starts_at >= ${F} and starts_at < ${T} ${centreFilter('centre_id', centreId)}
    group by status`.execute(db);
  const appointmentsOf = new Map(appointments.rows.map((r) => [r.status, toNumber(r.n)]));

  // Parts used: ISSUE − RETURN per product (ISSUE quantities are negative in the ledger), valued at the request's price.
  const parts = await sql<{ product_id: number; name: string; quantity: Num; value: Num }>`
    select m.product_id, p.name, sum(-m.quantity) as quantity, sum(cast(-m.quantity as bigint) * coalesce(pr.unit_price, p.price)) as value
    from stock_movements m
    join products p on p.id = m.product_id
    left join parts_requests pr on pr.id = m.parts_request_id
    where m.kind in ('ISSUE', 'RETURN') and m.created_at >= ${F} and m.created_at < ${T} ${centreFilter('m.centre_id', centreId)}
    group by m.product_id, p.name
    having sum(-m.quantity) > 0
    order by quantity desc, m.product_id
    limit ${TOP_PARTS}`.execute(db);

  const technicians = await technicianTime(db, { centreId, technicianId: null, range, now: scope.now });

  return {
    centreId,
    from: range.from,
    to: range.to,
    revenueByDay: days.map((date) => {
      const row = revenueOf.get(date);
      const paid = toNumber(row?.n);
      return {
        date,
        services: toNumber(row?.services),
        parts: toNumber(row?.parts),
        aro: paid === 0 ? null : Math.round(toNumber(row?.total) / paid),
      };
    }),
    carCountByDay: days.map((date) => ({ date, count: carsOf.get(date) ?? 0 })),
    appointmentsByStatus: APPOINTMENT_STATUSES.map((status) => ({ status, label: APPOINTMENT_STATUS_LABELS[status], count: appointmentsOf.get(status) ?? 0 })),
    topParts: parts.rows.map((r) => ({ productId: r.product_id, name: r.name, quantity: toNumber(r.quantity), value: toNumber(r.value) })),
    technicians: technicians.rows.map((t) => ({ technicianId: t.technicianId, fullName: t.fullName, utilisationPct: t.utilisationPct, efficiencyPct: t.efficiencyPct })),
    bayHeatmap: await bayHeatmap(scope),
  };
}

/**
 * Bay utilisation by weekday × hour: occupied bay-minutes inside opening hours ÷ (bays × the hour's opening minutes ×
 * the range's days of that weekday), summed over the centres of the scope. Hours no centre is open are left out; a
 * weekday the range does not contain is null (zero denominator). A bay still occupied counts up to now.
 */
async function bayHeatmap(scope: ReportScope): Promise<ReportCharts['bayHeatmap']> {
  const { db, centreId, range, now } = scope;
  const F = instantParameter(db, range.fromUtc);
  const T = instantParameter(db, range.toUtc);
  const centres = await db
    .selectFrom('service_centres')
    .select(['id', 'open_time', 'close_time', 'service_bays'])
    .where('kind', '=', 'SERVICE_CENTRE')
    .$if(centreId !== null, (q) => q.where('id', '=', centreId!))
    .execute();
  const opening = new Map(centres.map((c) => [c.id, { open: minutesOfDay(c.open_time) * MINUTE_MS, close: minutesOfDay(c.close_time) * MINUTE_MS, bays: c.service_bays }]));
  const stays = await sql<{ centre_id: number; from_at: Date | string; to_at: Date | string }>`
    select centre_id, ${laterInstant(db, sql.ref('from_at'), F)} as from_at, ${earlierInstant(db, sql`coalesce(to_at, ${instantParameter(db, now.toISOString())})`, T)} as to_at
    from bay_occupancy
    where ((from_at >= ${F} and from_at < ${T}) or (from_at < ${F} and to_at > ${F}) or to_at is null)
      and from_at < ${T} and (to_at is null or to_at > ${F}) ${centreFilter('centre_id', centreId)}`.execute(db);

  const days = dayStarts(range);
  const cell = (weekday: number, hour: number) => (weekday - 1) * 24 + hour;
  const occupied = new Array<number>(7 * 24).fill(0);
  for (const stay of stays.rows) {
    const hours = opening.get(stay.centre_id);
    if (!hours) continue;
    const start = instantMs(stay.from_at);
    const end = instantMs(stay.to_at);
    const first = Math.max(0, Math.floor((start - range.fromMs) / DAY_MS));
    const last = Math.min(days.length - 1, Math.floor((end - range.fromMs) / DAY_MS));
    for (let index = first; index <= last; index += 1) {
      const day = days[index]!;
      const from = Math.max(start, day + hours.open);
      const to = Math.min(end, day + hours.close);
      if (to <= from) continue;
      const weekday = vietnamWeekdayOf(day);
      for (let hour = Math.floor((from - day) / HOUR_MS); hour * HOUR_MS + day < to && hour < 24; hour += 1) {
        const overlap = Math.min(to, day + (hour + 1) * HOUR_MS) - Math.max(from, day + hour * HOUR_MS);
        if (overlap > 0) occupied[cell(weekday, hour)]! += overlap / MINUTE_MS;
      }
    }
  }

  const daysOfWeekday = new Array<number>(8).fill(0);
  for (const day of days) daysOfWeekday[vietnamWeekdayOf(day)]! += 1;
  /** Bay-minutes one day offers in hour `hour`, over the scope's centres. */
  const hourCapacity = (hour: number) =>
    [...opening.values()].reduce((sum, c) => sum + c.bays * Math.max(0, Math.min(c.close, (hour + 1) * HOUR_MS) - Math.max(c.open, hour * HOUR_MS)) / MINUTE_MS, 0);
  const openHours = Array.from({ length: 24 }, (_, hour) => hour).filter((hour) => hourCapacity(hour) > 0);
  return [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
    openHours.map((hour) => ({ weekday, hour, utilisationPct: percent(occupied[cell(weekday, hour)]!, hourCapacity(hour) * daysOfWeekday[weekday]!) })),
  );
}
