import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatVnd, sessionStore } from 'shared-contracts';
import type { CustomerEInvoice } from 'shared-contracts/schemas';
import { MaintenanceHistoryPage } from '../../../src/pages/maintenance/MaintenanceHistoryPage';
import { serviceApi } from '../../../src/service/serviceApi';
import { currentLocation, fail, logIn, mockFetch, ok, renderAccountPage } from '../../helpers';
import { car, record, vehicle } from '../../serviceFixtures';

jest.mock('../../../src/service/serviceApi');
const api = serviceApi as jest.Mocked<typeof serviceApi>;

const newest = record({ id: 12, servicedAt: '2026-10-20T02:00:00.000Z', odometerKm: 8_100, services: ['Kiểm tra bộ sạc & cổng sạc'], parts: [], cost: 150_000, technicianName: null, checklistSummary: { pass: 5, fail: 0, na: 0 }, notes: null });
const older = record();
const carRecord = record({ id: 20, vehicle: { id: 4, licensePlate: '30A-123.45', brand: 'VinFast', model: 'VF 8' }, servicedAt: '2026-03-02T03:00:00.000Z', centre: { id: 1, name: 'EV Service Quận 1' } });

beforeEach(() => {
  jest.resetAllMocks();
  api.vehicles.mockResolvedValue([vehicle(), car()]);
  api.maintenanceRecords.mockImplementation(async (vehicleId) => [newest, older, carRecord].filter((entry) => vehicleId === null || entry.vehicle.id === vehicleId));
  api.maintenanceRecord.mockImplementation(async (id) => [newest, older, carRecord].find((entry) => entry.id === id)!);
});
afterEach(() => sessionStore.clear());

const records = () => within(screen.getByRole('list', { name: 'Các lần bảo dưỡng, mới nhất trước' })).getAllByRole('article');

