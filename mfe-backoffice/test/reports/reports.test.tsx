import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import { reportsApi } from '../../src/reports/reportsApi';
import { ManagerCharts, ManagerReports, ReportsScreen } from '../../src/reports';
import { ReportsPage } from '../../src/pages/admin/ReportsPage';
import { CENTRES } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';
import { fold, reportCharts, reportTable } from '../reportsFixtures';
import { renderAt } from '../staffFixtures';

jest.mock('../../src/reports/reportsApi', () => ({ reportsApi: { charts: jest.fn(), table: jest.fn(), centres: jest.fn() } }));

const api = jest.mocked(reportsApi);
/** Thursday 19/11/2026 08:00 in Vietnam: the last 30 days are 21/10 to 19/11. */
const NOW = Date.parse('2026-11-19T01:00:00.000Z');
const LAST_30 = { from: '2026-10-21', to: '2026-11-19' };
const RANGE_INVALID = 'Khoảng thời gian không hợp lệ: ngày bắt đầu phải trước ngày kết thúc.';

/** The report's table (the charts have tables too): its caption names the centre. */
const REPORT_TABLE = { name: / – (Trung tâm của tôi|Tất cả trung tâm|EV Service)/ };

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => fold(cell.textContent)));

async function choose(from: string, to: string) {
  const user = userEvent.setup();
  const fromInput = screen.getByLabelText('Từ ngày');
  const toInput = screen.getByLabelText('Đến ngày');
  await user.clear(fromInput);
  await user.type(fromInput, from);
  await user.clear(toInput);
  await user.type(toInput, to);
  return user;
}

