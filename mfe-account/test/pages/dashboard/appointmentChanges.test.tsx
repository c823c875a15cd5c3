import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, formatDateTime, sessionStore } from 'shared-contracts';
import type { Availability } from 'shared-contracts/schemas';
import { DashboardPage } from '../../../src/pages/dashboard/DashboardPage';
import { serviceApi } from '../../../src/service/serviceApi';
import { logIn, renderAccountPage } from '../../helpers';
import { appointment, savedPromotion } from '../../serviceFixtures';

jest.mock('../../../src/service/serviceApi');
jest.mock('../../../src/service/appointmentEvents', () => ({ subscribeAppointmentEvents: () => () => undefined }));

const api = serviceApi as jest.Mocked<typeof serviceApi>;

/** 08:00, 08:30 and 09:00 in Hà Nội of the asked day; 08:30 is full. */
function day(centreId: number, date: string): Availability {
  const slot = (time: string, utc: string, available: boolean) => ({ start: `${date}T${utc}:00.000Z`, time, capacity: 4, booked: available ? 1 : 4, available });
  return { centreId, date, slots: [slot('08:00', '01:00', true), slot('08:30', '01:30', false), slot('09:00', '02:00', true)] };
}

const SLOT_FULL_MESSAGE = 'Khung giờ này vừa hết chỗ, vui lòng chọn giờ khác';

/** Only the clock is fixed (22/11/2026 10:00 in Hà Nội): the appointment on the 24th is inside the booking window. */
const TIMERS_LEFT_REAL = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask'] as const;

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-22T03:00:00.000Z'), doNotFake: [...TIMERS_LEFT_REAL] });
  jest.resetAllMocks();
  api.upcomingAppointments.mockResolvedValue([appointment()]);
  api.recentlyCompletedAppointments.mockResolvedValue([]);
  api.vehicles.mockResolvedValue([]);
  api.activeOrders.mockResolvedValue(null);
  api.packageCredits.mockResolvedValue(null);
  api.approvals.mockResolvedValue(null);
  api.savedPromotions.mockResolvedValue([savedPromotion()]);
  api.appointmentServiceOrder.mockResolvedValue(null);
  api.appointmentInspection.mockResolvedValue(null);
  api.availability.mockImplementation(async (centreId, date) => day(centreId, date));
});
afterEach(() => {
  sessionStore.clear();
  jest.useRealTimers();
});

const card = () => screen.getByRole('article', { name: 'LH2611A7K3Q' });

async function openReschedule() {
  logIn();
  renderAccountPage('/dashboard', <DashboardPage />);
  await screen.findByRole('article', { name: 'LH2611A7K3Q' });
  await userEvent.click(within(card()).getByRole('button', { name: 'Đổi lịch hẹn LH2611A7K3Q' }));
  const form = within(card()).getByRole('group', { name: 'Đổi lịch hẹn LH2611A7K3Q' });
  // the appointment's own day first, its own slot marked
  expect(within(form).getByLabelText('Ngày mới')).toHaveValue('2026-11-24');
  expect(await within(form).findByRole('radio', { name: '09:00 (giờ hẹn hiện tại)' })).toBeDisabled();
  return { form, date: '2026-11-24' };
}

