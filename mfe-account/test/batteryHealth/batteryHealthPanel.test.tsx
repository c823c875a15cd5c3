import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, sessionStore } from 'shared-contracts';
import type { BatteryReport } from 'shared-contracts/schemas';
import { BatteryHealthPanel } from '../../src/batteryHealth';
import { batteryHealthApi } from '../../src/batteryHealth/batteryHealthApi';
import { trendPoints } from '../../src/batteryHealth/BatteryHealthPanel';
import { MyVehiclesPage } from '../../src/pages/vehicles/MyVehiclesPage';
import { serviceApi } from '../../src/service/serviceApi';
import { fail, logIn, mockFetch, renderAccountPage } from '../helpers';
import { vehicle } from '../serviceFixtures';

jest.mock('../../src/batteryHealth/batteryHealthApi');
jest.mock('../../src/service/serviceApi');
const api = jest.mocked(batteryHealthApi);

function report(overrides: Partial<BatteryReport> = {}): BatteryReport {
  return {
    id: 1,
    vehicleId: 3,
    serviceOrderId: 7,
    serviceOrderCode: 'PDV260512K7QZ',
    sohPercent: 94,
    capacityKwh: 3.29,
    ratedCapacityKwh: 3.5,
    cellSpreadMv: 21,
    internalResistanceMohm: 48,
    temperatureC: 28,
    odometerKm: 8_000,
    tool: 'Midtronics EXP-1000',
    measuredAt: '2026-05-12T03:00:00.000Z',
    flag: 'OK',
    flagLabel: 'Pin tốt',
    spreadWarning: false,
    modelLabel: 'VinFast Feliz S',
    centreName: 'EV Service Cầu Giấy',
    technicianName: 'Đỗ Kỹ Thuật',
    verifyCode: 'ABCDEFGH2345',
    verifyUrl: 'https://ev.example.vn/xac-minh-pin/ABCDEFGH2345',
    ...overrides,
  };
}

const REPORTS = [
  report(),
  report({ id: 2, sohPercent: 77.5, measuredAt: '2026-11-21T18:30:00.000Z', flag: 'DEGRADED', flagLabel: 'Pin suy giảm', spreadWarning: true, cellSpreadMv: 66, verifyCode: 'ZYXWVT987654' }),
];

beforeEach(() => jest.resetAllMocks());
afterEach(() => sessionStore.clear());

describe('"Sức khỏe pin" on a vehicle', () => {
  it('draws the SOH trend and lists each report newest first, with its figures and flag', async () => {
    api.reports.mockResolvedValue(REPORTS);
    render(<BatteryHealthPanel vehicle={{ id: 3, licensePlate: '29MĐ1-234.56' }} />);
    const panel = await screen.findByRole('region', { name: 'Sức khỏe pin xe 29MĐ1-234.56' });
    expect(within(panel).getByRole('img')).toHaveAccessibleName('Xu hướng SOH của xe 29MĐ1-234.56: 12/05/2026: 94 %; 22/11/2026: 77,5 %');
    const items = within(within(panel).getByRole('list', { name: 'Các lần đo pin của xe 29MĐ1-234.56' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('22/11/2026 · SOH 77,5 % · Pin suy giảm · Lệch áp cell cao');
    expect(items[0]).toHaveTextContent('Lệch áp cell 66 mV');
    expect(items[1]).toHaveTextContent('12/05/2026 · SOH 94 % · Pin tốt');
    expect(items[1]).toHaveTextContent('Dung lượng 3,29 kWh · Lệch áp cell 21 mV · Nội trở 48 mΩ · 28 °C · 8.000 km · tại EV Service Cầu Giấy');
    // the lower SOH sits lower in the chart, the later one further right
    const [older, newer] = trendPoints(REPORTS);
    expect(newer!.y).toBeGreaterThan(older!.y);
    expect(newer!.x).toBeGreaterThan(older!.x);
  });

  it('downloads a report’s certificate, and says so when it cannot', async () => {
    const user = userEvent.setup();
    api.reports.mockResolvedValue(REPORTS);
    api.downloadCertificate.mockResolvedValueOnce(undefined).mockRejectedValueOnce(new ApiError('Không tìm thấy báo cáo sức khỏe pin.', 404, 'NOT_FOUND', [], { success: false, message: 'Không tìm thấy báo cáo sức khỏe pin.' }));
    render(<BatteryHealthPanel vehicle={{ id: 3, licensePlate: '29MĐ1-234.56' }} />);
    await user.click(await screen.findByRole('button', { name: 'Tải chứng nhận pin ngày 22/11/2026' }));
    expect(api.downloadCertificate).toHaveBeenCalledWith(expect.objectContaining({ id: 2, vehicleId: 3, verifyCode: 'ZYXWVT987654' }));
    await user.click(screen.getByRole('button', { name: 'Tải chứng nhận pin ngày 12/05/2026' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không tìm thấy báo cáo sức khỏe pin.');
  });

  it('shows nothing for a vehicle never measured, and the panel on /my-vehicles for one that was', async () => {
    api.reports.mockResolvedValueOnce([]);
    const { container, unmount } = render(<BatteryHealthPanel vehicle={{ id: 3, licensePlate: '29MĐ1-234.56' }} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.reports).toHaveBeenCalledWith(3, expect.anything());
    expect(container).toBeEmptyDOMElement();
    unmount();

    mockFetch(() => fail(500, 'Lỗi'));
    jest.mocked(serviceApi).vehicles.mockResolvedValue([vehicle()]);
    api.reports.mockResolvedValue(REPORTS);
    logIn();
    renderAccountPage('/my-vehicles', <MyVehiclesPage />);
    const card = await screen.findByRole('article', { name: '29MĐ1-234.56' });
    expect(await within(card).findByRole('region', { name: 'Sức khỏe pin xe 29MĐ1-234.56' })).toBeInTheDocument();
  });
});
