import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import { DayView } from '../../src/frontDesk/DayView';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { StaffCounters } from '../../src/frontDesk/StaffCounters';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { appointment, floorChange, lastStreamOptions, renderAt, staffDay, TECHNICIANS, TODAY } from '../staffFixtures';

jest.mock('../../src/frontDesk/frontDeskApi', () => ({
  frontDeskApi: {
    summary: jest.fn(),
    day: jest.fn(),
    setStatus: jest.fn(),
    walkIn: jest.fn(),
    checkIn: jest.fn(),
    searchCustomers: jest.fn(),
    customer: jest.fn(),
    technicians: jest.fn(),
    services: jest.fn(),
  },
}));
// The live stream is replaced: each test fires the floor-changed events itself.
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const api = jest.mocked(frontDeskApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

const late = appointment({ id: 101, code: 'LH2611AAAA', licensePlate: '30A-111.11', noShowAllowed: true });
const onTime = appointment({ id: 102, code: 'LH2611BBBB', licensePlate: '30A-222.22', noShowAllowed: false });
const pending = appointment({ id: 103, code: 'LH2611CCCC', licensePlate: '30A-333.33', status: 'PENDING', statusLabel: 'Chờ xác nhận', noShowAllowed: false });
const checkedIn = appointment({
  id: 104,
  code: 'LH2611DDDD',
  licensePlate: '30A-444.44',
  status: 'CHECKED_IN',
  statusLabel: 'Đã tiếp nhận',
  serviceOrder: { id: 900, code: 'PDV2611QQQQ', status: 'OPEN', statusLabel: 'Đã tiếp nhận' },
  noShowAllowed: true,
});

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  api.technicians.mockResolvedValue(TECHNICIANS);
  api.day.mockResolvedValue(staffDay([late, onTime, pending, checkedIn]));
});

const rowOf = async (code: string) => (await screen.findByRole('rowheader', { name: code })).closest('tr') as HTMLTableRowElement;