describe('/dashboard: the customer reschedules or cancels their appointment', () => {
  it('offers "Đổi lịch" and "Hủy lịch" while the API allows it, never "call the centre"', async () => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    expect(within(card()).getByRole('button', { name: 'Đổi lịch hẹn LH2611A7K3Q' })).toHaveTextContent('Đổi lịch');
    expect(within(card()).getByRole('button', { name: 'Hủy lịch hẹn LH2611A7K3Q' })).toHaveTextContent('Hủy lịch');
    expect(screen.queryByText(/Vui lòng gọi trung tâm/)).not.toBeInTheDocument();
  });

  it('moves the appointment to a free slot of the centre (the booking page’s availability) and says so', async () => {
    const { form, date } = await openReschedule();
    expect(api.availability).toHaveBeenCalledWith(2, date, 45, expect.anything());
    expect(within(form).getByRole('radio', { name: '08:30 (hết chỗ)' })).toBeDisabled();
    expect(within(form).getByRole('radio', { name: '08:00 (còn 3 chỗ)' })).toBeEnabled();
    const moved = appointment({ start: `${date}T01:00:00.000Z`, end: `${date}T02:00:00.000Z` });
    api.rescheduleAppointment.mockResolvedValue(moved);

    await userEvent.click(within(form).getByRole('button', { name: 'Xác nhận đổi lịch' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Vui lòng chọn một khung giờ còn trống.');
    expect(api.rescheduleAppointment).not.toHaveBeenCalled();

    await userEvent.click(within(form).getByRole('radio', { name: /^08:00/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Xác nhận đổi lịch' }));
    expect(api.rescheduleAppointment).toHaveBeenCalledWith(31, `${date}T01:00:00.000Z`);
    const time = formatDateTime(moved.start);
    expect(await within(card()).findByText(time)).toBeInTheDocument();
    expect(within(card()).queryByRole('group', { name: 'Đổi lịch hẹn LH2611A7K3Q' })).not.toBeInTheDocument();
    expect(screen.getByText(`Đã đổi lịch hẹn LH2611A7K3Q sang ${time}.`)).toHaveAttribute('aria-live', 'polite');
  });

  it('explains a slot taken meanwhile (409), reads the slots again and offers the nearest free ones', async () => {
    const { form, date } = await openReschedule();
    api.rescheduleAppointment.mockRejectedValueOnce(
      new ApiError(SLOT_FULL_MESSAGE, 409, 'SLOT_FULL', [], {
        success: false,
        message: SLOT_FULL_MESSAGE,
        code: 'SLOT_FULL',
        nextSlots: [{ start: `${date}T03:00:00.000Z`, time: '10:00' }],
      }),
    );
    await userEvent.click(within(form).getByRole('radio', { name: /^08:00/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Xác nhận đổi lịch' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(SLOT_FULL_MESSAGE);
    expect(api.availability).toHaveBeenCalledTimes(2);
    expect(within(form).getByRole('radio', { name: /^08:00/ })).not.toBeChecked();

    api.rescheduleAppointment.mockResolvedValue(appointment({ start: `${date}T03:00:00.000Z` }));
    await userEvent.click(within(form).getByRole('button', { name: '10:00 ngày 24/11/2026' }));
    expect(api.rescheduleAppointment).toHaveBeenLastCalledWith(31, `${date}T03:00:00.000Z`);
    expect(await within(card()).findByText(formatDateTime(`${date}T03:00:00.000Z`))).toBeInTheDocument();
  });

  it('cancels with an optional reason after a confirmation', async () => {
    logIn();
    api.cancelAppointment.mockResolvedValue(appointment({ status: 'CANCELLED', statusLabel: 'Đã hủy', canCancel: false, canReschedule: false }));
    renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    await userEvent.click(within(card()).getByRole('button', { name: 'Hủy lịch hẹn LH2611A7K3Q' }));
    const confirm = within(card()).getByRole('group', { name: 'Hủy lịch hẹn LH2611A7K3Q' });
    await userEvent.type(within(confirm).getByLabelText('Lý do hủy (không bắt buộc)'), '  Bận việc đột xuất ');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Xác nhận hủy' }));
    expect(api.cancelAppointment).toHaveBeenCalledWith(31, 'Bận việc đột xuất');
    expect(await within(card()).findByTestId('appointment-status')).toHaveTextContent('Đã hủy');
    expect(within(card()).queryByRole('button', { name: /Đổi lịch|Hủy lịch/ })).not.toBeInTheDocument();
  });

  it('says why when the API does not allow a change: too close to the time (with the centre’s phone), or the car is at the centre', async () => {
    logIn();
    api.upcomingAppointments.mockResolvedValue([
      appointment({ status: 'CONFIRMED', statusLabel: 'Đã xác nhận', canCancel: false, canReschedule: false }),
      appointment({ id: 32, code: 'LH2611B8M4R', status: 'CHECKED_IN', statusLabel: 'Đã tiếp nhận', canCancel: false, canReschedule: false }),
    ]);
    renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    expect(within(card()).queryByRole('button', { name: /Đổi lịch|Hủy lịch/ })).not.toBeInTheDocument();
    expect(
      within(card()).getByText(
        'Đã quá thời hạn đổi hoặc hủy trực tuyến (trước giờ hẹn ít nhất 2 giờ). Nếu cần thay đổi, vui lòng gọi EV Service Cầu Giấy: 024 3756 7890.',
      ),
    ).toBeInTheDocument();
    const atCentre = screen.getByRole('article', { name: 'LH2611B8M4R' });
    expect(within(atCentre).getByText('Xe đã được tiếp nhận tại trung tâm nên không thể đổi hoặc hủy lịch hẹn.')).toBeInTheDocument();
  });
});
