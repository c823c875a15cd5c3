import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import { addCalendarDays, formatCalendarDate, vietnamDateOf, vietnamInstant } from 'shared-contracts/calendar';
import type { Shift, ShiftWeek, TimeEntry, TimeEntryList } from 'shared-contracts/schemas';
import { ManagerDashboardPage } from '../../src/pages/manager/ManagerDashboardPage';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { shiftsApi } from '../../src/shifts/shiftsApi';
import { signIn, signOut } from '../partsRequestFixtures';
import { lastStreamOptions, renderAt } from '../staffFixtures';

jest.mock('../../src/shifts/shiftsApi', () => ({
  shiftsApi: { week: jest.fn(), save: jest.fn(), remove: jest.fn(), copyPreviousWeek: jest.fn(), timeEntries: jest.fn(), correct: jest.fn() },
}));

jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const api = jest.mocked(shiftsApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

const TODAY = vietnamDateOf(new Date());
/** Monday of this week in Vietnam, computed independently of the page's helper. */
const MONDAY = addCalendarDays(TODAY, -((new Date(`${TODAY}T00:00:00Z`).getUTCDay() + 6) % 7));
const DAYS = Array.from({ length: 7 }, (_, index) => addCalendarDays(MONDAY, index));
const ddMM = (date: string) => formatCalendarDate(date).slice(0, 5);

const shift = (overrides: Partial<Shift>): Shift => ({ id: 900, technicianId: 31, centreId: 1, workDate: DAYS[2]!, startTime: '08:00', endTime: '17:00', ...overrides });

function week(weekStart = MONDAY, wednesday: Shift | null = shift({ workDate: addCalendarDays(weekStart, 2) })): ShiftWeek {
  const days = Array.from({ length: 7 }, (_, index) => addCalendarDays(weekStart, index));
  return {
    centreId: 1,
    centreName: 'EV Service Hà Nội',
    openTime: '08:00',
    closeTime: '18:00',
    weekStart,
    days,
    technicians: [
      { technicianId: 31, fullName: 'Nguyễn Kỹ Thuật', shifts: days.map((_, index) => (index === 2 ? wednesday : null)), plannedMinutes: wednesday ? 540 : 0 },
      { technicianId: 32, fullName: 'Trần Văn Bình', shifts: days.map(() => null), plannedMinutes: 0 },
    ],
  };
}

const at = (clock: string) => vietnamInstant(TODAY, clock).toISOString();
function entry(overrides: Partial<TimeEntry>): TimeEntry {
  return {
    id: 70,
    serviceOrderId: 501,
    serviceOrderCode: 'PDV2611ABCD',
    licensePlate: '30A-123.45',
    technicianId: 31,
    technicianName: 'Nguyễn Kỹ Thuật',
    startedAt: at('08:00'),
    endedAt: at('09:30'),
    durationMinutes: 90,
    source: 'clock',
    editedBy: null,
    editReason: null,
    ...overrides,
  };
}
const entries = (list: TimeEntry[]): TimeEntryList => ({
  centreId: 1,
  from: TODAY,
  to: TODAY,
  entries: list,
  totalMinutes: list.reduce((sum, item) => sum + (item.durationMinutes ?? 0), 0),
  truncated: false,
});

const finished = entry({});
const running = entry({ id: 71, technicianId: 32, technicianName: 'Trần Văn Bình', serviceOrderCode: 'PDV2611WXYZ', startedAt: at('10:00'), endedAt: null, durationMinutes: null });

beforeEach(() => {
  jest.resetAllMocks();
  api.week.mockImplementation(async (weekStart: string) => week(weekStart));
  api.timeEntries.mockResolvedValue(entries([finished, running]));
  subscribe.mockImplementation(() => () => undefined);
  signIn('manager');
});
afterEach(signOut);

function renderPage() {
  return renderAt(
    <Routes>
      <Route path="/manager" element={<ManagerDashboardPage />} />
    </Routes>,
    '/manager?view=shifts',
  );
}

const grid = () => screen.getByRole('table', { name: /Lịch ca tuần/ });
const rowOf = (name: string) => within(grid()).getByRole('row', { name: new RegExp(name) });
/** Waits for the week grid, then the technician's row in it. */
async function findRow(name: string) {
  await screen.findByRole('table', { name: /Lịch ca tuần/ });
  return rowOf(name);
}
/** The text of each day cell of a technician's row, keyed by its column header ('Thứ 4 25/11'). */
function cellsByDay(name: string): Record<string, string> {
  const headers = within(grid()).getAllByRole('columnheader').slice(1).map((header) => header.textContent ?? '');
  const cells = within(rowOf(name)).getAllByRole('cell').map((cell) => cell.textContent ?? '');
  return Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? '']));
}
const weekdays = ['Thứ 2', 'Thứ 3', 'Thứ 4', 'Thứ 5', 'Thứ 6', 'Thứ 7', 'Chủ nhật'];
const header = (index: number) => `${weekdays[index]} ${ddMM(DAYS[index]!)}`;
const dayLabel = (index: number) => `${weekdays[index]} ${formatCalendarDate(DAYS[index]!)}`;

