import { z } from 'zod';
import { REPORT_NAMES } from '../backoffice/reports';
import { centreKpiQuerySchema } from './kpis';

/**
 * Reports (spec back-office §9; §7 M5, A4). The range is two local dates, both inclusive, checked by the server
 * as the KPIs' are (422 DATE_RANGE_INVALID). centreId omitted = the manager's own centre, or every centre for an
 * admin; another centre answers 404 to a manager.
 */
export const reportQuerySchema = centreKpiQuerySchema;
export type ReportQuery = z.input<typeof reportQuerySchema>;

export const reportNameSchema = z.enum(REPORT_NAMES, { error: 'Báo cáo không tồn tại.' });

const pct = z.number().nullable();
const money = z.number().int();
const count = z.number().int().nonnegative();
const day = z.string(); // YYYY-MM-DD, a local date

/** GET /api/reports/charts: the six charts of §9 over the range. */
export const reportChartsSchema = z.object({
  centreId: z.number().int().positive().nullable(),
  from: z.string(),
  to: z.string(),
  /** Every day of the range, in order (zeros where nothing happened): PAID invoices by paid_at. */
  revenueByDay: z.array(z.object({ date: day, services: money, parts: money, aro: money.nullable() })),
  /** Every day of the range: invoices issued (car count, §8). */
  carCountByDay: z.array(z.object({ date: day, count })),
  /** Appointments starting in the range, by status (every status, zeros included). */
  appointmentsByStatus: z.array(z.object({ status: z.string(), label: z.string(), count })),
  /** At most 10 parts, by quantity issued − returned, descending. */
  topParts: z.array(z.object({ productId: z.number().int().positive(), name: z.string(), quantity: z.number().int(), value: money })),
  /** Each technician of the scope: utilisation and efficiency (§8), null where the denominator is zero. */
  technicians: z.array(z.object({ technicianId: z.number().int().positive(), fullName: z.string(), utilisationPct: pct, efficiencyPct: pct })),
  /** Bay utilisation by weekday (1 = Thứ 2 … 7 = Chủ nhật) and hour, inside opening hours only. */
  bayHeatmap: z.array(z.object({ weekday: z.number().int().min(1).max(7), hour: z.number().int().min(0).max(23), utilisationPct: pct })),
});
export type ReportCharts = z.infer<typeof reportChartsSchema>;

/** GET /api/reports/{name}: the report's columns and its first REPORT_SCREEN_ROWS rows, as the CSV would show them. */
export const reportTableSchema = z.object({
  name: reportNameSchema,
  title: z.string(),
  centreId: z.number().int().positive().nullable(),
  from: z.string(),
  to: z.string(),
  /** In the CSV's order; `label` is the CSV's Vietnamese header. */
  columns: z.array(z.object({ key: z.string(), label: z.string(), kind: z.enum(['text', 'money', 'number', 'datetime']) })),
  /** Cells by column key: money and numbers as numbers, date-times as ISO instants, null where empty. */
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** All rows of the range (the CSV's size); more than rows.length means the screen shows the first ones only. */
  totalRows: count,
});
export type ReportTable = z.infer<typeof reportTableSchema>;

export * from '../backoffice/reports';
