import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, sessionStore } from 'shared-contracts';
import { DashboardPage } from '../src/pages/dashboard/DashboardPage';
import type { AppointmentEventsOptions } from '../src/service/appointmentEvents';
import { serviceApi } from '../src/service/serviceApi';
import { logIn, renderAccountPage } from './helpers';
import { appointment, car, credit, order, savedPromotion, vehicle } from './serviceFixtures';

jest.mock('../src/service/serviceApi');
const mockStream: { options: AppointmentEventsOptions | null; stop: jest.Mock } = { options: null, stop: jest.fn() };
jest.mock('../src/service/appointmentEvents', () => ({
  subscribeAppointmentEvents: (options: AppointmentEventsOptions) => {
    mockStream.options = options;
    return mockStream.stop;
  },
}));

const api = serviceApi as jest.Mocked<typeof serviceApi>;
const tomorrowVisit = appointment();
const confirmedVisit = appointment({ id: 32, code: 'LH2611B8M4R', status: 'CONFIRMED', statusLabel: 'Đã xác nhận', start: '2026-11-28T07:30:00.000Z' });

beforeEach(() => {
  jest.resetAllMocks();
  mockStream.options = null;
  api.upcomingAppointments.mockResolvedValue([tomorrowVisit, confirmedVisit]);
  api.vehicles.mockResolvedValue([vehicle(), car()]);
  api.activeOrders.mockResolvedValue(null);
  api.packageCredits.mockResolvedValue(null);
  api.savedPromotions.mockResolvedValue([savedPromotion()]);
});
afterEach(() => sessionStore.clear());

const section = (name: string) => screen.getByRole('region', { name });
const visit = (code: string) => within(section('Lịch hẹn sắp tới')).getByRole('article', { name: code });

function pushStatus(appointmentId: number, code: string, status: string, statusLabel: string) {
  act(() => mockStream.options!.onStatus({ appointmentId, code, status, statusLabel, at: '2026-11-22T08:00:00.000Z' }));
}

