import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import { lastDays } from '../../src/kpis';
import { reportsApi } from '../../src/reports/reportsApi';
import { ServiceRatingsPage } from '../../src/serviceRatings';
import { serviceRatingsApi } from '../../src/serviceRatings/serviceRatingsApi';
import { centreKpi, followUp, kpisOf, pageOf, rating, technicianKpi } from './ratingFixtures';

jest.mock('../../src/serviceRatings/serviceRatingsApi', () => ({
  ...jest.requireActual('../../src/serviceRatings/serviceRatingsApi'),
  serviceRatingsApi: { kpis: jest.fn(), list: jest.fn(), followUps: jest.fn(), hide: jest.fn(), unhide: jest.fn(), addNote: jest.fn(), close: jest.fn() },
}));
jest.mock('../../src/reports/reportsApi', () => ({ reportsApi: { centres: jest.fn(), charts: jest.fn(), table: jest.fn() } }));

const api = jest.mocked(serviceRatingsApi);
const centresApi = jest.mocked(reportsApi.centres);

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ServiceRatingsPage />
    </MemoryRouter>,
  );
}

const followUpList = () => within(screen.getByRole('list', { name: 'Khách cần gọi lại' }));
const ratingList = () => within(screen.getByRole('list', { name: 'Đánh giá của khách' }));
const HUNG = 'Trần Văn Hùng – phiếu PDV261120ABCD';

beforeEach(() => {
  jest.clearAllMocks();
  api.kpis.mockResolvedValue(kpisOf([centreKpi()], [technicianKpi(), technicianKpi({ technicianId: 22, fullName: 'Phạm Thị Lan', count: 8, average: 4.9, positivePct: 100, previous: { count: 6, average: 4.5, positivePct: 83.3 } })]));
  api.list.mockResolvedValue(pageOf([rating()]));
  api.followUps.mockResolvedValue({ items: [followUp()], openCount: 1 });
});

