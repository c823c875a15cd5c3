import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import type { InvoiceRefunds } from 'shared-contracts/schemas';
import { InvoicePayment } from '../../src/serviceOrders/InvoicePayment';
import { serviceOrdersApi } from '../../src/serviceOrders/serviceOrdersApi';
import { detail, renderAt, serviceInvoice } from '../staffFixtures';

jest.mock('../../src/serviceOrders/serviceOrdersApi', () => ({
  serviceOrdersApi: { invoicePreview: jest.fn(), issueInvoice: jest.fn(), confirmPayment: jest.fn(), invoiceRefunds: jest.fn(), refundInvoice: jest.fn() },
}));

const api = jest.mocked(serviceOrdersApi);
/** Text as shown, spaces folded (Intl puts a non-breaking space before ₫). */
const fold = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

const invoice = serviceInvoice({ id: 7, code: 'HD2611CCCC', paymentMethod: 'CASH', paymentStatus: 'PAID', issuedAt: '2026-11-26T03:00:00.000Z', paidAt: '2026-11-26T03:10:00.000Z' });

const none: InvoiceRefunds = {
  invoiceId: 7,
  code: 'HD2611CCCC',
  total: 480_000,
  paid: 480_000,
  refunded: 0,
  refundable: 480_000,
  refundState: 'NONE',
  refundStateLabel: 'Chưa hoàn tiền',
  canRefund: true,
  refunds: [],
};

const partly: InvoiceRefunds = {
  ...none,
  refunded: 100_000,
  refundable: 380_000,
  refundState: 'PARTIAL',
  refundStateLabel: 'Đã hoàn một phần',
  refunds: [
    { id: 3, amount: 100_000, method: 'BANK_TRANSFER', methodLabel: 'Chuyển khoản ngân hàng', reference: 'FT123', reason: 'Bớt phí công do chờ lâu', by: 'Hoàng Quản Lý', createdAt: '2026-11-26T04:00:00.000Z' },
  ],
};

function show() {
  const run = jest.fn(async (work: () => Promise<unknown>) => {
    await work();
    return true;
  });
  renderAt(<InvoicePayment order={detail({ id: 504, status: 'CLOSED', invoice, availableActions: [] })} run={run} />);
}

beforeEach(() => {
  jest.resetAllMocks();
});

describe('refunding a paid invoice', () => {
  it('refunds the rest by default after a confirmation, then lists the refund', async () => {
    api.invoiceRefunds.mockResolvedValue(none);
    api.refundInvoice.mockResolvedValue({ ...partly, refunded: 480_000, refundable: 0, refundState: 'FULL', refundStateLabel: 'Đã hoàn toàn bộ', canRefund: false, refunds: [{ ...partly.refunds[0]!, amount: 480_000, method: 'CASH', methodLabel: 'Tiền mặt', reference: null, reason: 'Khách không hài lòng' }] });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Hoàn tiền' }));
    const form = screen.getByRole('form', { name: 'Hoàn tiền' });
    expect(within(form).getByLabelText('Số tiền hoàn (₫)')).toHaveValue('480000');
    await userEvent.type(within(form).getByLabelText('Lý do hoàn tiền'), 'Khách không hài lòng');
    await userEvent.click(within(form).getByRole('button', { name: 'Tiếp tục' }));

    const dialog = screen.getByRole('dialog', { name: 'Xác nhận hoàn tiền hoá đơn HD2611CCCC' });
    expect(fold(within(dialog).getByText(/^Hoàn /).textContent)).toMatch(/^Hoàn 480\.000 ₫ cho khách bằng tiền mặt\?/);
    expect(api.refundInvoice).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận hoàn tiền' }));

    expect(api.refundInvoice).toHaveBeenCalledWith(504, { amount: 480_000, method: 'CASH', reason: 'Khách không hài lòng' });
    expect(fold((await screen.findByRole('status')).textContent)).toBe('Đã hoàn 480.000 ₫ cho hoá đơn HD2611CCCC.');
    const table = screen.getByRole('table', { name: 'Các lần hoàn tiền' });
    expect(fold(within(table).getAllByRole('row')[1]!.textContent)).toContain('Khách không hài lòng');
    expect(screen.getByText('Đã hoàn toàn bộ')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hoàn tiền' })).toBeNull();
  });

  it('checks the form in Vietnamese before asking, and shows the server’s refusal', async () => {
    api.invoiceRefunds.mockResolvedValue(partly);
    show();
    expect(await screen.findByText('Đã hoàn một phần')).toBeInTheDocument();
    expect(fold(screen.getByRole('table', { name: 'Các lần hoàn tiền' }).textContent)).toContain('FT123');
    await userEvent.click(screen.getByRole('button', { name: 'Hoàn tiền' }));
    const form = screen.getByRole('form', { name: 'Hoàn tiền' });
    const amount = within(form).getByLabelText('Số tiền hoàn (₫)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '400000');
    await userEvent.selectOptions(within(form).getByLabelText('Hình thức hoàn'), 'BANK_TRANSFER');
    await userEvent.click(within(form).getByRole('button', { name: 'Tiếp tục' }));
    expect(fold(within(form).getByText(/^Số tiền hoàn không được lớn hơn/).textContent)).toBe('Số tiền hoàn không được lớn hơn số tiền còn có thể hoàn (380.000 ₫).');
    expect(within(form).getByText('Vui lòng nhập mã giao dịch ngân hàng của khoản hoàn tiền.')).toBeInTheDocument();
    expect(within(form).getByText('Vui lòng nhập lý do hoàn tiền (tối thiểu 5 ký tự).')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    // The server refuses (another refund took the rest meanwhile): its message is shown, what is left read again.
    await userEvent.clear(amount);
    await userEvent.type(amount, '380000');
    await userEvent.type(within(form).getByLabelText(/^Mã giao dịch ngân hàng/), 'FT999');
    await userEvent.type(within(form).getByLabelText(/^Lý do hoàn tiền/), 'Hoàn phần còn lại');
    await userEvent.click(within(form).getByRole('button', { name: 'Tiếp tục' }));
    api.refundInvoice.mockRejectedValue(new ApiError('Hoá đơn đã được hoàn toàn bộ số tiền.', 409, 'INVOICE_FULLY_REFUNDED'));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Xác nhận hoàn tiền' }));
    expect(api.refundInvoice).toHaveBeenCalledWith(504, { amount: 380_000, method: 'BANK_TRANSFER', reference: 'FT999', reason: 'Hoàn phần còn lại' });
    expect(await screen.findByText('Hoá đơn đã được hoàn toàn bộ số tiền.')).toBeInTheDocument();
    await waitFor(() => expect(api.invoiceRefunds).toHaveBeenCalledTimes(2));
  });

  it('shows no refund action to a role that may not refund', async () => {
    api.invoiceRefunds.mockResolvedValue({ ...none, canRefund: false });
    show();
    expect(await screen.findByText('Chưa hoàn tiền')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hoàn tiền' })).toBeNull();
  });
});