describe('/manager?view=shifts: the shift week', () => {
  it('shows each technician’s shifts under the right weekday, Monday to Sunday, and moves between weeks', async () => {
    renderPage();
    await findRow('Nguyễn Kỹ Thuật');
    expect(api.week).toHaveBeenCalledWith(MONDAY, expect.anything());
    expect(screen.getByRole('heading', { level: 2, name: `Lịch ca tuần: Tuần ${formatCalendarDate(MONDAY)} – ${formatCalendarDate(DAYS[6]!)}` })).toBeInTheDocument();
    expect(cellsByDay('Nguyễn Kỹ Thuật')).toEqual({
      [header(0)]: '+ Thêm',
      [header(1)]: '+ Thêm',
      [header(2)]: '08:00–17:00',
      [header(3)]: '+ Thêm',
      [header(4)]: '+ Thêm',
      [header(5)]: '+ Thêm',
      [header(6)]: '+ Thêm',
    });
    expect(rowOf('Nguyễn Kỹ Thuật')).toHaveTextContent('Tổng giờ: 9 giờ');
    expect(Object.values(cellsByDay('Trần Văn Bình'))).toEqual(Array(7).fill('+ Thêm'));
    expect(screen.getByText('EV Service Hà Nội mở cửa 08:00–18:00.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Tuần sau/ }));
    const next = addCalendarDays(MONDAY, 7);
    await waitFor(() => expect(api.week).toHaveBeenLastCalledWith(next, expect.anything()));
    expect(await screen.findByRole('heading', { level: 2, name: `Lịch ca tuần: Tuần ${formatCalendarDate(next)} – ${formatCalendarDate(addCalendarDays(next, 6))}` })).toBeInTheDocument();
    await findRow('Nguyễn Kỹ Thuật');
    expect(Object.keys(cellsByDay('Nguyễn Kỹ Thuật'))[0]).toBe(`Thứ 2 ${ddMM(next)}`);

    await userEvent.click(screen.getByRole('button', { name: 'Tuần này' }));
    await waitFor(() => expect(api.week).toHaveBeenLastCalledWith(MONDAY, expect.anything()));
    await userEvent.click(await screen.findByRole('button', { name: /Tuần trước/ }));
    await waitFor(() => expect(api.week).toHaveBeenLastCalledWith(addCalendarDays(MONDAY, -7), expect.anything()));
  });

  it('adds a shift: the dialog shows the opening hours, sends the technician, day and times, and the cell shows it', async () => {
    api.save.mockResolvedValue({ data: shift({ id: 901, technicianId: 32, workDate: DAYS[0]!, startTime: '09:00', endTime: '12:30' }), message: 'Đã lưu ca làm.' });
    renderPage();
    await findRow('Trần Văn Bình');
    await userEvent.click(within(rowOf('Trần Văn Bình')).getByRole('button', { name: `Thêm ca cho Trần Văn Bình, ${dayLabel(0)}` }));
    const dialog = screen.getByRole('dialog', { name: `Thêm ca: Trần Văn Bình, ${dayLabel(0)}` });
    expect(within(dialog).getByText('Ca phải nằm trong giờ mở cửa của trung tâm: 08:00–18:00.')).toBeInTheDocument();
    const start = within(dialog).getByLabelText('Giờ bắt đầu');
    const end = within(dialog).getByLabelText('Giờ kết thúc');
    expect(start).toHaveValue('08:00');
    expect(end).toHaveValue('18:00');
    fireEvent.change(start, { target: { value: '09:00' } });
    fireEvent.change(end, { target: { value: '12:30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu ca' }));

    expect(api.save).toHaveBeenCalledWith({ technicianId: 32, workDate: DAYS[0], startTime: '09:00', endTime: '12:30' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cellsByDay('Trần Văn Bình')[header(0)]).toBe('09:00–12:30');
    expect(rowOf('Trần Văn Bình')).toHaveTextContent('Tổng giờ: 3 giờ 30 phút');
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(`Đã lưu ca làm. Trần Văn Bình, ${dayLabel(0)}: 09:00–12:30.`);
  });

  it('a shift outside opening hours: the server’s 422 message is shown and the dialog stays open', async () => {
    const outside = 'Ca làm phải nằm trong giờ mở cửa của trung tâm (08:00–18:00).';
    api.save.mockRejectedValue(new ApiError(outside, 422, 'SHIFT_OUTSIDE_HOURS', [{ field: 'startTime', message: outside }]));
    renderPage();
    await findRow('Nguyễn Kỹ Thuật');
    await userEvent.click(screen.getByRole('button', { name: `Sửa ca của Nguyễn Kỹ Thuật, ${dayLabel(2)}: 08:00–17:00` }));
    const dialog = screen.getByRole('dialog', { name: `Sửa ca: Nguyễn Kỹ Thuật, ${dayLabel(2)}` });
    fireEvent.change(within(dialog).getByLabelText('Giờ bắt đầu'), { target: { value: '07:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu ca' }));

    expect(api.save).toHaveBeenCalledWith({ technicianId: 31, workDate: DAYS[2], startTime: '07:00', endTime: '17:00' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(outside);
    expect(screen.getByRole('dialog', { name: `Sửa ca: Nguyễn Kỹ Thuật, ${dayLabel(2)}` })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Giờ bắt đầu')).toHaveValue('07:00');
    expect(within(dialog).getByLabelText('Giờ bắt đầu')).toHaveAttribute('aria-invalid', 'true');
    // The grid keeps the shift as the server has it.
    expect(cellsByDay('Nguyễn Kỹ Thuật')[header(2)]).toBe('08:00–17:00');
  });

  it('an end before the start is caught before anything is sent', async () => {
    renderPage();
    await findRow('Trần Văn Bình');
    await userEvent.click(screen.getByRole('button', { name: `Thêm ca cho Trần Văn Bình, ${dayLabel(4)}` }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Giờ bắt đầu'), { target: { value: '14:00' } });
    fireEvent.change(within(dialog).getByLabelText('Giờ kết thúc'), { target: { value: '10:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu ca' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Giờ kết thúc ca phải sau giờ bắt đầu.');
    expect(api.save).not.toHaveBeenCalled();
  });

  it('deletes a shift after a confirmation', async () => {
    api.remove.mockResolvedValue({ data: shift({}), message: 'Đã xoá ca làm.' });
    renderPage();
    await findRow('Nguyễn Kỹ Thuật');
    await userEvent.click(screen.getByRole('button', { name: `Sửa ca của Nguyễn Kỹ Thuật, ${dayLabel(2)}: 08:00–17:00` }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Xoá ca' }));
    const confirm = screen.getByRole('dialog', { name: `Xoá ca của Nguyễn Kỹ Thuật, ${dayLabel(2)}?` });
    expect(api.remove).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Xoá ca' }));
    expect(api.remove).toHaveBeenCalledWith(900);
    await waitFor(() => expect(cellsByDay('Nguyễn Kỹ Thuật')[header(2)]).toBe('+ Thêm'));
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(`Đã xoá ca làm. Nguyễn Kỹ Thuật, ${dayLabel(2)}.`);
  });

  it('a shift that is gone (404) is explained and the week reloaded', async () => {
    api.save.mockRejectedValue(new ApiError('Kỹ thuật viên này hiện không thuộc trung tâm của bạn.', 404, 'NOT_FOUND'));
    renderPage();
    await findRow('Trần Văn Bình');
    await userEvent.click(screen.getByRole('button', { name: `Thêm ca cho Trần Văn Bình, ${dayLabel(1)}` }));
    const calls = api.week.mock.calls.length;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Lưu ca' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent('Kỹ thuật viên này hiện không thuộc trung tâm của bạn. Lịch ca đã được tải lại.');
    await waitFor(() => expect(api.week.mock.calls.length).toBeGreaterThan(calls));
  });

  it('copies the previous week after a confirmation and announces how many shifts were copied', async () => {
    api.copyPreviousWeek.mockResolvedValue({ data: { weekStart: MONDAY, copied: 5, skipped: 2 }, message: 'Đã sao chép 5 ca từ tuần trước.' });
    renderPage();
    await findRow('Nguyễn Kỹ Thuật');
    await userEvent.click(screen.getByRole('button', { name: 'Sao chép tuần trước' }));
    const dialog = screen.getByRole('dialog', { name: 'Sao chép ca của tuần trước sang tuần này?' });
    expect(dialog).toHaveTextContent(`${formatCalendarDate(addCalendarDays(MONDAY, -7))} – ${formatCalendarDate(addCalendarDays(MONDAY, -1))}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quay lại' }));
    expect(api.copyPreviousWeek).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Sao chép tuần trước' }));
    const calls = api.week.mock.calls.length;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sao chép' }));
    expect(api.copyPreviousWeek).toHaveBeenCalledWith(MONDAY);
    await waitFor(() => expect(screen.getAllByRole('status')[0]).toHaveTextContent('Đã sao chép 5 ca từ tuần trước. Bỏ qua 2 ngày (đã có ca hoặc ngoài giờ mở cửa).'));
    await waitFor(() => expect(api.week.mock.calls.length).toBeGreaterThan(calls));
  });

  it('a failed load says so and loads again on request', async () => {
    api.week.mockRejectedValueOnce(new ApiError('Máy chủ đang bận, vui lòng thử lại.', 503, 'UNAVAILABLE'));
    renderPage();
    const alert = await screen.findByText(/Máy chủ đang bận/);
    await userEvent.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await findRow('Nguyễn Kỹ Thuật')).toBeInTheDocument();
  });
});

describe('/manager?view=shifts: time entries', () => {
  const entriesTable = () => screen.getByRole('table', { name: /Lượt bấm giờ ngày/ });

  it('lists the day’s entries with minutes and order; a running one cannot be edited; filters by technician', async () => {
    renderPage();
    await screen.findByRole('table', { name: /Lượt bấm giờ ngày/ });
    expect(api.timeEntries).toHaveBeenCalledWith({ from: TODAY, to: TODAY, technicianId: undefined }, expect.anything());
    const first = within(entriesTable()).getByRole('row', { name: /Nguyễn Kỹ Thuật/ });
    expect(first).toHaveTextContent('PDV2611ABCD');
    expect(first).toHaveTextContent(`08:00 ${formatCalendarDate(TODAY)}`);
    expect(first).toHaveTextContent(`09:30 ${formatCalendarDate(TODAY)}`);
    expect(first).toHaveTextContent('90 phút');
    const second = within(entriesTable()).getByRole('row', { name: /Trần Văn Bình/ });
    expect(second).toHaveTextContent('Đang chạy');
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
    expect(entriesTable()).toHaveTextContent('Tổng: 90 phút (1 giờ 30 phút)');

    await userEvent.selectOptions(screen.getByLabelText('Kỹ thuật viên'), 'Trần Văn Bình');
    await waitFor(() => expect(api.timeEntries).toHaveBeenLastCalledWith({ from: TODAY, to: TODAY, technicianId: 32 }, expect.anything()));
  });

  it('a correction requires a reason, then sends the new times (Vietnam time) with it and shows who edited it', async () => {
    const reason = 'Kỹ thuật viên quên dừng đồng hồ khi nghỉ trưa';
    api.correct.mockImplementation(async (id, input) => ({
      data: entry({ id, startedAt: new Date(input.startedAt).toISOString(), endedAt: new Date(input.endedAt).toISOString(), durationMinutes: 60, editedBy: { id: 3, fullName: 'Lê Thu Hà' }, editReason: input.reason }),
      message: 'Đã chỉnh sửa giờ làm.',
    }));
    renderPage();
    await screen.findByRole('table', { name: /Lượt bấm giờ ngày/ });
    await userEvent.click(screen.getByRole('button', { name: `Sửa lượt bấm giờ của Nguyễn Kỹ Thuật, phiếu PDV2611ABCD, bắt đầu 08:00 ${formatCalendarDate(TODAY)}` }));
    const dialog = screen.getByRole('dialog', { name: 'Sửa giờ làm: Nguyễn Kỹ Thuật, phiếu PDV2611ABCD' });
    expect(within(dialog).getByLabelText('Bắt đầu')).toHaveValue(`${TODAY}T08:00`);
    expect(within(dialog).getByLabelText('Kết thúc')).toHaveValue(`${TODAY}T09:30`);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu chỉnh sửa' }));
    expect(within(dialog).getByText('Vui lòng nhập lý do chỉnh sửa.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Lý do chỉnh sửa')).toHaveFocus();
    await userEvent.type(within(dialog).getByLabelText('Lý do chỉnh sửa'), 'sai');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu chỉnh sửa' }));
    expect(within(dialog).getByText('Lý do chỉnh sửa cần ít nhất 5 ký tự.')).toBeInTheDocument();
    expect(api.correct).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByLabelText('Lý do chỉnh sửa'));
    await userEvent.type(within(dialog).getByLabelText('Lý do chỉnh sửa'), reason);
    fireEvent.change(within(dialog).getByLabelText('Kết thúc'), { target: { value: `${TODAY}T09:00` } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu chỉnh sửa' }));

    expect(api.correct).toHaveBeenCalledWith(70, { startedAt: `${TODAY}T08:00:00+07:00`, endedAt: `${TODAY}T09:00:00+07:00`, reason });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = within(entriesTable()).getByRole('row', { name: /Nguyễn Kỹ Thuật/ });
    expect(row).toHaveTextContent('60 phút');
    expect(row).toHaveTextContent(`Sửa bởi Lê Thu Hà: “${reason}”`);
    expect(entriesTable()).toHaveTextContent('Tổng: 60 phút (1 giờ)');
  });

  it('an overlap refused by the server is shown in the dialog, which stays open', async () => {
    const overlap = 'Khoảng thời gian này trùng với một lượt bấm giờ khác của kỹ thuật viên (phiếu PDV2611QQQQ).';
    api.correct.mockRejectedValue(new ApiError(overlap, 409, 'TIME_ENTRY_OVERLAP'));
    renderPage();
    await screen.findByRole('table', { name: /Lượt bấm giờ ngày/ });
    await userEvent.click(screen.getByRole('button', { name: /Sửa lượt bấm giờ của Nguyễn Kỹ Thuật/ }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Lý do chỉnh sửa'), 'Nhập bù giờ làm buổi sáng');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu chỉnh sửa' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(overlap);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('an entry that is running again (409 TIME_ENTRY_RUNNING) is explained and the list reloaded', async () => {
    const runningAgain = 'Lượt bấm giờ này đang chạy: chỉ chỉnh sửa được sau khi kỹ thuật viên tạm dừng hoặc hoàn thành.';
    api.correct.mockRejectedValue(new ApiError(runningAgain, 409, 'TIME_ENTRY_RUNNING'));
    renderPage();
    await screen.findByRole('table', { name: /Lượt bấm giờ ngày/ });
    await userEvent.click(screen.getByRole('button', { name: /Sửa lượt bấm giờ của Nguyễn Kỹ Thuật/ }));
    await userEvent.type(within(screen.getByRole('dialog')).getByLabelText('Lý do chỉnh sửa'), 'Sửa giờ kết thúc');
    const calls = api.timeEntries.mock.calls.length;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Lưu chỉnh sửa' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent(`${runningAgain} Danh sách giờ làm đã được tải lại.`);
    await waitFor(() => expect(api.timeEntries.mock.calls.length).toBeGreaterThan(calls));
  });

  it('a technician clocking out (a live floor change) reloads the list', async () => {
    renderPage();
    await screen.findByRole('table', { name: /Lượt bấm giờ ngày/ });
    api.timeEntries.mockResolvedValue(entries([finished, { ...running, endedAt: at('10:45'), durationMinutes: 45 }]));
    act(() => lastStreamOptions(subscribe).onChange({ centreId: 1, kind: 'service-order', appointmentId: null, serviceOrderId: 502, at: new Date().toISOString() }));
    await waitFor(() => expect(entriesTable()).toHaveTextContent('Tổng: 135 phút (2 giờ 15 phút)'));
    expect(within(entriesTable()).getByRole('row', { name: /Trần Văn Bình/ })).toHaveTextContent('45 phút');
  });
});
