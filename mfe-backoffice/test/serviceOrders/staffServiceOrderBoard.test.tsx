import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError, formatVnd } from 'shared-contracts';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { ServiceOrderBoard } from '../../src/serviceOrders/ServiceOrderBoard';
import { serviceOrdersApi } from '../../src/serviceOrders/serviceOrdersApi';
import { appointment, board, card, detail, floorChange, lastStreamOptions, renderAt, TECHNICIANS } from '../staffFixtures';

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
jest.mock('../../src/serviceOrders/serviceOrdersApi', () => ({
  serviceOrdersApi: {
    board: jest.fn(),
    detail: jest.fn(),
    assign: jest.fn(),
    reopen: jest.fn(),
    cancel: jest.fn(),
    invoicePreview: jest.fn(),
    issueInvoice: jest.fn(),
    confirmPayment: jest.fn(),
  },
}));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

/** VND as the page shows it (toHaveTextContent folds the non-breaking space before ₫). */
const vnd = (amount: number) => formatVnd(amount).replace(/\s/g, ' ');

const desk = jest.mocked(frontDeskApi);
const api = jest.mocked(serviceOrdersApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

const waiting = appointment({ id: 201, code: 'LH2611WAIT', licensePlate: '29A-555.55', status: 'CONFIRMED' });
const open = card({ id: 501, code: 'PDV2611OPEN', licensePlate: '30A-123.45', technician: { id: 11, fullName: 'Trần Minh Thợ' }, bayNo: 2, version: 3 });
const working = card({
  id: 502,
  code: 'PDV2611WORK',
  licensePlate: '30E-678.90',
  vehicleModel: 'VinFast VF 5',
  status: 'IN_PROGRESS',
  statusLabel: 'Đang làm',
  technician: { id: 12, fullName: 'Phạm Quốc Kỹ' },
  bayNo: 1,
  workedMinutes: 95,
  clockRunning: true,
  waitingApproval: true,
  waitingParts: true,
  checklist: { answered: 3, total: 8 },
});
const workDone = card({ id: 503, code: 'PDV2611DONE', licensePlate: '51H-111.22', status: 'WORK_DONE', statusLabel: 'Xong việc – chờ hoá đơn' });
const invoiced = card({ id: 504, code: 'PDV2611INVO', licensePlate: '51H-333.44', status: 'INVOICED', statusLabel: 'Chờ thanh toán' });
const closed = card({ id: 505, code: 'PDV2611CLOS', licensePlate: '51H-555.66', status: 'CLOSED', statusLabel: 'Đã thanh toán' });
const cancelled = card({ id: 506, code: 'PDV2611CANC', licensePlate: '51H-777.88', status: 'CANCELLED', statusLabel: 'Đã hủy' });

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  desk.technicians.mockResolvedValue(TECHNICIANS);
  api.board.mockResolvedValue(board([waiting], [open, working, workDone, invoiced, closed, cancelled]));
});

function renderBoard(path = '/staff/service-orders') {
  return renderAt(
    <Routes>
      <Route path="/staff/service-orders" element={<ServiceOrderBoard />} />
    </Routes>,
    path,
  );
}

const column = (name: string) => screen.getByRole('region', { name });

