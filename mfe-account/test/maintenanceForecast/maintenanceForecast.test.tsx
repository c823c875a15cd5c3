import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import type { ComponentForecastDto, VehicleForecastDto } from 'shared-contracts/diagnostics';
import { vehicleForecastResponseSchema } from 'shared-contracts/schemas';
import { DashboardPage } from '../../src/pages/dashboard/DashboardPage';
import { MyVehiclesPage } from '../../src/pages/vehicles/MyVehiclesPage';
import { formatInterval, formatPercent, likelihood } from '../../src/maintenanceForecast/forecastText';
import { MaintenanceForecast, rankForecasts } from '../../src/maintenanceForecast/MaintenanceForecast';
import { serviceApi } from '../../src/service/serviceApi';
import { currentLocation, deferred, fail, logIn, mockFetch, ok, renderAccountPage, type FakeReply } from '../helpers';
import { car, vehicle } from '../serviceFixtures';

jest.mock('../../src/service/serviceApi');
jest.mock('../../src/service/appointmentEvents', () => ({ subscribeAppointmentEvents: () => () => undefined }));
const api = serviceApi as jest.Mocked<typeof serviceApi>;

/** One component's forecast as GET /api/vehicles/:id/forecast answers it. */
function component(overrides: Partial<ComponentForecastDto> & Pick<ComponentForecastDto, 'component' | 'label'>): ComponentForecastDto {
  return {
    status: 'PREDICTED',
    within3Months: null,
    within5000Km: null,
    evidence: null,
    inspectedTimes: 0,
    serviceSlug: null,
    ...overrides,
  };
}

const brakePads = component({
  component: 'BRAKE_PADS',
  label: 'Má phanh',
  within3Months: { probability: 0.62, low: 0.48, high: 0.75 },
  within5000Km: { probability: 0.71, low: 0.58, high: 0.82 },
  evidence: { level: 'family', key: 'Klara S', inspections: 412, failures: 57 },
  inspectedTimes: 2,
  serviceSlug: 'bao-duong-phanh',
});
const battery = component({
  component: 'BATTERY_SOH',
  label: 'Tình trạng pin (SOH)',
  within3Months: { probability: 0.35, low: 0.22, high: 0.5 },
  within5000Km: { probability: 0.3, low: 0.2, high: 0.43 },
  evidence: { level: 'fleet', key: 'fleet', inspections: 5210, failures: 301 },
  serviceSlug: 'kiem-tra-pin-bms',
});
const tyres = component({
  component: 'TYRE_WEAR',
  label: 'Lốp (độ mòn)',
  within3Months: { probability: 0.18, low: 0.11, high: 0.27 },
  within5000Km: { probability: 0.12, low: 0.07, high: 0.19 },
  evidence: { level: 'type', key: 'scooter', inspections: 1930, failures: 214 },
  serviceSlug: 'dich-vu-lop',
});
const chargePort = component({
  component: 'CHARGE_PORT',
  label: 'Cổng sạc',
  within3Months: { probability: 0.03, low: 0.01, high: 0.06 },
  within5000Km: { probability: 0.02, low: 0.01, high: 0.05 },
  evidence: { level: 'family', key: 'Klara S', inspections: 388, failures: 9 },
  serviceSlug: 'kiem-tra-bo-sac-cong-sac',
});
const lights = component({
  component: 'LIGHTS',
  label: 'Đèn',
  status: 'NOT_BETTER_THAN_BASELINE',
  evidence: { level: 'family', key: 'Klara S', inspections: 400, failures: 20 },
  serviceSlug: 'bao-duong-co-ban',
});
const bms = component({ component: 'BMS_LOG', label: 'Hệ thống quản lý pin (BMS)', status: 'INSUFFICIENT_DATA', serviceSlug: 'kiem-tra-pin-bms' });
const brakeFunction = component({ component: 'BRAKE_FUNCTION', label: 'Hệ thống phanh', status: 'NEEDS_ATTENTION_NOW', inspectedTimes: 3, serviceSlug: 'bao-duong-phanh' });

