import type { Kysely } from 'kysely';
import { ERROR_CODES, addCalendarDays, isCalendarDate, type CopyPreviousWeekResult, type Shift } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { assertInScope, centreScopeMessages, type CentreScope } from '../../security/centreScope';
import { shiftsMessages } from './shiftsMessages';
import { centreTechnicians, parseWeekStart, toShift } from './shiftWeek';

export interface ShiftInput {
  technicianId: number;
  workDate: string;
  startTime: string;
  endTime: string;
}

const shiftColumns = ['id', 'technician_id', 'centre_id', 'work_date', 'start_time', 'end_time'] as const;

async function openingHours(db: Kysely<Database>, centreId: number): Promise<{ openTime: string; closeTime: string }> {
  const centre = await db.selectFrom('service_centres').select(['open_time', 'close_time']).where('id', '=', centreId).executeTakeFirstOrThrow();
  return { openTime: centre.open_time, closeTime: centre.close_time };
}

/** 'HH:MM' text compares in time order (zero-padded). */
function insideHours(startTime: string, endTime: string, hours: { openTime: string; closeTime: string }): boolean {
  return startTime >= hours.openTime && endTime <= hours.closeTime;
}

/**
 * PUT /shifts: creates or replaces the technician's shift of that day (UNIQUE technician_id, work_date: an
 * upsert, so concurrent saves leave one row). The shift belongs to the centre the technician works at now; a
 * manager may plan only their own centre's technicians (another centre's answers 404). It must fall inside the
 * centre's opening hours (422 SHIFT_OUTSIDE_HOURS naming them).
 */
export async function upsertShift(db: Kysely<Database>, scope: CentreScope, input: ShiftInput): Promise<Shift> {
  if (!isCalendarDate(input.workDate)) throw new AppError(422, ERROR_CODES.SHIFT_DATE_INVALID, shiftsMessages.workDateInvalid, [{ field: 'workDate', message: shiftsMessages.workDateInvalid }]);
  if (input.startTime >= input.endTime) throw new AppError(422, ERROR_CODES.SHIFT_TIME_INVALID, shiftsMessages.shiftTimeOrder, [{ field: 'endTime', message: shiftsMessages.shiftTimeOrder }]);
  const assignment = await db
    .selectFrom('staff_assignments')
    .innerJoin('users', 'users.id', 'staff_assignments.user_id')
    .select('staff_assignments.centre_id')
    .where('staff_assignments.user_id', '=', input.technicianId)
    .where('staff_assignments.ended_at', 'is', null)
    .where('users.role', '=', 'technician')
    .executeTakeFirst();
  if (!assignment) {
    throw new AppError(422, ERROR_CODES.TECHNICIAN_NOT_ASSIGNED, shiftsMessages.technicianNotAssigned, [{ field: 'technicianId', message: shiftsMessages.technicianNotAssigned }]);
  }
  assertInScope(scope, assignment.centre_id);
  const hours = await openingHours(db, assignment.centre_id);
  if (!insideHours(input.startTime, input.endTime, hours)) {
    const message = shiftsMessages.outsideHours(hours.openTime, hours.closeTime);
    throw new AppError(422, ERROR_CODES.SHIFT_OUTSIDE_HOURS, message, [{ field: 'startTime', message }]);
  }
  const row = await db
    .insertInto('technician_shifts')
    .values({
      technician_id: input.technicianId,
      centre_id: assignment.centre_id,
      work_date: input.workDate,
      start_time: input.startTime,
      end_time: input.endTime,
      created_by: scope.userId,
    })
    .onConflict((conflict) =>
      conflict.columns(['technician_id', 'work_date']).doUpdateSet({ centre_id: assignment.centre_id, start_time: input.startTime, end_time: input.endTime, created_by: scope.userId }),
    )
    .returning(shiftColumns)
    .executeTakeFirstOrThrow();
  return toShift(row);
}

/** DELETE /shifts/:id (another centre's shift answers 404, as an unknown one). */
export async function deleteShift(db: Kysely<Database>, scope: CentreScope, shiftId: number): Promise<Shift> {
  const row = await db.selectFrom('technician_shifts').select(shiftColumns).where('id', '=', shiftId).executeTakeFirst();
  if (!row) throw AppError.notFound(shiftsMessages.shiftNotFound);
  assertInScope(scope, row.centre_id);
  const deleted = await db.deleteFrom('technician_shifts').where('id', '=', shiftId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw AppError.notFound(shiftsMessages.shiftNotFound);
  return toShift(row);
}

/**
 * POST /shifts/copy-previous-week: last week's shifts of the centre's technicians (at this centre) copied 7 days
 * later. A day that already has a shift is kept (insert … on conflict do nothing: repeated or concurrent copies
 * never duplicate), and times outside today's opening hours are not copied. Answers how many were written.
 */
export async function copyPreviousWeek(db: Kysely<Database>, scope: CentreScope, centreId: number, weekStart: string): Promise<CopyPreviousWeekResult> {
  const week = parseWeekStart(weekStart);
  if (scope.centreId !== null && scope.centreId !== centreId) throw AppError.notFound(centreScopeMessages.notFound);
  const technicians = await centreTechnicians(db, centreId);
  if (technicians.length === 0) return { weekStart: week.weekStart, copied: 0, skipped: 0 };
  const previous = await db
    .selectFrom('technician_shifts')
    .select(shiftColumns)
    .where('centre_id', '=', centreId)
    .where('work_date', '>=', addCalendarDays(week.weekStart, -7))
    .where('work_date', '<=', addCalendarDays(week.weekStart, -1))
    .where('technician_id', 'in', technicians.map((technician) => technician.id))
    .orderBy('technician_id')
    .orderBy('work_date')
    .execute();
  const hours = await openingHours(db, centreId);
  const candidates = previous.filter((row) => insideHours(row.start_time, row.end_time, hours));
  if (candidates.length === 0) return { weekStart: week.weekStart, copied: 0, skipped: previous.length };
  const inserted = await db
    .insertInto('technician_shifts')
    .values(
      candidates.map((row) => ({
        technician_id: row.technician_id,
        centre_id: centreId,
        work_date: addCalendarDays(row.work_date, 7),
        start_time: row.start_time,
        end_time: row.end_time,
        created_by: scope.userId,
      })),
    )
    .onConflict((conflict) => conflict.columns(['technician_id', 'work_date']).doNothing())
    .returning('id')
    .execute();
  return { weekStart: week.weekStart, copied: inserted.length, skipped: previous.length - inserted.length };
}