beforeEach(() => {
  jest.resetAllMocks();
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  api.charts.mockResolvedValue(reportCharts());
  api.table.mockImplementation(async (name, range, centreId) => reportTable({ name, from: range.from, to: range.to, centreId: centreId ?? null }));
  api.centres.mockResolvedValue(CENTRES);
});
afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('the reports screen (spec §9, M5, A4)', () => {
  it('loads the first report of the last 30 days for the manager’s centre, money in VND, local date-times, "—" where empty', async () => {
    signIn('manager');
    renderAt(<ManagerReports />);
    const table = await screen.findByRole('table', { name: /Phiếu dịch vụ – Trung tâm của tôi, từ 21\/10\/2026 đến 19\/11\/2026/ });
    expect(api.table).toHaveBeenCalledWith('service-orders', LAST_30, undefined, expect.anything());
    expect(api.charts).toHaveBeenCalledWith(LAST_30, undefined, expect.anything());
    expect(screen.getByLabelText('Từ ngày')).toHaveValue('2026-10-21');
    expect(screen.getByLabelText('Đến ngày')).toHaveValue('2026-11-19');
    // a manager has no centre to choose
    expect(screen.queryByLabelText('Trung tâm')).not.toBeInTheDocument();
    expect(rowsOf(table)).toEqual([
      ['Số hóa đơn', 'Ngày lập', 'Tổng tiền', 'Số dòng', 'Ngày thanh toán'],
      // 17:30 UTC on 18/11 is 00:30 on 19/11 in Vietnam
      ['HD2611A1', '19/11/2026 00:30', '1.300.000 ₫', '3', '—'],
      ['HD2611A2', '19/11/2026 09:05', '450.000 ₫', '1', '19/11/2026 10:00'],
    ]);
    expect(screen.getByText('2 dòng')).toBeInTheDocument();
    // the charts come with the report (their own chunk)
    expect(await screen.findAllByRole('img')).toHaveLength(6);
  });

  it('says when the screen shows only the first rows and the CSV has them all', async () => {
    api.table.mockResolvedValue(reportTable({ totalRows: 1_234 }));
    renderAt(<ReportsScreen scope="manager" />);
    expect(await screen.findByText('Hiển thị 2 / 1.234 dòng — tải CSV để xem đủ')).toBeInTheDocument();
  });

  it('lets an admin choose a centre, a report and a range, and links the CSV of exactly that choice', async () => {
    signIn('admin');
    renderAt(
      <Routes>
        <Route path="/admin/reports" element={<ReportsPage />} />
      </Routes>,
      '/admin/reports',
    );
    await screen.findByRole('table', REPORT_TABLE);
    // every centre by default
    expect(screen.getByRole('link', { name: 'Tải CSV' })).toHaveAttribute('href', '/api/reports/service-orders.csv?from=2026-10-21&to=2026-11-19');
    await screen.findByRole('option', { name: 'EV Service Đà Nẵng' });

    const user = await choose('2026-11-01', '2026-11-15');
    await user.selectOptions(screen.getByLabelText('Trung tâm'), 'EV Service Đà Nẵng');
    await user.selectOptions(screen.getByLabelText('Loại báo cáo'), 'Phụ tùng đã dùng');
    await user.click(screen.getByRole('button', { name: 'Xem báo cáo' }));

    expect(await screen.findByRole('heading', { name: 'Phụ tùng đã dùng' })).toBeInTheDocument();
    await waitFor(() => expect(api.table).toHaveBeenLastCalledWith('parts-usage', { from: '2026-11-01', to: '2026-11-15' }, 2, expect.anything()));
    expect(api.charts).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '2026-11-15' }, 2, expect.anything());
    expect(await screen.findByRole('table', { name: /EV Service Đà Nẵng, từ 01\/11\/2026 đến 15\/11\/2026/ })).toBeInTheDocument();
    const csv = screen.getByRole('link', { name: 'Tải CSV' });
    expect(csv).toHaveAttribute('href', '/api/reports/parts-usage.csv?from=2026-11-01&to=2026-11-15&centreId=2');
    expect(csv).toHaveAttribute('download', 'bao-cao-parts-usage_2026-11-01_2026-11-15.csv');
  });

  it('shows the server’s message next to the dates when it refuses the range (422 DATE_RANGE_INVALID)', async () => {
    renderAt(<ReportsScreen scope="manager" />);
    await screen.findByRole('table', REPORT_TABLE);
    const refusal = new ApiError(RANGE_INVALID, 422, 'DATE_RANGE_INVALID');
    api.table.mockRejectedValue(refusal);
    api.charts.mockRejectedValue(refusal);

    const user = await choose('2026-11-15', '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Xem báo cáo' }));

    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent(RANGE_INVALID);
    expect(screen.getByLabelText('Từ ngày')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Từ ngày')).toHaveAccessibleDescription(RANGE_INVALID);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    // a good range again clears the message and loads
    api.table.mockResolvedValue(reportTable());
    api.charts.mockResolvedValue(reportCharts());
    await choose('2026-11-01', '2026-11-15');
    await user.click(screen.getByRole('button', { name: 'Xem báo cáo' }));
    expect(await screen.findByRole('table', REPORT_TABLE)).toBeInTheDocument();
    expect(screen.queryByText(RANGE_INVALID)).not.toBeInTheDocument();
  });

  it('says so when the report cannot load, and loads it again on request', async () => {
    api.table.mockRejectedValueOnce(new ApiError('Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.', 0, 'NETWORK'));
    renderAt(<ReportsScreen scope="manager" />);
    expect(await screen.findByText('Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tải lại báo cáo' }));
    expect(await screen.findByRole('table', REPORT_TABLE)).toBeInTheDocument();
  });

  it('says so when the range has no rows', async () => {
    api.table.mockResolvedValue(reportTable({ rows: [], totalRows: 0 }));
    renderAt(<ReportsScreen scope="manager" />);
    expect(await screen.findByText('Không có dòng nào trong khoảng thời gian này.')).toBeInTheDocument();
  });

  it('downloads the CSV with the session’s token, and shows the server’s refusal when the range is too large', async () => {
    signIn('manager');
    // jsdom has no fetch: the part of a Response the download reads
    const fetchMock = jest.fn(async () => ({ ok: false, status: 422, json: async () => ({ success: false, code: 'CSV_TOO_LARGE', message: 'Khoảng thời gian quá lớn, vui lòng thu hẹp.' }) }));
    const original = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      renderAt(<ReportsScreen scope="manager" />);
      await userEvent.click(await screen.findByRole('link', { name: 'Tải CSV' }));
      expect(await screen.findByText('Khoảng thời gian quá lớn, vui lòng thu hẹp.')).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledWith('http://localhost/api/reports/service-orders.csv?from=2026-10-21&to=2026-11-19', expect.objectContaining({ headers: { Authorization: 'Bearer test-token' } }));
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('the CSV download', () => {
  it('saves the file under the server’s name', async () => {
    signIn('admin');
    const csv = new Blob(['\uFEFFSố hóa đơn\r\n'], { type: 'text/csv' });
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, blob: async () => csv, headers: { get: () => 'attachment; filename="bao-cao-invoices_2026-10-21_2026-11-19.csv"' } }));
    const original = { fetch: globalThis.fetch, create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    URL.createObjectURL = jest.fn(() => 'blob:csv');
    URL.revokeObjectURL = jest.fn();
    const saved: { href: string; download: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    try {
      renderAt(<ReportsScreen scope="admin" />);
      const user = userEvent.setup();
      await user.selectOptions(screen.getByLabelText('Loại báo cáo'), 'Hóa đơn dịch vụ');
      await user.click(screen.getByRole('button', { name: 'Xem báo cáo' }));
      await screen.findByRole('heading', { name: 'Hóa đơn dịch vụ' });
      await user.click(screen.getByRole('link', { name: 'Tải CSV' }));
      await waitFor(() => expect(saved).toEqual([{ href: 'blob:csv', download: 'bao-cao-invoices_2026-10-21_2026-11-19.csv' }]));
      expect(URL.createObjectURL).toHaveBeenCalledWith(csv);
      expect(fetchMock).toHaveBeenCalledWith('http://localhost/api/reports/invoices.csv?from=2026-10-21&to=2026-11-19', expect.anything());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      globalThis.fetch = original.fetch;
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });
});

describe('the charts on /manager (spec §7 M1)', () => {
  it('show the centre’s last 30 days', async () => {
    renderAt(<ManagerCharts />);
    expect(await screen.findByRole('img', { name: /Doanh thu theo ngày từ 18\/11 đến 20\/11/ })).toBeInTheDocument();
    expect(api.charts).toHaveBeenCalledWith(LAST_30, undefined, expect.anything());
    expect(screen.getByText('Từ 21/10/2026 đến 19/11/2026')).toBeInTheDocument();
  });

  it('say so when they cannot load, and load again on request', async () => {
    api.charts.mockRejectedValueOnce(new ApiError('Lỗi máy chủ.', 500, 'HTTP_500'));
    renderAt(<ManagerCharts />);
    expect(await screen.findByText('Lỗi máy chủ.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tải lại biểu đồ' }));
    expect(await screen.findAllByRole('img')).toHaveLength(6);
  });
});
