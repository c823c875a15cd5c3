import { technicianTime } from '../../kpis';
import { withCentre, type ReportDefinition, type ReportRow, type ReportScope } from '../reportDefinition';

/** One row per technician with time or work in the range (spec §8's utilisation and efficiency), by name. */
async function technicianRows(scope: ReportScope): Promise<ReportRow[]> {
  const time = await technicianTime(scope.db, { centreId: scope.centreId, technicianId: null, range: scope.range, now: scope.now });
  if (time.rows.length === 0) return [];
  const ids = time.rows.map((row) => row.technicianId);
  const people = await scope.db
    .selectFrom('users as u')
    .leftJoin('staff_assignments as s', (join) => join.onRef('s.user_id', '=', 'u.id').on('s.ended_at', 'is', null))
    .leftJoin('service_centres as c', 'c.id', 's.centre_id')
    .select(['u.id', 'u.email', 'c.name as centre'])
    .where('u.id', 'in', ids)
    .execute();
  return time.rows.map((row) => {
    const person = people.find((p) => p.id === row.technicianId);
    return {
      centre: person?.centre ?? null,
      technician: row.fullName,
      email: person?.email ?? null,
      clockedMinutes: row.clockedMinutes,
      ordersDone: row.ordersDone,
      standardMinutes: row.standardMinutes,
      clockedMinutesOnDone: row.clockedMinutesOnDone,
      efficiencyPct: row.efficiencyPct,
      utilisationPct: row.utilisationPct,
    };
  });
}

/** Kỹ thuật viên: a handful of rows computed at once (the KPI service's technicianTime), one page. */
export const techniciansReport: ReportDefinition = {
  name: 'technicians',
  columns: (allCentres) =>
    withCentre(allCentres, [
      { key: 'technician', label: 'Kỹ thuật viên', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'text' },
      { key: 'clockedMinutes', label: 'Phút chấm công', kind: 'number' },
      { key: 'ordersDone', label: 'Phiếu hoàn thành', kind: 'number' },
      { key: 'standardMinutes', label: 'Phút định mức', kind: 'number' },
      { key: 'clockedMinutesOnDone', label: 'Phút chấm công trên phiếu hoàn thành', kind: 'number' },
      { key: 'efficiencyPct', label: 'Hiệu suất so với định mức (%)', kind: 'number' },
      { key: 'utilisationPct', label: 'Tỷ lệ sử dụng thời gian ca (%)', kind: 'number' },
    ]),
  async count(scope) {
    return (await technicianRows(scope)).length;
  },
  async page(scope, after, limit) {
    if (after !== null) return { rows: [], next: null };
    return { rows: (await technicianRows(scope)).slice(0, limit), next: null };
  },
};
