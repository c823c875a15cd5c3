import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import type { Order } from 'shared-contracts/schemas';
import { OrderDetailPage } from '../../src/pages/orders/OrderDetailPage';
import { currentLocation, fail, logIn, ok, renderAccountPage } from '../helpers';
import { conversation, mockApi } from './messageFixtures';

function order(overrides: Partial<Order> = {}): Order {
  return {
    code: 'EV2611220012',
    status: 'CONFIRMED',
    statusLabel: 'Đã xác nhận',
    paymentMethod: 'COD',
    paymentStatus: 'UNPAID',
    paymentStatusLabel: 'Chưa thanh toán',
    lines: [],
    subtotal: 1_000_000,
    discount: 0,
    shippingFee: 0,
    total: 1_000_000,
    promotionCode: null,
    recipientName: 'Nguyễn Minh Anh',
    phone: '0912345678',
    fulfilment: { method: 'pickup', address: null, centre: { id: 2, name: 'EV Service Cầu Giấy', address: '88 Xuân Thủy, Cầu Giấy, Hà Nội' } },
    note: null,
    history: [],
    vietQr: null,
    canCancel: false,
    createdAt: '2026-11-22T03:15:00.000Z',
    updatedAt: '2026-11-22T03:15:00.000Z',
    ...overrides,
  } as Order;
}

beforeEach(() => logIn());
afterEach(() => sessionStore.clear());

describe('"Nhắn trung tâm" on the order page', () => {
  it('opens the order\'s thread and goes to it', async () => {
    const api = mockApi((call) => {
      if (call.path === '/api/orders/EV2611220012') return ok(order({ id: 42 }));
      if (call.method === 'POST' && call.path === '/api/conversations') return { status: 201, body: { success: true, message: 'Đã mở', data: conversation({ id: 7 }) } };
      return fail(404, 'Không tìm thấy');
    });
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611220012');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Nhắn trung tâm' }));
    await waitFor(() => expect(currentLocation()).toBe('/messages/7'));
    expect(api.calls.find((call) => call.path === '/api/conversations')?.body).toEqual({ subject: { kind: 'order', id: 42 } });
  });

  it('is not offered while the answer does not name the order\'s id', async () => {
    mockApi((call) => (call.path === '/api/orders/EV2611220012' ? ok(order()) : fail(404, 'Không tìm thấy')));
    renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611220012');
    expect(await screen.findByTestId('order-code')).toHaveTextContent('EV2611220012');
    expect(screen.queryByRole('button', { name: 'Nhắn trung tâm' })).not.toBeInTheDocument();
  });
});