describe('the day view of appointments', () => {
  it('lists today’s appointments with time, code, plate, customer, services and status', async () => {
    renderAt(<DayView />);
    const row = await rowOf('LH2611AAAA');
    expect(api.day).toHaveBeenCalledWith({ date: TODAY, status: undefined, q: undefined }, expect.any(AbortSignal));
    expect(row).toHaveTextContent('30A-111.11');
    expect(row).toHaveTextContent('VinFast VF 8');
    expect(row).toHaveTextContent('Nguyễn Văn An');
    expect(row).toHaveTextContent('0912345678');
    expect(row).toHaveTextContent('Bảo dưỡng cơ bản');
    expect(row).toHaveTextContent('Đã xác nhận');
    expect(within(await rowOf('LH2611DDDD')).getByRole('link', { name: 'Xem phiếu PDV2611QQQQ' })).toHaveAttribute('href', '/staff/service-orders?order=900');
  });

  it('offers Không đến only when the server allows it, Xác nhận only while pending, and no desk action once checked in', async () => {
    renderAt(<DayView />);
    expect(within(await rowOf('LH2611AAAA')).getByRole('button', { name: 'Đánh dấu khách không đến lịch hẹn LH2611AAAA' })).toBeInTheDocument();
    expect(within(await rowOf('LH2611BBBB')).queryByRole('button', { name: /không đến/ })).not.toBeInTheDocument();
    expect(within(await rowOf('LH2611CCCC')).queryByRole('button', { name: /không đến/ })).not.toBeInTheDocument();
    expect(within(await rowOf('LH2611CCCC')).getByRole('button', { name: 'Xác nhận lịch hẹn LH2611CCCC' })).toBeInTheDocument();
    expect(within(await rowOf('LH2611AAAA')).queryByRole('button', { name: /Xác nhận/ })).not.toBeInTheDocument();
    expect(within(await rowOf('LH2611DDDD')).queryAllByRole('button')).toHaveLength(0);
  });

  it('marks a no-show after a confirmation, then reloads the day', async () => {
    api.setStatus.mockResolvedValue(null);
    renderAt(<DayView />);
    await userEvent.click(within(await rowOf('LH2611AAAA')).getByRole('button', { name: 'Đánh dấu khách không đến lịch hẹn LH2611AAAA' }));
    const dialog = screen.getByRole('dialog', { name: 'Đánh dấu khách không đến lịch hẹn LH2611AAAA' });
    expect(within(dialog).getByRole('button', { name: 'Không đến' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Không đến' }));
    expect(api.setStatus).toHaveBeenCalledWith(101, 'NO_SHOW');
    expect(await screen.findByText('Đã ghi nhận khách không đến lịch hẹn LH2611AAAA.')).toBeInTheDocument();
    await waitFor(() => expect(api.day).toHaveBeenCalledTimes(2));
  });

  it('cancels only with a reason, sent as the status note', async () => {
    api.setStatus.mockResolvedValue(null);
    renderAt(<DayView />);
    await userEvent.click(within(await rowOf('LH2611BBBB')).getByRole('button', { name: 'Hủy lịch hẹn LH2611BBBB' }));
    const dialog = screen.getByRole('dialog', { name: 'Hủy lịch hẹn LH2611BBBB' });
    const reason = within(dialog).getByLabelText('Lý do hủy');
    expect(reason).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Hủy lịch hẹn' }));
    expect(within(dialog).getByText('Vui lòng nhập lý do hủy (ít nhất 5 ký tự).')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(api.setStatus).not.toHaveBeenCalled();

    await userEvent.type(reason, 'Khách báo bận đột xuất');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hủy lịch hẹn' }));
    expect(api.setStatus).toHaveBeenCalledWith(102, 'CANCELLED', 'Khách báo bận đột xuất');
    expect(await screen.findByText('Đã hủy lịch hẹn LH2611BBBB.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.day).toHaveBeenCalledTimes(2));
  });

  it('explains a refused confirmation (409) with the server’s words and reloads', async () => {
    api.setStatus.mockRejectedValue(new ApiError('Lịch hẹn vừa được người khác cập nhật, vui lòng tải lại.', 409, 'APPOINTMENT_CHANGED'));
    renderAt(<DayView />);
    await userEvent.click(within(await rowOf('LH2611CCCC')).getByRole('button', { name: 'Xác nhận lịch hẹn LH2611CCCC' }));
    expect(api.setStatus).toHaveBeenCalledWith(103, 'CONFIRMED');
    expect(await screen.findByText('Lịch hẹn vừa được người khác cập nhật, vui lòng tải lại.')).toBeInTheDocument();
    await waitFor(() => expect(api.day).toHaveBeenCalledTimes(2));
  });

  it('filters by status and searches by plate, phone or code', async () => {
    renderAt(<DayView />);
    await rowOf('LH2611AAAA');
    await userEvent.selectOptions(screen.getByLabelText('Trạng thái'), 'Chờ xác nhận');
    await waitFor(() => expect(api.day).toHaveBeenLastCalledWith({ date: TODAY, status: 'PENDING', q: undefined }, expect.any(AbortSignal)));
    await userEvent.type(screen.getByLabelText('Biển số, số điện thoại hoặc mã lịch hẹn'), '0912{Enter}');
    await waitFor(() => expect(api.day).toHaveBeenLastCalledWith({ date: TODAY, status: 'PENDING', q: '0912' }, expect.any(AbortSignal)));
  });

  it('opens the check-in form from Tiếp nhận (today only)', async () => {
    renderAt(<DayView />);
    await userEvent.click(within(await rowOf('LH2611BBBB')).getByRole('button', { name: 'Tiếp nhận xe của lịch hẹn LH2611BBBB' }));
    expect(screen.getByRole('dialog', { name: 'Tiếp nhận xe 30A-222.22' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(await rowOf('LH2611BBBB')).getByRole('button', { name: 'Tiếp nhận xe của lịch hẹn LH2611BBBB' })).toHaveFocus();
  });

  it('reloads the day when the floor changes (live stream), without a page reload', async () => {
    renderAt(<DayView />);
    await rowOf('LH2611AAAA');
    expect(api.day).toHaveBeenCalledTimes(1);
    api.day.mockResolvedValue(staffDay([{ ...late, status: 'CANCELLED', statusLabel: 'Đã hủy' }]));
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ appointmentId: 101 })));
    await waitFor(() => expect(api.day).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'LH2611BBBB' })).not.toBeInTheDocument());
    expect(await rowOf('LH2611AAAA')).toHaveTextContent('Đã hủy');
  });
});

describe('the staff dashboard counters', () => {
  it('keep their heading and six labelled boxes in place while the numbers load, so nothing below moves', async () => {
    const summary = {
      centre: { id: 1, name: 'EV Service Hà Nội' },
      date: TODAY,
      appointmentsDue: 9,
      checkedIn: 3,
      inProgress: 2,
      waitingApproval: 1,
      waitingParts: 0,
      readyForPayment: 4,
    };
    let answer: (value: typeof summary) => void = () => undefined;
    api.summary.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt(<StaffCounters />);
    const panel = screen.getByRole('region', { name: 'Hôm nay tại trung tâm' });
    // the heading keeps two lines' room on a phone for the centre's name and the date
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveClass('countersHeading');
    expect(panel).toHaveTextContent('Đang tải số liệu hôm nay...');
    const placeholder = within(panel).getByTestId('staff-counters-placeholder');
    const labels = ['Lịch hẹn cần đón', 'Đã tiếp nhận', 'Đang làm', 'Chờ khách duyệt', 'Chờ phụ tùng', 'Chờ thanh toán'];
    const boxes = Array.from(placeholder.querySelectorAll('.counter'));
    expect(boxes.map((box) => box.querySelector('.counterLabel')?.textContent)).toEqual(labels);
    expect(boxes.every((box) => box.querySelector('.counterValue'))).toBe(true);

    act(() => answer(summary));
    const counters = await within(panel).findAllByRole('link');
    expect(counters.map((link) => link.querySelector('.counterLabel')?.textContent)).toEqual(labels);
    expect(counters.every((link) => link.classList.contains('counter'))).toBe(true);
    expect(within(panel).queryByTestId('staff-counters-placeholder')).not.toBeInTheDocument();
  });

  it('shows today’s six counters and refreshes them on a floor change', async () => {
    api.summary.mockResolvedValue({
      centre: { id: 1, name: 'EV Service Hà Nội' },
      date: TODAY,
      appointmentsDue: 9,
      checkedIn: 3,
      inProgress: 2,
      waitingApproval: 1,
      waitingParts: 0,
      readyForPayment: 4,
    });
    renderAt(<StaffCounters />);
    const panel = await screen.findByRole('region', { name: /Hôm nay tại EV Service Hà Nội/ });
    const counters = await within(panel).findAllByRole('link');
    expect(counters.map((link) => link.textContent)).toEqual([
      '9Lịch hẹn cần đón',
      '3Đã tiếp nhận',
      '2Đang làm',
      '1Chờ khách duyệt',
      '0Chờ phụ tùng',
      '4Chờ thanh toán',
    ]);
    api.summary.mockResolvedValue({ ...(await api.summary.mock.results[0]!.value), checkedIn: 4, appointmentsDue: 8 });
    act(() => lastStreamOptions(subscribe).onChange(floorChange()));
    await waitFor(() => expect(within(panel).getAllByRole('link')[0]).toHaveTextContent('8Lịch hẹn cần đón'));
  });
});
