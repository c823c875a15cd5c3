import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, formatVnd } from 'shared-contracts';
import { vietnamDateOf } from 'shared-contracts/calendar';
import type { WebOrderListItem } from 'shared-contracts/schemas';
import { AwaitingTransfers } from '../../src/pages/staff/payments/AwaitingTransfers';
import { paymentsApi } from '../../src/pages/staff/payments/paymentsApi';

// paymentsApi is mocked for every test file (test/setup.ts); each test here says what it answers.
const api = jest.mocked(paymentsApi);

const order = (code: string, total: number, recipientName: string): WebOrderListItem => ({
  code,
  status: 'PENDING_PAYMENT',
  statusLabel: 'Chờ thanh toán',
  paymentMethod: 'VIETQR',
  paymentStatus: 'UNPAID',
  paymentStatusLabel: 'Chưa thanh toán',
  fulfilmentMethod: 'delivery',
  total,
  createdAt: '2026-11-22T03:15:00.000Z',
  recipientName,
  phone: '0912345678',
  version: 1,
});

beforeEach(() => jest.resetAllMocks());

const openForm = async (panel: HTMLElement, code: string) => {
  await userEvent.click(await within(panel).findByRole('button', { name: `Ghi nhận chuyển khoản cho đơn ${code}` }));
  return within(panel).getByRole('form', { name: `Chuyển khoản đã nhận cho đơn ${code}` });
};

describe('the staff dashboard: orders waiting for a VietQR transfer', () => {
  it('lists each order of the centre; recording its whole total with the bank reference takes it off the list', async () => {
    api.awaitingTransfer.mockResolvedValue([order('EV2611220012', 9_400_000, 'Nguyễn Văn An'), order('EV2611220013', 1_250_000, 'Trần Thị Bình')]);
    api.recordTransfer.mockResolvedValue({ outcome: 'MATCHED', orderCode: 'EV2611220012' });
    render(<AwaitingTransfers />);

    const panel = screen.getByRole('region', { name: 'Đơn hàng chờ xác nhận chuyển khoản' });
    const first = (await within(panel).findByRole('rowheader', { name: 'EV2611220012' })).closest('tr')!;
    expect(first).toHaveTextContent('Nguyễn Văn An');
    expect(first).toHaveTextContent('0912345678');
    expect((first as HTMLTableRowElement).cells[2]!.textContent).toBe(formatVnd(9_400_000)); // VND in vi-VN: 9.400.000 ₫
    expect(within(first).getByText('10:15 22/11/2026')).toHaveAttribute('datetime', '2026-11-22T03:15:00.000Z');

    const form = await openForm(panel, 'EV2611220012');
    expect(within(form).getByLabelText('Số tiền nhận được (₫)')).toHaveValue('9400000');
    expect(within(form).getByLabelText('Ngày chuyển khoản')).toHaveValue(vietnamDateOf(new Date()));
    expect(within(form).getByLabelText('Mã giao dịch ngân hàng')).toHaveFocus();
    await userEvent.type(within(form).getByLabelText('Mã giao dịch ngân hàng'), 'FT26112200001');
    await userEvent.click(within(form).getByRole('button', { name: 'Ghi nhận' }));

    expect(api.recordTransfer).toHaveBeenCalledWith('EV2611220012', { amount: 9_400_000, bankReference: 'FT26112200001', transferredOn: vietnamDateOf(new Date()) });
    expect(await within(panel).findByRole('status')).toHaveTextContent('Đã ghi nhận chuyển khoản: đơn EV2611220012 đã thanh toán.');
    expect(within(panel).queryByRole('rowheader', { name: 'EV2611220012' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('rowheader', { name: 'EV2611220013' })).toBeInTheDocument();
  });

  it('keeps the order when the amount differs: the transfer went to the exceptions queue', async () => {
    api.awaitingTransfer.mockResolvedValue([order('EV2611220015', 1_250_000, 'Trần Thị Bình')]);
    api.recordTransfer.mockResolvedValue({ outcome: 'EXCEPTION', orderCode: 'EV2611220015' });
    render(<AwaitingTransfers />);
    const panel = screen.getByRole('region', { name: 'Đơn hàng chờ xác nhận chuyển khoản' });
    const form = await openForm(panel, 'EV2611220015');
    const amount = within(form).getByLabelText('Số tiền nhận được (₫)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1.000.000');
    await userEvent.type(within(form).getByLabelText('Mã giao dịch ngân hàng'), 'FT26112200009');
    await userEvent.click(within(form).getByRole('button', { name: 'Ghi nhận' }));
    expect(api.recordTransfer).toHaveBeenCalledWith('EV2611220015', expect.objectContaining({ amount: 1_000_000 }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('Số tiền không khớp tổng đơn: giao dịch đã được chuyển vào hàng đợi cần xử lý.');
    expect(within(panel).getByRole('rowheader', { name: 'EV2611220015' })).toBeInTheDocument();
  });

  it('asks for the bank reference before sending anything', async () => {
    api.awaitingTransfer.mockResolvedValue([order('EV2611220016', 500_000, 'Lê Văn Cường')]);
    render(<AwaitingTransfers />);
    const panel = screen.getByRole('region', { name: 'Đơn hàng chờ xác nhận chuyển khoản' });
    const form = await openForm(panel, 'EV2611220016');
    await userEvent.click(within(form).getByRole('button', { name: 'Ghi nhận' }));
    expect(within(form).getByText('Vui lòng nhập mã giao dịch ngân hàng.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Mã giao dịch ngân hàng')).toHaveAttribute('aria-invalid', 'true');
    expect(api.recordTransfer).not.toHaveBeenCalled();
  });

  it('says so when nothing is waiting', async () => {
    api.awaitingTransfer.mockResolvedValue([]);
    render(<AwaitingTransfers />);
    expect(await screen.findByText('Không có đơn hàng nào đang chờ chuyển khoản.')).toBeInTheDocument();
  });

  it('shows the server’s Vietnamese reason when the list cannot be read (a customer is refused), and tries again on request', async () => {
    api.awaitingTransfer.mockRejectedValueOnce(new ApiError('Bạn không có quyền truy cập chức năng này.', 403, 'FORBIDDEN'));
    api.awaitingTransfer.mockResolvedValueOnce([]);
    render(<AwaitingTransfers />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn không có quyền truy cập chức năng này.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('Không có đơn hàng nào đang chờ chuyển khoản.')).toBeInTheDocument();
  });

  it('keeps the order listed and says why when the record is refused (the same bank reference was recorded before)', async () => {
    api.awaitingTransfer.mockResolvedValue([order('EV2611220014', 500_000, 'Lê Văn Cường')]);
    api.recordTransfer.mockRejectedValue(new ApiError('Mã giao dịch FT1 đã được ghi nhận trước đó.', 409, 'TRANSFER_ALREADY_RECORDED'));
    render(<AwaitingTransfers />);
    const panel = screen.getByRole('region', { name: 'Đơn hàng chờ xác nhận chuyển khoản' });
    const form = await openForm(panel, 'EV2611220014');
    await userEvent.type(within(form).getByLabelText('Mã giao dịch ngân hàng'), 'FT1xx');
    await userEvent.click(within(form).getByRole('button', { name: 'Ghi nhận' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Mã giao dịch FT1 đã được ghi nhận trước đó.');
    expect(screen.getByRole('rowheader', { name: 'EV2611220014' })).toBeInTheDocument();
  });
});
