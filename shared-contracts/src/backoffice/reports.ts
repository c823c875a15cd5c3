/**
 * The reports of spec back-office §9, zod-free for the back office's chunks: their names (the URL's
 * /api/reports/{name} and /api/reports/{name}.csv) and the Vietnamese titles shown on screen and in the file name.
 */
export const REPORT_NAMES = ['service-orders', 'invoices', 'parts-usage', 'stock-movements', 'technicians', 'appointments'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const reportTitles: Record<ReportName, string> = {
  'service-orders': 'Phiếu dịch vụ',
  invoices: 'Hóa đơn dịch vụ',
  'parts-usage': 'Phụ tùng đã dùng',
  'stock-movements': 'Nhập – xuất kho',
  technicians: 'Kỹ thuật viên',
  appointments: 'Lịch hẹn',
};

/** A CSV holds at most this many rows; a larger range answers 422 'Khoảng thời gian quá lớn, vui lòng thu hẹp.'. */
export const REPORT_CSV_MAX_ROWS = 100_000;
/** The JSON report shows at most this many rows on screen; the CSV has them all. */
export const REPORT_SCREEN_ROWS = 200;

/** The CSV's address for a report, a centre (omitted = the manager's own, or all for an admin) and a range. */
export function reportCsvPath(name: ReportName, range: { from: string; to: string }, centreId?: number): string {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  if (centreId !== undefined) query.set('centreId', String(centreId));
  return `/api/reports/${name}.csv?${query.toString()}`;
}
