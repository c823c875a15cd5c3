import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import type { Order } from 'shared-contracts/schemas';
import { OrderDetailPage } from '../../../src/pages/orders/OrderDetailPage';
import { PayOsButton } from '../../../src/pages/orders/PayOsButton';
import { fail, liveStream, logIn, mockFetch, ok, renderAccountPage, type FakeReply, type RecordedCall } from '../../helpers';

const unpaid: Order = {
  code: 'EV2611260012',
  status: 'PENDING_PAYMENT',
  statusLabel: 'Chờ thanh toán',
  paymentMethod: 'VIETQR',
  paymentStatus: 'UNPAID',
  paymentStatusLabel: 'Chưa thanh toán',
  lines: [{ kind: 'product', refId: 1, slug: 'cap-sac-type-2', name: 'Cáp sạc Type 2', image: null, unitPrice: 450_000, quantity: 1, lineTotal: 450_000 }],
  subtotal: 450_000,
  discount: 0,
  shippingFee: 0,
  total: 450_000,
  promotionCode: null,
  recipientName: 'Nguyễn Minh Anh',
  phone: '0912345678',
  fulfilment: { method: 'pickup', address: null, centre: { id: 2, name: 'EV Service Cầu Giấy', address: '88 Xuân Thủy, Cầu Giấy, Hà Nội' } },
  note: null,
  history: [{ status: 'PENDING_PAYMENT', statusLabel: 'Chờ thanh toán', paymentStatus: 'UNPAID', note: null, at: '2026-11-26T03:15:00.000Z' }],
  vietQr: {
    payload: '000201010212...6304ABCD',
    imageDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
    bankName: 'Vietcombank',
    bankBin: '970436',
    accountNumber: '0011234567890',
    accountName: 'CONG TY EV SERVICE',
    amount: 450_000,
    transferContent: 'EV2611260012',
    payBefore: '2026-11-27T03:15:00.000Z',
  },
  canCancel: true,
  createdAt: '2026-11-26T03:15:00.000Z',
  updatedAt: '2026-11-26T03:15:00.000Z',
};
const paid: Order = { ...unpaid, status: 'PLACED', statusLabel: 'Đã đặt hàng', paymentStatus: 'PAID', paymentStatusLabel: 'Đã thanh toán', vietQr: null };

function api(handlers: Record<string, (call: RecordedCall) => FakeReply>) {
  return mockFetch((call) => handlers[`${call.method} ${call.path}`]?.(call) ?? fail(404, 'Không tìm thấy.', 'NOT_FOUND'));
}

beforeEach(() => logIn());
afterEach(() => sessionStore.clear());

describe('paying an order through payOS', () => {
  it('"Thanh toán qua payOS" next to the QR opens the checkout page of the order\'s link', async () => {
    const { calls } = api({ 'GET /api/orders/EV2611260012': () => ok(unpaid), 'POST /api/orders/EV2611260012/payos-link': () => ok({ checkoutUrl: 'https://pay.payos.vn/web/abc' }) });
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611260012');
    const qr = await screen.findByRole('region', { name: 'Đơn hàng chờ thanh toán' });
    expect(qr).toContainElement(screen.getByRole('button', { name: 'Thanh toán qua payOS' }));

    const go = jest.fn();
    render(<PayOsButton code="EV2611260012" go={go} />);
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Thanh toán qua payOS' })[1]!);
    expect(go).toHaveBeenCalledWith('https://pay.payos.vn/web/abc');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/orders/EV2611260012/payos-link']);
  });

  it('says why when payOS cannot be reached, and stays on the order', async () => {
    api({ 'POST /api/orders/EV2611260012/payos-link': () => fail(502, 'Không kết nối được cổng thanh toán payOS. Vui lòng thử lại sau hoặc chuyển khoản theo mã VietQR.', 'PAYOS_UNAVAILABLE') });
    const go = jest.fn();
    render(<PayOsButton code="EV2611260012" go={go} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Thanh toán qua payOS' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không kết nối được cổng thanh toán payOS');
    expect(go).not.toHaveBeenCalled();
  });

  it('back from payOS, shows "Đang xác nhận thanh toán…" until the order reads paid, then says so', async () => {
    let reads = 0;
    api({ 'GET /api/orders/EV2611260012': () => ok((reads += 1) < 3 ? unpaid : paid) });
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611260012?payos=return&code=00&status=PAID');
    expect(await screen.findByTestId('payos-notice')).toHaveTextContent('Đang xác nhận thanh toán…');
    expect(await screen.findByText('Đã nhận thanh toán. Cảm ơn bạn!', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Đã đặt hàng');
    expect(screen.queryByRole('region', { name: 'Đơn hàng chờ thanh toán' })).not.toBeInTheDocument();
  }, 15_000);

  it('with the live stream open, shows the payment as soon as its order-status event arrives, without polling', async () => {
    let isPaid = false;
    const { calls } = api({ 'GET /api/orders/EV2611260012': () => ok(isPaid ? paid : unpaid) });
    const stream = liveStream();
    stream.serve();
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611260012?payos=return&code=00&status=PAID');
    expect(await screen.findByTestId('payos-notice')).toHaveTextContent('Đang xác nhận thanh toán…');
    await act(async () => stream.write(': connected\n\n'));
    expect(stream.opened).toBe(true);

    // Longer than a poll interval: with the stream open, the order is not read again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 2_500)));
    expect(calls.filter((call) => call.path === '/api/orders/EV2611260012')).toHaveLength(1);

    isPaid = true;
    await act(async () => stream.write(`event: order-status\ndata: ${JSON.stringify({ code: 'EV2611260012', status: 'PLACED', paymentStatus: 'PAID', version: 2 })}\n\n`));
    expect(await screen.findByText('Đã nhận thanh toán. Cảm ơn bạn!')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Đã đặt hàng');
    expect(screen.queryByRole('region', { name: 'Đơn hàng chờ thanh toán' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/orders/EV2611260012')).toHaveLength(2);
  }, 15_000);

  it('after a cancelled payOS payment, says the transfer is still possible', async () => {
    api({ 'GET /api/orders/EV2611260012': () => ok(unpaid) });
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611260012?payos=cancel');
    expect(await screen.findByTestId('payos-notice')).toHaveTextContent('Bạn đã hủy thanh toán qua payOS');
  });
});
