import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, formatVnd, sessionStore } from 'shared-contracts';
import type { CustomerApproval, CustomerServiceOrder } from 'shared-contracts/schemas';
import { DashboardPage } from '../../../../src/pages/dashboard/DashboardPage';
import type { AppointmentEventsOptions } from '../../../../src/service/appointmentEvents';
import { serviceApi } from '../../../../src/service/serviceApi';
import { deferred, logIn, renderAccountPage } from '../../../helpers';
import { appointment } from '../../../serviceFixtures';

jest.mock('../../../../src/service/serviceApi');
const mockStream: { options: AppointmentEventsOptions | null; stop: jest.Mock } = { options: null, stop: jest.fn() };
jest.mock('../../../../src/service/appointmentEvents', () => ({
  subscribeAppointmentEvents: (options: AppointmentEventsOptions) => {
    mockStream.options = options;
    return mockStream.stop;
  },
}));

const api = serviceApi as jest.Mocked<typeof serviceApi>;

/** The customer's approvals as GET /me/approvals answers them (shared-contracts/schemas customerApprovalSchema). */
function approval(overrides: Partial<CustomerApproval> = {}): CustomerApproval {
  return {
    requestId: 51,
    appointmentId: 31,
    serviceOrderId: 7,
    serviceOrderCode: 'PDV261124K7QZ',
    licensePlate: '29MĐ1-234.56',
    vehicleModel: 'VinFast Klara S',
    centreName: 'EV Service Cầu Giấy',
    part: { productId: 12, sku: 'MP-KLARA-TR', name: 'Má phanh trước Klara' },
    quantity: 2,
    unitPrice: 225_000,
    lineTotal: 450_000,
    reason: 'Má phanh mòn quá giới hạn, phanh kém an toàn.',
    finding: {
      id: 301,
      code: 'brake-front',
      label: 'Kiểm tra phanh trước',
      result: 'FAIL',
      note: 'Má phanh còn 1 mm',
      photos: [
        { url: '/uploads/checklist/a1.webp', width: 1600, height: 1200 },
        { url: '/uploads/checklist/a2.webp', width: 1200, height: 1600 },
      ],
    },
    currentEstimate: 550_000,
    newEstimate: 1_000_000,
    expiresAt: '2026-11-25T02:30:00.000Z', // 09:30 25/11/2026 in Hà Nội
    status: 'AWAITING_CUSTOMER',
    statusLabel: 'Chờ khách duyệt',
    decision: null,
    version: 3,
    ...overrides,
  };
}

const brakes = approval();
const battery = approval({
  requestId: 52,
  part: { productId: 14, sku: 'AQ-12V-5AH', name: 'Ắc quy 12V 5Ah' },
  quantity: 1,
  unitPrice: 1_200_000,
  lineTotal: 1_200_000,
  reason: 'Ắc quy 12V yếu, xe khó khởi động.',
  finding: null,
  newEstimate: 1_750_000,
  expiresAt: '2026-11-25T03:00:00.000Z',
});

const atCentre = appointment({ status: 'IN_PROGRESS', statusLabel: 'Đang thực hiện', canCancel: false, canReschedule: false });

function serviceOrder(pendingApprovals: number): CustomerServiceOrder {
  return {
    appointmentId: 31,
    code: 'PDV261124K7QZ',
    status: 'IN_PROGRESS',
    statusLabel: 'Đang thực hiện',
    pendingApprovals,
    openedAt: '2026-11-24T01:55:00.000Z',
    lines: [{ id: 1, kind: 'service', name: 'Bảo dưỡng cơ bản', quantity: 1, unitPrice: 550_000, lineTotal: 550_000, source: 'booked' }],
    invoice: null,
  };
}

const recorded = (item: CustomerApproval, decision: 'approve' | 'decline', message: string) => ({
  approval: { ...item, status: decision === 'approve' ? ('RESERVED' as const) : ('DECLINED' as const), decision: { decision, at: '2026-11-24T03:00:00.000Z', via: 'web' as const } },
  message,
});

