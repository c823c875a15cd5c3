import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, formatVnd, sessionStore } from 'shared-contracts';
import type { CustomerServiceOrder, ServiceInvoice } from 'shared-contracts/schemas';
import { DashboardPage } from '../../../src/pages/dashboard/DashboardPage';
import type { AppointmentEventsOptions } from '../../../src/service/appointmentEvents';
import { serviceApi } from '../../../src/service/serviceApi';
import { fail, logIn, mockFetch, ok, renderAccountPage, type FakeReply } from '../../helpers';
import { summary } from '../../loyaltyFixtures';
import { appointment, car, credit, order, savedPromotion, vehicle } from '../../serviceFixtures';

jest.mock('../../../src/service/serviceApi');
const mockStream: { options: AppointmentEventsOptions | null; stop: jest.Mock } = { options: null, stop: jest.fn() };
jest.mock('../../../src/service/appointmentEvents', () => ({
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
  // the reset took the setup's fetch answer too: the calls not mocked here (the points) answer 404 again
  mockFetch(() => ({ status: 404 }));
  mockStream.options = null;
  api.upcomingAppointments.mockResolvedValue([tomorrowVisit, confirmedVisit]);
  api.vehicles.mockResolvedValue([vehicle(), car()]);
  api.activeOrders.mockResolvedValue(null);
  api.packageCredits.mockResolvedValue(null);
  api.savedPromotions.mockResolvedValue([savedPromotion()]);
  api.recentlyCompletedAppointments.mockResolvedValue([]);
  api.appointmentServiceOrder.mockResolvedValue(null);
  api.appointmentInspection.mockResolvedValue(null);
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
    expect(within(shortcuts).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/my-vehicles', '/maintenance-history', '/orders', '/wishlist', '/profile']);
    // the shop's endpoints answered 404: no section for them
    expect(screen.queryByRole('region', { name: 'Đơn hàng đang xử lý' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Gói dịch vụ còn lại' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Điểm thưởng' })).not.toBeInTheDocument();
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
    // the car is at the centre: its service order is asked for (none yet here)
    await act(async () => undefined);
    expect(api.appointmentServiceOrder).toHaveBeenCalledWith(31, expect.anything());
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

// ---------------------------------------------------------------------------------------------------------
// The car's work at the centre: the service order's live label and its invoice

const atCentre = appointment({ status: 'IN_PROGRESS', statusLabel: 'Đang thực hiện', canCancel: false, canReschedule: false });

function serviceOrder(overrides: Partial<CustomerServiceOrder> = {}): CustomerServiceOrder {
  return {
    appointmentId: 31,
    code: 'PDV261124K7QZ',
    status: 'OPEN',
    statusLabel: 'Đã tiếp nhận',
    pendingApprovals: 0,
    openedAt: '2026-11-24T01:55:00.000Z',
    lines: [
      { id: 1, kind: 'service', name: 'Bảo dưỡng cơ bản', quantity: 1, unitPrice: 250_000, lineTotal: 250_000, source: 'booked' },
      { id: 2, kind: 'service', name: 'Kiểm tra pin & BMS', quantity: 1, unitPrice: 300_000, lineTotal: 300_000, source: 'booked' },
    ],
    invoice: null,
    ...overrides,
  };
}

function invoice(overrides: Partial<ServiceInvoice> = {}): ServiceInvoice {
  return {
    id: 5,
    code: 'HD261124A2B4',
    subtotalServices: 550_000,
    subtotalParts: 0,
    packageDiscount: 250_000,
    total: 300_000,
    pointsUsed: 0,
    pointsValue: 0,
    paymentMethod: null,
    paymentStatus: 'UNPAID',
    issuedAt: '2026-11-24T04:00:00.000Z',
    paidAt: null,
    vietQr: { imageDataUrl: 'data:image/svg+xml;base64,PHN2Zz4=', content: 'HD261124A2B4' },
    ...overrides,
  };
}

function pushServiceOrder(status: string, pendingApprovals = 0, appointmentId = 31) {
  act(() =>
    mockStream.options!.onServiceOrder!({
      appointmentId,
      serviceOrderId: 7,
      serviceOrderCode: 'PDV261124K7QZ',
      status,
      statusLabel: 'nhãn của nhân viên',
      pendingApprovals,
      at: new Date().toISOString(),
    }),
  );
}

const progressOf = (code: string) => within(visit(code)).getByTestId('service-order-status');

describe('/dashboard: the service order of a car at the centre', () => {
  it('fetches the service order of an appointment at the centre, not of one still to come', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([atCentre, confirmedVisit]);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'IN_PROGRESS', statusLabel: 'Đang làm' }));
    renderAccountPage('/dashboard', <DashboardPage />);
    expect(await within(await screen.findByRole('article', { name: 'LH2611A7K3Q' })).findByTestId('service-order-status')).toHaveTextContent('Đang thực hiện');
    expect(within(visit('LH2611A7K3Q')).getByRole('heading', { name: 'Phiếu dịch vụ PDV261124K7QZ' })).toBeInTheDocument();
    expect(within(visit('LH2611A7K3Q')).getByText('Đang thực hiện', { selector: 'li' })).toHaveAttribute('aria-current', 'step');
    expect(api.appointmentServiceOrder).toHaveBeenCalledTimes(1);
    expect(api.appointmentServiceOrder).toHaveBeenCalledWith(31, expect.anything());
    expect(within(visit('LH2611B8M4R')).queryByTestId('service-order-status')).not.toBeInTheDocument();
  });

  it('updates the label live from the service-order event, announces it, and fetches the order again', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([appointment({ status: 'CHECKED_IN', statusLabel: 'Đã tiếp nhận', canCancel: false })]);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder());
    renderAccountPage('/dashboard', <DashboardPage />);
    expect(await within(await screen.findByRole('article', { name: 'LH2611A7K3Q' })).findByTestId('service-order-status')).toHaveTextContent('Đã tiếp nhận');

    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'IN_PROGRESS', statusLabel: 'Đang làm' }));
    pushServiceOrder('IN_PROGRESS');
    // the customer's wording, at once (not the staff label the event also carries)
    expect(progressOf('LH2611A7K3Q')).toHaveTextContent('Đang thực hiện');
    expect(screen.getByText('Lịch hẹn LH2611A7K3Q: Đang thực hiện')).toHaveAttribute('aria-live', 'polite');

    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'IN_PROGRESS', pendingApprovals: 2 }));
    pushServiceOrder('IN_PROGRESS', 2);
    expect(progressOf('LH2611A7K3Q')).toHaveTextContent('Cần bạn duyệt (2)');
    expect(screen.getByText('Lịch hẹn LH2611A7K3Q: Cần bạn duyệt (2)')).toBeInTheDocument();

    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'WORK_DONE' }));
    pushServiceOrder('WORK_DONE');
    expect(progressOf('LH2611A7K3Q')).toHaveTextContent('Xe đã xong – chờ thanh toán');
    await act(async () => undefined);
    expect(api.appointmentServiceOrder).toHaveBeenCalledTimes(4);
    expect(api.upcomingAppointments).toHaveBeenCalledTimes(1);
  });

  it('shows the invoice once invoiced (lines, package discount, total in VND) with its VietQR code, then the paid state', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([atCentre]);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'WORK_DONE' }));
    renderAccountPage('/dashboard', <DashboardPage />);
    expect(await within(await screen.findByRole('article', { name: 'LH2611A7K3Q' })).findByTestId('service-order-status')).toHaveTextContent('Xe đã xong – chờ thanh toán');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'INVOICED', invoice: invoice() }));
    pushServiceOrder('INVOICED');
    const table = await within(visit('LH2611A7K3Q')).findByRole('table', { name: 'Hoá đơn HD261124A2B4' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Hạng mục', 'SL', 'Thành tiền'],
      ['Bảo dưỡng cơ bản', '1', formatVnd(250_000)],
      ['Kiểm tra pin & BMS', '1', formatVnd(300_000)],
      ['Tiền dịch vụ', formatVnd(550_000)],
      ['Giảm giá theo gói', `−${formatVnd(250_000)}`],
      ['Tổng cộng', formatVnd(300_000)],
    ]);
    expect(within(visit('LH2611A7K3Q')).getByText('Chưa thanh toán')).toBeInTheDocument();
    expect(within(visit('LH2611A7K3Q')).getByRole('img', { name: 'Mã VietQR thanh toán hoá đơn HD261124A2B4' })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zz4=');
    expect(within(visit('LH2611A7K3Q')).getByText('HD261124A2B4', { selector: 'dd span' })).toBeInTheDocument();

    api.appointmentServiceOrder.mockResolvedValue(
      serviceOrder({ status: 'CLOSED', invoice: invoice({ paymentStatus: 'PAID', paymentMethod: 'CASH', paidAt: '2026-11-24T04:30:00.000Z', vietQr: null }) }),
    );
    pushServiceOrder('CLOSED');
    expect(progressOf('LH2611A7K3Q')).toHaveTextContent('Đã thanh toán');
    expect(await within(visit('LH2611A7K3Q')).findByText('Đã thanh toán lúc 11:30 24/11/2026. (Tiền mặt)')).toBeInTheDocument();
    expect(within(visit('LH2611A7K3Q')).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a line the warranty or the centre paid at 0 ₫ with its tag and struck-through worth, and the total the API sent', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([atCentre]);
    const lines: CustomerServiceOrder['lines'] = [
      { id: 1, kind: 'service', name: 'Bảo dưỡng cơ bản', quantity: 1, unitPrice: 250_000, lineTotal: 250_000, source: 'booked', payer: 'CUSTOMER' },
      { id: 2, kind: 'part', name: 'Bộ điều khiển động cơ', quantity: 1, unitPrice: 1_850_000, lineTotal: 1_850_000, source: 'parts_request', payer: 'WARRANTY' },
      { id: 3, kind: 'service', name: 'Kiểm tra pin & BMS', quantity: 1, unitPrice: 300_000, lineTotal: 300_000, source: 'booked', payer: 'GOODWILL' },
    ];
    const covered = invoice({ subtotalServices: 250_000, packageDiscount: 0, warrantyCovered: 1_850_000, goodwillCovered: 300_000, total: 250_000 });
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'INVOICED', lines, invoice: covered }));
    renderAccountPage('/dashboard', <DashboardPage />);
    const table = await within(await screen.findByRole('article', { name: 'LH2611A7K3Q' })).findByRole('table', { name: 'Hoá đơn HD261124A2B4' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Hạng mục', 'SL', 'Thành tiền'],
      ['Bảo dưỡng cơ bản', '1', formatVnd(250_000)],
      ['Bộ điều khiển động cơ Bảo hành hãng', '1', `Giá trị ${formatVnd(1_850_000)}bạn trả ${formatVnd(0)}`],
      ['Kiểm tra pin & BMS Trung tâm hỗ trợ', '1', `Giá trị ${formatVnd(300_000)}bạn trả ${formatVnd(0)}`],
      ['Tiền dịch vụ', formatVnd(250_000)],
      ['Được bảo hành chi trả', formatVnd(1_850_000)],
      ['Trung tâm hỗ trợ', formatVnd(300_000)],
      ['Tổng cộng', formatVnd(250_000)],
    ]);
    // the worth is crossed out, not what the customer owes; the tag names who paid
    // (getByText folds the no-break space Intl puts before ₫)
    expect(within(table).getByText(formatVnd(1_850_000).replace(/\s/g, ' '), { selector: 's', exact: false })).toBeInTheDocument();
    expect(within(table).getByText('Bảo hành hãng')).toHaveClass('badge');
    expect(within(table).getByTestId('invoice-total').textContent).toBe(formatVnd(250_000));
  });

  it('keeps a car just serviced on the dashboard with its unpaid invoice after it left the upcoming list', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([confirmedVisit]);
    api.recentlyCompletedAppointments.mockResolvedValue([appointment({ status: 'COMPLETED', statusLabel: 'Hoàn thành', canCancel: false, canReschedule: false })]);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'INVOICED', invoice: invoice() }));
    renderAccountPage('/dashboard', <DashboardPage />);
    const done = await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    expect(await within(done).findByRole('img', { name: 'Mã VietQR thanh toán hoá đơn HD261124A2B4' })).toBeInTheDocument();
    // one status, the service order's: invoiced and unpaid is not 'Hoàn thành'
    expect(within(done).getByTestId('service-order-status')).toHaveTextContent('Xe đã xong – chờ thanh toán');
    expect(within(done).queryByText(/Hoàn thành/)).not.toBeInTheDocument();
    expect(within(done).getByTestId('invoice-total').textContent).toBe(formatVnd(300_000)); // 300.000 ₫ (with a no-break space)
    expect(within(done).queryByRole('button', { name: /Hủy lịch hẹn/ })).not.toBeInTheDocument();
  });

  it('still shows the upcoming appointments when the recent ones cannot be read, and a service order that cannot be read says so', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([atCentre]);
    api.recentlyCompletedAppointments.mockRejectedValue(new ApiError('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 503, 'HTTP_503'));
    api.appointmentServiceOrder.mockRejectedValueOnce(new ApiError('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 503, 'HTTP_503'));
    api.appointmentServiceOrder.mockResolvedValueOnce(serviceOrder({ status: 'IN_PROGRESS' }));
    renderAccountPage('/dashboard', <DashboardPage />);
    const card = await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    expect(await within(card).findByText('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Thử lại' }));
    expect(await within(card).findByTestId('service-order-status')).toHaveTextContent('Đang thực hiện');
  });

  it('fetches the list again for a service order of an appointment it does not show, and every order after a reconnection', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([atCentre]);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'IN_PROGRESS' }));
    renderAccountPage('/dashboard', <DashboardPage />);
    await within(await screen.findByRole('article', { name: 'LH2611A7K3Q' })).findByTestId('service-order-status');
    pushServiceOrder('OPEN', 0, 99);
    await act(async () => undefined);
    expect(api.upcomingAppointments).toHaveBeenCalledTimes(2);
    await act(async () => mockStream.options!.onOpen!({ reconnected: true }));
    expect(api.upcomingAppointments).toHaveBeenCalledTimes(3);
    expect(api.appointmentServiceOrder).toHaveBeenCalledTimes(2);
  });
});

