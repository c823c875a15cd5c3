import { sql, type Kysely } from 'kysely';
import type { MyKpis, TechnicianKpi } from 'shared-contracts/schemas';
import { dialectOf, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { percent, type KpiRange } from './kpiRange';
import { centreFilter, earlier, instant, later, minutesBetween } from './kpiSql';

type Num = string | number | null;

/** Shifts (technician_shifts) do not exist yet: utilisation (clocked ÷ scheduled) cannot be computed. */
export const utilisationNote = 'Chưa có ca làm việc (lịch ca chưa được xây dựng) nên chưa tính được tỷ lệ sử dụng thời gian.';

/**
 * Per technician over a range: minutes clocked (work_time_entries clipped to the range; a running clock counts up
 * to now), orders finished (work_done_at in range, the order's technician), their standard minutes (the booked
 * services' durations) and the technician's clocked minutes on those same orders → efficiency.
 * For a centre (centreId) or every centre (null); for one technician (technicianId) or all.
 */
export async function technicianTime(
  db: Kysely<Database>,
  options: { centreId: number | null; technicianId: number | null; range: KpiRange; now: Date },
): Promise<TechnicianKpi[]> {
  const d = dialectOf(db);
  const { centreId, technicianId, range } = options;
  const F = instant(d, range.fromUtc);
  const T = instant(d, range.toUtc);
  const now = instant(d, options.now.toISOString());
  const until = sql`coalesce(w.ended_at, ${now})`;

  // Correlated subqueries (centre of an entry, minutes of an order) read primary keys and the order index: PostgreSQL
  // otherwise hash-joined every order of the centre or every time entry.
  // The OR's three disjoint branches (started in range; started before and ended after `from`; still running) each
  // read an index (work_time_entries_started_idx, _ended_idx): entries are never scanned from the beginning.
  const clocked = await sql<{ technician_id: number; minutes: Num }>`
    select w.technician_id, sum(${minutesBetween(d, later(d, sql.ref('w.started_at'), F), earlier(d, until, T))}) as minutes
    from work_time_entries w
    where ((w.started_at >= ${F} and w.started_at < ${T}) or (w.started_at < ${F} and w.ended_at > ${F}) or w.ended_at is null)
      and w.started_at < ${T} and ${until} > ${F} and w.started_at < ${now}
      ${centreId === null ? sql`` : sql`and (select so.centre_id from service_orders so where so.id = w.service_order_id) = ${centreId}`}
      ${centreFilter('w.technician_id', technicianId)}
    group by w.technician_id`.execute(db);

  const done = await sql<{ technician_id: number; n: Num; standard: Num }>`
    select so.technician_id, count(*) as n,
      coalesce(sum((select coalesce(sum(aps.duration_minutes), 0) from appointment_services aps where aps.appointment_id = so.appointment_id)), 0) as standard
    from service_orders so
    where so.work_done_at >= ${F} and so.work_done_at < ${T} and so.technician_id is not null
      ${centreFilter('so.centre_id', centreId)} ${centreFilter('so.technician_id', technicianId)}
    group by so.technician_id`.execute(db);

  const onDone = await sql<{ technician_id: number; minutes: Num }>`
    select so.technician_id, sum((
      select sum(${minutesBetween(d, sql.ref('w.started_at'), until)}) from work_time_entries w
      where w.service_order_id = so.id and w.technician_id = so.technician_id)) as minutes
    from service_orders so
    where so.work_done_at >= ${F} and so.work_done_at < ${T} and so.technician_id is not null
      ${centreFilter('so.centre_id', centreId)} ${centreFilter('so.technician_id', technicianId)}
    group by so.technician_id`.execute(db);

  const ids = new Set<number>([...clocked.rows, ...done.rows, ...onDone.rows].map((r) => Number(r.technician_id)));
  if (technicianId !== null) ids.add(technicianId);
  if (ids.size === 0) return [];
  const names = await db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', [...ids]).execute();
  const find = <R extends { technician_id: number }>(rows: R[], id: number) => rows.find((r) => Number(r.technician_id) === id);

  return [...ids]
    .map((id) => {
      const standardMinutes = toNumber(find(done.rows, id)?.standard);
      const clockedMinutesOnDone = Math.round(toNumber(find(onDone.rows, id)?.minutes));
      return {
        technicianId: id,
        fullName: names.find((n) => n.id === id)?.full_name ?? '',
        clockedMinutes: Math.round(toNumber(find(clocked.rows, id)?.minutes)),
        ordersDone: toNumber(find(done.rows, id)?.n),
        standardMinutes,
        clockedMinutesOnDone,
        efficiencyPct: percent(standardMinutes, clockedMinutesOnDone),
        utilisationPct: null,
      };
    })
    .sort((a, b) => a.fullName.localeCompare(b.fullName, 'vi') || a.technicianId - b.technicianId);
}

/** The technician's own KPIs (spec T1): clocked hours, orders done, efficiency. */
export async function myKpis(db: Kysely<Database>, technicianId: number, range: KpiRange, now: Date): Promise<MyKpis> {
  const [mine] = await technicianTime(db, { centreId: null, technicianId, range, now });
  return {
    from: range.from,
    to: range.to,
    days: range.days,
    clockedMinutes: mine?.clockedMinutes ?? 0,
    ordersDone: mine?.ordersDone ?? 0,
    standardMinutes: mine?.standardMinutes ?? 0,
    clockedMinutesOnDone: mine?.clockedMinutesOnDone ?? 0,
    efficiencyPct: mine?.efficiencyPct ?? null,
    utilisationPct: null,
    utilisationNote,
  };
}