describe('/maintenance-history', () => {
  it('offers a guest the login page, keeping the filter', () => {
    renderAccountPage('/maintenance-history', <MaintenanceHistoryPage />, '/maintenance-history?vehicleId=3');
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/auth/login?redirect=%2Fmaintenance-history%3FvehicleId%3D3');
    expect(api.maintenanceRecords).not.toHaveBeenCalled();
  });

  it('lists every maintenance newest first with date, centre, odometer, services, parts, cost, technician and checklist summary', async () => {
    logIn();
    renderAccountPage('/maintenance-history', <MaintenanceHistoryPage />);
    expect(await screen.findByText('3 lần bảo dưỡng')).toBeInTheDocument();
    expect(records().map((article) => within(article).getByRole('heading').textContent)).toEqual([
      '20/10/2026 · EV Service Cầu Giấy',
      '05/07/2026 · EV Service Cầu Giấy',
      '02/03/2026 · EV Service Quận 1',
    ]);
    const july = records()[1]!;
    expect(within(july).getByText('29MĐ1-234.56 · VinFast Klara S')).toBeInTheDocument();
    expect(within(july).getByText('6.150 km')).toBeInTheDocument();
    expect(within(july).getByText('Bảo dưỡng cơ bản, Kiểm tra pin & BMS')).toBeInTheDocument();
    expect(within(july).getByText(/^Má phanh trước × 2 \(180\.000\s₫\/cái\)$/)).toBeInTheDocument();
    expect(within(july).getByText(/^960\.000\s₫$/)).toBeInTheDocument();
    expect(within(july).getByText('Lê Văn Kỹ')).toBeInTheDocument();
    expect(within(july).getByText('12 đạt · 1 không đạt · 2 không áp dụng')).toBeInTheDocument();
    expect(within(july).getByText('Má phanh mòn, đã thay.')).toBeInTheDocument();
    const october = records()[0]!;
    expect(within(october).getByText('Không thay phụ tùng')).toBeInTheDocument();
    expect(within(october).getByText('Chưa ghi nhận')).toBeInTheDocument();
    expect(api.maintenanceRecords).toHaveBeenCalledWith(null, expect.anything());
  });

  it('filters by vehicle through ?vehicleId= (and reads it on arrival)', async () => {
    logIn();
    renderAccountPage('/maintenance-history', <MaintenanceHistoryPage />, '/maintenance-history?vehicleId=4');
    expect(await screen.findByText('1 lần bảo dưỡng')).toBeInTheDocument();
    expect(api.maintenanceRecords).toHaveBeenLastCalledWith(4, expect.anything());
    expect(await screen.findByLabelText('Xe')).toHaveValue('4');

    await userEvent.selectOptions(screen.getByLabelText('Xe'), '3');
    expect(currentLocation()).toBe('/maintenance-history?vehicleId=3');
    expect(await screen.findByText('2 lần bảo dưỡng')).toBeInTheDocument();
    // one vehicle: its plate is not repeated on every record
    expect(within(records()[0]!).queryByText(/29MĐ1-234\.56/)).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Xe'), '');
    expect(currentLocation()).toBe('/maintenance-history');
    expect(await screen.findByText('3 lần bảo dưỡng')).toBeInTheDocument();
  });

  it('opens the checklist of one maintenance on demand', async () => {
    logIn();
    renderAccountPage('/maintenance-history', <MaintenanceHistoryPage />);
    await screen.findByText('3 lần bảo dưỡng');
    const july = records()[1]!;
    const toggle = within(july).getByRole('button', { name: 'Xem chi tiết kiểm tra' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const table = await within(july).findByRole('table', { name: 'Danh mục kiểm tra' });
    expect(api.maintenanceRecord).toHaveBeenCalledWith(11);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Kiểm tra phanh trước', 'Không đạt', 'Má phanh mòn 80%'],
      ['Kiểm tra đèn', 'Đạt', ''],
      ['Kiểm tra gương', 'Không áp dụng', ''],
    ]);
    expect(within(july).getByRole('button', { name: 'Ẩn chi tiết kiểm tra' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(july).getByRole('button', { name: 'Ẩn chi tiết kiểm tra' }));
    expect(within(july).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the photos of a FAIL item as thumbnails opening the full picture', async () => {
    logIn();
    api.maintenanceRecord.mockResolvedValue(
      record({
        checklist: [
          {
            label: 'Kiểm tra phanh trước',
            result: 'FAIL',
            note: 'Má phanh mòn 80%',
            photos: ['/api/media/checklist-photos/a1.webp', '/api/media/checklist-photos/b2.webp'],
          },
          { label: 'Kiểm tra đèn', result: 'PASS', note: null },
        ],
      }),
    );
    renderAccountPage('/maintenance-history', <MaintenanceHistoryPage />);
    await screen.findByText('3 lần bảo dưỡng');
    const july = records()[1]!;
    await userEvent.click(within(july).getByRole('button', { name: 'Xem chi tiết kiểm tra' }));
    const photos = await within(july).findByRole('list', { name: 'Ảnh mục Kiểm tra phanh trước' });
    const thumbnails = within(photos).getAllByRole('img');
    expect(thumbnails.map((img) => [img.getAttribute('alt'), img.getAttribute('src')])).toEqual([
      ['Ảnh 1 của mục Kiểm tra phanh trước (mở ảnh lớn)', '/api/media/checklist-photos/a1.webp'],
      ['Ảnh 2 của mục Kiểm tra phanh trước (mở ảnh lớn)', '/api/media/checklist-photos/b2.webp'],
    ]);
    expect(within(photos).getByRole('link', { name: 'Ảnh 1 của mục Kiểm tra phanh trước (mở ảnh lớn)' })).toHaveAttribute('href', '/api/media/checklist-photos/a1.webp');
    // an item without photos has none
    expect(within(july).getAllByRole('img')).toHaveLength(2);
  });

  it('gives the advice for next time from the technician’s findings with the checklist', async () => {
    logIn();
    api.maintenanceRecord.mockResolvedValue(
      record({
        advice: [
          { label: 'Kiểm tra cổng sạc', kind: 'REPAIR', note: 'Gioăng cổng sạc nứt, nên thay ở lần bảo dưỡng tới.' },
          { label: 'Kiểm tra phanh sau', kind: 'WATCH', note: 'Má phanh sau còn 2 mm, nên thay ở lần bảo dưỡng tới.' },
        ],
      }),
    );
    renderAccountPage('/maintenance-history', <MaintenanceHistoryPage />);
    await screen.findByText('3 lần bảo dưỡng');
    const july = records()[1]!;
    await userEvent.click(within(july).getByRole('button', { name: 'Xem chi tiết kiểm tra' }));
    const advice = await within(july).findByRole('region', { name: 'Lời khuyên cho lần bảo dưỡng tới' });
    expect(within(advice).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      'Kiểm tra cổng sạcCần sửa chữaGioăng cổng sạc nứt, nên thay ở lần bảo dưỡng tới.',
      'Kiểm tra phanh sauCần theo dõiMá phanh sau còn 2 mm, nên thay ở lần bảo dưỡng tới.',
    ]);

    // a visit with nothing to advise says so
    api.maintenanceRecord.mockResolvedValue(record({ id: 12, advice: [] }));
    const october = records()[0]!;
    await userEvent.click(within(october).getByRole('button', { name: 'Xem chi tiết kiểm tra' }));
    expect(await within(october).findByText('Kỹ thuật viên không có lưu ý nào cho lần bảo dưỡng tới.')).toBeInTheDocument();
  });

  it('shows a paid visit’s e-invoice on demand (lookup code, PDF), and none for a record without a visit', async () => {
    logIn();
    const invoice: CustomerEInvoice = {
      id: 41,
      kind: 'ORIGINAL',
      kindLabel: 'Hóa đơn bán hàng',
      status: 'ISSUED',
      statusLabel: 'Đã phát hành',
      gross: 960_000,
      series: '1C26TEV',
      number: 123,
      taxAuthorityCode: 'M1-26-A7K3Q-00000000123',
      lookupCode: 'TC7Q2K9XW4',
      lookupUrl: 'https://tracuu.example.vn/?code=TC7Q2K9XW4',
      issuedAt: '2026-07-05T03:00:00.000Z',
      pdfUrl: '/api/e-invoices/41/invoice.pdf',
    };
    const visit = record({ appointmentId: 501 });
    api.maintenanceRecords.mockResolvedValue([record({ ...newest, appointmentId: 502 }), visit, record({ ...carRecord, appointmentId: null })]);
    const { calls } = mockFetch((call) => (call.path === '/api/appointments/501/e-invoices' ? ok({ items: [invoice] }) : fail(404, 'Không tìm thấy.', 'NOT_FOUND')));
    renderAccountPage('/maintenance-history', <MaintenanceHistoryPage />);
    await screen.findByText('3 lần bảo dưỡng');
    const [october, july, march] = records();
    // nothing is asked for before a visit's invoices are opened; a record without a visit offers none
    expect(calls.filter((call) => call.path.endsWith('/e-invoices'))).toEqual([]);
    expect(within(october!).getByRole('button', { name: 'Xem hóa đơn điện tử' })).toBeInTheDocument();
    expect(within(march!).queryByRole('button', { name: 'Xem hóa đơn điện tử' })).not.toBeInTheDocument();

    const toggle = within(july!).getByRole('button', { name: 'Xem hóa đơn điện tử' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const section = within(july!).getByRole('region', { name: 'Hóa đơn điện tử' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Hóa đơn điện tử' })).toBeInTheDocument();
    const issued = await within(section).findByRole('article', { name: 'Hóa đơn bán hàng' });
    expect(within(issued).getByText('Ký hiệu 1C26TEV · Số 123')).toBeInTheDocument();
    expect(within(issued).getByText('Mã tra cứu:').nextElementSibling).toHaveTextContent('TC7Q2K9XW4');
    expect(within(issued).getByTestId('e-invoice-amount').textContent).toBe(formatVnd(960_000));
    expect(within(issued).getByRole('button', { name: 'Tải hóa đơn (PDF)' })).toBeEnabled();
    expect(calls.filter((call) => call.path.endsWith('/e-invoices')).map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/appointments/501/e-invoices']);

    await userEvent.click(within(july!).getByRole('button', { name: 'Ẩn hóa đơn điện tử' }));
    expect(within(july!).queryByRole('region', { name: 'Hóa đơn điện tử' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet and links to booking for that vehicle', async () => {
    logIn();
    api.maintenanceRecords.mockResolvedValue([]);
    renderAccountPage('/maintenance-history', <MaintenanceHistoryPage />, '/maintenance-history?vehicleId=3');
    expect(await screen.findByText('Xe này chưa có lần bảo dưỡng nào được ghi nhận.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Đặt lịch bảo dưỡng' })).toHaveAttribute('href', '/booking?vehicleId=3');
  });
});
