import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import type { Order, OrderSummary } from 'shared-contracts/schemas';
import { OrderDetailPage } from '../../../src/pages/orders/OrderDetailPage';
import { OrdersPage } from '../../../src/pages/orders/OrdersPage';
import { fail, liveStream, logIn, mockFetch, ok, renderAccountPage, type FakeReply, type RecordedCall } from '../../helpers';

const SUMMARIES: OrderSummary[] = [
  { code: 'EV2611220012', status: 'PENDING_PAYMENT', statusLabel: 'Chờ thanh toán', paymentMethod: 'VIETQR', paymentStatus: 'UNPAID', total: 9_400_000, itemCount: 3, lineCount: 3, firstItemName: 'Pin lithium 48V 20Ah', createdAt: '2026-11-22T03:15:00.000Z' },
  { code: 'EV2611210007', status: 'CONFIRMED', statusLabel: 'Đã xác nhận', paymentMethod: 'COD', paymentStatus: 'UNPAID', total: 600_000, itemCount: 4, lineCount: 1, firstItemName: 'Má phanh đĩa xe máy điện', createdAt: '2026-11-21T02:00:00.000Z' },
  { code: 'EV2611200003', status: 'COMPLETED', statusLabel: 'Hoàn thành', paymentMethod: 'COD', paymentStatus: 'PAID', total: 1_280_000, itemCount: 1, lineCount: 1, firstItemName: 'Cáp sạc Type 2', createdAt: '2026-11-20T09:00:00.000Z' },
];

function order(overrides: Partial<Order> = {}): Order {
  return {
    code: 'EV2611220012',
    status: 'PENDING_PAYMENT',
    statusLabel: 'Chờ thanh toán',
    paymentMethod: 'VIETQR',
    paymentStatus: 'UNPAID',
    paymentStatusLabel: 'Chưa thanh toán',
    lines: [
      { kind: 'product', refId: 1, slug: 'pin-lithium-48v-20ah', name: 'Pin lithium 48V 20Ah', image: '/api/media/catalogue/products/pin.svg', unitPrice: 8_900_000, quantity: 1, lineTotal: 8_900_000 },
      { kind: 'package', refId: 2, slug: 'tieu-chuan', name: 'Gói tiêu chuẩn', image: null, unitPrice: 1_000_000, quantity: 1, lineTotal: 1_000_000 },
    ],
    subtotal: 9_900_000,
    discount: 500_000,
    shippingFee: 0,
    total: 9_400_000,
    promotionCode: 'SAVE500K',
    recipientName: 'Nguyễn Minh Anh',
    phone: '0912345678',
    fulfilment: { method: 'pickup', address: null, centre: { id: 2, name: 'EV Service Cầu Giấy', address: '88 Xuân Thủy, Cầu Giấy, Hà Nội' } },
    note: 'Gọi trước khi tới',
    history: [{ status: 'PENDING_PAYMENT', statusLabel: 'Chờ thanh toán', paymentStatus: 'UNPAID', note: null, at: '2026-11-22T03:15:00.000Z' }],
    vietQr: {
      payload: '000201010212...6304ABCD',
      imageDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
      bankName: 'Vietcombank',
      bankBin: '970436',
      accountNumber: '0011234567890',
      accountName: 'CONG TY EV SERVICE',
      amount: 9_400_000,
      transferContent: 'EV2611220012',
      payBefore: '2026-11-23T03:15:00.000Z',
    },
    canCancel: true,
    createdAt: '2026-11-22T03:15:00.000Z',
    updatedAt: '2026-11-22T03:15:00.000Z',
    ...overrides,
  };
}

const money = (amount: number) => new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' }).format(amount).replace(/\s/g, ' ');

function api(handlers: Record<string, (call: RecordedCall) => FakeReply>) {
  return mockFetch((call) => handlers[`${call.method} ${call.path}`]?.(call) ?? { status: 404, body: { success: false, message: 'Không tìm thấy.', code: 'NOT_FOUND' } });
}

beforeEach(() => logIn());
afterEach(() => sessionStore.clear());

