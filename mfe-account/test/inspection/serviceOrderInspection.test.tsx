import { act, screen, within } from '@testing-library/react';
import { sessionStore } from 'shared-contracts';
import type { CustomerInspection, CustomerServiceOrder } from 'shared-contracts/schemas';
import { DashboardPage } from '../../src/pages/dashboard/DashboardPage';
import type { AppointmentEventsOptions } from '../../src/service/appointmentEvents';
import { serviceApi } from '../../src/service/serviceApi';
import { logIn, renderAccountPage } from '../helpers';
import { appointment, savedPromotion } from '../serviceFixtures';

jest.mock('../../src/service/serviceApi');
const mockStream: { options: AppointmentEventsOptions | null } = { options: null };
jest.mock('../../src/service/appointmentEvents', () => ({
  subscribeAppointmentEvents: (options: AppointmentEventsOptions) => {
    mockStream.options = options;
    return () => undefined;
  },
}));

const api = serviceApi as jest.Mocked<typeof serviceApi>;

function serviceOrder(overrides: Partial<CustomerServiceOrder> = {}): CustomerServiceOrder {
  return {
    appointmentId: 31,
    code: 'PDV261124K7QZ',
    status: 'IN_PROGRESS',
    statusLabel: 'Đang thực hiện',
    pendingApprovals: 0,
    openedAt: '2026-11-24T01:55:00.000Z',
    lines: [{ id: 1, kind: 'service', name: 'Bảo dưỡng cơ bản', quantity: 1, unitPrice: 250_000, lineTotal: 250_000, source: 'booked' }],
    invoice: null,
    ...overrides,
  };
}

function inspection(overrides: Partial<CustomerInspection> = {}): CustomerInspection {
  return {
    appointmentId: 31,
    serviceOrderCode: 'PDV261124K7QZ',
    status: 'IN_PROGRESS',
    answered: 4,
    total: 5,
    items: [
      { label: 'Má phanh trước', result: 'FAIL', note: 'Má phanh trước mòn quá giới hạn.', photos: ['/api/media/checklist-photos/p1.webp'], fixed: true },
      { label: 'Gioăng cổng sạc', result: 'FAIL', note: 'Gioăng nứt, nên thay ở lần bảo dưỡng tới.', photos: ['/api/media/checklist-photos/p2.webp'], fixed: false },
      { label: 'Má phanh sau', result: 'PASS', note: 'Còn 2 mm, nên thay ở lần bảo dưỡng tới.', photos: [], fixed: false },
      { label: 'Đèn chiếu sáng', result: 'PASS', note: null, photos: [], fixed: false },
      { label: 'Áp suất lốp', result: null, note: null, photos: [], fixed: false },
    ],
    advice: [
      { label: 'Gioăng cổng sạc', kind: 'REPAIR', note: 'Gioăng nứt, nên thay ở lần bảo dưỡng tới.' },
      { label: 'Má phanh sau', kind: 'WATCH', note: 'Còn 2 mm, nên thay ở lần bảo dưỡng tới.' },
    ],
    ...overrides,
  };
}

beforeEach(() => {
  jest.resetAllMocks();
  mockStream.options = null;
  api.recentlyCompletedAppointments.mockResolvedValue([]);
  api.vehicles.mockResolvedValue([]);
  api.activeOrders.mockResolvedValue(null);
  api.packageCredits.mockResolvedValue(null);
  api.approvals.mockResolvedValue(null);
  api.savedPromotions.mockResolvedValue([savedPromotion()]);
  api.appointmentInspection.mockResolvedValue(null);
});
afterEach(() => sessionStore.clear());

function pushServiceOrder(status: string) {
  act(() =>
    mockStream.options!.onServiceOrder!({
      appointmentId: 31,
      serviceOrderId: 7,
      serviceOrderCode: 'PDV261124K7QZ',
      status,
      statusLabel: 'nhãn của nhân viên',
      pendingApprovals: 0,
      at: new Date().toISOString(),
    }),
  );
}

const card = () => screen.getByRole('article', { name: 'LH2611A7K3Q' });