describe('/dashboard: the points card', () => {
  /** GET /api/loyalty/me answers `reply`; every other call the default 404. */
  function servePoints(reply: FakeReply) {
    return mockFetch((call) => (call.path === '/api/loyalty/me' ? reply : { status: 404 }));
  }
  const pointsCalls = (calls: Array<{ path: string }>) => calls.filter((call) => call.path === '/api/loyalty/me').length;

  it('shows the balance, its worth and the nearest expiry, leading to /loyalty, from one request', async () => {
    logIn();
    const { calls } = servePoints(ok(summary()));
    renderAccountPage('/dashboard', <DashboardPage />);
    const card = await screen.findByRole('region', { name: 'Điểm thưởng' });
    expect(within(card).getByTestId('dashboard-loyalty-balance')).toHaveTextContent(/^1\.250 điểm · trị giá 12\.500\s₫$/);
    expect(within(card).getByText('200 điểm sẽ hết hạn ngày 15/03/2027.')).toBeInTheDocument();
    expect(within(card).getByTestId('dashboard-loyalty-tier')).toHaveTextContent('Hạng Bạc');
    expect(within(card).getByRole('link', { name: 'Xem chi tiết' })).toHaveAttribute('href', '/loyalty');
    expect(pointsCalls(calls)).toBe(1);
  });

  it('tells of a debt left by a refund, and of no lot expiring', async () => {
    logIn();
    servePoints(ok(summary({ balance: -120, balanceValue: -1_200, expiring: [] })));
    renderAccountPage('/dashboard', <DashboardPage />);
    const card = await screen.findByRole('region', { name: 'Điểm thưởng' });
    expect(within(card).getByTestId('dashboard-loyalty-balance')).toHaveTextContent(/^-120 điểm$/);
    expect(within(card).getByText('Đang nợ 120 điểm do đơn đã hoàn tiền.')).toBeInTheDocument();
    expect(within(card).getByText('Chưa có điểm nào sắp hết hạn.')).toBeInTheDocument();
  });

  it('says there are no points yet', async () => {
    logIn();
    servePoints(ok(summary({ balance: 0, balanceValue: 0, expiring: [], history: [] })));
    renderAccountPage('/dashboard', <DashboardPage />);
    const card = await screen.findByRole('region', { name: 'Điểm thưởng' });
    expect(within(card).getByText('Bạn chưa có điểm thưởng nào.')).toBeInTheDocument();
    expect(within(card).queryByTestId('dashboard-loyalty-balance')).not.toBeInTheDocument();
  });

  it('explains a failed read and reads again on "Thử lại"', async () => {
    logIn();
    let reply: FakeReply = fail(503, 'Hệ thống đang bận, vui lòng thử lại.');
    const { calls } = mockFetch((call) => (call.path === '/api/loyalty/me' ? reply : { status: 404 }));
    renderAccountPage('/dashboard', <DashboardPage />);
    const card = await screen.findByRole('region', { name: 'Điểm thưởng' });
    expect(within(card).getByRole('alert')).toHaveTextContent('Hệ thống đang bận, vui lòng thử lại.');
    reply = ok(summary());
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Thử lại' }));
    // a fresh read puts the cards back in their loading place: the card is rendered anew
    expect(await screen.findByTestId('dashboard-loyalty-balance')).toHaveTextContent(/^1\.250 điểm/);
    expect(pointsCalls(calls)).toBe(2);
  });
});