describe("'Đơn hàng của tôi'", () => {
  it('lists the orders newest first with code, date, items, total and status, each linking to its detail', async () => {
    const { calls } = api({ 'GET /api/orders': () => ok({ items: SUMMARIES, hasMore: false }) });
    renderAccountPage('/orders', <OrdersPage />);
    const list = await screen.findByRole('list', { name: 'Danh sách đơn hàng' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByRole('heading')).toHaveTextContent('Mã đơn hàng EV2611220012');
    expect(cards[0]).toHaveTextContent('Pin lithium 48V 20Ah và 2 sản phẩm khác');
    expect(cards[0]).toHaveTextContent('Ngày đặt: 10:15 22/11/2026');
    expect(cards[0]).toHaveTextContent(money(9_400_000));
    expect(cards[0]).toHaveTextContent('Chờ thanh toán');
    // One product four times is one product, not "và 3 sản phẩm khác".
    expect(cards[1]).toHaveTextContent('Má phanh đĩa xe máy điện × 4');
    expect(cards[1]).not.toHaveTextContent('sản phẩm khác');
    expect(cards[2]).toHaveTextContent('Cáp sạc Type 2');
    expect(cards[2]).not.toHaveTextContent('sản phẩm khác');
    expect(cards[2]).not.toHaveTextContent('×');
    expect(within(cards[2]!).getByRole('link', { name: 'Xem chi tiết đơn hàng EV2611200003' })).toHaveAttribute('href', '/orders/EV2611200003');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/orders', headers: expect.objectContaining({ Authorization: 'Bearer test-token' }) });
  });

  it("shows an order's new status as soon as its order-status event arrives, without a reload", async () => {
    let paid = false;
    const { calls } = api({
      'GET /api/orders': () => ok({ items: paid ? [{ ...SUMMARIES[0]!, status: 'PLACED', statusLabel: 'Đã đặt hàng', paymentStatus: 'PAID' }, ...SUMMARIES.slice(1)] : SUMMARIES, hasMore: false }),
    });
    const stream = liveStream();
    stream.serve();
    renderAccountPage('/orders', <OrdersPage />);
    const list = await screen.findByRole('list', { name: 'Danh sách đơn hàng' });
    await act(async () => stream.write(': connected\n\n'));
    expect(stream.opened).toBe(true);
    expect(within(list).getAllByRole('article')[0]).toHaveTextContent('Chờ thanh toán');

    paid = true;
    await act(async () => stream.write(`event: order-status\ndata: ${JSON.stringify({ code: 'EV2611220012', status: 'PLACED', paymentStatus: 'PAID', version: 2 })}\n\n`));
    await waitFor(() => expect(within(list).getAllByRole('article')[0]).toHaveTextContent('Đã đặt hàng'));
    expect(within(list).getAllByRole('article')[0]).not.toHaveTextContent('Chờ thanh toán');
    expect(calls.filter((call) => call.path === '/api/orders')).toHaveLength(2);
  });

  it('shows older orders a page at a time with Xem thêm, each order once, until there are no more', async () => {
    let olderAttempts = 0;
    const { calls } = api({
      'GET /api/orders': (call) => {
        const before = call.query.get('before');
        if (before === null) return ok({ items: SUMMARIES.slice(0, 2), hasMore: true });
        if (++olderAttempts === 1) return fail(503, 'Không kết nối được máy chủ. Vui lòng thử lại.', 'SERVICE_UNAVAILABLE');
        return before === 'EV2611210007' ? ok({ items: SUMMARIES.slice(2), hasMore: false }) : ok({ items: [], hasMore: false });
      },
    });
    renderAccountPage('/orders', <OrdersPage />);
    const list = await screen.findByRole('list', { name: 'Danh sách đơn hàng' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Xem thêm đơn hàng cũ hơn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không kết nối được máy chủ. Vui lòng thử lại.');
    expect(within(list).getAllByRole('article')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Xem thêm đơn hàng cũ hơn' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(within(list).getAllByRole('article')[2]).toHaveTextContent('Mã đơn hàng EV2611200003');
    expect(screen.queryByRole('button', { name: 'Xem thêm đơn hàng cũ hơn' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/orders').map((call) => call.query.get('before'))).toEqual([null, 'EV2611210007', 'EV2611210007']);
  });

  it('read again when an order moves, the list keeps every order it showed, each once, in one page', async () => {
    let paid = false;
    const { calls } = api({
      'GET /api/orders': (call) => {
        if (call.query.get('before') === 'EV2611210007') return ok({ items: SUMMARIES.slice(2), hasMore: false });
        if (!paid) return ok({ items: SUMMARIES.slice(0, 2), hasMore: true });
        return ok({ items: [{ ...SUMMARIES[0]!, status: 'PLACED', statusLabel: 'Đã đặt hàng', paymentStatus: 'PAID' }, ...SUMMARIES.slice(1)], hasMore: false });
      },
    });
    const stream = liveStream();
    stream.serve();
    renderAccountPage('/orders', <OrdersPage />);
    const list = await screen.findByRole('list', { name: 'Danh sách đơn hàng' });
    await act(async () => stream.write(': connected\n\n'));
    await userEvent.click(screen.getByRole('button', { name: 'Xem thêm đơn hàng cũ hơn' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));

    paid = true;
    await act(async () => stream.write(`event: order-status\ndata: ${JSON.stringify({ code: 'EV2611220012', status: 'PLACED', paymentStatus: 'PAID', version: 2 })}\n\n`));
    await waitFor(() => expect(within(list).getAllByRole('article')[0]).toHaveTextContent('Đã đặt hàng'));
    expect(within(list).getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual(SUMMARIES.map((order) => `Mã đơn hàng ${order.code}`));
    expect(screen.queryByRole('button', { name: 'Xem thêm đơn hàng cũ hơn' })).not.toBeInTheDocument();
    const reads = calls.filter((call) => call.path === '/api/orders');
    expect([reads.at(-1)!.query.get('before'), reads.at(-1)!.query.get('limit')]).toEqual([null, '20']);
  });

  it('says when there is no order yet', async () => {
    api({ 'GET /api/orders': () => ok({ items: [], hasMore: false }) });
    renderAccountPage('/orders', <OrdersPage />);
    expect(await screen.findByText('Bạn chưa có đơn hàng nào.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mua sắm ngay' })).toHaveAttribute('href', '/products');
  });

  it('a failure is said in Vietnamese with Thử lại, which asks again', async () => {
    let attempts = 0;
    api({ 'GET /api/orders': () => (++attempts === 1 ? fail(500, 'Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 'INTERNAL') : ok({ items: SUMMARIES, hasMore: false })) });
    renderAccountPage('/orders', <OrdersPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findAllByRole('article')).toHaveLength(SUMMARIES.length);
  });
});

describe('the detail of an order', () => {
  it('shows the status, lines, totals, fulfilment, history and the VietQR while it is unpaid', async () => {
    api({ 'GET /api/orders/EV2611220012': () => ok(order()) });
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611220012');
    expect(await screen.findByTestId('order-code')).toHaveTextContent('EV2611220012');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Chờ thanh toán');

    const lines = screen.getByRole('region', { name: 'Sản phẩm' });
    expect(within(lines).getByRole('link', { name: 'Pin lithium 48V 20Ah × 1' })).toHaveAttribute('href', '/products/pin-lithium-48v-20ah');
    expect(within(lines).getByRole('link', { name: 'Gói tiêu chuẩn × 1' })).toHaveAttribute('href', '/packages#tieu-chuan');
    expect(within(lines).getByText('Giảm giá (SAVE500K)').nextElementSibling).toHaveTextContent(`−${money(500_000)}`);
    expect(within(lines).getByText('Phí vận chuyển').nextElementSibling).toHaveTextContent('Miễn phí');
    expect(within(lines).getByText('Tổng cộng').nextElementSibling).toHaveTextContent(money(9_400_000));

    const fulfilment = screen.getByRole('region', { name: 'Nhận hàng' });
    expect(within(fulfilment).getByText('Nhận tại').nextElementSibling).toHaveTextContent('EV Service Cầu Giấy – 88 Xuân Thủy, Cầu Giấy, Hà Nội');
    expect(within(fulfilment).getByText('Phương thức').nextElementSibling).toHaveTextContent('Chuyển khoản ngân hàng (VietQR)');
    expect(within(fulfilment).getByText('Gọi trước khi tới')).toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'Lịch sử đơn hàng' });
    expect(within(history).getByRole('listitem')).toHaveTextContent('Chờ thanh toán · 10:15 22/11/2026');

    const qr = screen.getByRole('region', { name: 'Đơn hàng chờ thanh toán' });
    expect(within(qr).getByRole('img', { name: 'Mã VietQR thanh toán đơn hàng EV2611220012' })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(qr).getByText('Số tài khoản').nextElementSibling).toHaveTextContent('0011234567890');
    expect(within(qr).getByText('Số tiền').nextElementSibling).toHaveTextContent(money(9_400_000));
    expect(within(qr).getByText('Nội dung chuyển khoản').nextElementSibling).toHaveTextContent('EV2611220012');
    expect(within(qr).getByText('Hạn thanh toán').nextElementSibling).toHaveTextContent('10:15 23/11/2026. Quá hạn, đơn hàng sẽ tự động hủy.');
  });

  it("shows the member's points used as their own line, so the figures add up; cancelling says they come back", async () => {
    // 9.900.000 − 500.000 (SAVE500K) + 0 − 20.000 (2.000 points) = 9.380.000
    api({ 'GET /api/orders/EV2611220012': () => ok(order({ pointsUsed: 2_000, pointsValue: 20_000, total: 9_380_000 })) });
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611220012');
    const lines = await screen.findByRole('region', { name: 'Sản phẩm' });
    expect(within(lines).getByText('Giảm giá (SAVE500K)').nextElementSibling).toHaveTextContent(`−${money(500_000)}`);
    expect(within(lines).getByText('Điểm thưởng (−2.000 điểm)').nextElementSibling).toHaveTextContent(`−${money(20_000)}`);
    expect(within(lines).getByText('Tổng cộng').nextElementSibling).toHaveTextContent(money(9_380_000));

    await userEvent.click(screen.getByRole('button', { name: 'Hủy đơn' }));
    expect(screen.getByRole('form', { name: 'Hủy đơn hàng này?' })).toHaveTextContent('2.000 điểm thưởng đã dùng cho đơn này sẽ được hoàn lại vào tài khoản của bạn.');
  });

  it('has no points line for an order that used none (or an older answer without them)', async () => {
    api({ 'GET /api/orders/EV2611220012': () => ok(order({ pointsUsed: 0, pointsValue: 0 })) });
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611220012');
    const lines = await screen.findByRole('region', { name: 'Sản phẩm' });
    expect(within(lines).queryByText(/^Điểm thưởng/)).not.toBeInTheDocument();
    expect(within(lines).getByText('Tổng cộng').nextElementSibling).toHaveTextContent(money(9_400_000));
  });

  it('a paid, delivered order has no QR and cannot be cancelled', async () => {
    api({
      'GET /api/orders/EV2611200003': () =>
        ok(
          order({
            code: 'EV2611200003',
            status: 'SHIPPING',
            statusLabel: 'Đang giao hàng',
            paymentMethod: 'COD',
            vietQr: null,
            canCancel: false,
            fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '88 Xuân Thủy' }, centre: null },
          }),
        ),
    });
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611200003');
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Đang giao hàng');
    expect(screen.queryByRole('region', { name: 'Đơn hàng chờ thanh toán' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hủy đơn' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Nhận hàng' })).getByText('Giao tới').nextElementSibling).toHaveTextContent('88 Xuân Thủy, Phường Cầu Giấy, Hà Nội');
  });

  it("'Hủy đơn' asks to confirm, sends the reason, then shows the cancelled order", async () => {
    const { calls } = api({
      'GET /api/orders/EV2611220012': () => ok(order()),
      'POST /api/orders/EV2611220012/cancel': () =>
        ok(
          order({
            status: 'CANCELLED',
            statusLabel: 'Đã hủy',
            vietQr: null,
            canCancel: false,
            history: [...order().history, { status: 'CANCELLED', statusLabel: 'Đã hủy', paymentStatus: 'UNPAID', note: 'Đổi ý', at: '2026-11-22T04:00:00.000Z' }],
          }),
        ),
    });
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611220012');
    await userEvent.click(await screen.findByRole('button', { name: 'Hủy đơn' }));
    const dialog = screen.getByRole('form', { name: 'Hủy đơn hàng này?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Không hủy' }));
    expect(screen.queryByRole('form', { name: 'Hủy đơn hàng này?' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Hủy đơn' }));
    await userEvent.type(screen.getByLabelText(/Lý do hủy/), 'Đổi ý');
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận hủy đơn' }));
    expect(await screen.findByText('Đã hủy đơn hàng.')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Đã hủy');
    expect(screen.queryByRole('region', { name: 'Đơn hàng chờ thanh toán' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hủy đơn' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Lịch sử đơn hàng' })).getAllByRole('listitem')).toHaveLength(2);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ path: '/api/orders/EV2611220012/cancel', body: { reason: 'Đổi ý' } });
  });

  it("a refused cancel shows the server's reason and keeps the order", async () => {
    api({
      'GET /api/orders/EV2611220012': () => ok(order()),
      'POST /api/orders/EV2611220012/cancel': () => fail(409, 'Đơn hàng không thể hủy ở trạng thái hiện tại', 'ORDER_NOT_CANCELLABLE'),
    });
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611220012');
    await userEvent.click(await screen.findByRole('button', { name: 'Hủy đơn' }));
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận hủy đơn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Đơn hàng không thể hủy ở trạng thái hiện tại');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Chờ thanh toán');
  });

  it("someone else's order (404) is not found", async () => {
    api({});
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611229999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Không tìm thấy đơn hàng này.');
    await waitFor(() => expect(screen.queryByTestId('order-code')).not.toBeInTheDocument());
  });
});
