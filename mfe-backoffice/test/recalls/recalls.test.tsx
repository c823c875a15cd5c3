import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { RecallCampaign, VehicleRecall } from 'shared-contracts/schemas';
import { CheckInDialog } from '../../src/frontDesk/CheckInDialog';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { RecallFlags, RecallsPage } from '../../src/recalls';
import { recallsApi } from '../../src/recalls/recallsApi';
import { signIn, signOut } from '../partsRequestFixtures';
import { appointment, renderAt, TECHNICIANS } from '../staffFixtures';

jest.mock('../../src/recalls/recallsApi', () => ({
  recallsApi: { list: jest.fn(), create: jest.fn(), close: jest.fn(), ofVehicle: jest.fn(), ofOrder: jest.fn(), completion: jest.fn(), markNotApplicable: jest.fn() },
}));
jest.mock('../../src/frontDesk/frontDeskApi', () => ({
  frontDeskApi: { technicians: jest.fn(), bays: jest.fn(), checkIn: jest.fn(), day: jest.fn() },
}));

const api = jest.mocked(recallsApi);
const desk = jest.mocked(frontDeskApi);

const RECALL: VehicleRecall = {
  campaignId: 3,
  code: 'VF8-2611-A',
  manufacturer: 'VinFast',
  title: 'Kiểm tra giắc nối bơm nước làm mát pin',
  defect: 'Giắc nối có thể lỏng.',
  remedy: 'Thay giắc nối.',
  labourMinutes: 45,
  state: 'NOTIFIED',
  stateLabel: 'Đã báo khách',
  flag: 'Xe thuộc diện triệu hồi: VF8-2611-A – Kiểm tra giắc nối bơm nước làm mát pin',
};

const CAMPAIGN: RecallCampaign = {
  id: 3,
  code: 'VF8-2611-A',
  manufacturer: 'VinFast',
  title: 'Kiểm tra giắc nối bơm nước làm mát pin',
  defect: 'Giắc nối có thể lỏng.',
  remedy: 'Thay giắc nối.',
  labourMinutes: 45,
  parts: [],
  startsOn: '2026-11-01',
  endsOn: '2027-06-30',
  status: 'ACTIVE',
  statusLabel: 'Đang triệu hồi',
  models: [{ modelId: 9, label: 'VinFast VF 8', yearFrom: 2023, yearTo: 2024 }],
  vinRanges: [{ from: 'RLLVF8A1XPH000200', to: 'RLLVF8A1XPH000449' }],
  vinListCount: 0,
  counts: { AFFECTED: 0, NOTIFIED: 240, SCHEDULED: 6, DONE: 3, NOT_APPLICABLE: 1 },
  createdAt: '2026-11-01T01:00:00.000Z',
};

beforeEach(() => {
  jest.resetAllMocks();
  desk.technicians.mockResolvedValue(TECHNICIANS);
  api.completion.mockResolvedValue([{ centreId: 1, centreName: 'EV Care Quận 1', scheduled: 6, done: 3, completionPercent: 50 }]);
});
afterEach(signOut);

describe('the recall flag at check-in', () => {
  it('shows "Xe thuộc diện triệu hồi: <code> – <title>" with the defect and the free remedy for the booked vehicle', async () => {
    api.ofVehicle.mockResolvedValue([RECALL]);
    renderAt(<CheckInDialog appointment={appointment()} serviceBays={3} onClose={jest.fn()} onCheckedIn={jest.fn()} />);
    const flag = await screen.findByRole('alert', { name: 'Cảnh báo triệu hồi' });
    expect(flag).toHaveTextContent('Xe thuộc diện triệu hồi: VF8-2611-A – Kiểm tra giắc nối bơm nước làm mát pin');
    expect(flag).toHaveTextContent('Khắc phục miễn phí: Thay giắc nối. (khoảng 45 phút công).');
    expect(api.ofVehicle).toHaveBeenCalledWith(7, expect.anything());
  });

  it('lets the counter mark a recall as not applying to the vehicle, and drops its flag', async () => {
    signIn('staff');
    api.ofVehicle.mockResolvedValue([RECALL]);
    api.markNotApplicable.mockResolvedValue({ data: { items: [] }, message: 'Đã đánh dấu xe không thuộc diện áp dụng.' });
    const user = userEvent.setup();
    renderAt(<CheckInDialog appointment={appointment()} serviceBays={3} onClose={jest.fn()} onCheckedIn={jest.fn()} />);
    const flag = await screen.findByRole('alert', { name: 'Cảnh báo triệu hồi' });
    await user.click(within(flag).getByRole('button', { name: 'Không áp dụng cho xe này' }));
    expect(flag).toHaveTextContent('Xe này không thuộc diện VF8-2611-A');
    await user.click(within(flag).getByRole('button', { name: 'Xác nhận không áp dụng' }));
    expect(api.markNotApplicable).toHaveBeenCalledWith(3, 7);
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Cảnh báo triệu hồi' })).not.toBeInTheDocument());
  });

  it('does not offer "Không áp dụng" to a technician', async () => {
    signIn('technician');
    api.ofVehicle.mockResolvedValue([RECALL]);
    renderAt(<RecallFlags vehicleId={7} />);
    const flag = await screen.findByRole('alert', { name: 'Cảnh báo triệu hồi' });
    expect(within(flag).queryByRole('button', { name: 'Không áp dụng cho xe này' })).not.toBeInTheDocument();
  });

  it('shows nothing when the vehicle has no open recall', async () => {
    api.ofVehicle.mockResolvedValue([]);
    renderAt(<CheckInDialog appointment={appointment()} serviceBays={3} onClose={jest.fn()} onCheckedIn={jest.fn()} />);
    await waitFor(() => expect(api.ofVehicle).toHaveBeenCalled());
    expect(screen.queryByRole('alert', { name: 'Cảnh báo triệu hồi' })).not.toBeInTheDocument();
  });
});

