import { screen, within } from '@testing-library/react';
import type { CentreKpis } from 'shared-contracts/schemas';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { kpiApi } from '../../src/kpis/kpiApi';
import { kpiChange } from '../../src/kpis/kpiChange';
import { formatDecimal } from '../../src/kpis/kpiFormat';
import { ManagerKpis } from '../../src/kpis/ManagerKpis';
import { renderAt } from '../staffFixtures';

jest.mock('../../src/kpis/kpiApi', () => ({ kpiApi: { centre: jest.fn(), mine: jest.fn() } }));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const api = jest.mocked(kpiApi);
/** Thursday 19/11/2026 08:00 in Vietnam. */
const NOW = Date.parse('2026-11-19T01:00:00.000Z');
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

const PREVIOUS: NonNullable<CentreKpis['previous']> = {
  from: '2026-11-18',
  to: '2026-11-18',
  vehiclesIn: 2,
  carCount: 3,
  revenueTotal: 1_500_000,
  aro: 650_000,
  hoursPerRo: 1.3,
  efficiencyPct: 90,
  utilisationPct: null,
  bayUtilisationPct: 8.3,
  bookingOccupancyPct: 3.7,
  cancellationRatePct: 20,
  noShowRatePct: null,
  closeRatioCountPct: 66.7,
  closeRatioValuePct: 51.4,
  turnaroundMedianMinutes: 600,
  waitingMedianMinutes: 50,
  partsUsageValue: 290_000,
  shopRevenueTotal: 700_000,
};

const tileOf = (region: HTMLElement, label: string) => within(region).getByRole('group', { name: label });

beforeEach(() => {
  jest.resetAllMocks();
  (jest.mocked(subscribeFloorEvents) as unknown as jest.Mock).mockImplementation(() => () => undefined);
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});
afterEach(() => jest.restoreAllMocks());

describe('KPI tiles compared with the previous period', () => {
  it('shows ▲/▼ with the delta under each figure, and a sentence for screen readers', async () => {
    api.centre.mockResolvedValue(centreKpis({ previous: PREVIOUS }));
    renderAt(<ManagerKpis />);
    const today = await screen.findByRole('region', { name: 'Hôm nay' });

    const vehicles = tileOf(today, 'Xe tiếp nhận');
    expect(within(vehicles).getByText('▲ 2')).toHaveAttribute('aria-hidden', 'true');
    expect(within(vehicles).getByText('Tăng 2 xe so với kỳ trước (ngày 18/11/2026)')).toBeInTheDocument();

    const revenue = tileOf(today, 'Doanh thu dịch vụ');
    expect(fold(within(revenue).getByText(/^▼/).textContent)).toBe('▼ 200.000 ₫');
    expect(fold(within(revenue).getByText(/^Giảm/).textContent)).toBe('Giảm 200.000 ₫ so với kỳ trước (ngày 18/11/2026)');

    expect(within(tileOf(today, 'Xe hoàn tất')).getByText('Không đổi so với kỳ trước (ngày 18/11/2026)')).toBeInTheDocument();
    expect(within(tileOf(today, 'Hiệu suất kỹ thuật viên')).getByText('Tăng 7,8 điểm % so với kỳ trước (ngày 18/11/2026)')).toBeInTheDocument();
    // Cancellations going up is bad news, turnaround going down good news.
    expect(within(tileOf(today, 'Tỷ lệ hủy lịch')).getByText('▲ 5,0').parentElement).toHaveAttribute('data-direction', 'up');
    expect(within(tileOf(today, 'Thời gian hoàn thành (trung vị)')).getByText('Giảm 60 phút so với kỳ trước (ngày 18/11/2026)')).toBeInTheDocument();
    // No figure on either side ('—'): no comparison.
    expect(within(tileOf(today, 'Tỷ lệ không đến')).queryByText(/kỳ trước/)).toBeNull();
  });

  it('shows no arrow when the answer has no previous period', async () => {
    api.centre.mockResolvedValue(centreKpis());
    renderAt(<ManagerKpis />);
    const today = await screen.findByRole('region', { name: 'Hôm nay' });
    expect(within(today).queryByText(/kỳ trước/)).toBeNull();
  });

  it('colours a change by whether it is good news', () => {
    const base = { format: formatDecimal, unit: 'điểm %', from: '2026-11-12', to: '2026-11-18' };
    expect(kpiChange({ ...base, current: 25, previous: 20, lowerIsBetter: true })).toMatchObject({ direction: 'up', tone: 'bad', text: '▲ 5,0' });
    expect(kpiChange({ ...base, current: 15, previous: 20, lowerIsBetter: true })).toMatchObject({ direction: 'down', tone: 'good' });
    expect(kpiChange({ ...base, current: 20.01, previous: 20 })).toMatchObject({ direction: 'same', tone: 'neutral', text: '= 0,0' });
    expect(kpiChange({ ...base, current: 20, previous: 18 })?.label).toBe('Tăng 2,0 điểm % so với kỳ trước (12/11/2026 – 18/11/2026)');
    expect(kpiChange({ ...base, current: null, previous: 18 })).toBeNull();
  });
});