describe('/dashboard', () => {
  it('offers a guest the login page, and opens no status stream', () => {
    renderAccountPage('/dashboard', <DashboardPage />);
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/auth/login?redirect=%2Fdashboard');
    expect(mockStream.options).toBeNull();
  });

  it('shows upcoming appointments with their status, vehicles with their next maintenance, saved promotions and the shortcuts', async () => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);
    const first = await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    expect(within(first).getByTestId('appointment-status')).toHaveTextContent('Chờ xác nhận');
    expect(within(first).getByText('09:00 24/11/2026')).toBeInTheDocument();
    expect(within(first).getByText('EV Service Cầu Giấy')).toBeInTheDocument();
    expect(within(first).getByText('29MĐ1-234.56 · VinFast Klara S')).toBeInTheDocument();
    expect(within(visit('LH2611B8M4R')).getByTestId('appointment-status')).toHaveTextContent('Đã xác nhận');

    const vehicles = section('Xe và lịch bảo dưỡng');
    expect(await within(vehicles).findByText('Đã đến hạn bảo dưỡng')).toBeInTheDocument();
    expect(within(vehicles).getByRole('link', { name: 'Đặt lịch bảo dưỡng cho xe 29MĐ1-234.56' })).toHaveAttribute('href', '/booking?vehicleId=3&service=bao-duong-co-ban');
    expect(within(await screen.findByRole('region', { name: 'Ưu đãi đã lưu' })).getByText('NEWUSER20')).toBeInTheDocument();

    const shortcuts = screen.getByRole('navigation', { name: 'Lối tắt tài khoản' });
    expect(within(shortcuts).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/my-vehicles', '/maintenance-history', '/orders', '/profile']);
    // the shop's endpoints answered 404: no section for them
    expect(screen.queryByRole('region', { name: 'Đơn hàng đang xử lý' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Gói dịch vụ còn lại' })).not.toBeInTheDocument();
  });

  it('shows active orders linking to their page and the package credits left, once the shop answers', async () => {
    logIn();
    api.activeOrders.mockResolvedValue([order()]);
    api.packageCredits.mockResolvedValue([credit()]);
    renderAccountPage('/dashboard', <DashboardPage />);
    const orders = await screen.findByRole('region', { name: 'Đơn hàng đang xử lý' });
    expect(within(orders).getByRole('link', { name: 'Đơn EV2611220001' })).toHaveAttribute('href', '/orders/EV2611220001');
    expect(within(orders).getByText('Đang giao hàng')).toBeInTheDocument();
    expect(within(orders).getByText(/Cáp sạc Type 2 và 1 sản phẩm khác · 1\.250\.000\s₫ · 20\/11\/2026/)).toBeInTheDocument();
    const credits = section('Gói dịch vụ còn lại');
    expect(within(credits).getByText('Gói tiêu chuẩn: Bảo dưỡng nâng cao')).toBeInTheDocument();
    expect(within(credits).getByText('Còn 3/4 lượt · hạn dùng đến 30/06/2027')).toBeInTheDocument();
    expect(within(credits).getByRole('link', { name: 'Dùng gói để đặt lịch' })).toHaveAttribute('href', '/booking?packageCredit=9');
  });

  it('updates a status changed by staff in place, without reloading, and announces it', async () => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    expect(mockStream.options).not.toBeNull();
    expect(within(visit('LH2611A7K3Q')).getByRole('button', { name: 'Hủy lịch hẹn LH2611A7K3Q' })).toBeInTheDocument();

    pushStatus(31, 'LH2611A7K3Q', 'CONFIRMED', 'Đã xác nhận');
    expect(within(visit('LH2611A7K3Q')).getByTestId('appointment-status')).toHaveTextContent('Đã xác nhận');
    expect(screen.getByText('Lịch hẹn LH2611A7K3Q: Đã xác nhận')).toHaveAttribute('aria-live', 'polite');

    pushStatus(31, 'LH2611A7K3Q', 'CHECKED_IN', 'Đã tiếp nhận');
    expect(within(visit('LH2611A7K3Q')).getByTestId('appointment-status')).toHaveTextContent('Đã tiếp nhận');
    // the car is at the centre: no more cancelling from here
    expect(within(visit('LH2611A7K3Q')).queryByRole('button', { name: /Hủy lịch hẹn/ })).not.toBeInTheDocument();
    expect(within(visit('LH2611B8M4R')).getByTestId('appointment-status')).toHaveTextContent('Đã xác nhận');
    expect(api.upcomingAppointments).toHaveBeenCalledTimes(1);
  });

  it('fetches the appointments again after the stream reconnects, and for a change to an appointment it does not know', async () => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    api.upcomingAppointments.mockResolvedValue([tomorrowVisit, confirmedVisit, appointment({ id: 40, code: 'LH2611C9P5S', statusLabel: 'Đã xác nhận', status: 'CONFIRMED' })]);
    pushStatus(40, 'LH2611C9P5S', 'CONFIRMED', 'Đã xác nhận');
    expect(await screen.findByRole('article', { name: 'LH2611C9P5S' })).toBeInTheDocument();
    await act(async () => mockStream.options!.onOpen!({ reconnected: true }));
    expect(api.upcomingAppointments).toHaveBeenCalledTimes(3);
  });

  it('cancels an appointment after a confirmation', async () => {
    logIn();
    api.cancelAppointment.mockResolvedValue(appointment({ status: 'CANCELLED', statusLabel: 'Đã hủy', canCancel: false, canReschedule: false }));
    renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    await userEvent.click(within(visit('LH2611A7K3Q')).getByRole('button', { name: 'Hủy lịch hẹn LH2611A7K3Q' }));
    const confirm = within(visit('LH2611A7K3Q')).getByRole('group', { name: 'Hủy lịch hẹn LH2611A7K3Q' });
    expect(confirm).toHaveTextContent('Hủy lịch hẹn LH2611A7K3Q lúc 09:00 24/11/2026?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Giữ lịch hẹn' }));
    expect(api.cancelAppointment).not.toHaveBeenCalled();

    await userEvent.click(within(visit('LH2611A7K3Q')).getByRole('button', { name: 'Hủy lịch hẹn LH2611A7K3Q' }));
    await userEvent.click(within(visit('LH2611A7K3Q')).getByRole('button', { name: 'Xác nhận hủy' }));
    expect(api.cancelAppointment).toHaveBeenCalledWith(31);
    expect(await within(visit('LH2611A7K3Q')).findByText('Đã hủy')).toBeInTheDocument();
    expect(within(visit('LH2611A7K3Q')).queryByRole('button', { name: /Hủy lịch hẹn/ })).not.toBeInTheDocument();
    expect(screen.getByText('Đã hủy lịch hẹn LH2611A7K3Q.')).toBeInTheDocument();
  });

  it("shows the server's refusal to cancel inside the cut-off", async () => {
    logIn();
    api.cancelAppointment.mockRejectedValue(
      new ApiError('Chỉ có thể hủy hoặc đổi lịch trước giờ hẹn ít nhất 2 giờ', 409, 'CHANGE_TOO_LATE', [], { success: false, message: 'Chỉ có thể hủy hoặc đổi lịch trước giờ hẹn ít nhất 2 giờ' }),
    );
    renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    await userEvent.click(within(visit('LH2611A7K3Q')).getByRole('button', { name: 'Hủy lịch hẹn LH2611A7K3Q' }));
    await userEvent.click(within(visit('LH2611A7K3Q')).getByRole('button', { name: 'Xác nhận hủy' }));
    expect(await within(visit('LH2611A7K3Q')).findByRole('alert')).toHaveTextContent('Chỉ có thể hủy hoặc đổi lịch trước giờ hẹn ít nhất 2 giờ');
    expect(within(visit('LH2611A7K3Q')).getByTestId('appointment-status')).toHaveTextContent('Chờ xác nhận');
  });

  it('closes the status stream when leaving the page', async () => {
    logIn();
    const { unmount } = renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    unmount();
    expect(mockStream.stop).toHaveBeenCalled();
  });
});
