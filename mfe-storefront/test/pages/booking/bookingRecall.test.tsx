import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import { addCalendarDays, vietnamDateOf } from 'shared-contracts/calendar';
import type { VehicleRecall } from 'shared-contracts/schemas';
import { bookingApi } from '../../../src/pages/booking/bookingApi';
import { appointment, availability, vehicle } from '../../support/bookingFixtures';
import { answerWithFixtures, renderAt } from '../../support/render';

jest.mock('../../../src/api/storefrontApi');
jest.mock('../../../src/pages/booking/bookingApi');

const booking = bookingApi as jest.Mocked<typeof bookingApi>;
const customer = { id: '42', fullName: 'Nguyễn Minh Anh', email: 'khachhang@evshop.vn', role: 'customer' as const, emailVerified: true, avatar: null };
const TOMORROW = addCalendarDays(vietnamDateOf(new Date()), 1);
const RECALL: VehicleRecall = {
  campaignId: 4,
  code: 'VF5-2611-01',
  manufacturer: 'VinFast',
  title: 'Kiểm tra bulông giá bắt mô-tơ gạt mưa',
  defect: 'Bulông có thể không được siết đủ lực.',
  remedy: 'Siết lại bulông theo lực quy định.',
  labourMinutes: 60,
  state: 'NOTIFIED',
  stateLabel: 'Đã báo khách',
  flag: 'Xe thuộc diện triệu hồi: VF5-2611-01 – Kiểm tra bulông giá bắt mô-tơ gạt mưa',
};

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
  act(() => sessionStore.save({ token: 'access-token', refreshToken: 'refresh-token', user: customer }));
  booking.vehicles.mockResolvedValue([vehicle(), vehicle({ id: 4, type: 'car', brand: 'VinFast', model: 'VF 5', licensePlate: '30K-567.89' })]);
  booking.packageCredits.mockResolvedValue([]);
  booking.recalls.mockImplementation(async (vehicleId) => (vehicleId === 4 ? [RECALL] : []));
  booking.availability.mockImplementation(async (centreId, date) => availability(date, ['08:00', '09:00', '10:00'], [], centreId));
  booking.book.mockResolvedValue({ kind: 'booked', appointment: appointment() });
});
afterEach(() => act(() => sessionStore.clear()));

const panel = () => screen.getByRole('region', { name: /^Bước|Đặt lịch thành công/ });
const next = () => userEvent.click(within(panel()).getByRole('button', { name: 'Tiếp tục' }));

describe('"Đặt lịch khắc phục": a recall’s remedy in the booking wizard', () => {
  it('ticks the remedy the link asked for, takes its time, shows it free and sends the campaign', async () => {
    renderAt('/booking?vehicleId=4&recall=4');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    await next();
    await screen.findByRole('heading', { name: 'Bước 2: Chọn dịch vụ' });
    const remedy = await screen.findByRole('checkbox', { name: /Đặt lịch khắc phục VF5-2611-01 – Kiểm tra bulông giá bắt mô-tơ gạt mưa/ });
    expect(remedy).toBeChecked();
    expect(screen.getByText(/Siết lại bulông theo lực quy định\. · 0/)).toBeInTheDocument();
    // the remedy alone is enough to go on
    await next();
    await screen.findByRole('heading', { name: 'Bước 3: Chọn trung tâm' });
    await userEvent.click(screen.getByRole('radio', { name: /EV Service Cầu Giấy/ }));
    await next();
    await screen.findByRole('heading', { name: 'Bước 4: Chọn ngày và giờ' });
    fireEvent.change(screen.getByLabelText('Ngày hẹn'), { target: { value: TOMORROW } });
    await userEvent.click(await screen.findByRole('radio', { name: /^09:00/ }));
    expect(booking.availability).toHaveBeenLastCalledWith(2, TOMORROW, 60, expect.anything());
    await next();
    await screen.findByRole('heading', { name: 'Bước 5: Ghi chú cho kỹ thuật viên' });
    await next();
    await screen.findByRole('heading', { name: 'Bước 6: Xác nhận lịch hẹn' });
    expect(within(panel()).getByText(/Khắc phục triệu hồi VF5-2611-01 \(miễn phí\)/)).toBeInTheDocument();
    await userEvent.click(within(panel()).getByRole('button', { name: 'Đặt lịch' }));
    expect(booking.book).toHaveBeenCalledWith(expect.objectContaining({ vehicleId: 4, serviceIds: [], recallCampaignIds: [4] }));
  });

  it('offers nothing for a vehicle without an open recall', async () => {
    renderAt('/booking?vehicleId=3');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    await next();
    await screen.findByRole('heading', { name: 'Bước 2: Chọn dịch vụ' });
    expect(booking.recalls).toHaveBeenCalledWith(3, expect.anything());
    expect(screen.queryByRole('group', { name: /Triệu hồi của xe/ })).not.toBeInTheDocument();
  });
});
