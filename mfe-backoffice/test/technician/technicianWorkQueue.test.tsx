import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import { TechnicianDashboardPage } from '../../src/pages/technician/TechnicianDashboardPage';
import { WorkQueuePage } from '../../src/pages/technician/WorkQueuePage';
import { technicianApi } from '../../src/technician/technicianApi';
import { card, queue } from '../technicianFixtures';

jest.mock('../../src/technician/technicianApi');
jest.mock('../../src/floorEvents', () => ({ useFloorEvents: () => 'live', LiveStatus: () => null }));

const api = jest.mocked(technicianApi);

const opened = card({ id: 21, code: 'PDV261122OPEN', status: 'OPEN', statusLabel: 'Đã tiếp nhận', licensePlate: '29A-111.11', startedAt: null, workedMinutes: 0, version: 2 });
const running = card({ id: 22, code: 'PDV261122RUNS', clockRunning: true, licensePlate: '29A-222.22', waitingApproval: true });
const paused = card({ id: 23, code: 'PDV261122STOP', licensePlate: '29A-333.33', version: 5 });
const unassigned = card({ id: 24, code: 'PDV261122FREE', status: 'OPEN', statusLabel: 'Đã tiếp nhận', technician: null, licensePlate: '29A-444.44' });
const clockOn22 = { running: { entryId: 3, serviceOrderId: 22, serviceOrderCode: 'PDV261122RUNS', licensePlate: '29A-222.22', startedAt: '2026-11-22T02:00:00.000Z' } };

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/technician" element={<TechnicianDashboardPage />} />
        <Route path="/technician/work-queue" element={<WorkQueuePage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const order = (code: string) => screen.getByRole('article', { name: new RegExp(code) });
const buttonsOf = (code: string) => within(order(code)).queryAllByRole('button').map((button) => button.textContent);
const conflict = (code: string, message: string, data: unknown) => new ApiError(message, 409, code, [], { success: false, message, code, data });

beforeEach(() => {
  jest.resetAllMocks();
  api.queue.mockResolvedValue(queue({ mine: [opened, running, paused], unassigned: [unassigned], clock: clockOn22 }));
  api.start.mockResolvedValue(undefined);
  api.finish.mockResolvedValue(undefined);
  api.clockIn.mockResolvedValue(undefined);
  api.clockOut.mockResolvedValue(undefined);
});

describe('/technician/work-queue', () => {
  it('lists my orders first with the buttons their state allows, then the unassigned ones of my centre with only Bắt đầu', async () => {
    renderAt('/technician/work-queue');
    const mine = await screen.findByRole('region', { name: 'Phiếu của tôi' });
    expect(within(mine).getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'))).toEqual(['order-21', 'order-22', 'order-23']);
    expect(buttonsOf('PDV261122OPEN')).toEqual(['Bắt đầu']);
    expect(buttonsOf('PDV261122RUNS')).toEqual(['Tạm dừng', 'Hoàn thành']);
    expect(buttonsOf('PDV261122STOP')).toEqual(['Tiếp tục', 'Hoàn thành']);
    expect(within(order('PDV261122RUNS')).getByText('Chờ khách duyệt')).toBeInTheDocument();
    expect(within(order('PDV261122STOP')).getByRole('link', { name: 'Mở danh sách kiểm tra của phiếu PDV261122STOP' })).toHaveAttribute(
      'href',
      '/technician/checklists?order=23',
    );

    const others = screen.getByRole('region', { name: 'Phiếu chưa phân công tại trung tâm' });
    expect(within(others).getByRole('article', { name: /PDV261122FREE/ })).toHaveTextContent('Chưa phân công');
    expect(buttonsOf('PDV261122FREE')).toEqual(['Bắt đầu']);
  });

  it('takes an unassigned order by starting it (the API assigns it to whoever starts it)', async () => {
    renderAt('/technician/work-queue');
    await userEvent.click(await screen.findByRole('button', { name: 'Bắt đầu phiếu PDV261122FREE' }));
    expect(api.start).toHaveBeenCalledWith(24, 3);
    expect(await screen.findByText('Đã bắt đầu phiếu PDV261122FREE, đồng hồ đang chạy.')).toBeInTheDocument();
    expect(api.queue).toHaveBeenCalledTimes(2);
  });

  it('maps Bắt đầu, Tạm dừng, Tiếp tục and Hoàn thành to start, clock-out, clock-in and finish, then reloads', async () => {
    renderAt('/technician/work-queue');
    await userEvent.click(await screen.findByRole('button', { name: 'Bắt đầu phiếu PDV261122OPEN' }));
    expect(api.start).toHaveBeenCalledWith(21, 2);
    expect(await screen.findByText('Đã bắt đầu phiếu PDV261122OPEN, đồng hồ đang chạy.')).toHaveAttribute('aria-live', 'polite');
    expect(api.queue).toHaveBeenCalledTimes(2);

    await userEvent.click(screen.getByRole('button', { name: 'Tạm dừng phiếu PDV261122RUNS' }));
    expect(api.clockOut).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Tiếp tục phiếu PDV261122STOP' }));
    expect(api.clockIn).toHaveBeenCalledWith(23);
    await userEvent.click(screen.getByRole('button', { name: 'Hoàn thành phiếu PDV261122STOP' }));
    expect(api.finish).toHaveBeenCalledWith(23, 5);
    expect(await screen.findByText('Phiếu PDV261122STOP đã hoàn thành.')).toBeInTheDocument();
  });

  it('offers to switch the running clock when another order holds it (409 ALREADY_CLOCKED_IN)', async () => {
    api.clockIn.mockRejectedValueOnce(conflict('ALREADY_CLOCKED_IN', 'Bạn đang bấm giờ cho một phiếu khác.', { activeServiceOrderCode: 'PDV261122RUNS' }));
    renderAt('/technician/work-queue');
    await userEvent.click(await screen.findByRole('button', { name: 'Tiếp tục phiếu PDV261122STOP' }));
    const offer = within(order('PDV261122STOP')).getByRole('alert');
    expect(offer).toHaveTextContent('Bạn đang bấm giờ cho phiếu PDV261122RUNS.');

    await userEvent.click(within(offer).getByRole('button', { name: 'Dừng phiếu đang bấm giờ và chuyển sang phiếu PDV261122STOP' }));
    expect(api.clockIn).toHaveBeenLastCalledWith(23, true);
    expect(await screen.findByText('Đã chuyển đồng hồ sang phiếu PDV261122STOP.')).toBeInTheDocument();
    expect(within(order('PDV261122STOP')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('switches on Bắt đầu too: the running clock is paused, then the order started', async () => {
    api.start.mockRejectedValueOnce(conflict('ALREADY_CLOCKED_IN', 'Bạn đang bấm giờ cho một phiếu khác.', { activeServiceOrderCode: 'PDV261122RUNS' }));
    renderAt('/technician/work-queue');
    await userEvent.click(await screen.findByRole('button', { name: 'Bắt đầu phiếu PDV261122OPEN' }));
    await userEvent.click(within(order('PDV261122OPEN')).getByRole('button', { name: 'Dừng phiếu đang bấm giờ và chuyển sang phiếu PDV261122OPEN' }));
    expect(api.clockOut).toHaveBeenCalledTimes(1);
    expect(api.start).toHaveBeenCalledTimes(2);
    expect(api.start).toHaveBeenLastCalledWith(21, 2);
    expect(await screen.findByText('Đã chuyển đồng hồ sang phiếu PDV261122OPEN.')).toBeInTheDocument();
  });

  it('keeps the running clock when the technician declines the switch', async () => {
    api.start.mockRejectedValueOnce(conflict('ALREADY_CLOCKED_IN', 'Bạn đang bấm giờ cho một phiếu khác.', { activeServiceOrderCode: 'PDV261122RUNS' }));
    renderAt('/technician/work-queue');
    await userEvent.click(await screen.findByRole('button', { name: 'Bắt đầu phiếu PDV261122OPEN' }));
    await userEvent.click(within(order('PDV261122OPEN')).getByRole('button', { name: 'Giữ nguyên' }));
    expect(within(order('PDV261122OPEN')).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.clockOut).not.toHaveBeenCalled();
    expect(api.start).toHaveBeenCalledTimes(1);
  });

  it('lists the unanswered items and links to the checklist when finishing is refused (409 CHECKLIST_INCOMPLETE)', async () => {
    api.finish.mockRejectedValueOnce(
      conflict('CHECKLIST_INCOMPLETE', 'Còn 2 mục kiểm tra chưa hoàn tất (mục không đạt cần ghi rõ lý do).', { pendingItems: [{ id: 1, label: 'Kiểm tra má phanh' }, { id: 2, label: 'Áp suất lốp' }] }),
    );
    renderAt('/technician/work-queue');
    await userEvent.click(await screen.findByRole('button', { name: 'Hoàn thành phiếu PDV261122STOP' }));
    const refusal = within(order('PDV261122STOP')).getByRole('alert');
    expect(refusal).toHaveTextContent('Còn 2 mục kiểm tra chưa hoàn tất (mục không đạt cần ghi rõ lý do).');
    expect(within(refusal).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Kiểm tra má phanh', 'Áp suất lốp']);
    expect(within(refusal).getByRole('link', { name: 'Đi tới danh sách kiểm tra' })).toHaveAttribute('href', '/technician/checklists?order=23');
  });

  it('names the parts requests finishing waits for and links to them (409 PARTS_PENDING)', async () => {
    api.finish.mockRejectedValueOnce(
      conflict('PARTS_PENDING', 'Chưa thể hoàn thành: còn 3 yêu cầu phụ tùng chưa xử lý xong: Má phanh đĩa (Chờ khách duyệt), Cầu chì 30A (Đã giữ hàng), Ngoài danh mục: Gioăng cổng sạc (Chờ quầy phụ tùng xử lý).', {
        requests: [
          { id: 7, name: 'Má phanh đĩa', status: 'AWAITING_CUSTOMER' },
          { id: 8, name: 'Cầu chì 30A', status: 'RESERVED' },
          { id: 7, name: 'Ngoài danh mục: Gioăng cổng sạc', status: 'OPEN', statusLabel: 'Chờ quầy phụ tùng xử lý', freeLine: true },
        ],
      }),
    );
    renderAt('/technician/work-queue');
    await userEvent.click(await screen.findByRole('button', { name: 'Hoàn thành phiếu PDV261122STOP' }));
    const refusal = within(order('PDV261122STOP')).getByRole('alert');
    expect(refusal).toHaveTextContent('Chưa thể hoàn thành: còn 3 yêu cầu phụ tùng chưa xử lý xong');
    expect(within(refusal).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Má phanh đĩa — Chờ khách duyệt',
      'Cầu chì 30A — Đã giữ hàng',
      'Ngoài danh mục: Gioăng cổng sạc — Chờ quầy phụ tùng xử lý',
    ]);
    expect(within(refusal).getByRole('link', { name: 'Xem yêu cầu phụ tùng' })).toHaveAttribute('href', '/technician/parts-request?order=23');
  });

  it("reloads on a stale version and shows the server's Vietnamese refusal otherwise", async () => {
    api.start.mockRejectedValueOnce(new ApiError('Phiếu dịch vụ vừa được người khác cập nhật, vui lòng tải lại.', 409, 'SERVICE_ORDER_CHANGED'));
    api.finish.mockRejectedValueOnce(new ApiError('Bạn không được giao phiếu này.', 403, 'NOT_ASSIGNED'));
    renderAt('/technician/work-queue');
    await userEvent.click(await screen.findByRole('button', { name: 'Bắt đầu phiếu PDV261122OPEN' }));
    expect(within(order('PDV261122OPEN')).getByRole('alert')).toHaveTextContent('Phiếu vừa được cập nhật, danh sách đã được tải lại. Vui lòng thử lại.');
    expect(api.queue).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Hoàn thành phiếu PDV261122RUNS' }));
    expect(within(order('PDV261122RUNS')).getByRole('alert')).toHaveTextContent('Bạn không được giao phiếu này.');
  });

  it("shows the server's reason when the queue cannot be read, and tries again", async () => {
    api.queue.mockRejectedValueOnce(new ApiError('Bạn không có quyền truy cập chức năng này.', 403, 'FORBIDDEN'));
    renderAt('/technician/work-queue');
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn không có quyền truy cập chức năng này.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('region', { name: 'Phiếu của tôi' })).toBeInTheDocument();
  });
});

describe('/technician', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the running clock ticking, my KPIs today and this week, and my orders', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-22T03:15:30.000Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    renderAt('/technician');
    const clock = await screen.findByRole('region', { name: 'Đồng hồ làm việc' });
    expect(clock).toHaveTextContent('Đang làm phiếu PDV261122RUNS · 29A-222.22');
    expect(within(clock).getByText('09:00 22/11/2026')).toBeInTheDocument();
    expect(within(clock).getByRole('timer', { name: 'Thời gian đã làm' })).toHaveTextContent('01:15:30');
    act(() => jest.advanceTimersByTime(2_000));
    expect(within(clock).getByRole('timer')).toHaveTextContent('01:15:32');
    expect(within(clock).getByRole('button', { name: 'Tạm dừng phiếu PDV261122RUNS' })).toBeInTheDocument();

    const kpis = screen.getByRole('region', { name: 'Chỉ số của tôi' });
    expect(within(kpis).getByText('Hôm nay').closest('div')).toHaveTextContent('Giờ làm2 giờ 15 phútPhiếu hoàn thành2');
    expect(within(kpis).getByText('Tuần này').closest('div')).toHaveTextContent('Giờ làm20 giờ 30 phútPhiếu hoàn thành9');

    const orders = screen.getByRole('region', { name: 'Xe được giao cho tôi' });
    expect(within(orders).getAllByRole('listitem')).toHaveLength(3);
    expect(within(orders).getByRole('link', { name: /PDV261122STOP/ })).toHaveAttribute('href', '/technician/checklists?order=23');
  });

  it('says when no clock is running', async () => {
    api.queue.mockResolvedValue(queue());
    renderAt('/technician');
    expect(await screen.findByText('Bạn chưa bấm giờ cho phiếu nào.')).toBeInTheDocument();
    expect(screen.getByText('Hiện chưa có xe nào được giao cho bạn.')).toBeInTheDocument();
  });
});
