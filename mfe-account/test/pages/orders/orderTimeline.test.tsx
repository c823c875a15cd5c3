import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, OrderTimelineEntry } from 'shared-contracts/schemas';
import { OrderDetailPage } from '../../../src/pages/orders/OrderDetailPage';
import { logIn, mockFetch, ok, renderAccountPage } from '../../helpers';

const step = (statusLabel: string, kind: OrderTimelineEntry['actor']['kind'], at: string, note: string | null = null): OrderTimelineEntry => ({
  action: 'status',
  label: statusLabel,
  status: 'PLACED',
  statusLabel,
  paymentStatus: 'UNPAID',
  paymentStatusLabel: 'Chưa thanh toán',
  note,
  actor: { kind, name: null },
  at,
});

function shippedOrder(overrides: Partial<Order> = {}): Order {
  return {
    code: 'EV2611190021',
    status: 'SHIPPING',
    statusLabel: 'Đang giao hàng',
    paymentMethod: 'COD',
    paymentStatus: 'UNPAID',
    paymentStatusLabel: 'Chưa thanh toán',
    lines: [{ kind: 'product', refId: 1, slug: 'ma-phanh', name: 'Má phanh trước VF 8', image: null, unitPrice: 450_000, quantity: 2, lineTotal: 900_000 }],
    subtotal: 900_000,
    discount: 0,
    shippingFee: 30_000,
    total: 930_000,
    promotionCode: null,
    recipientName: 'Nguyễn Thị Hằng',
    phone: '0933221100',
    fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cửa Nam', street: '12 Tràng Thi' }, centre: null },
    note: null,
    history: [],
    timeline: [
      step('Đã đặt hàng', 'customer', '2026-11-19T02:00:00.000Z'),
      step('Đã xác nhận', 'staff', '2026-11-19T03:00:00.000Z'),
      step('Đã đóng gói', 'staff', '2026-11-19T04:00:00.000Z'),
      step('Đang giao hàng', 'staff', '2026-11-19T05:00:00.000Z'),
    ],
    shipment: { carrier: 'GHN', carrierLabel: 'GHN (Giao Hàng Nhanh)', trackingCode: 'GHN123456VN', trackingUrl: 'https://donhang.ghn.vn/?order_code=GHN123456VN', shippedAt: '2026-11-19T05:00:00.000Z' },
    vietQr: null,
    canCancel: false,
    version: 3,
    createdAt: '2026-11-19T02:00:00.000Z',
    updatedAt: '2026-11-19T05:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => logIn());

describe("the customer's order page: the shop's timeline and the parcel", () => {
  it('shows every step with who and when, the carrier and a link to its tracking page', async () => {
    mockFetch((call) => (call.path === '/api/orders/EV2611190021' ? ok(shippedOrder()) : { status: 404, body: { success: false, message: 'Không tìm thấy.', code: 'NOT_FOUND' } }));
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611190021');
    const history = await screen.findByRole('region', { name: 'Lịch sử đơn hàng' });
    const steps = within(history).getAllByRole('listitem');
    expect(steps.map((item) => item.querySelector('strong')!.textContent)).toEqual(['Đã đặt hàng', 'Đã xác nhận', 'Đã đóng gói', 'Đang giao hàng']);
    expect(steps[0]).toHaveTextContent('09:00 19/11/2026 · Bạn');
    expect(steps[1]).toHaveTextContent('10:00 19/11/2026 · EV Service');
    const delivery = screen.getByRole('region', { name: 'Nhận hàng' });
    expect(within(delivery).getByText('Vận chuyển').nextElementSibling).toHaveTextContent('GHN (Giao Hàng Nhanh) · mã vận đơn GHN123456VN');
    expect(within(delivery).getByRole('link', { name: 'Theo dõi hành trình' })).toHaveAttribute('href', 'https://donhang.ghn.vn/?order_code=GHN123456VN');
  });

  it('cancels with the version it shows, so a confirmation made meanwhile wins', async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET') return ok(shippedOrder({ status: 'PLACED', statusLabel: 'Đã đặt hàng', canCancel: true, shipment: null, version: 0 }));
      return { status: 409, body: { success: false, message: 'Đơn hàng vừa được cập nhật bởi người khác. Vui lòng tải lại và thử lại.', code: 'CONCURRENT_CHANGE' } };
    });
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611190021');
    await userEvent.click(await screen.findByRole('button', { name: 'Hủy đơn' }));
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận hủy đơn' }));
    expect(await screen.findByText('Đơn hàng vừa được cập nhật bởi người khác. Vui lòng tải lại và thử lại.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ path: '/api/orders/EV2611190021/cancel', body: { version: 0 } });
  });
});
