import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { lastDays } from '../../src/kpis';
import { ManagerDashboardPage, ReportsPage } from '../../src/pages';
import { CentreRatingComparison, CentreRatingSummary } from '../../src/serviceRatings';
import { serviceRatingsApi } from '../../src/serviceRatings/serviceRatingsApi';
import { centreKpi, kpisOf } from './ratingFixtures';

jest.mock('../../src/serviceRatings/serviceRatingsApi', () => ({
  ...jest.requireActual('../../src/serviceRatings/serviceRatingsApi'),
  serviceRatingsApi: { kpis: jest.fn(), list: jest.fn(), followUps: jest.fn(), hide: jest.fn(), unhide: jest.fn(), addNote: jest.fn(), close: jest.fn() },
}));

// The pages' other sections never answer here: their own tests say what they show.
jest.mock('../../src/kpis/kpiApi', () => ({ kpiApi: { centre: jest.fn(() => new Promise(() => undefined)), mine: jest.fn(() => new Promise(() => undefined)) } }));
jest.mock('../../src/reports/reportsApi', () => ({
  reportsApi: { charts: jest.fn(() => new Promise(() => undefined)), table: jest.fn(() => new Promise(() => undefined)), centres: jest.fn(() => new Promise(() => undefined)) },
}));
jest.mock('../../src/inventory/inventoryApi', () => {
  const never = () => jest.fn(() => new Promise(() => undefined));
  return { inventoryApi: { centres: never(), page: never(), summary: never(), lowStock: never(), movements: never(), productOptions: never() } };
});
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const api = jest.mocked(serviceRatingsApi);

beforeEach(() => jest.clearAllMocks());

describe('the admin reports’ comparison of centres', () => {
  it('lists the centres best average first, with the previous period and open follow-ups, and its CSV', async () => {
    api.kpis.mockResolvedValue(
      kpisOf([
        centreKpi({ centreId: 1, centreName: 'EV Service Cầu Giấy', average: 4.2, positivePct: 75, openFollowUps: 3, previous: { count: 10, average: 4.5, positivePct: 80 } }),
        centreKpi({ centreId: 2, centreName: 'EV Service Thủ Đức', average: 4.8, positivePct: 95.5, openFollowUps: 0 }),
        centreKpi({ centreId: 3, centreName: 'EV Service Đà Nẵng', count: 0, average: null, positivePct: null, openFollowUps: 0, previous: { count: 0, average: null, positivePct: null } }),
        centreKpi({ centreId: 4, centreName: 'EV Service Hải Phòng', average: 4.2, positivePct: 81.3, openFollowUps: 1 }),
      ]),
    );
    render(
      <MemoryRouter>
        <CentreRatingComparison />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'So sánh đánh giá giữa các trung tâm' })).toBeInTheDocument();
    const table = within(await screen.findByRole('table'));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual(['EV Service Thủ Đức', 'EV Service Hải Phòng', 'EV Service Cầu Giấy', 'EV Service Đà Nẵng']);
    expect(rows[2]).toHaveTextContent('4,2/5');
    expect(rows[2]).toHaveTextContent('75,0 %');
    expect(rows[2]).toHaveTextContent('4,5/5 · 80,0 %');
    expect(within(rows[2]!).getAllByRole('cell').at(-1)).toHaveTextContent('3');
    expect(rows[3]).toHaveTextContent('—');

    const { from, to } = lastDays(Date.now(), 30);
    expect(api.kpis).toHaveBeenCalledWith({ from, to }, expect.anything());
    expect(screen.getByRole('link', { name: 'Tải CSV đánh giá' })).toHaveAttribute('href', `/api/service-ratings/kpis.csv?from=${from}&to=${to}`);

    await userEvent.clear(screen.getByLabelText('Đánh giá từ ngày'));
    await userEvent.type(screen.getByLabelText('Đánh giá từ ngày'), '2026-01-01');
    await userEvent.clear(screen.getByLabelText('Đánh giá đến ngày'));
    await userEvent.type(screen.getByLabelText('Đánh giá đến ngày'), '2026-06-30');
    await userEvent.click(screen.getByRole('button', { name: 'So sánh' }));
    expect(screen.getByRole('link', { name: 'Tải CSV đánh giá' })).toHaveAttribute('href', '/api/service-ratings/kpis.csv?from=2026-01-01&to=2026-06-30');
    await waitFor(() => expect(api.kpis).toHaveBeenLastCalledWith({ from: '2026-01-01', to: '2026-06-30', centreId: undefined }, expect.anything()));
  });
});

describe('the KPI page’s “Đánh giá của khách”', () => {
  it('shows the centre’s average and 4–5★ share against the previous period, and the customers to call back', async () => {
    api.kpis.mockResolvedValue(kpisOf([centreKpi({ openFollowUps: 2 })]));
    render(
      <MemoryRouter>
        <CentreRatingSummary />
      </MemoryRouter>,
    );
    const section = within(screen.getByRole('region', { name: 'Đánh giá của khách' }));
    const average = await section.findByRole('group', { name: 'Điểm trung bình' });
    expect(average).toHaveTextContent('4,6/5▲ 0,3');
    expect(section.getByRole('group', { name: 'Tỷ lệ 4–5★' })).toHaveTextContent('88,2%▼ 1,8');
    expect(section.getByRole('link', { name: '2 khách cần gọi lại' })).toHaveAttribute('href', '/manager/ratings');
  });

  it('says so when the centre has no rating yet', async () => {
    api.kpis.mockResolvedValue(kpisOf([centreKpi({ count: 0, average: null, positivePct: null, openFollowUps: 0, previous: { count: 0, average: null, positivePct: null } })]));
    render(
      <MemoryRouter>
        <CentreRatingSummary />
      </MemoryRouter>,
    );
    const average = await screen.findByRole('group', { name: 'Điểm trung bình' });
    expect(average).toHaveTextContent('—');
    expect(average).not.toHaveTextContent('▲');
    expect(screen.queryByRole('link', { name: /cần gọi lại/ })).not.toBeInTheDocument();
  });
});

describe('where the rating sections sit', () => {
  it('the manager’s overview shows “Đánh giá của khách” after the business KPIs', async () => {
    api.kpis.mockResolvedValue(kpisOf([centreKpi()]));
    render(
      <MemoryRouter initialEntries={['/manager']}>
        <ManagerDashboardPage />
      </MemoryRouter>,
    );
    const business = screen.getByRole('region', { name: 'Chỉ số kinh doanh' });
    const ratings = screen.getByRole('region', { name: 'Đánh giá của khách' });
    expect(business.compareDocumentPosition(ratings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(ratings).findByRole('group', { name: 'Điểm trung bình' })).toHaveTextContent('4,6/5');
  });

  it('the admin’s reports end with the centres’ comparison', async () => {
    api.kpis.mockResolvedValue(kpisOf([centreKpi()]));
    render(
      <MemoryRouter initialEntries={['/admin/reports']}>
        <ReportsPage />
      </MemoryRouter>,
    );
    const comparison = screen.getByRole('region', { name: 'So sánh đánh giá giữa các trung tâm' });
    expect(await within(comparison).findByRole('row', { name: /EV Service Cầu Giấy/ })).toHaveTextContent('4,6/5');
  });
});
