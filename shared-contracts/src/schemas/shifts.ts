import { z } from 'zod';
import { TIME_ENTRY_REASON_MAX, TIME_ENTRY_REASON_MIN } from '../backoffice/shiftRules';
import { isoInstantSchema } from './catalogue';
import { idInput, textInput } from './primitives';

/**
 * Technicians' shifts and the correction of time entries (spec back-office.md §1 technician_shifts and
 * work_time_entries, §3 'Shifts' and 'Edit someone's time entry', §7 M3 and M4; work package 3).
 * A shift is one local day (Asia/Ho_Chi_Minh, 'YYYY-MM-DD') with local 'HH:MM' times inside the centre's opening
 * hours. A week starts on Monday: `weekStart` is taken as text and checked by the server (422 WEEK_START_INVALID),
 * as are the ranges of time entries (422 DATE_RANGE_INVALID). Instants are ISO 8601 UTC.
 */

export { TIME_ENTRY_REASON_MAX, TIME_ENTRY_REASON_MIN };
export const TIME_ENTRIES_LIMIT = 1000;

const idSchema = idInput('Mã không hợp lệ.');
const positiveId = z.number().int().positive();
const weekText = z.string({ error: 'Vui lòng chọn tuần (ngày thứ Hai, dạng YYYY-MM-DD).' }).max(40, 'Ngày phải có dạng YYYY-MM-DD.');
const rangeText = z.string({ error: 'Vui lòng chọn ngày.' }).max(40, 'Ngày phải có dạng YYYY-MM-DD.');
const localDate = z.string({ error: 'Vui lòng chọn ngày làm việc.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Ngày làm việc phải có dạng YYYY-MM-DD.');
const clockTime = (label: string) =>
  z.string({ error: `Vui lòng nhập giờ ${label}.` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Giờ ${label} phải có dạng HH:MM (00:00–23:59).`);
/** An instant the client sends: ISO 8601 with Z or an offset ('2026-11-19T08:00:00+07:00'). */
const instantInput = (label: string) =>
  z.iso.datetime({ offset: true, error: `Thời điểm ${label} phải có dạng ISO 8601 (ví dụ 2026-11-19T08:00:00+07:00).` });

export const shiftSchema = z.object({
  id: positiveId,
  technicianId: positiveId,
  centreId: positiveId,
  workDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export type Shift = z.infer<typeof shiftSchema>;

/** GET /api/shifts?centreId=&weekStart= (centreId: admin only; others get their own centre). */
export const shiftWeekQuerySchema = z.object({ centreId: idSchema.optional(), weekStart: weekText });
export type ShiftWeekQuery = z.input<typeof shiftWeekQuerySchema>;

/** The week grid: one row per technician of the centre, `shifts[i]` is the shift of `days[i]` or null. */
export const shiftWeekSchema = z.object({
  centreId: positiveId,
  centreName: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
  weekStart: z.string(),
  /** The 7 local dates, Monday to Sunday. */
  days: z.array(z.string()),
  technicians: z.array(
    z.object({
      technicianId: positiveId,
      fullName: z.string(),
      shifts: z.array(shiftSchema.nullable()),
      /** Total planned minutes of the week. */
      plannedMinutes: z.number().int(),
    }),
  ),
});
export type ShiftWeek = z.infer<typeof shiftWeekSchema>;

/** PUT /api/shifts: sets (creates or replaces) one technician's shift of one day, at the centre they work at. */
export const upsertShiftInputSchema = z.object({
  technicianId: idSchema,
  workDate: localDate,
  startTime: clockTime('bắt đầu'),
  endTime: clockTime('kết thúc'),
});
export type UpsertShiftInput = z.input<typeof upsertShiftInputSchema>;

export const shiftIdParamsSchema = z.object({ id: idSchema });

/** POST /api/shifts/copy-previous-week */
export const copyPreviousWeekInputSchema = z.object({ centreId: idSchema.optional(), weekStart: weekText });
export type CopyPreviousWeekInput = z.input<typeof copyPreviousWeekInputSchema>;
export const copyPreviousWeekResultSchema = z.object({
  weekStart: z.string(),
  /** Shifts written into the week. */
  copied: z.number().int(),
  /** Days skipped: the technician already had a shift that day, or last week's times fall outside today's opening hours. */
  skipped: z.number().int(),
});
export type CopyPreviousWeekResult = z.infer<typeof copyPreviousWeekResultSchema>;

/** GET /api/time-entries?centreId=&technicianId=&from=&to= (local dates, both inclusive; default the last 7 days). */
export const timeEntriesQuerySchema = z.object({
  centreId: idSchema.optional(),
  technicianId: idSchema.optional(),
  from: rangeText.optional(),
  to: rangeText.optional(),
});
export type TimeEntriesQuery = z.input<typeof timeEntriesQuerySchema>;

export const timeEntrySchema = z.object({
  id: positiveId,
  serviceOrderId: positiveId,
  serviceOrderCode: z.string(),
  licensePlate: z.string(),
  technicianId: positiveId,
  technicianName: z.string(),
  startedAt: isoInstantSchema,
  /** null while the clock runs. */
  endedAt: isoInstantSchema.nullable(),
  /** null while the clock runs. */
  durationMinutes: z.number().int().nullable(),
  /** 'clock' (the technician's clock) or 'manual'. A correction keeps it. */
  source: z.string(),
  editedBy: z.object({ id: positiveId, fullName: z.string() }).nullable(),
  editReason: z.string().nullable(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const timeEntryListSchema = z.object({
  centreId: positiveId,
  from: z.string(),
  to: z.string(),
  entries: z.array(timeEntrySchema),
  /** Sum of the finished entries' minutes. */
  totalMinutes: z.number().int(),
  /** More than TIME_ENTRIES_LIMIT entries matched: narrow the range. */
  truncated: z.boolean(),
});
export type TimeEntryList = z.infer<typeof timeEntryListSchema>;

export const timeEntryParamsSchema = z.object({ id: idSchema });

/** PATCH /api/time-entries/:id: corrects a finished entry, with a reason (logged). */
export const correctTimeEntryInputSchema = z.object({
  startedAt: instantInput('bắt đầu'),
  endedAt: instantInput('kết thúc'),
  reason: textInput({ trim: true, error: 'Vui lòng nhập lý do chỉnh sửa.' })
    .min(TIME_ENTRY_REASON_MIN, `Lý do chỉnh sửa cần ít nhất ${TIME_ENTRY_REASON_MIN} ký tự.`)
    .max(TIME_ENTRY_REASON_MAX, `Lý do chỉnh sửa tối đa ${TIME_ENTRY_REASON_MAX} ký tự.`),
});
export type CorrectTimeEntryInput = z.input<typeof correctTimeEntryInputSchema>;
