import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { CentreKpis } from 'shared-contracts/schemas';
import { kpiApi } from '../../src/kpis/kpiApi';
import { AdminDashboardPage } from '../../src/pages/admin/AdminDashboardPage';
import { providerStatusApi } from '../../src/providerStatus/providerStatusApi';
import { reportsApi } from '../../src/reports/reportsApi';
import { CENTRES } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';
import { fold, reportCharts } from '../reportsFixtures';
import { renderAt } from '../staffFixtures';

jest.mock('../../src/kpis/kpiApi', () => ({ kpiApi: { centre: jest.fn(), mine: jest.fn() } }));
jest.mock('../../src/reports/reportsApi', () => ({ reportsApi: { charts: jest.fn(), table: jest.fn(), centres: jest.fn() } }));
jest.mock('../../src/providerStatus/providerStatusApi', () => ({ providerStatusApi: { read: jest.fn() } }));

const kpis = jest.mocked(kpiApi);
const reports = jest.mocked(reportsApi);
const providers = jest.mocked(providerStatusApi);
/** Thursday 19/11/2026 08:00 in Vietnam. */
const NOW = Date.parse('2026-11-19T01:00:00.000Z');
const LAST_30 = { from: '2026-10-21', to: '2026-11-19' };

/** The KPI answer of one centre (or all, centreId null), with the figures the comparison shows. */
function centreKpis(centreId: number | null, figures: { vehiclesIn: number; carCount: number; revenue: number; aro: number | null; efficiencyPct: number | null; cancellationRatePct: number | null }): CentreKpis {
  return {
    centreId,
    from: LAST_30.from,
    to: LAST_30.to,
    days: 30,
    generatedAt: '2026-11-19T01:00:00.000Z',
    vehiclesIn: figures.vehiclesIn,
    carCount: figures.carCount,
    revenue: { total: figures.revenue, services: figures.revenue, parts: 0, packageDiscount: 0, paidInvoices: figures.carCount },
    shopRevenue: { total: 12_500_000, orders: 7 },
    aro: figures.aro,
    hoursPerRo: null,
    efficiencyPct: figures.efficiencyPct,
    utilisationPct: null,
    utilisationNote: null,
    technicians: [],
    bayUtilisationPct: 20,
    bookingOccupancyPct: null,
    cancellationRatePct: figures.cancellationRatePct,
    noShowRatePct: null,
    appointments: { completed: 0, cancelled: 0, noShow: 0 },
    extraWork: { approvedCount: 0, declinedCount: 0, closeRatioCountPct: null, approvedValue: 0, declinedValue: 0, closeRatioValuePct: null, withdrawnCount: 0, expiredCount: 0 },
    turnaround: { orders: 0, medianMinutes: null, medianWaitingMinutes: null },
    partsUsage: { items: [], totalValue: 0 },
    lowStockCount: 0,
    inventoryValue: 0,
    pendingApprovals: { count: 0, items: [] },
    clockedIn: [],
  };
}

const HA_NOI = centreKpis(1, { vehiclesIn: 40, carCount: 30, revenue: 45_000_000, aro: 1_500_000, efficiencyPct: 104.2, cancellationRatePct: 12.5 });
const DA_NANG = centreKpis(2, { vehiclesIn: 0, carCount: 0, revenue: 0, aro: null, efficiencyPct: null, cancellationRatePct: null });
const ALL = centreKpis(null, { vehiclesIn: 40, carCount: 30, revenue: 45_000_000, aro: 1_500_000, efficiencyPct: 104.2, cancellationRatePct: 12.5 });

const renderAdmin = () =>
  renderAt(
    <Routes>
      <Route path="/admin" element={<AdminDashboardPage />} />
    </Routes>,
    '/admin',
  );

