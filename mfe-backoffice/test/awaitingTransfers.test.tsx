import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, formatVnd } from 'shared-contracts';
import type { StaffOrderSummary } from 'shared-contracts/schemas';
import { AwaitingTransfers } from '../src/pages/staff/payments/AwaitingTransfers';
import { paymentsApi } from '../src/pages/staff/payments/paymentsApi';

// paymentsApi is mocked for every test file (test/setup.ts); each test here says what it answers.
const api = jest.mocked(paymentsApi);

const order = (code: string, total: number, recipientName: string): StaffOrderSummary => ({
  code,
  status: 'PENDING_PAYMENT',
  statusLabel: 'Chờ thanh toán',
  paymentMethod: 'VIETQR',
  paymentStatus: 'UNPAID',
  total,
  itemCount: 1,
  lineCount: 1,
  firstItemName: 'Gói bảo dưỡng Tiêu chuẩn',
  createdAt: '2026-11-22T03:15:00.000Z',
  recipientName,
  phone: '0912345678',
  customerEmail: 'khach@example.vn',
  fulfilmentMethod: 'delivery',
});

beforeEach(() => jest.resetAllMocks());

describe('the staff dashboard: orders waiting for a VietQR transfer', () => {
  it('lists each order with its code (the transfer content), customer, amount and time; confirming one takes it off the list', async () => {
    api.awaitingTransfer.mockResolvedValue([order('EV2611220012', 9_400_000, 'Nguyễn Văn An'), order('EV2611220013', 1_250_000, 'Trần Thị Bình')]);
    api.confirm.mockResolvedValue({});
    render(<AwaitingTransfers />);

    const panel = screen.getByRole('region', { name: 'Đơn hàng chờ xác nhận chuyển khoản' });
    const first = (await within(panel).findByRole('rowheader', { name: 'EV2611220012' })).closest('tr')!;
    expect(first).toHaveTextContent('Nguyễn Văn An');
    expect(first).toHaveTextContent('0912345678 · khach@example.vn');
    expect((first as HTMLTableRowElement).cells[2]!.textContent).toBe(formatVnd(9_400_000)); // VND in vi-VN: 9.400.000 ₫
    expect(within(first).getByText('10:15 22/11/2026')).toHaveAttribute('datetime', '2026-11-22T03:15:00.000Z');

    await userEvent.click(within(panel).getByRole('button', { name: 'Xác nhận đã nhận tiền cho đơn EV2611220012' }));
    expect(api.confirm).toHaveBeenCalledWith('EV2611220012');
    expect(await within(panel).findByRole('status')).toHaveTextContent('Đã xác nhận thanh toán đơn hàng EV2611220012.');
    expect(within(panel).queryByRole('rowheader', { name: 'EV2611220012' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('rowheader', { name: 'EV2611220013' })).toBeInTheDocument();
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

  it('keeps the order listed and says why when the confirmation is refused (someone else changed it)', async () => {
    api.awaitingTransfer.mockResolvedValue([order('EV2611220014', 500_000, 'Lê Văn Cường')]);
    api.confirm.mockRejectedValue(new ApiError('Đơn hàng không còn chờ thanh toán.', 409, 'ORDER_STATUS_CONFLICT'));
    render(<AwaitingTransfers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Xác nhận đã nhận tiền cho đơn EV2611220014' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Đơn hàng không còn chờ thanh toán.');
    expect(screen.getByRole('rowheader', { name: 'EV2611220014' })).toBeInTheDocument();
  });
});
