import { sql, type Kysely } from 'kysely';
import type { MyKpis, TechnicianKpi } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { earlierInstant, instantParameter, laterInstant, minutesBetween, prefersJoinToLookup, tableExists } from '../../db/sqlDialect';
import { minutesOfDay, percent, type KpiRange } from './kpiRange';
import { centreFilter } from './kpiSql';

type Num = string | number | null;

export const utilisationNotes = {
  /** The shifts table (work package 3's shifts) is not in this database yet. */
  noShiftsTable: 'Chưa có ca làm việc (lịch ca chưa được xây dựng) nên chưa tính được tỷ lệ sử dụng thời gian.',
  /** Shifts exist, but none is scheduled in the range: a zero denominator. */
  noShiftsInRange: 'Chưa xếp ca làm việc trong khoảng này nên chưa tính được tỷ lệ sử dụng thời gian.',
} as const;

/** Per technician with the totals of utilisation (spec §8: clocked ÷ scheduled shift minutes). */
export interface TechnicianTime {
  rows: TechnicianKpi[];
  clockedMinutes: number;
  /** Σ scheduled shift minutes; null when there is no shifts table. */
  scheduledMinutes: number | null;
}

/** The note that goes with a utilisation figure: why it is null, or null when it was computed. */
export function utilisationNoteOf(time: Pick<TechnicianTime, 'scheduledMinutes'>): string | null {
  if (time.scheduledMinutes === null) return utilisationNotes.noShiftsTable;
  return time.scheduledMinutes === 0 ? utilisationNotes.noShiftsInRange : null;
}

/**
 * technician_shifts is built by another step of work package 3 (migration 0010): until it exists, utilisation is
 * null and says so. The table is read with plain SQL, so this module does not depend on its types.
 */
function shiftsTableExists(db: Kysely<Database>): Promise<boolean> {
  return tableExists(db, 'technician_shifts');
}

/** Scheduled shift minutes per technician over the range's local dates (work_date 'YYYY-MM-DD', times 'HH:MM'). */
async function scheduledMinutes(
  db: Kysely<Database>,
  options: { centreId: number | null; technicianId: number | null; range: KpiRange },
): Promise<Map<number, number> | null> {
  if (!(await shiftsTableExists(db))) return null;
  const { rows } = await sql<{ technician_id: number; start_time: string; end_time: string }>`
    select technician_id, start_time, end_time from technician_shifts
    where work_date >= ${options.range.from} and work_date <= ${options.range.to}
      ${centreFilter('centre_id', options.centreId)} ${centreFilter('technician_id', options.technicianId)}`.execute(db);
  const minutes = new Map<number, number>();
  for (const row of rows) {
    const id = Number(row.technician_id);
    minutes.set(id, (minutes.get(id) ?? 0) + Math.max(0, minutesOfDay(row.end_time) - minutesOfDay(row.start_time)));
  }
  return minutes;
}

/**
 * Per technician over a range: minutes clocked (work_time_entries clipped to the range; a running clock counts up
 * to now), orders finished (work_done_at in range, the order's technician), their standard minutes (the booked
 * services' durations) and the technician's clocked minutes on those same orders → efficiency; clocked ÷ scheduled
 * shift minutes → utilisation (null without shifts). For a centre (centreId) or every centre (null); for one technician (technicianId) or all.
 */
