import { screen, within } from '@testing-library/react';
import type { Order, ShipmentEvent, ShipmentView } from 'shared-contracts/schemas';
import { OrderDetailPage } from '../../../src/pages/orders/OrderDetailPage';
import { logIn, mockFetch, ok, renderAccountPage } from '../../helpers';

const event = (status: ShipmentEvent['status'], statusLabel: string, at: string, note: string | null = null): ShipmentEvent => ({ status, statusLabel, at, note });

const parcel: ShipmentView = {
  id: 41,
  orderId: 9,
  orderCode: 'EV2611190021',
  carrier: 'GHN',
  carrierLabel: 'GHN (Giao Hàng Nhanh)',
  service: '2',
  serviceLabel: 'Chuẩn',
  trackingCode: 'GHN5FQ2KX7',
  trackingUrl: 'https://donhang.ghn.vn/?order_code=GHN5FQ2KX7',
  status: 'DELIVERING',
  statusLabel: 'Đang giao hàng',
  statusAt: '2026-11-21T01:30:00.000Z',
  fee: 32_000,
  codAmount: 930_000,
  insuredValue: 900_000,
  inspection: 'CHOXEMHANGKHONGTHU',
  handover: 'PICKUP',
  expectedDelivery: '2026-11-21',
  attempts: 1,
  canCancel: false,
  createdAt: '2026-11-19T03:05:00.000Z',
  events: [
    event('READY_TO_PICK', 'Chờ lấy hàng', '2026-11-19T03:05:00.000Z'),
    event('PICKED', 'Đã lấy hàng', '2026-11-19T09:15:00.000Z'),
    event('DELIVERY_FAILED', 'Giao không thành công', '2026-11-20T09:30:00.000Z', 'Không liên lạc được người nhận'),
    event('DELIVERING', 'Đang giao hàng', '2026-11-21T01:30:00.000Z'),
  ],
};

function orderWith(overrides: Partial<Order> & { parcel?: ShipmentView | null }): Order {
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
    fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '12 Trần Thái Tông' }, centre: null },
    note: null,
    history: [],
    timeline: [],
    shipment: { carrier: 'GHN', carrierLabel: 'GHN (Giao Hàng Nhanh)', trackingCode: 'GHN5FQ2KX7', trackingUrl: 'https://donhang.ghn.vn/?order_code=GHN5FQ2KX7', shippedAt: '2026-11-19T09:15:00.000Z' },
    vietQr: null,
    canCancel: false,
    version: 6,
    createdAt: '2026-11-19T02:00:00.000Z',
    updatedAt: '2026-11-21T01:30:00.000Z',
    ...overrides,
  } as Order;
}

beforeEach(() => logIn());

function serve(order: Order) {
  mockFetch((call) => (call.path === '/api/orders/EV2611190021' ? ok(order) : { status: 404, body: { success: false, message: 'Không tìm thấy.', code: 'NOT_FOUND' } }));
  renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611190021');
}

describe("the customer's order page: the parcel's journey", () => {
  it('shows the carrier, its tracking page, the expected date, the failed attempt and each step newest first', async () => {
    serve(orderWith({ parcel }));
    const journey = await screen.findByRole('region', { name: 'Hành trình đơn hàng' });
    expect(within(journey).getByText('GHN (Giao Hàng Nhanh) · Chuẩn')).toBeInTheDocument();
    expect(within(journey).getByRole('link', { name: 'Tra cứu trên trang GHN' })).toHaveAttribute('href', 'https://donhang.ghn.vn/?order_code=GHN5FQ2KX7');
    expect(within(journey).getByTestId('parcel-status')).toHaveTextContent('Đang giao hàng · 21/11/2026 08:30');
    expect(within(journey).getByText('Dự kiến giao').nextElementSibling).toHaveTextContent('21/11/2026');
    expect(within(journey).getByRole('list', { name: 'Các lần giao không thành công' })).toHaveTextContent('Giao không thành công lần 1: Không liên lạc được người nhận (20/11/2026 16:30)');
    const steps = within(within(journey).getByRole('list', { name: 'Các bước vận chuyển' })).getAllByRole('listitem');
    expect(steps.map((item) => item.querySelector('strong')!.textContent)).toEqual(['Đang giao hàng', 'Giao không thành công lần 1', 'Đã lấy hàng', 'Chờ lấy hàng']);
    expect(steps[3]).toHaveTextContent('19/11/2026 10:05');
    // the carrier is told once, in the journey
    expect(within(screen.getByRole('region', { name: 'Nhận hàng' })).queryByText('Vận chuyển')).not.toBeInTheDocument();
  });

  it('has no journey before a waybill exists', async () => {
    serve(orderWith({ status: 'PACKED', statusLabel: 'Đã đóng gói', shipment: null }));
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Đã đóng gói');
    expect(screen.queryByRole('region', { name: 'Hành trình đơn hàng' })).not.toBeInTheDocument();
  });

  it('reads a delivered parcel without an expected date', async () => {
    serve(orderWith({ status: 'DELIVERED', statusLabel: 'Đã giao hàng', parcel: { ...parcel, status: 'DELIVERED', statusLabel: 'Đã giao hàng', statusAt: '2026-11-21T04:00:00.000Z', events: [...parcel.events, event('DELIVERED', 'Đã giao hàng', '2026-11-21T04:00:00.000Z')] } }));
    const journey = await screen.findByRole('region', { name: 'Hành trình đơn hàng' });
    expect(within(journey).getByTestId('parcel-status')).toHaveTextContent('Đã giao hàng · 21/11/2026 11:00');
    expect(within(journey).queryByText('Dự kiến giao')).not.toBeInTheDocument();
  });
});