describe('the recall flag on the technician’s work order', () => {
  it('reads the open recalls by the work order and shows the flag', async () => {
    api.ofOrder.mockResolvedValue([{ ...RECALL, state: 'SCHEDULED', stateLabel: 'Đã đặt lịch khắc phục' }]);
    renderAt(<RecallFlags serviceOrderId={55} />);
    const flag = await screen.findByRole('alert', { name: 'Cảnh báo triệu hồi' });
    expect(flag).toHaveTextContent('Xe thuộc diện triệu hồi: VF8-2611-A');
    expect(flag).toHaveTextContent('Trạng thái: Đã đặt lịch khắc phục');
    expect(api.ofOrder).toHaveBeenCalledWith(55, expect.anything());
    expect(api.ofVehicle).not.toHaveBeenCalled();
  });
});

describe('/admin/recalls', () => {
  it('lists the campaigns with their vehicles per state, and closes one after asking', async () => {
    signIn('admin');
    api.list.mockResolvedValue([CAMPAIGN]);
    api.close.mockResolvedValue({ data: { ...CAMPAIGN, status: 'CLOSED', statusLabel: 'Đã đóng' }, message: 'Đã đóng chiến dịch triệu hồi.' });
    renderAt(
      <Routes>
        <Route path="/admin/recalls" element={<RecallsPage />} />
      </Routes>,
      '/admin/recalls',
    );
    const row = await screen.findByRole('row', { name: /^VF8-2611-A/ });
    expect(row).toHaveTextContent('VinFast VF 8 · 1 dải VIN');
    expect(row).toHaveTextContent('01/11/2026 – 30/06/2027');
    expect(row).toHaveTextContent('Đã báo khách: 240');
    expect(row).toHaveTextContent('Đã khắc phục: 3');
    expect(await screen.findByText(/3\/6 xe đã khắc phục \(50%\)/)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Đóng chiến dịch VF8-2611-A' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Đóng chiến dịch' }));
    expect(api.close).toHaveBeenCalledWith(3);
    expect(await screen.findByText('Đã đóng chiến dịch VF8-2611-A.')).toBeInTheDocument();
  });

  it('creates a campaign by a VIN range and shows the server’s refusal per field', async () => {
    signIn('admin');
    api.list.mockResolvedValue([]);
    api.create.mockResolvedValue({ data: CAMPAIGN, message: 'Đã tạo chiến dịch triệu hồi.' });
    renderAt(
      <Routes>
        <Route path="/admin/recalls" element={<RecallsPage />} />
      </Routes>,
      '/admin/recalls',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Tạo chiến dịch' }));
    const dialog = screen.getByRole('dialog', { name: 'Tạo chiến dịch triệu hồi' });
    const type = (label: string, text: string) => userEvent.type(within(dialog).getByLabelText(label), text);
    await type('Mã chiến dịch', 'VF8-2611-A');
    await type('Tên chiến dịch', 'Kiểm tra giắc nối bơm nước làm mát pin');
    await type('Lỗi', 'Giắc nối có thể lỏng.');
    await type('Cách khắc phục', 'Thay giắc nối.');
    await type('Thời gian công (phút)', '45');
    await type('Ngày bắt đầu', '2026-11-01');
    await type('VIN đầu dải', 'RLLVF8A1XPH000200');
    await type('VIN cuối dải', 'RLLVF8A1XPH000449');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo và báo khách' }));
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'VF8-2611-A', manufacturer: 'VinFast', labourMinutes: 45, startsOn: '2026-11-01', endsOn: null, models: [], vinRanges: [{ from: 'RLLVF8A1XPH000200', to: 'RLLVF8A1XPH000449' }], vinCsv: null }),
    );
    expect(await screen.findByText('Đã tạo chiến dịch VF8-2611-A: 250 xe thuộc diện, chủ xe đã được báo.')).toBeInTheDocument();
  });
});
