import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { CopyPreviousWeekResult, CorrectTimeEntryInput, Shift, ShiftWeek, TimeEntry, TimeEntryList, UpsertShiftInput } from 'shared-contracts/schemas';

/** The filter of the time entries list: local dates (YYYY-MM-DD, both inclusive) and optionally one technician. */
export interface TimeEntryFilter {
  from: string;
  to: string;
  technicianId?: number;
}

/** Shifts and time entry calls (spec back-office §7 M3, M4). A manager's centre is their own: no centreId is sent. */
export const shiftsApi = {
  /** GET /shifts?weekStart=: the centre's technicians × the 7 days of the week (Monday first). */
  week: (weekStart: string, signal?: AbortSignal) => readData<ShiftWeek>(apiClient.get('/shifts', { query: { weekStart }, signal })),
  /** PUT /shifts: sets one technician's shift of one day; 422 SHIFT_OUTSIDE_HOURS, SHIFT_TIME_INVALID, TECHNICIAN_NOT_ASSIGNED. */
  save: (input: UpsertShiftInput): Promise<Outcome<Shift>> => readOutcome(apiClient.put('/shifts', input)),
  /** DELETE /shifts/:id */
  remove: (shiftId: number): Promise<Outcome<Shift>> => readOutcome(apiClient.delete(`/shifts/${shiftId}`)),
  /** POST /shifts/copy-previous-week {weekStart}: how many shifts were copied and how many days skipped. */
  copyPreviousWeek: (weekStart: string): Promise<Outcome<CopyPreviousWeekResult>> => readOutcome(apiClient.post('/shifts/copy-previous-week', { weekStart })),
  /** GET /time-entries?from=&to=&technicianId= */
  timeEntries: (filter: TimeEntryFilter, signal?: AbortSignal) =>
    readData<TimeEntryList>(apiClient.get('/time-entries', { query: { from: filter.from, to: filter.to, technicianId: filter.technicianId }, signal })),
  /** PATCH /time-entries/:id {startedAt, endedAt, reason}: 422 in the future / out of order, 409 TIME_ENTRY_OVERLAP, TIME_ENTRY_RUNNING. */
  correct: (entryId: number, input: CorrectTimeEntryInput): Promise<Outcome<TimeEntry>> => readOutcome(apiClient.patch(`/time-entries/${entryId}`, input)),
};
