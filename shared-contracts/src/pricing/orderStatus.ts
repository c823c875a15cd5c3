/**
 * Order statuses, payment statuses and methods, their Vietnamese labels and the allowed transitions. Plain
 * values (no zod) so the UI can import them from 'shared-contracts' without shipping zod; shop.ts builds its
 * schemas from the same tuples and re-exports these.
 */
export const ORDER_STATUSES = ['PENDING_PAYMENT', 'PLACED', 'CONFIRMED', 'SHIPPING', 'READY_FOR_PICKUP', 'COMPLETED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING_PAYMENT: 'Chờ thanh toán',
  PLACED: 'Đã đặt hàng',
  CONFIRMED: 'Đã xác nhận',
  SHIPPING: 'Đang giao hàng',
  READY_FOR_PICKUP: 'Sẵn sàng nhận tại cửa hàng',
  COMPLETED: 'Hoàn thành',
  CANCELLED: 'Đã hủy',
};

export const PAYMENT_STATUSES = ['UNPAID', 'PAID', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  UNPAID: 'Chưa thanh toán',
  PAID: 'Đã thanh toán',
  REFUNDED: 'Đã hoàn tiền',
};

export const PAYMENT_METHODS = ['COD', 'VIETQR', 'PAY_AT_PICKUP'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  COD: 'Thanh toán khi nhận hàng (COD)',
  VIETQR: 'Chuyển khoản ngân hàng (VietQR)',
  PAY_AT_PICKUP: 'Thanh toán khi nhận tại cửa hàng',
};

export const FULFILMENT_METHODS = ['delivery', 'pickup'] as const;
export type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number];
export const FULFILMENT_METHOD_LABELS: Record<FulfilmentMethod, string> = {
  delivery: 'Giao hàng tận nơi',
  pickup: 'Nhận tại trung tâm dịch vụ',
};

export const CART_LINE_ISSUES = ['out_of_stock', 'insufficient_stock', 'price_changed', 'unavailable'] as const;
export type CartLineIssue = (typeof CART_LINE_ISSUES)[number];
export const CART_LINE_ISSUE_LABELS: Record<CartLineIssue, string> = {
  out_of_stock: 'Sản phẩm đã hết hàng',
  insufficient_stock: 'Không đủ số lượng trong kho',
  price_changed: 'Giá đã thay đổi từ khi thêm vào giỏ',
  unavailable: 'Sản phẩm không còn được bán',
};

/** A customer may cancel while the order is not yet shipped or ready. */
export const CUSTOMER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['PENDING_PAYMENT', 'PLACED', 'CONFIRMED'];

export function canCustomerCancel(status: OrderStatus): boolean {
  return CUSTOMER_CANCELLABLE_STATUSES.includes(status);
}

/** What the back office needs to know about an order to move it on. */
export interface OrderTransitionContext {
  status: OrderStatus;
  fulfilmentMethod: FulfilmentMethod;
  /** The order contains products (false: service packages only, nothing to ship or hand over). */
  hasProducts: boolean;
}

/**
 * The statuses staff may move an order to (POST /orders/:code/status):
 * PLACED → CONFIRMED | CANCELLED; CONFIRMED → SHIPPING (delivery) or READY_FOR_PICKUP (pick-up) | CANCELLED,
 * or straight to COMPLETED for a packages-only order; SHIPPING → COMPLETED; READY_FOR_PICKUP → COMPLETED |
 * CANCELLED (never collected); PENDING_PAYMENT → CANCELLED (PENDING_PAYMENT → PLACED happens only through the
 * payment confirmation). COMPLETED and CANCELLED are final.
 */
export function nextOrderStatuses({ status, fulfilmentMethod, hasProducts }: OrderTransitionContext): OrderStatus[] {
  switch (status) {
    case 'PENDING_PAYMENT':
      return ['CANCELLED'];
    case 'PLACED':
      return ['CONFIRMED', 'CANCELLED'];
    case 'CONFIRMED':
      if (!hasProducts) return ['COMPLETED', 'CANCELLED'];
      return [fulfilmentMethod === 'delivery' ? 'SHIPPING' : 'READY_FOR_PICKUP', 'CANCELLED'];
    case 'SHIPPING':
      return ['COMPLETED'];
    case 'READY_FOR_PICKUP':
      return ['COMPLETED', 'CANCELLED'];
    default:
      return [];
  }
}
