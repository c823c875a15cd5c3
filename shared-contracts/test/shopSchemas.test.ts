import {
  cartAddItemInputSchema,
  cartLineId,
  idempotencyKeySchema,
  nextOrderStatuses,
  ORDER_STATUS_LABELS,
  orderCreateInputSchema,
  parseCartLineId,
  PAYMENT_STATUS_LABELS,
} from '../src/schemas';

const order = {
  items: [{ kind: 'product', refId: 3, quantity: 2, price: 1 }],
  recipientName: '  Nguyễn Văn An ',
  phone: '+84 912.345.678',
  fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Hoàn Kiếm', street: '1 Tràng Tiền' } },
  paymentMethod: 'COD',
  promoCode: ' save500k ',
};

describe('the shop schemas', () => {
  it('normalises an order: trimmed name, 0XXXXXXXXX phone, upper-case code; an empty code is no code', () => {
    const parsed = orderCreateInputSchema.parse(order);
    expect(parsed).toMatchObject({ recipientName: 'Nguyễn Văn An', phone: '0912345678', promoCode: 'SAVE500K' });
    expect(orderCreateInputSchema.parse({ ...order, promoCode: '  ' }).promoCode).toBeUndefined();
  });

  it('refuses in Vietnamese: a non-mobile phone, an unknown province, pay at pick-up with a delivery', () => {
    const phone = orderCreateInputSchema.safeParse({ ...order, phone: '0241234567' });
    expect(phone.success ? [] : phone.error.issues.map((issue) => issue.message)).toEqual(['Số điện thoại di động không hợp lệ (ví dụ 0912345678).']);
    const province = orderCreateInputSchema.safeParse({ ...order, fulfilment: { method: 'delivery', address: { ...order.fulfilment.address, province: 'Bình Dương' } } });
    expect(province.success ? [] : province.error.issues.map((issue) => issue.message)).toEqual(['Vui lòng chọn tỉnh/thành phố.']);
    const payAtPickup = orderCreateInputSchema.safeParse({ ...order, paymentMethod: 'PAY_AT_PICKUP' });
    expect(payAtPickup.success ? [] : payAtPickup.error.issues.map((issue) => issue.message)).toEqual([
      'Thanh toán tại cửa hàng chỉ áp dụng khi nhận hàng tại trung tâm.',
    ]);
    expect(orderCreateInputSchema.safeParse({ ...order, paymentMethod: 'PAY_AT_PICKUP', fulfilment: { method: 'pickup', centreId: 2 } }).success).toBe(true);
  });

  it('adds 1 by default and caps a line at 99', () => {
    expect(cartAddItemInputSchema.parse({ kind: 'package', refId: '4' })).toEqual({ kind: 'package', refId: 4, quantity: 1 });
    expect(cartAddItemInputSchema.safeParse({ kind: 'product', refId: 1, quantity: 100 }).success).toBe(false);
    expect(cartAddItemInputSchema.safeParse({ kind: 'product', refId: 1, quantity: 0 }).success).toBe(false);
  });

  it('reads and writes line ids', () => {
    expect(cartLineId('product', 12)).toBe('product-12');
    expect(parseCartLineId('package-3')).toEqual({ kind: 'package', refId: 3 });
    expect(parseCartLineId('product-0')).toBeNull();
    expect(parseCartLineId('voucher-1')).toBeNull();
  });

  it('accepts an Idempotency-Key of 8–100 letters, digits, - and _', () => {
    expect(idempotencyKeySchema.safeParse('3f2b8c1e-5d4a-4c7e-9b1f-0a2d3c4e5f60').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('short').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('has space in it').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('x'.repeat(101)).success).toBe(false);
  });

  it('moves orders only along the allowed transitions', () => {
    expect(nextOrderStatuses({ status: 'PENDING_PAYMENT', fulfilmentMethod: 'delivery', hasProducts: true })).toEqual(['CANCELLED']);
    expect(nextOrderStatuses({ status: 'PLACED', fulfilmentMethod: 'delivery', hasProducts: true })).toEqual(['CONFIRMED', 'CANCELLED']);
    expect(nextOrderStatuses({ status: 'CONFIRMED', fulfilmentMethod: 'delivery', hasProducts: true })).toEqual(['PACKED', 'CANCELLED']);
    expect(nextOrderStatuses({ status: 'PACKED', fulfilmentMethod: 'delivery', hasProducts: true })).toEqual(['SHIPPING', 'CANCELLED']);
    expect(nextOrderStatuses({ status: 'PACKED', fulfilmentMethod: 'pickup', hasProducts: true })).toEqual(['READY_FOR_PICKUP', 'CANCELLED']);
    expect(nextOrderStatuses({ status: 'CONFIRMED', fulfilmentMethod: 'pickup', hasProducts: false })).toEqual(['COMPLETED', 'CANCELLED']);
    expect(nextOrderStatuses({ status: 'SHIPPING', fulfilmentMethod: 'delivery', hasProducts: true })).toEqual(['DELIVERED']);
    expect(nextOrderStatuses({ status: 'DELIVERED', fulfilmentMethod: 'delivery', hasProducts: true })).toEqual(['COMPLETED']);
    expect(nextOrderStatuses({ status: 'READY_FOR_PICKUP', fulfilmentMethod: 'pickup', hasProducts: true })).toEqual(['COMPLETED', 'CANCELLED']);
    expect(nextOrderStatuses({ status: 'COMPLETED', fulfilmentMethod: 'delivery', hasProducts: true })).toEqual([]);
    expect(nextOrderStatuses({ status: 'CANCELLED', fulfilmentMethod: 'delivery', hasProducts: true })).toEqual([]);
  });

  it('labels statuses with the words of the contract', () => {
    expect(ORDER_STATUS_LABELS).toEqual({
      PENDING_PAYMENT: 'Chờ thanh toán',
      PLACED: 'Đã đặt hàng',
      CONFIRMED: 'Đã xác nhận',
      PACKED: 'Đã đóng gói',
      SHIPPING: 'Đang giao hàng',
      DELIVERED: 'Đã giao hàng',
      READY_FOR_PICKUP: 'Sẵn sàng nhận tại cửa hàng',
      COMPLETED: 'Hoàn thành',
      CANCELLED: 'Đã hủy',
    });
    expect(PAYMENT_STATUS_LABELS).toEqual({ UNPAID: 'Chưa thanh toán', PAID: 'Đã thanh toán', REFUND_DUE: 'Cần hoàn tiền', REFUNDED: 'Đã hoàn tiền' });
  });
});
