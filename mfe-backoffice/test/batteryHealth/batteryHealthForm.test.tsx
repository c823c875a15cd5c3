import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { BatteryReport } from 'shared-contracts/schemas';
import { BatteryHealthForm } from '../../src/batteryHealth';
import { batteryHealthApi } from '../../src/batteryHealth/batteryHealthApi';
import { ChecklistsPage } from '../../src/pages/technician/ChecklistsPage';
import { technicianApi } from '../../src/technician/technicianApi';
import { checklistItem, detail } from '../technicianFixtures';

jest.mock('../../src/batteryHealth/batteryHealthApi');
jest.mock('../../src/technician/technicianApi');
jest.mock('../../src/floorEvents', () => ({ useFloorEvents: () => 'live', LiveStatus: () => null }));

const api = jest.mocked(batteryHealthApi);

function report(overrides: Partial<BatteryReport> = {}): BatteryReport {
  return {
    id: 5,
    vehicleId: 3,
    serviceOrderId: 7,
    serviceOrderCode: 'PDV261122K7QZ',
    sohPercent: 76.5,
    capacityKwh: 67.1,
    ratedCapacityKwh: 87.7,
    cellSpreadMv: 64,
    internalResistanceMohm: 80,
    temperatureC: 29,
    odometerKm: 12_500,
    tool: 'Midtronics EXP-1000',
    measuredAt: '2026-11-22T03:00:00.000Z',
    flag: 'DEGRADED',
    flagLabel: 'Pin suy giảm',
    spreadWarning: true,
    modelLabel: 'VinFast VF 8',
    centreName: 'EV Service Cầu Giấy',
    technicianName: 'Đỗ Kỹ Thuật',
    verifyCode: 'ABCDEFGH2345',
    verifyUrl: 'https://ev.example.vn/xac-minh-pin/ABCDEFGH2345',
    ...overrides,
  };
}

beforeEach(() => {
  jest.resetAllMocks();
  api.list.mockResolvedValue([]);
});

describe('"Đo sức khỏe pin" on the service order', () => {
  it('checks the figures as the server does before sending, then announces the flag the server computed', async () => {
    const user = userEvent.setup();
    api.record.mockResolvedValue(report());
    render(<BatteryHealthForm orderId={7} odometerKm={12_500} editable />);
    expect(await screen.findByText('Chưa có lần đo nào.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Số km \(ODO\)/)).toHaveValue('12500');

    await user.type(screen.getByLabelText(/SOH/), '120');
    await user.click(screen.getByRole('button', { name: 'Lưu kết quả đo' }));
    expect(screen.getByText('SOH phải từ 0 đến 100%.')).toBeInTheDocument();
    expect(screen.getByText('Vui lòng nhập thiết bị đo.')).toBeInTheDocument();
    expect(screen.getByLabelText(/SOH/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.record).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/SOH/));
    await user.type(screen.getByLabelText(/SOH/), '76,5');
    await user.type(screen.getByLabelText(/Chênh lệch điện áp cell/), '64');
    await user.type(screen.getByLabelText(/Thiết bị đo/), 'Midtronics EXP-1000');
    api.list.mockResolvedValue([report()]);
    await user.click(screen.getByRole('button', { name: 'Lưu kết quả đo' }));

    expect(api.record).toHaveBeenCalledWith(7, {
      sohPercent: 76.5,
      capacityKwh: null,
      cellSpreadMv: 64,
      internalResistanceMohm: null,
      temperatureC: null,
      odometerKm: 12_500,
      tool: 'Midtronics EXP-1000',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Đã lưu kết quả đo: Pin suy giảm.');
    const list = await screen.findByRole('list');
    expect(within(list).getByText(/SOH 76,5 % · Pin suy giảm · Lệch áp cell cao/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Chứng nhận pin ABCDEFGH2345' })).toBeInTheDocument();
  });

  it('shows the server’s Vietnamese refusal', async () => {
    const user = userEvent.setup();
    api.record.mockRejectedValue(new ApiError('Chỉ ghi kết quả đo pin khi phiếu đang làm hoặc vừa xong việc.', 409, 'CONFLICT'));
    render(<BatteryHealthForm orderId={7} odometerKm={12_500} editable />);
    await user.type(await screen.findByLabelText(/SOH/), '90');
    await user.type(screen.getByLabelText(/Thiết bị đo/), 'Fluke');
    await user.click(screen.getByRole('button', { name: 'Lưu kết quả đo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Chỉ ghi kết quả đo pin khi phiếu đang làm hoặc vừa xong việc.');
  });

  it('appears on a checklist that looks at the battery, and only there', async () => {
    const technician = jest.mocked(technicianApi);
    technician.order.mockResolvedValue(detail({ checklistItems: [checklistItem({ id: 11, code: 'BATTERY_SOH', label: 'Tình trạng pin (SOH)' })] }));
    const { unmount } = render(
      <MemoryRouter initialEntries={['/technician/checklists?order=7']}>
        <Routes>
          <Route path="/technician/checklists" element={<ChecklistsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Đo sức khỏe pin' })).toBeInTheDocument();
    unmount();

    technician.order.mockResolvedValue(detail());
    render(
      <MemoryRouter initialEntries={['/technician/checklists?order=7']}>
        <Routes>
          <Route path="/technician/checklists" element={<ChecklistsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: /PDV261122K7QZ/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Đo sức khỏe pin' })).not.toBeInTheDocument();
  });
});