describe('the service order board', () => {
  it('puts today’s waiting appointments and the orders in the five columns, with what a card must show', async () => {
    renderBoard();
    await screen.findByRole('button', { name: 'Mở phiếu PDV2611OPEN, xe 30A-123.45' });

    const waitingColumn = column('Chờ tiếp nhận');
    expect(waitingColumn).toHaveTextContent('29A-555.55');
    expect(within(waitingColumn).getByRole('button', { name: 'Tiếp nhận xe 29A-555.55 (lịch hẹn LH2611WAIT)' })).toBeInTheDocument();

    const openColumn = column('Đã tiếp nhận');
    expect(within(openColumn).getByText('1 xe')).toBeInTheDocument();
    expect(openColumn).toHaveTextContent('KTV: Trần Minh Thợ · Khoang 2');
    expect(openColumn).toHaveTextContent(/Đã tiếp nhận 4[56] phút/);

    const workColumn = column('Đang làm');
    const workCard = within(workColumn).getByRole('button', { name: 'Mở phiếu PDV2611WORK, xe 30E-678.90' }).closest('article')!;
    expect(workCard).toHaveTextContent('VinFast VF 5');
    expect(workCard).toHaveTextContent('KTV: Phạm Quốc Kỹ · Khoang 1');
    expect(workCard).toHaveTextContent('Giờ công 1 giờ 35 phút');
    expect(workCard).toHaveTextContent('Kiểm tra 3/8');
    expect(within(workCard).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Chờ khách duyệt', 'Chờ phụ tùng', 'Đồng hồ đang chạy']);
    expect(within(column('Đã tiếp nhận')).queryByText('Đồng hồ đang chạy')).not.toBeInTheDocument();

    const payColumn = column('Chờ thanh toán');
    expect(within(payColumn).getByText('2 xe')).toBeInTheDocument();
    expect(payColumn).toHaveTextContent('Xong việc – chờ hoá đơn');
    expect(payColumn).toHaveTextContent('Chờ thanh toán');

    expect(column('Xong hôm nay')).toHaveTextContent('51H-555.66');
    expect(screen.queryByText('51H-777.88')).not.toBeInTheDocument(); // cancelled orders are off the board
  });

  it('opens a card’s drawer (a dialog) with the timeline, the read-only checklist with photos and the lines; Escape closes it', async () => {
    api.detail.mockResolvedValue(detail({ id: 501, code: 'PDV2611OPEN', version: 3, technician: { id: 11, fullName: 'Trần Minh Thợ' }, bayNo: 2 }));
    renderBoard();
    const opener = await screen.findByRole('button', { name: 'Mở phiếu PDV2611OPEN, xe 30A-123.45' });
    await userEvent.click(opener);

    const drawer = await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2611OPEN' });
    expect(api.detail).toHaveBeenCalledWith(501, expect.any(AbortSignal));
    expect(within(drawer).getByRole('region', { name: 'Tiến trình' })).toHaveTextContent('Đã tiếp nhận');
    const checklist = within(drawer).getByRole('region', { name: /Danh sách kiểm tra/ });
    expect(checklist).toHaveTextContent('1/2 mục đã kiểm tra');
    expect(checklist).toHaveTextContent('Kiểm tra phanhKhông đạt');
    expect(checklist).toHaveTextContent('Má phanh mòn');
    expect(within(checklist).getByRole('img', { name: 'Ảnh 1 của mục Kiểm tra phanh' })).toHaveAttribute('src', '/api/media/checklist-photos/9.webp');
    expect(within(checklist).queryByRole('button')).not.toBeInTheDocument();
    expect(within(drawer).getByRole('region', { name: 'Dịch vụ và phụ tùng' })).toHaveTextContent(vnd(450_000));
    expect(within(drawer).getByRole('region', { name: 'Quầy phụ tùng' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('sends the version with a new assignment; a 409 shows the server’s message and reloads the drawer', async () => {
    const before = detail({ id: 501, code: 'PDV2611OPEN', version: 3, technician: { id: 11, fullName: 'Trần Minh Thợ' }, bayNo: 2 });
    const after = { ...before, version: 4, technician: { id: 12, fullName: 'Phạm Quốc Kỹ' }, bayNo: 3 };
    api.detail.mockResolvedValueOnce(before).mockResolvedValue(after);
    api.assign.mockRejectedValue(new ApiError('Phiếu dịch vụ vừa được người khác cập nhật, vui lòng tải lại.', 409, 'SERVICE_ORDER_CHANGED'));
    renderBoard('/staff/service-orders?order=501');

    const drawer = await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2611OPEN' });
    const assignment = within(drawer).getByRole('region', { name: 'Phân công' });
    await within(assignment).findByRole('option', { name: 'Phạm Quốc Kỹ (đang có xe)' });
    expect(within(assignment).getByLabelText('Kỹ thuật viên')).toHaveValue('11');
    await userEvent.selectOptions(within(assignment).getByLabelText('Kỹ thuật viên'), '12');
    await userEvent.selectOptions(within(assignment).getByLabelText('Khoang'), 'Khoang 4');
    await userEvent.click(within(assignment).getByRole('button', { name: 'Lưu phân công' }));

    expect(api.assign).toHaveBeenCalledWith(501, { version: 3, technicianId: 12, bayNo: 4 });
    expect(await within(drawer).findByText(/Phiếu dịch vụ vừa được người khác cập nhật, vui lòng tải lại\./)).toBeInTheDocument();
    await waitFor(() => expect(api.detail).toHaveBeenCalledTimes(2));
    // the drawer now shows what the other person saved
    await waitFor(() => expect(within(within(drawer).getByRole('region', { name: 'Phân công' })).getByLabelText('Kỹ thuật viên')).toHaveValue('12'));
    expect(within(within(drawer).getByRole('region', { name: 'Phân công' })).getByLabelText('Khoang')).toHaveValue('3');
    expect(api.board).toHaveBeenCalledTimes(2);
  });

  it('cancels an order only with a reason of at least 5 characters, sending the version', async () => {
    api.detail.mockResolvedValue(detail({ id: 501, code: 'PDV2611OPEN', version: 3 }));
    api.cancel.mockResolvedValue(null);
    renderBoard('/staff/service-orders?order=501');
    const drawer = await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2611OPEN' });
    expect(within(drawer).queryByRole('button', { name: 'Mở lại phiếu' })).not.toBeInTheDocument(); // not in availableActions
    await userEvent.click(within(drawer).getByRole('button', { name: 'Hủy phiếu' }));
    const reason = within(drawer).getByLabelText(/Lý do/);
    await userEvent.type(reason, 'abc');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Xác nhận hủy phiếu' }));
    expect(within(drawer).getByText('Vui lòng nhập lý do (ít nhất 5 ký tự).')).toBeInTheDocument();
    expect(api.cancel).not.toHaveBeenCalled();
    await userEvent.type(reason, ' - khách đổi ý');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Xác nhận hủy phiếu' }));
    expect(api.cancel).toHaveBeenCalledWith(501, 3, 'abc - khách đổi ý');
    expect(await within(drawer).findByText('Đã hủy phiếu dịch vụ.')).toBeInTheDocument();
  });

  it('“Lập hoá đơn” shows the server’s preview, then issues the invoice', async () => {
    const done = detail({ id: 503, code: 'PDV2611DONE', status: 'WORK_DONE', statusLabel: 'Xong việc – chờ hoá đơn', availableActions: ['reopen', 'invoice'] });
    const invoice = {
      id: 1,
      code: 'HD2611AAAA',
      subtotalServices: 450_000,
      subtotalParts: 0,
      packageDiscount: 50_000,
      total: 400_000,
      pointsUsed: 0,
      pointsValue: 0,
      paymentMethod: null,
      paymentStatus: 'UNPAID' as const,
      issuedAt: new Date().toISOString(),
      paidAt: null,
      vietQr: { imageDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+', content: 'HD2611AAAA' },
    };
    api.detail.mockResolvedValueOnce(done).mockResolvedValue({ ...done, status: 'INVOICED', statusLabel: 'Chờ thanh toán', invoice, availableActions: ['confirmPayment'] });
    api.invoicePreview.mockResolvedValue({ subtotalServices: 450_000, subtotalParts: 0, packageDiscount: 50_000, total: 400_000, lines: done.lines });
    api.issueInvoice.mockResolvedValue(invoice);
    renderBoard('/staff/service-orders?order=503');
    const drawer = await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2611DONE' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Lập hoá đơn' }));
    const preview = await within(drawer).findByRole('table', { name: 'Xem trước hoá đơn' });
    expect(within(preview).getByRole('row', { name: /Tổng cộng/ })).toHaveTextContent(vnd(400_000));
    expect(within(preview).getByRole('row', { name: /Giảm trừ gói dịch vụ/ })).toHaveTextContent(vnd(50_000));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Xác nhận lập hoá đơn' }));
    expect(api.issueInvoice).toHaveBeenCalledWith(503);
    expect(await within(drawer).findByText('HD2611AAAA')).toBeInTheDocument();
    expect(within(drawer).queryByText(/khác bản xem trước/)).not.toBeInTheDocument();
  });

  it('confirms a cash payment with one click and a confirmation; VietQR shows the QR and waits for “Đã nhận chuyển khoản”', async () => {
    const invoice = {
      id: 1,
      code: 'HD2611BBBB',
      subtotalServices: 900_000,
      subtotalParts: 0,
      packageDiscount: 0,
      total: 900_000,
      pointsUsed: 0,
      pointsValue: 0,
      paymentMethod: null,
      paymentStatus: 'UNPAID' as const,
      issuedAt: new Date().toISOString(),
      paidAt: null,
      vietQr: { imageDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+', content: 'HD2611BBBB' },
    };
    api.detail.mockResolvedValue(detail({ id: 504, code: 'PDV2611INVO', status: 'INVOICED', statusLabel: 'Chờ thanh toán', invoice, availableActions: ['confirmPayment'] }));
    api.confirmPayment.mockResolvedValue(null);
    renderBoard('/staff/service-orders?order=504');
    const drawer = await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2611INVO' });

    await userEvent.click(within(drawer).getByRole('button', { name: 'Thanh toán VietQR' }));
    expect(within(drawer).getByRole('img', { name: 'Mã VietQR thanh toán hoá đơn HD2611BBBB' })).toHaveAttribute('src', invoice.vietQr.imageDataUrl);
    expect(drawer).toHaveTextContent('Nội dung chuyển khoản: HD2611BBBB');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Đã nhận chuyển khoản' }));
    const qrConfirm = screen.getByRole('dialog', { name: 'Xác nhận đã nhận chuyển khoản hoá đơn HD2611BBBB' });
    await userEvent.keyboard('{Escape}'); // backs out of the confirmation only
    expect(qrConfirm).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Phiếu dịch vụ PDV2611INVO' })).toBeInTheDocument();
    expect(api.confirmPayment).not.toHaveBeenCalled();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Thu tiền mặt' }));
    const cashConfirm = screen.getByRole('dialog', { name: 'Xác nhận thu tiền mặt hoá đơn HD2611BBBB' });
    expect(cashConfirm).toHaveTextContent(`Khách đã thanh toán đủ ${vnd(900_000)} bằng tiền mặt?`);
    await userEvent.click(within(cashConfirm).getByRole('button', { name: 'Đã thu tiền' }));
    expect(api.confirmPayment).toHaveBeenCalledWith(504, 'CASH');
    expect(await within(drawer).findByText('Đã xác nhận thanh toán. Phiếu đã đóng.')).toBeInTheDocument();
  });

  it('reloads the board, and the open drawer, when the floor changes', async () => {
    api.detail.mockResolvedValue(detail({ id: 501, code: 'PDV2611OPEN', version: 3 }));
    renderBoard('/staff/service-orders?order=501');
    await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2611OPEN' });
    await waitFor(() => expect(api.detail).toHaveBeenCalledTimes(1));
    api.board.mockResolvedValue(board([], [{ ...open, status: 'IN_PROGRESS', statusLabel: 'Đang làm', clockRunning: true }]));
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'service-order', serviceOrderId: 501 })));
    await waitFor(() => expect(api.board).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(api.detail).toHaveBeenCalledTimes(2));
    expect(await within(column('Đang làm')).findByRole('button', { name: 'Mở phiếu PDV2611OPEN, xe 30A-123.45' })).toBeInTheDocument();
    // another order's change does not reload this drawer
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'service-order', serviceOrderId: 999 })));
    await waitFor(() => expect(api.board).toHaveBeenCalledTimes(3));
    expect(api.detail).toHaveBeenCalledTimes(2);
  });
});
