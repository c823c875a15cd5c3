import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { CentreKpis, MyKpis as MyKpisAnswer } from 'shared-contracts/schemas';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { kpiApi } from '../../src/kpis/kpiApi';
import { ManagerKpis } from '../../src/kpis/ManagerKpis';
import { MyKpis } from '../../src/kpis/MyKpis';
import { inventoryApi } from '../../src/inventory/inventoryApi';
import { ManagerDashboardPage } from '../../src/pages/manager/ManagerDashboardPage';
import { CENTRES, inventoryPage, inventorySummary } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';
import { renderAt } from '../staffFixtures';

jest.mock('../../src/kpis/kpiApi', () => ({ kpiApi: { centre: jest.fn(), mine: jest.fn() } }));
jest.mock('../../src/inventory/inventoryApi', () => ({
  inventoryApi: { centres: jest.fn(), page: jest.fn(), summary: jest.fn(), lowStock: jest.fn(), movements: jest.fn(), productOptions: jest.fn() },
}));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const api = jest.mocked(kpiApi);
/** Thursday 19/11/2026 08:00 in Vietnam. */
const NOW = Date.parse('2026-11-19T01:00:00.000Z');
/** Text as the page shows it, spaces folded (Intl puts a non-breaking space before ₫). */
const fold = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

function centreKpis(overrides: Partial<CentreKpis> = {}): CentreKpis {
  return {
    centreId: 1,
    from: '2026-11-19',
    to: '2026-11-19',
    days: 1,
    generatedAt: '2026-11-19T01:00:00.000Z',
    vehiclesIn: 4,
    carCount: 3,
    revenue: { total: 1_300_000, services: 1_200_000, parts: 200_000, packageDiscount: 100_000, paidInvoices: 2 },
    shopRevenue: { total: 700_000, orders: 2 },
    aro: 650_000,
    hoursPerRo: 1.3,
    efficiencyPct: 97.8,
    utilisationPct: null,
    utilisationNote: 'Chưa có ca làm việc (lịch ca chưa được xây dựng) nên chưa tính được tỷ lệ sử dụng thời gian.',
    technicians: [],
    bayUtilisationPct: 8.3,
    bookingOccupancyPct: 3.7,
    cancellationRatePct: 25,
    noShowRatePct: null,
    appointments: { completed: 3, cancelled: 1, noShow: 0 },
    extraWork: { approvedCount: 2, declinedCount: 1, closeRatioCountPct: 66.7, approvedValue: 380_000, declinedValue: 360_000, closeRatioValuePct: 51.4, withdrawnCount: 1, expiredCount: 1 },
    turnaround: { orders: 3, medianMinutes: 540, medianWaitingMinutes: 50 },
    partsUsage: { items: [], totalValue: 290_000 },
    lowStockCount: 2,
    inventoryValue: 2_450_000,
    pendingApprovals: {
      count: 1,
      items: [{ id: 7, serviceOrderCode: 'PDV261118ABCD', licensePlate: '30K-123.45', productName: 'Gạt mưa K', sentAt: '2026-11-18T20:00:00.000Z' }],
    },
    clockedIn: [{ technicianId: 5, fullName: 'Bình Kỹ thuật', serviceOrderCode: 'PDV261119WXYZ', licensePlate: '29A-222.22', since: '2026-11-19T00:30:00.000Z' }],
    ...overrides,
  };
}

const mine = (overrides: Partial<MyKpisAnswer> = {}): MyKpisAnswer => ({
  from: '2026-11-19',
  to: '2026-11-19',
  days: 1,
  clockedMinutes: 160,
  ordersDone: 2,
  standardMinutes: 150,
  clockedMinutesOnDone: 170,
  efficiencyPct: 88.2,
  utilisationPct: null,
  utilisationNote: 'Chưa có ca làm việc.',
  ...overrides,
});

const tileOf = (region: HTMLElement, label: string) => within(region).getByRole('group', { name: label });