beforeEach(() => {
  jest.resetAllMocks();
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  signIn('admin');
  kpis.centre.mockImplementation(async (_range, centreId) => (centreId === 1 ? HA_NOI : centreId === 2 ? DA_NANG : ALL));
  reports.centres.mockResolvedValue(CENTRES);
  reports.charts.mockResolvedValue(reportCharts({ centreId: null }));
  providers.read.mockReturnValue(new Promise(() => undefined));
});
afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('/admin (spec §7 A1)', () => {
  it('compares the centres over the last 30 days, one row each and the total of all, "—" where a ratio has nothing to divide by', async () => {
    renderAdmin();
    const table = await screen.findByRole('table', { name: 'Chỉ số từng trung tâm từ 21/10/2026 đến 19/11/2026' });
    expect(kpis.centre).toHaveBeenCalledWith(LAST_30, 1, expect.anything());
    expect(kpis.centre).toHaveBeenCalledWith(LAST_30, 2, expect.anything());
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => fold(cell.textContent)));
    expect(rows).toEqual([
      ['Trung tâm', 'Xe tiếp nhận', 'Xe hoàn tất', 'Doanh thu dịch vụ', 'Giá trị TB/phiếu', 'Hiệu suất KTV (%)', 'Công suất khoang (%)', 'Tỷ lệ hủy lịch (%)', 'Tỷ lệ không đến (%)'],
      ['EV Service Hà Nội', '40', '30', '45.000.000 ₫', '1.500.000 ₫', '104,2', '20,0', '12,5', '—'],
      ['EV Service Đà Nẵng', '0', '0', '0 ₫', '—', '—', '20,0', '—', '—'],
      ['Tất cả trung tâm', '40', '30', '45.000.000 ₫', '1.500.000 ₫', '104,2', '20,0', '12,5', '—'],
    ]);
  });

  it('shows the web shop’s revenue, which belongs to no centre', async () => {
    renderAdmin();
    const comparison = await screen.findByRole('region', { name: 'So sánh các trung tâm (30 ngày)' });
    expect(fold((await within(comparison).findByText(/Doanh thu web/)).textContent)).toBe(
      'Doanh thu web (toàn hệ thống, không thuộc trung tâm nào): 12.500.000 ₫ – 7 đơn hoàn tất.',
    );
  });

  it('shows the KPI tiles of all centres and the charts of all centres', async () => {
    renderAdmin();
    expect(await screen.findByRole('region', { name: 'Chỉ số kinh doanh' })).toBeInTheDocument();
    expect(kpis.centre).toHaveBeenCalledWith({ from: '2026-11-19', to: '2026-11-19' }, undefined, expect.anything());
    expect(await screen.findAllByRole('img')).toHaveLength(6);
    expect(reports.charts).toHaveBeenCalledWith(LAST_30, undefined, expect.anything());
    expect(screen.getByText('Từ 21/10/2026 đến 19/11/2026 · Tất cả trung tâm')).toBeInTheDocument();
  });

  it('shows the all-centres KPI frame, with the web shop’s tile, before the figures come', () => {
    kpis.centre.mockReturnValue(new Promise(() => undefined));
    reports.centres.mockReturnValue(new Promise(() => undefined));
    reports.charts.mockReturnValue(new Promise(() => undefined));
    renderAdmin();
    const section = screen.getByRole('region', { name: 'Chỉ số kinh doanh' });
    expect(section).toHaveTextContent('Tất cả trung tâm');
    const today = within(section).getAllByTestId('kpi-period-placeholder')[0]!;
    const labels = Array.from(today.querySelectorAll('.tile .label'), (label) => label.textContent);
    expect(labels).toHaveLength(17);
    expect(labels.at(-1)).toBe('Doanh thu web (toàn hệ thống)');
  });

  it('says which outside provider is down (its own tests: test/providerStatus)', async () => {
    providers.read.mockResolvedValue({
      providers: [
        { provider: 'zalo', name: 'Zalo', setup: 'live', condition: 'down', since: '2026-11-19T00:50:00.000Z', openUntil: '2026-11-19T01:05:00.000Z', lastError: 'timeout', waiting: 4, oldestWaitingSince: '2026-11-19T00:45:00.000Z' },
        { provider: 'payos', name: 'payOS', setup: 'live', condition: 'ok', since: null, openUntil: null, lastError: null, waiting: null, oldestWaitingSince: null },
      ],
      checkedAt: '2026-11-19T01:00:00.000Z',
    });
    renderAdmin();
    const panel = await screen.findByRole('region', { name: 'Nhà cung cấp bên ngoài' });
    expect(await within(panel).findByText('Zalo đang lỗi — tạm ngừng gọi đến 08:05')).toBeInTheDocument();
    expect(within(panel).getByText('4 tin đang chờ gửi (cũ nhất từ 07:45 19/11/2026)')).toBeInTheDocument();
    expect(within(panel).getByText('Hoạt động bình thường')).toBeInTheDocument();
  });

  it('says so when the comparison cannot load, and loads it again on request', async () => {
    reports.centres.mockRejectedValueOnce(new ApiError('Lỗi máy chủ.', 500, 'HTTP_500'));
    renderAdmin();
    const comparison = await screen.findByRole('region', { name: 'So sánh các trung tâm (30 ngày)' });
    expect(await within(comparison).findByText('Lỗi máy chủ.')).toBeInTheDocument();
    await userEvent.click(within(comparison).getByRole('button', { name: 'Tải lại so sánh' }));
    expect(await within(comparison).findByRole('table')).toBeInTheDocument();
  });
});