/** A forecast checked against the API's contract, so that the fixtures cannot drift from it. */
function forecast(overrides: Partial<VehicleForecastDto> = {}): VehicleForecastDto {
  const data: VehicleForecastDto = {
    vehicleId: 3,
    // 01:30 on 12 May in Hồ Chí Minh City
    model: { id: 7, trainedAt: '2026-05-11T18:30:00.000Z' },
    kmPerMonth: 1240,
    // not in the order shown: the panel ranks them itself
    components: [tyres, lights, brakePads, bms, chargePort, battery],
    ...overrides,
  };
  return vehicleForecastResponseSchema.parse({ success: true, message: 'Dự đoán bảo dưỡng của xe.', data }).data;
}

/** Answers each vehicle's forecast from `byVehicle` (vehicle id → reply); anything else 404. */
function serveForecasts(byVehicle: Record<number, FakeReply | (() => FakeReply | Promise<FakeReply>)>) {
  return mockFetch(async (call) => {
    const match = /^\/api\/vehicles\/(\d+)\/forecast$/.exec(call.path);
    const reply = match && call.method === 'GET' ? byVehicle[Number(match[1])] : undefined;
    if (!reply) return fail(404, 'Không tìm thấy.', 'NOT_FOUND');
    return typeof reply === 'function' ? reply() : reply;
  });
}

function renderPanel(variant: 'full' | 'compact' = 'full') {
  return renderAccountPage('/my-vehicles', <MaintenanceForecast vehicle={vehicle()} variant={variant} />);
}

const panel = (plate = '29MĐ1-234.56') => screen.getByRole('region', { name: `Dự đoán bảo dưỡng xe ${plate}` });
const items = () => within(panel()).getAllByRole('listitem');
const item = (label: string) => within(panel()).getByRole('listitem', { name: label });

beforeEach(() => {
  jest.resetAllMocks();
  api.vehicles.mockResolvedValue([vehicle(), car()]);
});
afterEach(() => sessionStore.clear());

describe('the word bands and figures', () => {
  it('says the probability in words and whole percent (vi-VN), the band read on the figure shown', () => {
    expect(likelihood(0.62)).toBe('Khả năng cao (62%)');
    expect(likelihood(0.494)).toBe('Khả năng vừa (49%)');
    expect(likelihood(0.4951)).toBe('Khả năng cao (50%)');
    expect(likelihood(0.8)).toBe('Khả năng rất cao (80%)');
    expect(likelihood(0.2)).toBe('Khả năng vừa (20%)');
    expect(likelihood(0.199)).toBe('Khả năng vừa (20%)');
    expect(likelihood(0.12)).toBe('Khả năng thấp (12%)');
    expect(likelihood(0.049)).toBe('Khả năng thấp (5%)');
    expect(likelihood(0.044)).toBe('Khả năng rất thấp (4%)');
  });

  it('never says 0% or 100%, and gives the 95 % interval as a range', () => {
    expect(formatPercent(0.002)).toBe('dưới 1%');
    expect(likelihood(0.999)).toBe('Khả năng rất cao (trên 99%)');
    expect(formatInterval({ low: 0.48, high: 0.75 })).toBe('khoảng 48–75%');
    expect(formatInterval({ low: 0.621, high: 0.624 })).toBe('khoảng 62%');
  });

  it('ranks what needs attention now first, then the numbers by their 3-month probability, then those without one', () => {
    expect(rankForecasts([bms, tyres, lights, brakeFunction, chargePort, brakePads, battery]).map((entry) => entry.component)).toEqual([
      'BRAKE_FUNCTION',
      'BRAKE_PADS',
      'BATTERY_SOH',
      'TYRE_WEAR',
      'CHARGE_PORT',
      'LIGHTS',
      'BMS_LOG',
    ]);
  });
});