export async function technicianTime(
  db: Kysely<Database>,
  options: { centreId: number | null; technicianId: number | null; range: KpiRange; now: Date },
): Promise<TechnicianTime> {
  const { centreId, technicianId, range } = options;
  const F = instantParameter(db, range.fromUtc);
  const T = instantParameter(db, range.toUtc);
  const now = instantParameter(db, options.now.toISOString());
  const until = sql`coalesce(w.ended_at, ${now})`;

  // Correlated subqueries (minutes of an order) read primary keys and the order index: PostgreSQL otherwise
  // hash-joined every time entry.
  // Three disjoint branches, each reading one index (work_time_entries_started_idx, _ended_idx): started in range;
  // started before and ended after `from`; started before and still running. As one OR, SQLite walked the
  // technician index over every entry before `to` (EXPLAIN on bench:kpis' database; docs/performance.md).
  // An entry's centre is its order's: a lookup by key per entry (the other branches hold few entries; joined, SQLite
  // walked the centre's orders). The entries begun in the range, on PostgreSQL: joined to the centre's orders read
  // index-only by (centre_id, id) (migration 0012) instead of a lookup per entry.
  const scope = sql`and w.started_at < ${now} ${centreFilter('w.technician_id', technicianId)}`;
  const centreOfEntry =
    centreId === null ? sql`` : sql`and (select so.centre_id from service_orders so where so.id = w.service_order_id) = ${centreId}`;
  const inRange =
    centreId !== null && prefersJoinToLookup(db)
      ? { from: sql`work_time_entries w join service_orders so on so.id = w.service_order_id and so.centre_id = ${centreId}`, centre: sql`` }
      : { from: sql`work_time_entries w`, centre: centreOfEntry };
  const clipped = minutesBetween(db, laterInstant(db, sql.ref('w.started_at'), F), earlierInstant(db, until, T));
  const clocked$ = sql<{ technician_id: number; minutes: Num }>`
    select technician_id, sum(minutes) as minutes from (
      select w.technician_id, ${clipped} as minutes from ${inRange.from}
      where w.started_at >= ${F} and w.started_at < ${T} ${scope} ${inRange.centre}
      union all
      select w.technician_id, ${clipped} as minutes from work_time_entries w
      where w.ended_at > ${F} and w.started_at < ${F} ${scope} ${centreOfEntry}
      union all
      select w.technician_id, ${clipped} as minutes from work_time_entries w
      where w.ended_at is null and w.started_at < ${F} and ${now} > ${F} ${scope} ${centreOfEntry}
    ) entries
    group by technician_id`.execute(db);

  const done$ = sql<{ technician_id: number; n: Num; standard: Num }>`
    select so.technician_id, count(*) as n,
      coalesce(sum((select coalesce(sum(aps.duration_minutes), 0) from appointment_services aps where aps.appointment_id = so.appointment_id)), 0) as standard
    from service_orders so
    where so.work_done_at >= ${F} and so.work_done_at < ${T} and so.technician_id is not null
      ${centreFilter('so.centre_id', centreId)} ${centreFilter('so.technician_id', technicianId)}
    group by so.technician_id`.execute(db);

  const onDone$ = sql<{ technician_id: number; minutes: Num }>`
    select so.technician_id, sum((
      select sum(${minutesBetween(db, sql.ref('w.started_at'), until)}) from work_time_entries w
      where w.service_order_id = so.id and w.technician_id = so.technician_id)) as minutes
    from service_orders so
    where so.work_done_at >= ${F} and so.work_done_at < ${T} and so.technician_id is not null
      ${centreFilter('so.centre_id', centreId)} ${centreFilter('so.technician_id', technicianId)}
    group by so.technician_id`.execute(db);

  const scheduled$ = scheduledMinutes(db, { centreId, technicianId, range });
  // Independent: asked together (several pool connections on PostgreSQL).
  const [clocked, done, onDone, scheduled] = await Promise.all([clocked$, done$, onDone$, scheduled$]);
  const ids = new Set<number>([...clocked.rows, ...done.rows, ...onDone.rows].map((r) => Number(r.technician_id)));
  for (const id of scheduled?.keys() ?? []) ids.add(id);
  if (technicianId !== null) ids.add(technicianId);
  const totals = {
    clockedMinutes: Math.round(clocked.rows.reduce((sum, r) => sum + toNumber(r.minutes), 0)),
    scheduledMinutes: scheduled === null ? null : [...scheduled.values()].reduce((sum, m) => sum + m, 0),
  };
  if (ids.size === 0) return { rows: [], ...totals };
  const names = await db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', [...ids]).execute();
  const find = <R extends { technician_id: number }>(rows: R[], id: number) => rows.find((r) => Number(r.technician_id) === id);

  const rows = [...ids]
    .map((id) => {
      const standardMinutes = toNumber(find(done.rows, id)?.standard);
      const clockedMinutesOnDone = Math.round(toNumber(find(onDone.rows, id)?.minutes));
      const clockedMinutes = Math.round(toNumber(find(clocked.rows, id)?.minutes));
      return {
        technicianId: id,
        fullName: names.find((n) => n.id === id)?.full_name ?? '',
        clockedMinutes,
        ordersDone: toNumber(find(done.rows, id)?.n),
        standardMinutes,
        clockedMinutesOnDone,
        efficiencyPct: percent(standardMinutes, clockedMinutesOnDone),
        utilisationPct: scheduled === null ? null : percent(clockedMinutes, scheduled.get(id) ?? 0),
      };
    })
    .sort((a, b) => a.fullName.localeCompare(b.fullName, 'vi') || a.technicianId - b.technicianId);
  return { rows, ...totals };
}

/** The technician's own KPIs (spec T1): clocked hours, orders done, efficiency. */
export async function myKpis(db: Kysely<Database>, technicianId: number, range: KpiRange, now: Date): Promise<MyKpis> {
  const time = await technicianTime(db, { centreId: null, technicianId, range, now });
  const [mine] = time.rows;
  return {
    from: range.from,
    to: range.to,
    days: range.days,
    clockedMinutes: mine?.clockedMinutes ?? 0,
    ordersDone: mine?.ordersDone ?? 0,
    standardMinutes: mine?.standardMinutes ?? 0,
    clockedMinutesOnDone: mine?.clockedMinutesOnDone ?? 0,
    efficiencyPct: mine?.efficiencyPct ?? null,
    utilisationPct: mine?.utilisationPct ?? null,
    utilisationNote: utilisationNoteOf(time),
  };
}