describe('/dashboard: one status per visit, from the service order machine', () => {
  it('reads "Xe đã xong – chờ thanh toán", never "Hoàn thành", for a visit invoiced and unpaid; then "Đã thanh toán"', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([]);
    api.recentlyCompletedAppointments.mockResolvedValue([appointment({ status: 'COMPLETED', statusLabel: 'Hoàn thành', canCancel: false, canReschedule: false })]);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'INVOICED' }));
    renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    expect(within(card()).queryByText(/Hoàn thành/)).not.toBeInTheDocument();
    expect(await within(card()).findByTestId('service-order-status')).toHaveTextContent('Xe đã xong – chờ thanh toán');
    expect(within(card()).getAllByTestId(/-status$/)).toHaveLength(1);
    expect(within(card()).queryByText(/Hoàn thành/)).not.toBeInTheDocument();

    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'CLOSED' }));
    pushServiceOrder('CLOSED');
    expect(within(card()).getByTestId('service-order-status')).toHaveTextContent('Đã thanh toán');
    expect(within(card()).getAllByTestId(/-status$/)).toHaveLength(1);

    // the order and its inspection are read again; the order read agrees with the status pushed
    await act(async () => undefined);
    expect(api.appointmentServiceOrder).toHaveBeenCalledTimes(2);
    expect(api.appointmentInspection).toHaveBeenCalledTimes(2);
    expect(within(card()).getByTestId('service-order-status')).toHaveTextContent('Đã thanh toán');
  });

  it('shows the car at the centre with one badge, the service order’s, not the appointment’s next to it', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([appointment({ status: 'IN_PROGRESS', statusLabel: 'Đang thực hiện', canCancel: false, canReschedule: false })]);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'WORK_DONE' }));
    renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    expect(await within(card()).findByTestId('service-order-status')).toHaveTextContent('Xe đã xong – chờ thanh toán');
    expect(within(card()).queryByTestId('appointment-status')).not.toBeInTheDocument();
  });
});

describe('/dashboard: the inspection of the car at the centre', () => {
  it('shows each item checked with its result, the technician’s notes and photos, what was fixed, and the advice for next time', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([appointment({ status: 'IN_PROGRESS', statusLabel: 'Đang thực hiện', canCancel: false, canReschedule: false })]);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder());
    api.appointmentInspection.mockResolvedValue(inspection());
    renderAccountPage('/dashboard', <DashboardPage />);
    const report = await within(await screen.findByRole('article', { name: 'LH2611A7K3Q' })).findByRole('region', { name: 'Kết quả kiểm tra xe' });
    expect(api.appointmentInspection).toHaveBeenCalledWith(31, expect.anything());
    expect(within(report).getByText('Đã kiểm tra 4/5 hạng mục')).toBeInTheDocument();

    const list = within(report).getByRole('list', { name: 'Các hạng mục đã kiểm tra' });
    // the items themselves, not their photos' list entries
    const rows = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Má phanh trướcKhông đạt Đã xử lý trong lần nàyMá phanh trước mòn quá giới hạn.',
      'Gioăng cổng sạcKhông đạtGioăng nứt, nên thay ở lần bảo dưỡng tới.',
      'Má phanh sauĐạtCòn 2 mm, nên thay ở lần bảo dưỡng tới.',
      'Đèn chiếu sángĐạt',
    ]);
    const photo = within(report).getByRole('img', { name: 'Ảnh 1 của mục Gioăng cổng sạc (mở ảnh lớn)' });
    expect(photo).toHaveAttribute('src', '/api/media/checklist-photos/p2.webp');
    expect(photo.closest('a')).toHaveAttribute('href', '/api/media/checklist-photos/p2.webp');

    const advice = within(report).getByRole('region', { name: 'Lời khuyên cho lần bảo dưỡng tới' });
    expect(within(advice).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      'Gioăng cổng sạcCần sửa chữaGioăng nứt, nên thay ở lần bảo dưỡng tới.',
      'Má phanh sauCần theo dõiCòn 2 mm, nên thay ở lần bảo dưỡng tới.',
    ]);
  });

  it('reads the inspection again when the order moves, and says when nothing is left to advise', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([appointment({ status: 'IN_PROGRESS', statusLabel: 'Đang thực hiện', canCancel: false, canReschedule: false })]);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder());
    api.appointmentInspection.mockResolvedValue(inspection({ answered: 0, items: inspection().items.map((item) => ({ ...item, result: null, note: null, photos: [], fixed: false })), advice: [] }));
    renderAccountPage('/dashboard', <DashboardPage />);
    expect(await within(await screen.findByRole('article', { name: 'LH2611A7K3Q' })).findByText('Kỹ thuật viên chưa bắt đầu kiểm tra.')).toBeInTheDocument();

    const done = inspection({ status: 'WORK_DONE', answered: 5, items: inspection().items.map((item) => ({ ...item, result: 'PASS', note: null, photos: [], fixed: false })), advice: [] });
    api.appointmentInspection.mockResolvedValue(done);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder({ status: 'WORK_DONE' }));
    pushServiceOrder('WORK_DONE');
    expect(await within(card()).findByText('Kỹ thuật viên không có lưu ý nào cho lần bảo dưỡng tới.')).toBeInTheDocument();
    expect(within(card()).getByText('Đã kiểm tra 5/5 hạng mục')).toBeInTheDocument();
  });
});