describe('the manager’s service ratings', () => {
  it('shows the period’s average, 4–5★ share and count with ▲/▼ against the previous period, and per technician', async () => {
    renderAt('/manager/ratings');
    const average = await screen.findByRole('group', { name: 'Điểm trung bình' });
    expect(average).toHaveTextContent('4,6/5');
    expect(average).toHaveTextContent('▲ 0,3');
    expect(within(average).getByText(/Tăng 0,3 điểm so với kỳ trước \(29\/09\/2026 – 28\/10\/2026\)/)).toBeInTheDocument();
    const share = screen.getByRole('group', { name: 'Tỷ lệ 4–5★' });
    expect(share).toHaveTextContent('88,2%');
    expect(share).toHaveTextContent('▼ 1,8');
    expect(screen.getByRole('group', { name: 'Số lượt đánh giá' })).toHaveTextContent('17lượt▲ 5');

    const technicians = within(screen.getByRole('region', { name: 'Theo kỹ thuật viên' }));
    const lan = technicians.getByRole('row', { name: /Phạm Thị Lan/ });
    expect(lan).toHaveTextContent('4,9/5');
    expect(lan).toHaveTextContent('100,0 %');
    expect(lan).toHaveTextContent('4,5/5 · 83,3 %');
    expect(technicians.getByRole('row', { name: /Lê Văn Tâm/ })).toHaveTextContent('— · —');
  });

  it('offers the KPIs’ CSV for the period shown, and follows a new period', async () => {
    renderAt('/manager/ratings');
    const { from, to } = lastDays(Date.now(), 30);
    const csv = await screen.findByRole('link', { name: 'Tải CSV đánh giá' });
    expect(csv).toHaveAttribute('href', `/api/service-ratings/kpis.csv?from=${from}&to=${to}`);
    expect(api.kpis).toHaveBeenCalledWith({ from, to }, expect.anything());

    const period = within(screen.getByRole('form', { name: 'Khoảng thời gian' }));
    await userEvent.clear(period.getByLabelText('Từ ngày'));
    await userEvent.type(period.getByLabelText('Từ ngày'), '2026-11-01');
    await userEvent.clear(period.getByLabelText('Đến ngày'));
    await userEvent.type(period.getByLabelText('Đến ngày'), '2026-11-15');
    await userEvent.click(period.getByRole('button', { name: 'Xem' }));
    expect(screen.getByRole('link', { name: 'Tải CSV đánh giá' })).toHaveAttribute('href', '/api/service-ratings/kpis.csv?from=2026-11-01&to=2026-11-15');
    await waitFor(() => expect(api.kpis).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '2026-11-15', centreId: undefined }, expect.anything()));
    expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ from: '2026-11-01', to: '2026-11-15', page: 1 }), expect.anything());
  });

  it('lists the customer to call back first, with a tel: link, stars, comment as plain text, visit and date', async () => {
    renderAt('/manager/ratings');
    expect(await screen.findByRole('heading', { name: 'Khách cần gọi lại (1 đang mở)' })).toBeInTheDocument();
    const card = within(followUpList().getByRole('listitem', { name: HUNG }));
    expect(card.getByText('Cần gọi lại')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Gọi 0912 345 678' })).toHaveAttribute('href', 'tel:0912345678');
    expect(card.getByRole('img', { name: '2/5 sao' })).toBeInTheDocument();
    expect(card.getByText('Chờ lâu, xe chưa được rửa <i>sạch</i>.')).toBeInTheDocument();
    expect(card.getByText(/Đánh giá ngày/)).toHaveTextContent('Đánh giá ngày 20/11/2026');
    expect(document.querySelector('i')).toBeNull();
  });

  it('notes a call: the note is sent, the list reloads and the follow-up reads “Đã liên hệ” with its note', async () => {
    const contacted = followUp({ status: 'CONTACTED', statusLabel: 'Đã liên hệ', notes: [{ text: 'Khách hẹn quay lại rửa xe miễn phí.', authorName: 'Nguyễn Quản Lý', createdAt: '2026-11-21T02:15:00.000Z' }] });
    api.followUps.mockResolvedValueOnce({ items: [followUp()], openCount: 1 }).mockResolvedValue({ items: [contacted], openCount: 1 });
    api.addNote.mockResolvedValue(contacted);
    renderAt('/manager/ratings');
    await screen.findByRole('heading', { name: 'Khách cần gọi lại (1 đang mở)' });
    const card = within(followUpList().getByRole('listitem', { name: HUNG }));
    await userEvent.click(card.getByRole('button', { name: 'Lưu ghi chú' }));
    expect(card.getByRole('alert')).toHaveTextContent('Vui lòng nhập ghi chú cuộc gọi.');
    expect(api.addNote).not.toHaveBeenCalled();

    await userEvent.type(card.getByLabelText('Ghi chú cuộc gọi'), 'Khách hẹn quay lại rửa xe miễn phí.');
    await userEvent.click(card.getByRole('button', { name: 'Lưu ghi chú' }));
    expect(api.addNote).toHaveBeenCalledWith(5, 'Khách hẹn quay lại rửa xe miễn phí.');
    expect(await screen.findByText('Đã lưu ghi chú cuộc gọi.')).toBeInTheDocument();
    const updated = within(followUpList().getByRole('listitem', { name: HUNG }));
    expect(await updated.findByText('Đã liên hệ')).toBeInTheDocument();
    expect(updated.getByText('Khách hẹn quay lại rửa xe miễn phí.')).toBeInTheDocument();
    expect(updated.getByText(/Nguyễn Quản Lý/)).toHaveTextContent('Nguyễn Quản Lý · 09:15 21/11/2026');
    expect(api.followUps).toHaveBeenCalledTimes(2);
  });

  it('closes a follow-up with its outcome', async () => {
    const closed = followUp({ status: 'CLOSED', statusLabel: 'Đã đóng', outcome: 'Đã xin lỗi, tặng phiếu rửa xe.', closedAt: '2026-11-22T04:00:00.000Z', closedByName: 'Nguyễn Quản Lý' });
    api.followUps.mockResolvedValueOnce({ items: [followUp()], openCount: 1 }).mockResolvedValue({ items: [closed], openCount: 0 });
    api.close.mockResolvedValue(closed);
    renderAt('/manager/ratings');
    await screen.findByRole('heading', { name: 'Khách cần gọi lại (1 đang mở)' });
    await userEvent.click(followUpList().getByRole('button', { name: 'Đóng' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Đóng yêu cầu gọi lại' }));
    await userEvent.type(dialog.getByLabelText('Kết quả xử lý'), 'Đã xin lỗi, tặng phiếu rửa xe.');
    await userEvent.click(dialog.getByRole('button', { name: 'Đóng yêu cầu' }));
    expect(api.close).toHaveBeenCalledWith(5, 'Đã xin lỗi, tặng phiếu rửa xe.');
    expect(await screen.findByRole('heading', { name: 'Khách cần gọi lại (0 đang mở)' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const card = within(followUpList().getByRole('listitem', { name: HUNG }));
    expect(card.getByText('Đã đóng')).toBeInTheDocument();
    expect(card.getByText('Kết quả: Đã xin lỗi, tặng phiếu rửa xe.')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Đóng' })).not.toBeInTheDocument();
    expect(card.queryByLabelText('Ghi chú cuộc gọi')).not.toBeInTheDocument();
  });

  it('explains a 409 on close (closed meanwhile) and reloads the list', async () => {
    const closed = followUp({ status: 'CLOSED', statusLabel: 'Đã đóng', outcome: 'Khách đã hài lòng.', closedAt: '2026-11-22T04:00:00.000Z', closedByName: 'Admin' });
    api.followUps.mockResolvedValueOnce({ items: [followUp()], openCount: 1 }).mockResolvedValue({ items: [closed], openCount: 0 });
    api.close.mockRejectedValue(new ApiError('Yêu cầu gọi lại này đã được đóng.', 409, 'FOLLOW_UP_CLOSED'));
    renderAt('/manager/ratings');
    await screen.findByRole('heading', { name: 'Khách cần gọi lại (1 đang mở)' });
    await userEvent.click(followUpList().getByRole('button', { name: 'Đóng' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Đóng yêu cầu gọi lại' }));
    await userEvent.type(dialog.getByLabelText('Kết quả xử lý'), 'Đã gọi');
    await userEvent.click(dialog.getByRole('button', { name: 'Đóng yêu cầu' }));
    expect(await screen.findByText('Yêu cầu gọi lại này đã được đóng. Danh sách đã được tải lại.')).toHaveAttribute('role', 'alert');
    expect(await screen.findByRole('heading', { name: 'Khách cần gọi lại (0 đang mở)' })).toBeInTheDocument();
    expect(api.followUps).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(followUpList().getByRole('listitem', { name: HUNG })).getByText('Đã đóng')).toBeInTheDocument();
  });

  it('filters the ratings to ≤ 2★ and by technician, and hides one with a reason', async () => {
    api.hide.mockResolvedValue(rating({ hidden: true }));
    renderAt('/manager/ratings');
    await screen.findByRole('list', { name: 'Đánh giá của khách' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chỉ đánh giá ≤ 2★' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ maxStars: 2, page: 1 }), expect.anything()));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kỹ thuật viên' }), 'Phạm Thị Lan');
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ maxStars: 2, technicianId: 22 }), expect.anything()));

    const calls = api.list.mock.calls.length;
    await userEvent.click(ratingList().getByRole('button', { name: 'Ẩn' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ẩn đánh giá dịch vụ' }));
    await userEvent.type(dialog.getByLabelText('Lý do ẩn'), 'Nội dung chứa số điện thoại');
    await userEvent.click(dialog.getByRole('button', { name: 'Ẩn đánh giá' }));
    expect(api.hide).toHaveBeenCalledWith(11, 'Nội dung chứa số điện thoại');
    expect(await screen.findByText('Đã ẩn đánh giá.')).toBeInTheDocument();
    await waitFor(() => expect(api.list.mock.calls.length).toBeGreaterThan(calls));
    expect(api.kpis.mock.calls.length).toBeGreaterThan(1);
  });
});

describe('the admin’s service ratings', () => {
  it('picks a centre: the figures, lists and CSV follow it', async () => {
    centresApi.mockResolvedValue([
      { id: 1, slug: 'cau-giay', name: 'EV Service Cầu Giấy' },
      { id: 2, slug: 'thu-duc', name: 'EV Service Thủ Đức' },
    ] as Awaited<ReturnType<typeof reportsApi.centres>>);
    api.kpis.mockResolvedValue(kpisOf([centreKpi(), centreKpi({ centreId: 2, centreName: 'EV Service Thủ Đức', average: 4.8 })]));
    renderAt('/admin/ratings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Đánh giá dịch vụ' })).toBeInTheDocument();
    // all centres: side by side
    expect(await screen.findByRole('region', { name: 'Bảng so sánh đánh giá giữa các trung tâm' })).toBeInTheDocument();

    const period = within(screen.getByRole('form', { name: 'Khoảng thời gian' }));
    await userEvent.selectOptions(await period.findByRole('combobox', { name: 'Trung tâm' }), 'EV Service Thủ Đức');
    await userEvent.click(period.getByRole('button', { name: 'Xem' }));
    const { from, to } = lastDays(Date.now(), 30);
    expect(screen.getByRole('link', { name: 'Tải CSV đánh giá' })).toHaveAttribute('href', `/api/service-ratings/kpis.csv?from=${from}&to=${to}&centreId=2`);
    await waitFor(() => expect(api.followUps).toHaveBeenLastCalledWith({ centreId: 2 }, expect.anything()));
    expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ centreId: 2 }), expect.anything());
  });
});
