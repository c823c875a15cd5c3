import type { Kysely } from 'kysely';
import { ERROR_CODES, addCalendarDays, isCalendarDate, type ShiftWeek, type Shift } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { TechnicianShiftRow } from '../../db/shiftSchema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { shiftsMessages } from './shiftsMessages';

/** A week of shifts: Monday `weekStart` and its 7 local dates. */
export interface ShiftWeekDays {
  weekStart: string;
  days: string[];
}

/** 'YYYY-MM-DD' of a Monday → the 7 days; anything else answers 422 WEEK_START_INVALID. */
export function parseWeekStart(weekStart: string): ShiftWeekDays {
  const value = weekStart.trim();
  if (!isCalendarDate(value) || new Date(`${value}T00:00:00Z`).getUTCDay() !== 1) {
    throw new AppError(422, ERROR_CODES.WEEK_START_INVALID, shiftsMessages.weekStartInvalid, [{ field: 'weekStart', message: shiftsMessages.weekStartInvalid }]);
  }
  return { weekStart: value, days: Array.from({ length: 7 }, (_, index) => addCalendarDays(value, index)) };
}

export function toShift(row: Pick<TechnicianShiftRow, 'id' | 'technician_id' | 'centre_id' | 'work_date' | 'start_time' | 'end_time'>): Shift {
  return { id: row.id, technicianId: row.technician_id, centreId: row.centre_id, workDate: row.work_date, startTime: row.start_time, endTime: row.end_time };
}

/** Minutes between two 'HH:MM'. */
export function minutesBetween(start: string, end: string): number {
  const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  return toMinutes(end) - toMinutes(start);
}

/** The technicians working at a centre now (active assignment), by name. */
export async function centreTechnicians(db: Kysely<Database>, centreId: number): Promise<Array<{ id: number; full_name: string }>> {
  return db
    .selectFrom('staff_assignments')
    .innerJoin('users', 'users.id', 'staff_assignments.user_id')
    .select(['users.id', 'users.full_name'])
    .where('staff_assignments.centre_id', '=', centreId)
    .where('staff_assignments.ended_at', 'is', null)
    .where('users.role', '=', 'technician')
    .orderBy('users.full_name')
    .orderBy('users.id')
    .execute();
}

/**
 * GET /shifts: the centre's technicians × the 7 days of the week with their shifts at this centre.
 * A technician sees only their own row.
 */
export async function readShiftWeek(db: Kysely<Database>, scope: CentreScope, centreId: number, week: ShiftWeekDays): Promise<ShiftWeek> {
  const centre = await db.selectFrom('service_centres').select(['id', 'name', 'open_time', 'close_time']).where('id', '=', centreId).executeTakeFirstOrThrow();
  let technicians = await centreTechnicians(db, centreId);
  if (scope.role === 'technician') technicians = technicians.filter((technician) => technician.id === scope.userId);
  const shifts = technicians.length === 0
    ? []
    : await db
        .selectFrom('technician_shifts')
        .select(['id', 'technician_id', 'centre_id', 'work_date', 'start_time', 'end_time'])
        .where('centre_id', '=', centreId)
        .where('work_date', '>=', week.days[0]!)
        .where('work_date', '<=', week.days[6]!)
        .where('technician_id', 'in', technicians.map((technician) => technician.id))
        .execute();
  const byKey = new Map(shifts.map((row) => [`${row.technician_id}/${row.work_date}`, toShift(row)]));
  return {
    centreId: centre.id,
    centreName: centre.name,
    openTime: centre.open_time,
    closeTime: centre.close_time,
    weekStart: week.weekStart,
    days: week.days,
    technicians: technicians.map((technician) => {
      const row = week.days.map((day) => byKey.get(`${technician.id}/${day}`) ?? null);
      return {
        technicianId: technician.id,
        fullName: technician.full_name,
        shifts: row,
        plannedMinutes: row.reduce((sum, shift) => sum + (shift ? minutesBetween(shift.startTime, shift.endTime) : 0), 0),
      };
    }),
  };
}