beforeEach(() => {
  jest.resetAllMocks();
  (jest.mocked(subscribeFloorEvents) as unknown as jest.Mock).mockImplementation(() => () => undefined);
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});
afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('manager KPI tiles', () => {
  it('asks for today, 7 and 30 local days and shows each figure with its unit and definition', async () => {
    api.centre.mockImplementation(async (range) => centreKpis({ from: range.from, to: range.to, vehiclesIn: range.from === '2026-11-19' ? 4 : range.from === '2026-11-13' ? 17 : 60 }));
    renderAt(<ManagerKpis />);
    const today = await screen.findByRole('region', { name: 'Hôm nay' });
    expect(api.centre.mock.calls.map(([range, centreId]) => [range, centreId])).toEqual([
      [{ from: '2026-11-19', to: '2026-11-19' }, undefined],
      [{ from: '2026-11-13', to: '2026-11-19' }, undefined],
      [{ from: '2026-10-21', to: '2026-11-19' }, undefined],
    ]);
    expect(today).toHaveTextContent('Ngày 19/11/2026');
    expect(fold(tileOf(today, 'Xe tiếp nhận').textContent)).toBe('Xe tiếp nhận4xe');
    expect(fold(tileOf(today, 'Doanh thu dịch vụ').textContent)).toBe('Doanh thu dịch vụ1.300.000 ₫');
    expect(fold(tileOf(today, 'Doanh thu dịch vụ').getAttribute('title'))).toBe(
      'Σ hoá đơn đã thanh toán trong khoảng. Dịch vụ 1.200.000 ₫, phụ tùng 200.000 ₫, giảm giá gói 100.000 ₫.',
    );
    expect(fold(tileOf(today, 'Giá trị TB/phiếu').textContent)).toBe('Giá trị TB/phiếu650.000 ₫');
    expect(fold(tileOf(today, 'Hiệu suất kỹ thuật viên').textContent)).toBe('Hiệu suất kỹ thuật viên97,8%');
    expect(fold(tileOf(today, 'Giờ công chuẩn/phiếu').textContent)).toBe('Giờ công chuẩn/phiếu1,3giờ');
    expect(fold(tileOf(today, 'Tỷ lệ chốt phát sinh').getAttribute('title'))).toMatch(/Đã rút lại 1, hết hạn 1/);

    const week = screen.getByRole('region', { name: '7 ngày' });
    expect(week).toHaveTextContent('Từ 13/11/2026 đến 19/11/2026');
    expect(fold(tileOf(week, 'Xe tiếp nhận').textContent)).toBe('Xe tiếp nhận17xe');
    const month = screen.getByRole('region', { name: '30 ngày' });
    expect(fold(tileOf(month, 'Xe tiếp nhận').textContent)).toBe('Xe tiếp nhận60xe');
  });

  it('shows the web shop revenue, site-wide, in the all-centres view only', async () => {
    api.centre.mockResolvedValue(centreKpis({ centreId: null, shopRevenue: { total: 1_250_000, orders: 3 } }));
    const { unmount } = renderAt(<ManagerKpis />);
    const today = await screen.findByRole('region', { name: 'Hôm nay' });
    const shop = tileOf(today, 'Doanh thu web (toàn hệ thống)');
    expect(fold(shop.textContent)).toBe('Doanh thu web (toàn hệ thống)1.250.000 ₫');
    expect(shop.getAttribute('title')).toMatch(/không thuộc trung tâm nào\)\. 3 đơn hoàn tất\./);
    unmount();

    api.centre.mockResolvedValue(centreKpis({ centreId: 1 }));
    renderAt(<ManagerKpis />);
    const centreToday = await screen.findByRole('region', { name: 'Hôm nay' });
    expect(within(centreToday).queryByRole('group', { name: 'Doanh thu web (toàn hệ thống)' })).toBeNull();
  });

  it('shows "—" without a unit for a ratio with nothing to divide by, and says why utilisation is missing', async () => {
    api.centre.mockResolvedValue(centreKpis({ aro: null, cancellationRatePct: null }));
    renderAt(<ManagerKpis />);
    const today = await screen.findByRole('region', { name: 'Hôm nay' });
    expect(fold(tileOf(today, 'Giá trị TB/phiếu').textContent)).toBe('Giá trị TB/phiếu—');
    expect(fold(tileOf(today, 'Tỷ lệ không đến').textContent)).toBe('Tỷ lệ không đến—');
    const utilisation = tileOf(today, 'Tỷ lệ sử dụng thời gian KTV');
    expect(fold(utilisation.textContent)).toBe('Tỷ lệ sử dụng thời gian KTV—');
    expect(utilisation.getAttribute('title')).toMatch(/Chưa có ca làm việc/);
  });

  it('lists approvals waiting more than 4 hours and technicians clocked in now', async () => {
    api.centre.mockResolvedValue(centreKpis());
    renderAt(<ManagerKpis />);
    const now = await screen.findByRole('region', { name: 'Hiện tại' });
    expect(fold(tileOf(now, 'Phê duyệt chờ > 4 giờ').textContent)).toBe('Phê duyệt chờ > 4 giờ1yêu cầu');
    expect(fold(tileOf(now, 'Sản phẩm sắp hết').textContent)).toBe('Sản phẩm sắp hết2sản phẩm');
    expect(fold(tileOf(now, 'Giá trị tồn kho').textContent)).toBe('Giá trị tồn kho2.450.000 ₫');
    const pending = within(now).getByRole('region', { name: 'Phê duyệt chờ > 4 giờ' });
    expect(fold(pending.textContent)).toContain('PDV261118ABCD · 30K-123.45 · Gạt mưa K – từ 03:00 19/11/2026');
    const clocked = within(now).getByRole('region', { name: 'Kỹ thuật viên đang chấm công' });
    expect(fold(clocked.textContent)).toContain('Bình Kỹ thuật – phiếu PDV261119WXYZ · 29A-222.22 – từ 07:30 19/11/2026');
  });

  it('tabulates technicians and parts used over 30 days', async () => {
    api.centre.mockImplementation(async (range) =>
      range.from === '2026-10-21'
        ? centreKpis({
            technicians: [
              { technicianId: 4, fullName: 'An Kỹ thuật', clockedMinutes: 160, ordersDone: 2, standardMinutes: 150, clockedMinutesOnDone: 170, efficiencyPct: 88.2, utilisationPct: null },
            ],
            partsUsage: { items: [{ productId: 9, name: 'Lọc gió K', quantity: 2, value: 90_000 }], totalValue: 90_000 },
          })
        : centreKpis(),
    );
    renderAt(<ManagerKpis />);
    const technicians = await screen.findByRole('region', { name: 'Kỹ thuật viên (30 ngày)' });
    const row = within(technicians).getByRole('row', { name: /An Kỹ thuật/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2,7', '2', '2,5', '88,2', '—']);
    const parts = screen.getByRole('region', { name: 'Phụ tùng đã dùng (30 ngày)' });
    const part = within(parts).getByRole('row', { name: /Lọc gió K/ });
    expect(within(part).getAllByRole('cell').map((cell) => fold(cell.textContent))).toEqual(['2', '90.000 ₫']);
  });

  it('says so when nothing waits and nobody is on the clock', async () => {
    api.centre.mockResolvedValue(centreKpis({ pendingApprovals: { count: 0, items: [] }, clockedIn: [] }));
    renderAt(<ManagerKpis />);
    expect(await screen.findByText('Không có yêu cầu nào chờ khách quá 4 giờ.')).toBeInTheDocument();
    expect(screen.getByText('Không có kỹ thuật viên nào đang chấm công.')).toBeInTheDocument();
    expect(screen.getByText('Chưa có giờ chấm công hay phiếu hoàn thành trong khoảng này.')).toBeInTheDocument();
    expect(screen.getByText('Chưa dùng phụ tùng nào trong khoảng này.')).toBeInTheDocument();
  });

  it('shows the server’s message when loading fails, and loads again on request', async () => {
    api.centre.mockRejectedValueOnce(new ApiError('Khoảng ngày không hợp lệ.', 422, 'DATE_RANGE_INVALID')).mockResolvedValue(centreKpis());
    renderAt(<ManagerKpis />);
    expect(await screen.findByText('Khoảng ngày không hợp lệ.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tải lại chỉ số' }));
    expect(await screen.findByRole('region', { name: 'Hôm nay' })).toBeInTheDocument();
  });

  it('sits on /manager above the inventory, which stays', async () => {
    signIn('manager');
    api.centre.mockResolvedValue(centreKpis());
    const inventory = jest.mocked(inventoryApi);
    inventory.centres.mockResolvedValue(CENTRES);
    inventory.page.mockResolvedValue(inventoryPage([]));
    inventory.summary.mockResolvedValue(inventorySummary());
    inventory.lowStock.mockResolvedValue({ centreId: 1, items: [] });
    inventory.movements.mockResolvedValue({ centreId: 1, items: [], total: 0, page: 1, pageSize: 50, totalPages: 1 });
    renderAt(
      <Routes>
        <Route path="/manager" element={<ManagerDashboardPage />} />
      </Routes>,
      '/manager',
    );
    expect(await screen.findByRole('region', { name: 'Chỉ số kinh doanh' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Tồn kho trung tâm' })).toBeInTheDocument());
  });
});

describe('the KPI tiles while they load', () => {
  it('stand in place from the start: each period’s heading, dates and labelled tiles, the same tiles the answer fills', async () => {
    const answers: Array<() => void> = [];
    api.centre.mockImplementation((range) => new Promise((resolve) => answers.push(() => resolve(centreKpis({ from: range.from, to: range.to })))));
    renderAt(<ManagerKpis />);
    const section = screen.getByRole('region', { name: 'Chỉ số kinh doanh' });
    expect(section).toHaveTextContent('Đang tải chỉ số…');
    const placeholders = within(section).getAllByTestId('kpi-period-placeholder');
    expect(placeholders.map((placeholder) => placeholder.querySelector('h3')?.textContent)).toEqual(['Hôm nay', '7 ngày', '30 ngày']);
    expect(placeholders.map((placeholder) => placeholder.querySelector('.muted')?.textContent)).toEqual([
      'Ngày 19/11/2026',
      'Từ 13/11/2026 đến 19/11/2026',
      'Từ 21/10/2026 đến 19/11/2026',
    ]);
    const placeholderLabels = placeholders.map((placeholder) => Array.from(placeholder.querySelectorAll('.tile .label'), (label) => label.textContent));
    expect(placeholderLabels[0]).toHaveLength(16);
    expect(placeholderLabels[0]).not.toContain('Doanh thu web (toàn hệ thống)');

    await waitFor(() => expect(answers).toHaveLength(3));
    answers.forEach((answer) => answer());
    const loaded = await Promise.all(['Hôm nay', '7 ngày', '30 ngày'].map((name) => screen.findByRole('region', { name })));
    expect(loaded.map((period) => within(period).getAllByRole('group').map((tile) => tile.getAttribute('aria-label')))).toEqual(placeholderLabels);
    expect(within(loaded[0]!).getAllByRole('group').every((tile) => tile.classList.contains('tile'))).toBe(true);
    expect(screen.queryByTestId('kpi-period-placeholder')).not.toBeInTheDocument();
  });

  it('keep room for the web shop’s tile and the all-centres line in an admin’s view', async () => {
    const answers: Array<() => void> = [];
    api.centre.mockImplementation((range) => new Promise((resolve) => answers.push(() => resolve(centreKpis({ centreId: null, from: range.from, to: range.to })))));
    renderAt(<ManagerKpis allCentres />);
    const section = screen.getByRole('region', { name: 'Chỉ số kinh doanh' });
    expect(section).toHaveTextContent('Tất cả trung tâm');
    const placeholder = within(section).getAllByTestId('kpi-period-placeholder')[0]!;
    const placeholderLabels = Array.from(placeholder.querySelectorAll('.tile .label'), (label) => label.textContent);
    expect(placeholderLabels).toHaveLength(17);

    await waitFor(() => expect(answers).toHaveLength(3));
    answers.forEach((answer) => answer());
    const today = await screen.findByRole('region', { name: 'Hôm nay' });
    expect(within(today).getAllByRole('group').map((tile) => tile.getAttribute('aria-label'))).toEqual(placeholderLabels);
  });
});

describe('technician’s own KPIs', () => {
  it('shows clocked hours, orders done and efficiency for today and this week (Monday to today)', async () => {
    api.mine.mockImplementation(async (range) => (range.from === '2026-11-19' ? mine() : mine({ from: range.from, clockedMinutes: 1_230, ordersDone: 9, efficiencyPct: null })));
    renderAt(<MyKpis />);
    const today = await screen.findByRole('region', { name: 'Hôm nay' });
    expect(api.mine.mock.calls.map(([range]) => range)).toEqual([
      { from: '2026-11-19', to: '2026-11-19' },
      { from: '2026-11-16', to: '2026-11-19' },
    ]);
    expect(fold(tileOf(today, 'Giờ chấm công').textContent)).toBe('Giờ chấm công2,7giờ');
    expect(fold(tileOf(today, 'Phiếu hoàn thành').textContent)).toBe('Phiếu hoàn thành2');
    expect(fold(tileOf(today, 'Hiệu suất').textContent)).toBe('Hiệu suất88,2%');
    const week = screen.getByRole('region', { name: 'Tuần này' });
    expect(fold(tileOf(week, 'Giờ chấm công').textContent)).toBe('Giờ chấm công20,5giờ');
    expect(fold(tileOf(week, 'Hiệu suất').textContent)).toBe('Hiệu suất—');
  });
});
