import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { VehicleRecall } from 'shared-contracts/schemas';
import { RecallNotice } from '../../src/recalls';
import { recallsApi } from '../../src/recalls/recallsApi';

jest.mock('../../src/recalls/recallsApi');
const api = jest.mocked(recallsApi);

const RECALL: VehicleRecall = {
  campaignId: 4,
  code: 'VF5-2611-01',
  manufacturer: 'VinFast',
  title: 'Kiểm tra bulông giá bắt mô-tơ gạt mưa',
  defect: 'Bulông có thể không được siết đủ lực.',
  remedy: 'Siết lại bulông theo lực quy định.',
  labourMinutes: 30,
  state: 'NOTIFIED',
  stateLabel: 'Đã báo khách',
  flag: 'Xe thuộc diện triệu hồi: VF5-2611-01 – Kiểm tra bulông giá bắt mô-tơ gạt mưa',
};

beforeEach(() => jest.resetAllMocks());

const renderNotice = () =>
  render(
    <MemoryRouter>
      <RecallNotice vehicle={{ id: 3, licensePlate: '30K-567.89' }} />
    </MemoryRouter>,
  );

describe('the recall notice on "Xe của tôi"', () => {
  it('shows the flag, the free remedy and offers to book it for this vehicle and campaign', async () => {
    api.ofVehicle.mockResolvedValue([RECALL]);
    renderNotice();
    const notice = await screen.findByRole('alert', { name: 'Triệu hồi của xe 30K-567.89' });
    expect(notice).toHaveTextContent('Xe thuộc diện triệu hồi: VF5-2611-01 – Kiểm tra bulông giá bắt mô-tơ gạt mưa');
    expect(notice).toHaveTextContent('Khắc phục miễn phí (0 ₫): Siết lại bulông theo lực quy định. Khoảng 30 phút.');
    expect(screen.getByRole('link', { name: 'Đặt lịch khắc phục VF5-2611-01 cho xe 30K-567.89' })).toHaveAttribute('href', '/booking?vehicleId=3&recall=4');
    expect(api.ofVehicle).toHaveBeenCalledWith(3, expect.anything());
  });

  it('no longer offers a booking once the remedy is booked, and shows nothing without a recall', async () => {
    api.ofVehicle.mockResolvedValueOnce([{ ...RECALL, state: 'SCHEDULED', stateLabel: 'Đã đặt lịch khắc phục' }]);
    const { unmount } = renderNotice();
    expect(await screen.findByText('Trạng thái: Đã đặt lịch khắc phục')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Đặt lịch khắc phục/ })).not.toBeInTheDocument();
    unmount();
    api.ofVehicle.mockResolvedValueOnce([]);
    renderNotice();
    await waitFor(() => expect(api.ofVehicle).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
