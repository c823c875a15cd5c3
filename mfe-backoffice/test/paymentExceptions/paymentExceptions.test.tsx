import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import type { PaymentException, PaymentExceptionDetail, PaymentExceptionList } from 'shared-contracts/schemas';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { PaymentExceptionsQueue } from '../../src/paymentExceptions/PaymentExceptionsQueue';
import { paymentExceptionsApi } from '../../src/paymentExceptions/paymentExceptionsApi';
import { floorChange, lastStreamOptions } from '../staffFixtures';

jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));
jest.mock('../../src/paymentExceptions/paymentExceptionsApi', () => ({
  paymentExceptionsApi: { list: jest.fn(), detail: jest.fn(), match: jest.fn(), reinstate: jest.fn(), refund: jest.fn(), dismiss: jest.fn() },
}));

const api = jest.mocked(paymentExceptionsApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

const item = (id: number, overrides: Partial<PaymentException> = {}): PaymentException => ({
  id,
  provider: 'SEPAY',
  providerLabel: 'SePay',
  providerRef: `9${id}`,
  amount: 930_000,
  content: 'Thanh toan EW2611190001',
  bankReference: 'FT2611190001',
  transferredAt: '2026-11-19T02:00:00.000Z',
  receivedAt: '2026-11-19T02:00:05.000Z',
  orderCodeFound: null,
  reason: 'UNKNOWN_CODE',
  reasonLabel: 'Không tìm thấy mã đơn',
  order: { code: 'EV2611190001', status: 'PENDING_PAYMENT', statusLabel: 'Chờ thanh toán', paymentStatus: 'UNPAID', paymentStatusLabel: 'Chưa thanh toán', total: 930_000, recipientName: 'Nguyễn Thị Hằng' },
  orderSuggested: true,
  resolution: null,
  resolutionLabel: null,
  resolvedBy: null,
  resolvedAt: null,
  resolutionNote: null,
  version: 1,
  availableActions: ['match', 'refund', 'dismiss'],
  ...overrides,
});
const listOf = (items: PaymentException[]): PaymentExceptionList => ({ items, hasMore: false, page: 1, pageSize: 25, openCount: items.filter((entry) => !entry.resolution).length });
const detailOf = (id: number, overrides: Partial<PaymentExceptionDetail> = {}): PaymentExceptionDetail => ({
  ...item(id),
  rawPayload: '{"id":91,"content":"Thanh toan EW2611190001","transferAmount":930000}',
  events: [],
  refunds: [],
  ...overrides,
});

beforeEach(() => jest.clearAllMocks());

describe('the payments exceptions queue', () => {
  it('lists a transfer with its reason and suggested order, and shows a new one when the centre stream says so', async () => {
    api.list.mockResolvedValueOnce(listOf([item(1)])).mockResolvedValueOnce(listOf([item(1), item(2, { amount: 120_000, reason: 'PARTIAL', reasonLabel: 'Thiếu tiền' })]));
    render(<PaymentExceptionsQueue />);
    const first = await screen.findByRole('button', { name: /^930\.000/ });
    expect(first).toHaveTextContent('Không tìm thấy mã đơn');
    expect(first).toHaveTextContent('≈ EV2611190001');
    expect(screen.getByRole('button', { name: /Chờ xử lý 1/ })).toHaveAttribute('aria-pressed', 'true');

    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'appointment' })));
    expect(api.list).toHaveBeenCalledTimes(1);
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ kind: 'payment-exception', appointmentId: null })));
    expect(await screen.findByRole('button', { name: /^120\.000/ })).toHaveTextContent('Thiếu tiền');
  });

  it('matches a transfer to the suggested order after confirming, and shows it resolved', async () => {
    api.list.mockResolvedValue(listOf([item(3)]));
    let current = detailOf(3);
    api.detail.mockImplementation(() => Promise.resolve(current));
    const matched = detailOf(3, {
        resolution: 'MATCHED',
        resolutionLabel: 'Đã ghép vào đơn',
        resolvedBy: 'Lê Văn Quầy',
        resolvedAt: '2026-11-19T03:00:00.000Z',
        version: 2,
        availableActions: [],
        orderSuggested: false,
        order: { ...item(3).order!, status: 'PLACED', statusLabel: 'Đã đặt hàng', paymentStatus: 'PAID', paymentStatusLabel: 'Đã thanh toán' },
        events: [{ action: 'match', actionLabel: 'Ghép vào đơn', actor: 'Lê Văn Quầy', note: 'EV2611190001', at: '2026-11-19T03:00:00.000Z' }],
      });
    api.match.mockImplementation(() => {
      current = matched;
      return Promise.resolve(matched);
    });
    const user = userEvent.setup();
    render(<PaymentExceptionsQueue />);
    await user.click(await screen.findByRole('button', { name: /^930\.000/ }));
    const panel = await screen.findByRole('region', { name: /930\.000.*SePay/ });
    expect(within(panel).getByText(/Đơn gợi ý/)).toBeInTheDocument();
    expect(within(panel).getByText(/"transferAmount":930000/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Ghép vào đơn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ghép vào đơn' });
    expect(within(dialog).getByRole('textbox', { name: 'Mã đơn hàng' })).toHaveValue('EV2611190001');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(api.match).toHaveBeenCalledWith(3, 'EV2611190001', 1);
    expect(await within(panel).findByText('Đã cập nhật giao dịch.')).toBeInTheDocument();
    expect(within(panel).getByText(/Đã ghép vào đơn · Lê Văn Quầy/)).toBeInTheDocument();
    expect(within(panel).getByText('Giao dịch đã được xử lý.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("keeps a 422 in the dialog next to the field; explains a 409 and reads the transfer again", async () => {
    api.list.mockResolvedValue(listOf([item(4)]));
    api.detail.mockResolvedValueOnce(detailOf(4)).mockResolvedValueOnce(detailOf(4, { resolution: 'REFUNDED', resolutionLabel: 'Đã hoàn tiền', availableActions: [], version: 2 }));
    const mismatch = 'Số tiền chuyển khoản (930.000 ₫) khác tổng tiền đơn hàng (1.000.000 ₫).';
    api.match.mockRejectedValueOnce(new ApiError(mismatch, 422, 'AMOUNT_MISMATCH', [{ field: 'orderCode', message: mismatch }]));
    api.match.mockRejectedValueOnce(new ApiError('Giao dịch vừa được người khác xử lý (hiện: "Đã hoàn tiền").', 409, 'PAYMENT_EXCEPTION_STALE'));
    const user = userEvent.setup();
    render(<PaymentExceptionsQueue />);
    await user.click(await screen.findByRole('button', { name: /^930\.000/ }));
    const panel = await screen.findByRole('region', { name: /930\.000/ });
    await user.click(within(panel).getByRole('button', { name: 'Ghép vào đơn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ghép vào đơn' });
    const code = within(dialog).getByRole('textbox', { name: 'Mã đơn hàng' });
    await user.clear(code);
    await user.type(code, 'EV2611190009');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(await within(dialog).findByText(mismatch, { selector: 'span' })).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(mismatch);

    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Đã hoàn tiền');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(panel).findByText('Giao dịch đã được xử lý.')).toBeInTheDocument();
    expect(api.detail).toHaveBeenCalledTimes(2);
  });

  it('records a refund with amount, method, bank reference and reason', async () => {
    api.list.mockResolvedValue(listOf([item(5, { reason: 'OVERPAID', reasonLabel: 'Thừa tiền', amount: 200_000 })]));
    api.detail.mockResolvedValue(detailOf(5, { amount: 200_000, reason: 'OVERPAID', reasonLabel: 'Thừa tiền' }));
    api.refund.mockResolvedValue(detailOf(5, { resolution: 'REFUNDED', resolutionLabel: 'Đã hoàn tiền', availableActions: [], version: 2 }));
    const user = userEvent.setup();
    render(<PaymentExceptionsQueue />);
    await user.click(await screen.findByRole('button', { name: /^200\.000/ }));
    await user.click(await screen.findByRole('button', { name: 'Hoàn tiền' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hoàn tiền' });
    const amount = within(dialog).getByRole('textbox', { name: 'Số tiền hoàn (VND)' });
    expect(amount).toHaveValue('200000');
    await user.clear(amount);
    await user.type(amount, '150000');
    await user.type(within(dialog).getByRole('textbox', { name: /Mã giao dịch hoàn tiền/ }), 'FT-HOAN-7');
    await user.type(within(dialog).getByRole('textbox', { name: 'Lý do hoàn tiền' }), 'Khách chuyển thừa');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(api.refund).toHaveBeenCalledWith(5, { amount: 150_000, method: 'BANK_TRANSFER', bankReference: 'FT-HOAN-7', reason: 'Khách chuyển thừa', version: 1 });
    expect(await screen.findByText('Đã cập nhật giao dịch.')).toBeInTheDocument();
  });
});