describe('Dự đoán bảo dưỡng', () => {
  it('shows the three likeliest components first, each in words and figures, with its interval and evidence, and the rest on "Xem tất cả"', async () => {
    logIn();
    const { calls } = serveForecasts({ 3: ok(forecast()) });
    renderPanel();
    expect(await screen.findByRole('heading', { level: 3, name: 'Dự đoán bảo dưỡng xe 29MĐ1-234.56' })).toBeInTheDocument();
    await within(panel()).findByRole('list', { name: 'Hạng mục cần chú ý của xe 29MĐ1-234.56' });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/vehicles/3/forecast']);
    expect(within(panel()).getByText('Mô hình cập nhật ngày 12/05/2026 · ước tính xe đi khoảng 1.240 km/tháng')).toBeInTheDocument();

    expect(items().map((entry) => within(entry).getByRole('heading', { level: 4 }).textContent)).toEqual(['Má phanh', 'Tình trạng pin (SOH)', 'Lốp (độ mòn)']);

    const brakes = item('Má phanh');
    expect(within(brakes).getByText('Khả năng cao (62%) cần kiểm tra trong 3 tháng tới')).toBeInTheDocument();
    expect(within(brakes).getByText('khoảng 48–75% (khoảng tin cậy 95%)')).toBeInTheDocument();
    expect(within(brakes).getByText('Trong 5.000 km tới: Khả năng cao (71%), khoảng 58–82%.')).toBeInTheDocument();
    expect(within(brakes).getByText('Dựa trên 412 lần kiểm tra, 57 lần hỏng của các xe cùng dòng VinFast Klara S.')).toBeInTheDocument();
    expect(within(brakes).getByText('Xe của bạn đã được kiểm tra hạng mục này 2 lần.')).toBeInTheDocument();

    const batteryItem = item('Tình trạng pin (SOH)');
    expect(within(batteryItem).getByText('Khả năng vừa (35%) cần kiểm tra trong 3 tháng tới')).toBeInTheDocument();
    expect(within(batteryItem).getByText('khoảng 22–50% (khoảng tin cậy 95%)')).toBeInTheDocument();
    expect(within(batteryItem).getByText('Dựa trên 5.210 lần kiểm tra, 301 lần hỏng của toàn bộ xe. Dòng xe Klara S chưa đủ dữ liệu riêng.')).toBeInTheDocument();

    const tyreItem = item('Lốp (độ mòn)');
    expect(within(tyreItem).getByText('Khả năng thấp (18%) cần kiểm tra trong 3 tháng tới')).toBeInTheDocument();
    expect(within(tyreItem).getByText('khoảng 11–27% (khoảng tin cậy 95%)')).toBeInTheDocument();
    expect(within(tyreItem).getByText('Dựa trên 1.930 lần kiểm tra, 214 lần hỏng của các xe cùng loại xe máy điện. Dòng xe Klara S chưa đủ dữ liệu riêng.')).toBeInTheDocument();

    const toggle = within(panel()).getByRole('button', { name: 'Xem tất cả (6 hạng mục)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(items().map((entry) => within(entry).getByRole('heading', { level: 4 }).textContent)).toEqual([
      'Má phanh',
      'Tình trạng pin (SOH)',
      'Lốp (độ mòn)',
      'Cổng sạc',
      'Đèn',
      'Hệ thống quản lý pin (BMS)',
    ]);
    expect(within(item('Cổng sạc')).getByText('Khả năng rất thấp (3%) cần kiểm tra trong 3 tháng tới')).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Thu gọn' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Thu gọn' }));
    expect(items()).toHaveLength(3);
  });

  it('says each status in words: "Cần kiểm tra ngay" first, "Chưa đủ dữ liệu", and no number for a model no better than the average', async () => {
    logIn();
    serveForecasts({ 3: ok(forecast({ components: [lights, bms, brakePads, brakeFunction] })) });
    renderPanel();
    await within(await screen.findByRole('region', { name: 'Dự đoán bảo dưỡng xe 29MĐ1-234.56' })).findByRole('list');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Xem tất cả (4 hạng mục)' }));
    expect(items().map((entry) => within(entry).getByRole('heading', { level: 4 }).textContent)).toEqual(['Hệ thống phanh', 'Má phanh', 'Đèn', 'Hệ thống quản lý pin (BMS)']);

    const now = item('Hệ thống phanh');
    expect(within(now).getByText('Cần kiểm tra ngay')).toBeInTheDocument();
    expect(within(now).getByText('Lần kiểm tra gần nhất phát hiện hạng mục này có vấn đề và chưa được khắc phục.')).toBeInTheDocument();
    expect(now).not.toHaveTextContent('%');

    const notBetter = item('Đèn');
    expect(within(notBetter).getByText('Chưa dự đoán được tốt hơn mức trung bình')).toBeInTheDocument();
    expect(notBetter).not.toHaveTextContent(/\d+%|Khả năng/);

    const insufficient = item('Hệ thống quản lý pin (BMS)');
    expect(within(insufficient).getByText('Chưa đủ dữ liệu')).toBeInTheDocument();
    expect(insufficient).not.toHaveTextContent(/\d+%|Khả năng/);

    // the urgent mark is on the one found faulty only
    expect(within(item('Má phanh')).queryByText('Cần kiểm tra ngay')).not.toBeInTheDocument();
    expect(within(panel()).getAllByText('Cần kiểm tra ngay')).toHaveLength(1);
  });

  it('books a check through the URL: /booking with the vehicle and the component’s service', async () => {
    logIn();
    serveForecasts({ 3: ok(forecast({ components: [brakeFunction, brakePads, component({ component: 'X', label: 'Hạng mục khác', status: 'INSUFFICIENT_DATA' })] })) });
    renderPanel();
    const attention = await screen.findByRole('listitem', { name: 'Hệ thống phanh' });
    expect(within(attention).getByRole('link', { name: 'Đặt lịch kiểm tra Hệ thống phanh cho xe 29MĐ1-234.56' })).toHaveAttribute(
      'href',
      '/booking?vehicleId=3&service=bao-duong-phanh',
    );
    // no service known for it: the wizard still opens with the vehicle
    expect(within(item('Hạng mục khác')).getByRole('link', { name: /Đặt lịch kiểm tra/ })).toHaveAttribute('href', '/booking?vehicleId=3');

    await userEvent.click(within(item('Má phanh')).getByRole('link', { name: 'Đặt lịch kiểm tra Má phanh cho xe 29MĐ1-234.56' }));
    expect(currentLocation()).toBe('/booking?vehicleId=3&service=bao-duong-phanh');
  });

  it('says it is loading, then a failure in Vietnamese with a retry that works', async () => {
    logIn();
    const first = deferred<FakeReply>();
    let attempt = 0;
    serveForecasts({ 3: () => (++attempt === 1 ? first.promise : ok(forecast())) });
    renderPanel();
    expect(within(panel()).getByRole('status')).toHaveTextContent('Đang tải dự đoán bảo dưỡng...');
    first.resolve(fail(503, 'Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 'HTTP_503'));
    expect(await within(panel()).findByText('Không tải được dự đoán bảo dưỡng. Máy chủ đang gặp sự cố. Vui lòng thử lại sau.')).toBeInTheDocument();
    await userEvent.click(within(panel()).getByRole('button', { name: 'Thử lại dự đoán bảo dưỡng xe 29MĐ1-234.56' }));
    expect(await within(panel()).findByRole('listitem', { name: 'Má phanh' })).toBeInTheDocument();
    expect(attempt).toBe(2);
  });

  it('says so when no model has been trained yet, and when there is nothing to predict', async () => {
    logIn();
    serveForecasts({ 3: ok(forecast({ model: null, components: [] })) });
    const { unmount } = renderPanel();
    expect(await within(panel()).findByText('Chưa có mô hình dự đoán.')).toBeInTheDocument();
    expect(within(panel()).queryByRole('list')).not.toBeInTheDocument();
    expect(within(panel()).queryByText(/Mô hình cập nhật/)).not.toBeInTheDocument();
    unmount();

    serveForecasts({ 3: ok(forecast({ components: [] })) });
    renderPanel();
    expect(await within(panel()).findByText('Chưa có hạng mục nào để dự đoán cho xe này.')).toBeInTheDocument();
  });

  it('explains once, not card by card, when a vehicle with no history has no number for any component', async () => {
    logIn();
    const unknown = (code: string, label: string) => component({ component: code, label, status: 'INSUFFICIENT_DATA' });
    serveForecasts({
      3: ok(forecast({ components: [unknown('BRAKE_PADS', 'Má phanh'), unknown('TYRE_WEAR', 'Lốp (độ mòn)'), unknown('BATTERY_SOH', 'Tình trạng pin (SOH)'), unknown('LIGHTS', 'Đèn')] })),
    });
    renderPanel();
    expect(await within(panel()).findByText('Chưa đủ dữ liệu để dự đoán cho xe này.')).toBeInTheDocument();
    expect(
      within(panel()).getByText(
        'Các trung tâm của chúng tôi chưa có đủ kết quả kiểm tra xe VinFast Klara S để đưa ra con số đáng tin cậy; dự đoán sẽ xuất hiện khi có thêm dữ liệu. Xe của bạn chưa được kiểm tra tại trung tâm.',
      ),
    ).toBeInTheDocument();
    expect(within(panel()).queryByRole('list')).not.toBeInTheDocument();
    expect(within(panel()).queryByText('Chưa đủ dữ liệu')).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: /Xem tất cả/ })).not.toBeInTheDocument();
    expect(within(panel()).getAllByRole('link')).toHaveLength(1);
    expect(within(panel()).getByRole('link', { name: 'Đặt lịch kiểm tra cho xe 29MĐ1-234.56' })).toHaveAttribute('href', '/booking?vehicleId=3');
  });

  it('says why there is no number when the models exist but none beats the average for this vehicle', async () => {
    logIn();
    serveForecasts({ 3: ok(forecast({ components: [lights, bms] })) });
    renderPanel();
    expect(
      await within(panel()).findByText('Với dữ liệu hiện có, chúng tôi chưa dự đoán được hạng mục nào của xe này tốt hơn tỷ lệ hỏng trung bình, nên chưa đưa ra con số. Xe của bạn chưa được kiểm tra tại trung tâm.'),
    ).toBeInTheDocument();
    expect(within(panel()).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('sits on each vehicle card of /my-vehicles', async () => {
    logIn();
    const { calls } = serveForecasts({ 3: ok(forecast()), 4: ok(forecast({ vehicleId: 4, model: null, components: [] })) });
    renderAccountPage('/my-vehicles', <MyVehiclesPage />);
    const scooter = await screen.findByRole('article', { name: '29MĐ1-234.56' });
    const scooterForecast = within(scooter).getByRole('region', { name: 'Dự đoán bảo dưỡng xe 29MĐ1-234.56' });
    expect(await within(scooterForecast).findByText('Khả năng cao (62%) cần kiểm tra trong 3 tháng tới')).toBeInTheDocument();
    const carCard = screen.getByRole('article', { name: '30A-123.45' });
    expect(await within(carCard).findByText('Chưa có mô hình dự đoán.')).toBeInTheDocument();
    expect(calls.map((call) => call.path).filter((path) => path.endsWith('/forecast')).sort()).toEqual(['/api/vehicles/3/forecast', '/api/vehicles/4/forecast']);
  });

  it('is compact on /dashboard: the top items with figures, interval and evidence, without the 5,000 km line', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([]);
    api.recentlyCompletedAppointments.mockResolvedValue([]);
    api.activeOrders.mockResolvedValue(null);
    api.packageCredits.mockResolvedValue(null);
    api.savedPromotions.mockResolvedValue([]);
    api.approvals.mockResolvedValue(null);
    serveForecasts({ 3: ok(forecast()), 4: fail(404, 'Không tìm thấy xe.', 'VEHICLE_NOT_FOUND') });
    renderAccountPage('/dashboard', <DashboardPage />);
    const vehicles = await screen.findByRole('region', { name: 'Xe và lịch bảo dưỡng' });
    const scooterForecast = await within(vehicles).findByRole('region', { name: 'Dự đoán bảo dưỡng xe 29MĐ1-234.56' });
    const brakes = await within(scooterForecast).findByRole('listitem', { name: 'Má phanh' });
    expect(within(brakes).getByText('Khả năng cao (62%) cần kiểm tra trong 3 tháng tới')).toBeInTheDocument();
    expect(within(brakes).getByText('khoảng 48–75% (khoảng tin cậy 95%)')).toBeInTheDocument();
    expect(within(brakes).getByText('Dựa trên 412 lần kiểm tra, 57 lần hỏng của các xe cùng dòng VinFast Klara S.')).toBeInTheDocument();
    expect(within(brakes).getByRole('link', { name: 'Đặt lịch kiểm tra Má phanh cho xe 29MĐ1-234.56' })).toHaveAttribute('href', '/booking?vehicleId=3&service=bao-duong-phanh');
    expect(within(scooterForecast).queryByText(/Trong 5\.000 km tới/)).not.toBeInTheDocument();
    expect(within(scooterForecast).getAllByRole('listitem')).toHaveLength(3);
    expect(within(scooterForecast).getByText('Mô hình cập nhật ngày 12/05/2026')).toBeInTheDocument();

    const carForecast = within(vehicles).getByRole('region', { name: 'Dự đoán bảo dưỡng xe 30A-123.45' });
    expect(await within(carForecast).findByText('Không tải được dự đoán bảo dưỡng. Không tìm thấy xe.')).toBeInTheDocument();
  });
});
