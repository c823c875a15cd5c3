import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { Reconciliation } from 'shared-contracts/schemas';
import { ReconciliationView } from '../../src/reconciliation/ReconciliationView';
import { reconciliationApi } from '../../src/reconciliation/reconciliationApi';
import { paymentExceptionsApi } from '../../src/paymentExceptions/paymentExceptionsApi';
import { downloadCsv } from '../../src/api/csvDownload';
import { WebOrderDeskPage } from '../../src/webOrders/WebOrderDeskPage';

jest.mock('../../src/reconciliation/reconciliationApi', () => ({
  reconciliationApi: { load: jest.fn(), csvPath: jest.requireActual('../../src/reconciliation/reconciliationApi').reconciliationApi.csvPath },
}));
jest.mock('../../src/api/csvDownload', () => ({ downloadCsv: jest.fn() }));
jest.mock('../../src/paymentExceptions/paymentExceptionsApi', () => ({ paymentExceptionsApi: { list: jest.fn(), detail: jest.fn() } }));
jest.mock('../../src/webOrders/webOrdersApi', () => ({ webOrdersApi: { list: jest.fn(() => new Promise(() => undefined)), detail: jest.fn() } }));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const api = jest.mocked(reconciliationApi);
const download = jest.mocked(downloadCsv);

const day = (date: string, overrides: Partial<Reconciliation['days'][number]> = {}) => ({
  date,
  receivedCount: 0,
  receivedSum: 0,
  matchedCount: 0,
  matchedSum: 0,
  exceptionsOpen: 0,
  exceptionsResolved: 0,
  refundsSum: 0,
  ...overrides,
});
const report = (from: string, to: string): Reconciliation => ({
  from,
  to,
  days: [day(from, { receivedCount: 3, receivedSum: 920_000, matchedCount: 2, matchedSum: 800_000, exceptionsOpen: 1 }), day(to, { receivedCount: 1, receivedSum: 80_000, exceptionsResolved: 1, refundsSum: 80_000 })],
  totals: { receivedCount: 4, receivedSum: 1_000_000, matchedCount: 2, matchedSum: 800_000, exceptionsOpen: 1, exceptionsResolved: 1, refundsSum: 80_000 },
});

beforeEach(() => jest.clearAllMocks());

describe('the daily reconciliation', () => {
  it('shows the last seven days, their figures and totals; another range on "Xem"; the CSV downloads', async () => {
    api.load.mockImplementation((from, to) => Promise.resolve(report(from, to)));
    download.mockResolvedValue();
    const user = userEvent.setup();
    render(<ReconciliationView today="2026-11-26" />);
    expect(api.load).toHaveBeenCalledWith('2026-11-20', '2026-11-26', expect.anything());
    const table = await screen.findByRole('table', { name: 'Đối soát từ 20/11/2026 đến 26/11/2026' });
    const first = within(table).getByRole('row', { name: /^20\/11\/2026/ });
    expect(within(first).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '))).toEqual(['3', '920.000 ₫', '2', '800.000 ₫', '1', '0', '0 ₫']);
    const total = within(table).getByRole('row', { name: /^Tổng/ });
    expect(total).toHaveTextContent('1.000.000 ₫');
    expect(total).toHaveTextContent('80.000 ₫');

    const from = screen.getByLabelText('Từ ngày');
    await user.clear(from);
    await user.type(from, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Xem' }));
    expect(api.load).toHaveBeenLastCalledWith('2026-11-01', '2026-11-26', expect.anything());
    expect(await screen.findByRole('table', { name: 'Đối soát từ 01/11/2026 đến 26/11/2026' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tải CSV' }));
    expect(download).toHaveBeenCalledWith('/api/reconciliation.csv?from=2026-11-01&to=2026-11-26', 'doi-soat_2026-11-01_2026-11-26.csv', expect.any(String));
    await user.click(screen.getByRole('button', { name: 'Tải CSV từng giao dịch' }));
    expect(download).toHaveBeenLastCalledWith('/api/reconciliation.csv?from=2026-11-01&to=2026-11-26&view=transactions', 'doi-soat-giao-dich_2026-11-01_2026-11-26.csv', expect.any(String));
  });

  it("shows the server's refusal of a range", async () => {
    api.load.mockRejectedValue(new ApiError('Khoảng ngày tối đa 92 ngày.', 400, 'VALIDATION_ERROR', [{ field: 'to', message: 'Khoảng ngày tối đa 92 ngày.' }]));
    render(<ReconciliationView today="2026-11-26" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Khoảng ngày tối đa 92 ngày.');
  });
});

describe('the web-order desk page', () => {
  const renderAt = (url: string) =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/:area/web-orders" element={<WebOrderDeskPage />} />
        </Routes>
      </MemoryRouter>,
    );

  it("offers staff the orders and the exceptions queue, and admin the reconciliation too", async () => {
    api.load.mockImplementation((from, to) => Promise.resolve(report(from, to)));
    renderAt('/admin/web-orders?view=reconciliation');
    const tabs = screen.getByRole('navigation', { name: 'Quầy đơn hàng online' });
    expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual(['Đơn hàng', 'Giao vận', 'Giao dịch cần xử lý', 'Đối soát']);
    expect(within(tabs).getByRole('link', { name: 'Đối soát' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Đối soát' })).toBeInTheDocument();
  });

  it('does not offer the reconciliation to staff, even asked for by its address', async () => {
    jest.mocked(paymentExceptionsApi.list).mockResolvedValue({ items: [], hasMore: false, page: 1, pageSize: 25, openCount: 0 });
    renderAt('/staff/web-orders?view=reconciliation');
    const tabs = screen.getByRole('navigation', { name: 'Quầy đơn hàng online' });
    expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual(['Đơn hàng', 'Giao vận', 'Giao dịch cần xử lý']);
    expect(screen.queryByRole('heading', { level: 2, name: 'Đối soát' })).not.toBeInTheDocument();
    renderAt('/staff/web-orders?view=payments');
    expect(await screen.findByText('Không có giao dịch nào cần xử lý.')).toBeInTheDocument();
  });
});
