// Types only, as the app: test data shaped as shared-contracts/schemas/reports says.
import type { ReportCharts, ReportTable } from 'shared-contracts/schemas';

/** Text as the page shows it, spaces folded (Intl puts a non-breaking space before ₫). */
export const fold = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Three days of one centre: 18/11 quiet, 19/11 the busiest, 20/11 parts only. */
export function reportCharts(overrides: Partial<ReportCharts> = {}): ReportCharts {
  return {
    centreId: 1,
    from: '2026-11-18',
    to: '2026-11-20',
    revenueByDay: [
      { date: '2026-11-18', services: 0, parts: 0, aro: null },
      { date: '2026-11-19', services: 1_200_000, parts: 300_000, aro: 750_000 },
      { date: '2026-11-20', services: 0, parts: 250_000, aro: 250_000 },
    ],
    carCountByDay: [
      { date: '2026-11-18', count: 1 },
      { date: '2026-11-19', count: 3 },
      { date: '2026-11-20', count: 1 },
    ],
    appointmentsByStatus: [
      { status: 'CONFIRMED', label: 'Đã xác nhận', count: 2 },
      { status: 'COMPLETED', label: 'Hoàn thành', count: 6 },
      { status: 'CANCELLED', label: 'Đã hủy', count: 2 },
      { status: 'NO_SHOW', label: 'Không đến', count: 0 },
    ],
    topParts: [
      { productId: 11, name: 'Má phanh trước VF 8', quantity: 12, value: 4_800_000 },
      { productId: 12, name: 'Gạt mưa K', quantity: 5, value: 450_000 },
    ],
    technicians: [
      { technicianId: 5, fullName: 'Bình Kỹ thuật', utilisationPct: 82.5, efficiencyPct: 112.3 },
      { technicianId: 6, fullName: 'An Thợ', utilisationPct: null, efficiencyPct: 95 },
    ],
    bayHeatmap: [
      { weekday: 1, hour: 8, utilisationPct: 40 },
      { weekday: 1, hour: 9, utilisationPct: 85.5 },
      { weekday: 2, hour: 8, utilisationPct: null },
      { weekday: 2, hour: 9, utilisationPct: 10 },
    ],
    ...overrides,
  };
}

/** Nothing happened in the range. */
export const emptyCharts = (): ReportCharts =>
  reportCharts({
    revenueByDay: [{ date: '2026-11-18', services: 0, parts: 0, aro: null }],
    carCountByDay: [{ date: '2026-11-18', count: 0 }],
    appointmentsByStatus: [{ status: 'COMPLETED', label: 'Hoàn thành', count: 0 }],
    topParts: [],
    technicians: [],
    bayHeatmap: [{ weekday: 1, hour: 8, utilisationPct: null }],
  });

export function reportTable(overrides: Partial<ReportTable> = {}): ReportTable {
  return {
    name: 'invoices',
    title: 'Hóa đơn dịch vụ',
    centreId: 1,
    from: '2026-10-21',
    to: '2026-11-19',
    columns: [
      { key: 'code', label: 'Số hóa đơn', kind: 'text' },
      { key: 'issuedAt', label: 'Ngày lập', kind: 'datetime' },
      { key: 'total', label: 'Tổng tiền', kind: 'money' },
      { key: 'lines', label: 'Số dòng', kind: 'number' },
      { key: 'paidAt', label: 'Ngày thanh toán', kind: 'datetime' },
    ],
    rows: [
      { code: 'HD2611A1', issuedAt: '2026-11-18T17:30:00.000Z', total: 1_300_000, lines: 3, paidAt: null },
      { code: 'HD2611A2', issuedAt: '2026-11-19T02:05:00.000Z', total: 450_000, lines: 1, paidAt: '2026-11-19T03:00:00.000Z' },
    ],
    totalRows: 2,
    ...overrides,
  };
}