function conflict(code: string, message: string) {
  return new ApiError(message, 409, code, [], { success: false, message, code });
}

beforeEach(() => {
  jest.resetAllMocks();
  mockStream.options = null;
  api.upcomingAppointments.mockResolvedValue([atCentre]);
  api.recentlyCompletedAppointments.mockResolvedValue([]);
  api.vehicles.mockResolvedValue([]);
  api.activeOrders.mockResolvedValue(null);
  api.packageCredits.mockResolvedValue(null);
  api.savedPromotions.mockResolvedValue([]);
  api.appointmentServiceOrder.mockResolvedValue(serviceOrder(2));
  api.appointmentInspection.mockResolvedValue(null);
  api.approvals.mockResolvedValue([brakes, battery]);
  Element.prototype.scrollIntoView = jest.fn();
});
afterEach(() => sessionStore.clear());

const card = () => screen.getByRole('region', { name: /^Cần bạn duyệt/ });
const findCard = () => screen.findByRole('region', { name: /^Cần bạn duyệt/ });
const item = (part: string) => within(card()).getByRole('article', { name: part });
const panelStatus = () => within(screen.getByRole('article', { name: 'LH2611A7K3Q' })).getByTestId('service-order-status');
/** What the card's `dl` says, term → value. */
function facts(element: HTMLElement): Record<string, string> {
  const result: Record<string, string> = {};
  for (const term of element.querySelectorAll('dt')) result[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  return result;
}

function pushServiceOrder(pendingApprovals: number) {
  act(() =>
    mockStream.options!.onServiceOrder!({
      appointmentId: 31,
      serviceOrderId: 7,
      serviceOrderCode: 'PDV261124K7QZ',
      status: 'IN_PROGRESS',
      statusLabel: 'nhãn của nhân viên',
      pendingApprovals,
      at: new Date().toISOString(),
    }),
  );
}

describe("/dashboard: 'Cần bạn duyệt (n)'", () => {
  it('lists each request with its part, quantity, prices in VND, reason, finding, estimates and deadline', async () => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);
    const region = await findCard();
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent('Cần bạn duyệt (2)');
    expect(region).toHaveAttribute('id', 'can-ban-duyet');

    const first = item('Má phanh trước Klara');
    expect(facts(first)).toEqual({
      'Số lượng': '2',
      'Đơn giá': formatVnd(225_000),
      'Thành tiền': formatVnd(450_000),
      'Tổng chi phí dự kiến hiện tại': formatVnd(550_000),
      'Tổng chi phí dự kiến nếu đồng ý': formatVnd(1_000_000),
    });
    expect(formatVnd(1_000_000)).toMatch(/^1\.000\.000\s₫$/);
    expect(within(first).getByText('Hạn duyệt: 25/11/2026 09:30')).toBeInTheDocument();
    expect(within(first).getByText('Má phanh mòn quá giới hạn, phanh kém an toàn.')).toBeInTheDocument();
    expect(within(first).getByText('Phiếu PDV261124K7QZ · 29MĐ1-234.56 · VinFast Klara S · EV Service Cầu Giấy')).toBeInTheDocument();
    // the checklist finding: its label, 'Không đạt', its note and photos
    expect(within(first).getByText('Kiểm tra phanh trước')).toBeInTheDocument();
    expect(within(first).getByText('Không đạt')).toBeInTheDocument();
    expect(within(first).getByText('Má phanh còn 1 mm')).toBeInTheDocument();
    const photos = within(first).getByRole('list', { name: 'Ảnh mục Kiểm tra phanh trước' });
    expect(within(photos).getAllByRole('img').map((img) => [img.getAttribute('alt'), img.getAttribute('src')])).toEqual([
      ['Xem ảnh 1 của mục Kiểm tra phanh trước cỡ lớn', '/uploads/checklist/a1.webp'],
      ['Xem ảnh 2 của mục Kiểm tra phanh trước cỡ lớn', '/uploads/checklist/a2.webp'],
    ]);

    const second = item('Ắc quy 12V 5Ah');
    expect(facts(second)).toMatchObject({ 'Số lượng': '1', 'Thành tiền': formatVnd(1_200_000), 'Tổng chi phí dự kiến nếu đồng ý': formatVnd(1_750_000) });
    expect(within(second).getByText('Hạn duyệt: 25/11/2026 10:00')).toBeInTheDocument();
    expect(within(second).queryByText('Kết quả kiểm tra')).not.toBeInTheDocument();
    // the card comes before the appointments
    expect(region.compareDocumentPosition(screen.getByRole('region', { name: 'Lịch hẹn sắp tới' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('opens a photo large on tap, and closes it with Escape or its button, focus back on the thumbnail', async () => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);
    await findCard();
    const thumbnail = within(item('Má phanh trước Klara')).getByRole('button', { name: 'Xem ảnh 2 của mục Kiểm tra phanh trước cỡ lớn' });
    await userEvent.click(thumbnail);
    const dialog = screen.getByRole('dialog', { name: 'Ảnh 2 của mục Kiểm tra phanh trước' });
    expect(within(dialog).getByRole('img', { name: 'Ảnh 2 của mục Kiểm tra phanh trước' })).toHaveAttribute('src', '/uploads/checklist/a2.webp');
    expect(within(dialog).getByRole('button', { name: 'Đóng ảnh' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumbnail).toHaveFocus();

    await userEvent.click(thumbnail);
    await userEvent.click(screen.getByRole('button', { name: 'Đóng ảnh' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('approves one request once however often it is clicked; the card and the order panel count down', async () => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);
    await findCard();
    expect(await within(screen.getByRole('article', { name: 'LH2611A7K3Q' })).findByTestId('service-order-status')).toHaveTextContent('Cần bạn duyệt (2)');

    const answer = deferred<Awaited<ReturnType<typeof serviceApi.decideApproval>>>();
    api.decideApproval.mockReturnValue(answer.promise);
    api.approvals.mockResolvedValue([battery]);
    // the order's fetch after the decision stays on its way: the count shown comes from the decision itself
    api.appointmentServiceOrder.mockReturnValue(new Promise(() => undefined));
    const approve = within(item('Má phanh trước Klara')).getByRole('button', { name: 'Đồng ý thay Má phanh trước Klara' });
    act(() => {
      approve.click();
      approve.click();
    });
    await userEvent.dblClick(approve);
    expect(approve).toBeDisabled();
    expect(api.decideApproval).toHaveBeenCalledTimes(1);
    expect(api.decideApproval).toHaveBeenCalledWith(51, { decision: 'approve' });

    await act(async () => answer.resolve(recorded(brakes, 'approve', 'Đã ghi nhận: bạn đồng ý thay phụ tùng.')));
    expect(within(card()).getByText('Đã ghi nhận: bạn đồng ý thay phụ tùng.')).toBeInTheDocument();
    expect(screen.getByText('Đã ghi nhận: bạn đồng ý thay phụ tùng.', { selector: '[aria-live="polite"]' })).toBeInTheDocument();
    expect(within(card()).queryByRole('article', { name: 'Má phanh trước Klara' })).not.toBeInTheDocument();
    expect(within(card()).getByRole('heading', { level: 2 })).toHaveTextContent('Cần bạn duyệt (1)');
    expect(within(card()).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(panelStatus()).toHaveTextContent('Cần bạn duyệt (1)');
    expect(api.appointmentServiceOrder).toHaveBeenCalledTimes(2);
    expect(api.approvals).toHaveBeenCalledTimes(2);
    // one request left: nothing to approve 'all'
    expect(within(card()).queryByRole('button', { name: /Đồng ý tất cả/ })).not.toBeInTheDocument();
  });

  it('declines with an optional reason, or without one', async () => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);
    await findCard();
    api.decideApproval.mockResolvedValue(recorded(battery, 'decline', 'Đã ghi nhận: bạn không đồng ý thay phụ tùng.'));

    await userEvent.click(within(item('Ắc quy 12V 5Ah')).getByRole('button', { name: 'Từ chối thay Ắc quy 12V 5Ah' }));
    const form = within(item('Ắc quy 12V 5Ah')).getByRole('group', { name: 'Từ chối thay Ắc quy 12V 5Ah' });
    const reason = within(form).getByRole('textbox', { name: 'Lý do từ chối (không bắt buộc)' });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxlength', '300');
    await userEvent.click(within(form).getByRole('button', { name: 'Quay lại' }));
    expect(api.decideApproval).not.toHaveBeenCalled();
    expect(within(item('Ắc quy 12V 5Ah')).getByRole('button', { name: 'Từ chối thay Ắc quy 12V 5Ah' })).toHaveFocus();

    await userEvent.click(within(item('Ắc quy 12V 5Ah')).getByRole('button', { name: 'Từ chối thay Ắc quy 12V 5Ah' }));
    await userEvent.type(within(item('Ắc quy 12V 5Ah')).getByRole('textbox', { name: /Lý do từ chối/ }), '  Tôi sẽ tự thay ắc quy ở nhà.  ');
    api.approvals.mockResolvedValue([brakes]);
    await userEvent.click(within(item('Ắc quy 12V 5Ah')).getByRole('button', { name: 'Xác nhận từ chối' }));
    expect(api.decideApproval).toHaveBeenCalledWith(52, { decision: 'decline', reason: 'Tôi sẽ tự thay ắc quy ở nhà.' });
    expect(await within(card()).findByText('Đã ghi nhận: bạn không đồng ý thay phụ tùng.')).toBeInTheDocument();
    expect(within(card()).queryByRole('article', { name: 'Ắc quy 12V 5Ah' })).not.toBeInTheDocument();
    expect(panelStatus()).toHaveTextContent('Cần bạn duyệt (1)');

    api.decideApproval.mockResolvedValue(recorded(brakes, 'decline', 'Đã ghi nhận: bạn không đồng ý thay phụ tùng.'));
    api.approvals.mockResolvedValue([]);
    await userEvent.click(within(item('Má phanh trước Klara')).getByRole('button', { name: 'Từ chối thay Má phanh trước Klara' }));
    await userEvent.click(within(item('Má phanh trước Klara')).getByRole('button', { name: 'Xác nhận từ chối' }));
    expect(api.decideApproval).toHaveBeenLastCalledWith(51, { decision: 'decline' });
  });

  it("approves all after a confirmation listing the parts and the order's new total", async () => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);
    await findCard();
    await userEvent.click(within(card()).getByRole('button', { name: 'Đồng ý tất cả (2)' }));
    const confirm = within(card()).getByRole('group', { name: 'Xác nhận đồng ý tất cả' });
    expect(within(confirm).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      `Má phanh trước Klara × 2: ${formatVnd(450_000)}`,
      `Ắc quy 12V 5Ah × 1: ${formatVnd(1_200_000)}`,
    ]);
    // 550.000 booked + 450.000 + 1.200.000
    expect(within(confirm).getByText('Tổng chi phí dự kiến mới của phiếu PDV261124K7QZ:', { exact: false })).toHaveTextContent(/PDV261124K7QZ: 2\.200\.000\s₫$/);
    expect(within(confirm).getByRole('button', { name: 'Xác nhận đồng ý tất cả' })).toHaveFocus();
    // while confirming, the single decisions wait
    expect(within(item('Má phanh trước Klara')).getByRole('button', { name: 'Đồng ý thay Má phanh trước Klara' })).toBeDisabled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Quay lại' }));
    expect(api.decideApproval).not.toHaveBeenCalled();
    expect(within(card()).getByRole('button', { name: 'Đồng ý tất cả (2)' })).toHaveFocus();

    api.decideApproval.mockImplementation(async (requestId) => recorded(requestId === 51 ? brakes : battery, 'approve', 'Đã ghi nhận: bạn đồng ý thay phụ tùng.'));
    api.approvals.mockResolvedValue([]);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder(0));
    await userEvent.click(within(card()).getByRole('button', { name: 'Đồng ý tất cả (2)' }));
    await userEvent.dblClick(within(card()).getByRole('button', { name: 'Xác nhận đồng ý tất cả' }));
    expect(await within(card()).findByText('Đã ghi nhận: bạn đồng ý 2 hạng mục.')).toBeInTheDocument();
    expect(api.decideApproval.mock.calls).toEqual([
      [51, { decision: 'approve' }],
      [52, { decision: 'approve' }],
    ]);
    // nothing left: the card says so until it is closed, and the panel leaves 'Cần bạn duyệt'
    expect(within(card()).getByText('Không còn yêu cầu nào chờ bạn duyệt.')).toBeInTheDocument();
    expect(within(card()).queryAllByRole('article')).toHaveLength(0);
    expect(panelStatus()).toHaveTextContent('Đang thực hiện');
    await userEvent.click(within(card()).getByRole('button', { name: 'Đóng' }));
    expect(screen.queryByRole('region', { name: /^Cần bạn duyệt/ })).not.toBeInTheDocument();
  });

  it.each([
    ['APPROVAL_EXPIRED', 'Yêu cầu đã hết hạn, vui lòng liên hệ trung tâm.'],
    ['DECISION_ALREADY_RECORDED', 'Yêu cầu này đã được ghi nhận là "Từ chối", không thể đổi quyết định. Vui lòng liên hệ trung tâm.'],
  ])("shows the server's message for %s and fetches the list again", async (code, message) => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);
    await findCard();
    api.decideApproval.mockRejectedValue(conflict(code, message));
    api.approvals.mockResolvedValue([battery]);
    await userEvent.click(within(item('Má phanh trước Klara')).getByRole('button', { name: 'Đồng ý thay Má phanh trước Klara' }));
    expect(await within(card()).findByText(message)).toBeInTheDocument();
    expect(screen.getByText(message, { selector: '[aria-live="polite"]' })).toBeInTheDocument();
    expect(api.approvals).toHaveBeenCalledTimes(2);
    expect(await within(card()).findByRole('heading', { level: 2, name: 'Cần bạn duyệt (1)' })).toBeInTheDocument();
    expect(within(card()).queryByRole('article', { name: 'Má phanh trước Klara' })).not.toBeInTheDocument();
  });

  it('keeps the request for another try when the network fails, and takes the same decision again as recorded', async () => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);
    await findCard();
    api.decideApproval.mockRejectedValueOnce(new ApiError('Không thể kết nối máy chủ. Vui lòng kiểm tra mạng.', 0, 'NETWORK'));
    await userEvent.click(within(item('Má phanh trước Klara')).getByRole('button', { name: 'Đồng ý thay Má phanh trước Klara' }));
    expect(await within(card()).findByText('Không thể kết nối máy chủ. Vui lòng kiểm tra mạng.')).toBeInTheDocument();
    expect(api.approvals).toHaveBeenCalledTimes(1);
    expect(item('Má phanh trước Klara')).toBeInTheDocument();

    // the first answer did land after all: the server says it was recorded, and the card moves on
    api.decideApproval.mockResolvedValueOnce(recorded(brakes, 'approve', 'Quyết định của bạn đã được ghi nhận trước đó.'));
    api.approvals.mockResolvedValue([battery]);
    await userEvent.click(within(item('Má phanh trước Klara')).getByRole('button', { name: 'Đồng ý thay Má phanh trước Klara' }));
    expect(await within(card()).findByText('Quyết định của bạn đã được ghi nhận trước đó.')).toBeInTheDocument();
    expect(within(card()).queryByRole('article', { name: 'Má phanh trước Klara' })).not.toBeInTheDocument();
  });

  it.each([
    ['an empty list', []],
    ['no approvals endpoint (404)', null],
  ])('is not shown when nothing waits (%s)', async (_case, answer) => {
    logIn();
    api.approvals.mockResolvedValue(answer);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder(0));
    renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    await act(async () => undefined);
    expect(api.approvals).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: /Cần bạn duyệt/ })).not.toBeInTheDocument();
  });

  it('says so, with a retry, when the list cannot be read', async () => {
    logIn();
    api.approvals.mockRejectedValueOnce(new ApiError('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 503, 'HTTP_503'));
    renderAccountPage('/dashboard', <DashboardPage />);
    const region = await screen.findByRole('region', { name: 'Cần bạn duyệt' });
    expect(within(region).getByText('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Thử lại' }));
    expect(await within(card()).findByRole('heading', { level: 2, name: 'Cần bạn duyệt (2)' })).toBeInTheDocument();
  });

  it('appears and goes live when a service-order event brings another count, without reloading the page', async () => {
    logIn();
    api.approvals.mockResolvedValue([]);
    api.appointmentServiceOrder.mockResolvedValue(serviceOrder(0));
    renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('article', { name: 'LH2611A7K3Q' });
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: /Cần bạn duyệt/ })).not.toBeInTheDocument();

    // staff sent a request to the customer
    api.approvals.mockResolvedValue([brakes]);
    pushServiceOrder(1);
    expect(await within(await findCard()).findByRole('article', { name: 'Má phanh trước Klara' })).toBeInTheDocument();
    expect(api.approvals).toHaveBeenCalledTimes(2);

    // the same count again (another change on the order): no new fetch
    pushServiceOrder(1);
    await act(async () => undefined);
    expect(api.approvals).toHaveBeenCalledTimes(2);

    // staff withdrew it
    api.approvals.mockResolvedValue([]);
    pushServiceOrder(0);
    await act(async () => undefined);
    expect(api.approvals).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('region', { name: /Cần bạn duyệt/ })).not.toBeInTheDocument();

    // after the stream was down, the list is fetched again
    await act(async () => mockStream.options!.onOpen!({ reconnected: true }));
    expect(api.approvals).toHaveBeenCalledTimes(4);
  });

  it('scrolls to the card and focuses it when reached as /dashboard#can-ban-duyet, and from the order panel link', async () => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />, '/dashboard#can-ban-duyet');
    const heading = within(await findCard()).getByRole('heading', { level: 2 });
    expect(heading).toHaveFocus();
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Đồng ý tất cả (2)' }));
    expect(heading).not.toHaveFocus();
    const link = await within(screen.getByRole('article', { name: 'LH2611A7K3Q' })).findByRole('link', { name: 'Xem và duyệt' });
    await userEvent.click(link);
    expect(heading).toHaveFocus();
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(2);
  });

  it('names every control and picture, so a screen reader can tell them apart', async () => {
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);
    const region = await findCard();
    await userEvent.click(within(item('Ắc quy 12V 5Ah')).getByRole('button', { name: 'Từ chối thay Ắc quy 12V 5Ah' }));
    const named = (role: string) => within(region).getAllByRole(role, { name: (name) => name.trim() !== '' });
    for (const role of ['button', 'img', 'textbox', 'article', 'group']) expect(named(role)).toHaveLength(within(region).getAllByRole(role).length);
    // each button's accessible name (the function sees it), all different: 'Đồng ý' says which part
    const buttonNames: string[] = [];
    within(region).getAllByRole('button', { name: (name) => buttonNames.push(name) > 0 });
    expect(buttonNames).toContain('Đồng ý thay Má phanh trước Klara');
    expect(new Set(buttonNames).size).toBe(buttonNames.length);
    const ids = Array.from(document.querySelectorAll('[id]'), (element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    // the card's heading is the page's second level, its requests the third
    expect(within(region).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Má phanh trước Klara', 'Ắc quy 12V 5Ah']);
  });
});
