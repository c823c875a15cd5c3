import type { Generated, Selectable } from 'kysely';
import type { Instant, InstantDefaultNow } from './instants';

/** A UTC instant (timestamptz on PostgreSQL → Date; ISO text on SQLite → string). See schema.ts Timestamp. */

/** One technician's shift on one local day (Asia/Ho_Chi_Minh) at one centre. UNIQUE (technician_id, work_date). */
export interface TechnicianShiftsTable {
  id: Generated<number>;
  technician_id: number;
  centre_id: number;
  /** 'YYYY-MM-DD', local date. */
  work_date: string;
  /** 'HH:MM' local time, before end_time (CHECK). */
  start_time: string;
  end_time: string;
  created_by: number | null;
  created_at: InstantDefaultNow;
}

/** A correction of a time entry by a manager or admin: who, why, and the times before and after. */
export interface WorkTimeEntryEditsTable {
  id: Generated<number>;
  entry_id: number;
  edited_by: number | null;
  reason: string;
  old_started_at: Instant;
  old_ended_at: Instant;
  new_started_at: Instant;
  new_ended_at: Instant;
  created_at: InstantDefaultNow;
}

export interface ShiftTables {
  technician_shifts: TechnicianShiftsTable;
  work_time_entry_edits: WorkTimeEntryEditsTable;
}

export type TechnicianShiftRow = Selectable<TechnicianShiftsTable>;
