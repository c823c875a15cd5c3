/**
 * Order statuses, payment statuses and methods, their Vietnamese labels and the allowed transitions. Plain
 * values (no zod) so the UI can import them from 'shared-contracts' without shipping zod; shop.ts builds its
 * schemas from the same tuples and re-exports these.
 */
export const ORDER_STATUSES = ['PENDING_PAYMENT', 'PLACED', 'CONFIRMED', 'PACKED', 'SHIPPING', 'DELIVERED', 'READY_FOR_PICKUP', 'COMPLETED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING_PAYMENT: 'Chờ thanh toán',
  PLACED: 'Đã đặt hàng',
  CONFIRMED: 'Đã xác nhận',
  PACKED: 'Đã đóng gói',
  SHIPPING: 'Đang giao hàng',
  DELIVERED: 'Đã giao hàng',
  READY_FOR_PICKUP: 'Sẵn sàng nhận tại cửa hàng',
  COMPLETED: 'Hoàn thành',
  CANCELLED: 'Đã hủy',
};

export const PAYMENT_STATUSES = ['UNPAID', 'PAID', 'REFUND_DUE', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  UNPAID: 'Chưa thanh toán',
  PAID: 'Đã thanh toán',
  REFUND_DUE: 'Cần hoàn tiền',
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
/** The statuses at which a web order's goods have passed to the buyer (delivered, or collected): a sale is complete. */
export const HANDED_OVER_STATUSES: readonly OrderStatus[] = ['DELIVERED', 'COMPLETED'];

/** GET /orders: the customer's orders a page at a time (this many by default, at most the max). */
export const ORDER_SUMMARIES_PAGE_SIZE = 20;
export const ORDER_SUMMARIES_PAGE_SIZE_MAX = 50;
/** Where an order's journey ends: the customer's open orders are the others. */
export const FINISHED_ORDER_STATUSES: readonly OrderStatus[] = ['COMPLETED', 'CANCELLED'];
export const CUSTOMER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['PENDING_PAYMENT', 'PLACED', 'CONFIRMED'];

export function canCustomerCancel(status: OrderStatus): boolean {
  return CUSTOMER_CANCELLABLE_STATUSES.includes(status);
}

/** How the desk pays a refund back. */
export const REFUND_METHODS = ['BANK_TRANSFER', 'CASH'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = { BANK_TRANSFER: 'Chuyển khoản ngân hàng', CASH: 'Tiền mặt' };

/** How an order's money arrived (its payment record, order_payments): transfer or cash. */
export const ORDER_PAYMENT_METHODS = ['BANK_TRANSFER', 'CASH'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];
/** Who reported the payment: a provider's webhook, a clerk's recorded transfer, the exceptions queue, the desk. */
export const ORDER_PAYMENT_CHANNELS = ['SEPAY', 'PAYOS', 'RECORDED_TRANSFER', 'EXCEPTION_MATCH', 'REINSTATE', 'DESK', 'CARRIER_COD'] as const;
export type OrderPaymentChannel = (typeof ORDER_PAYMENT_CHANNELS)[number];
export const ORDER_PAYMENT_CHANNEL_LABELS: Record<OrderPaymentChannel, string> = {
  SEPAY: 'Ngân hàng báo (SePay)',
  PAYOS: 'payOS',
  RECORDED_TRANSFER: 'Nhân viên ghi nhận chuyển khoản',
  EXCEPTION_MATCH: 'Khớp từ hàng đợi ngoại lệ',
  REINSTATE: 'Khôi phục đơn hết hạn',
  DESK: 'Thu tại quầy / khi giao',
  CARRIER_COD: 'Thu hộ qua đơn vị vận chuyển',
};
export const ORDER_PAYMENT_METHOD_LABELS: Record<OrderPaymentMethod, string> = { BANK_TRANSFER: 'Chuyển khoản', CASH: 'Tiền mặt' };

/** How a payment record's money came, as the desk says it: the method and the channel that reported it. */
export function orderPaymentRecordLabel(method: OrderPaymentMethod, channel: OrderPaymentChannel): string {
  switch (channel) {
    case 'SEPAY':
      return 'Chuyển khoản VietQR (ngân hàng báo qua SePay)';
    case 'PAYOS':
      return 'Chuyển khoản qua payOS';
    case 'RECORDED_TRANSFER':
      return 'Chuyển khoản – ghi nhận thủ công';
    case 'EXCEPTION_MATCH':
      return 'Chuyển khoản – khớp từ hàng đợi giao dịch';
    case 'REINSTATE':
      return 'Chuyển khoản – khôi phục đơn hết hạn';
    case 'DESK':
      return method === 'CASH' ? 'Tiền mặt khi nhận hàng' : 'Chuyển khoản khi nhận hàng';
    case 'CARRIER_COD':
      return 'Thu hộ qua đơn vị vận chuyển (COD)';
  }
}

/** What the back office needs to know about an order to move it on. */
export interface OrderTransitionContext {
  status: OrderStatus;
  fulfilmentMethod: FulfilmentMethod;
  /** The order contains products (false: service packages only, nothing to pack, ship or hand over). */
  hasProducts: boolean;
}

/**
 * The web order machine, once for the API (which enforces it) and the back office (which offers only what it
 * allows). Shipping: PLACED → CONFIRMED → PACKED → SHIPPING → DELIVERED → COMPLETED. Pick-up: PLACED →
 * CONFIRMED → PACKED → READY_FOR_PICKUP → COMPLETED (handed over). Packages only: CONFIRMED → COMPLETED.
 * PENDING_PAYMENT → PLACED happens only through the payment's confirmation. Cancel (a reason) from
 * PENDING_PAYMENT, PLACED, CONFIRMED, PACKED or READY_FOR_PICKUP (never collected): a paid order's payment
 * becomes REFUND_DUE, and recording the refund makes it REFUNDED. COD and pay-at-pick-up are paid when
 * delivered or handed over. COMPLETED and CANCELLED are final for the status.
 */
export const WEB_ORDER_ACTIONS = ['confirm', 'pack', 'ship', 'deliver', 'complete', 'readyForPickup', 'handOver', 'cancel', 'refund'] as const;
export type WebOrderAction = (typeof WEB_ORDER_ACTIONS)[number];

/** The roles of the web-order desk: the centre's staff and manager, and admin (every centre). */
export const WEB_ORDER_DESK_ROLES = ['staff', 'manager', 'admin'] as const;
export type WebOrderDeskRole = (typeof WEB_ORDER_DESK_ROLES)[number];

export interface WebOrderActionRule {
  from: readonly OrderStatus[];
  /** undefined: the status stays (a refund moves the payment only). */
  to?: OrderStatus;
  /** Which orders it applies to besides the status. */
  applies: (facts: WebOrderFacts) => boolean;
  /** Who may take it (the customer cancels through their own rule, CUSTOMER_CANCELLABLE_STATUSES). */
  roles: readonly WebOrderDeskRole[];
  needsReason: boolean;
  /** The button's label. */
  label: string;
  /** What the timeline says when it was taken. */
  done: string;
}

export interface WebOrderFacts extends OrderTransitionContext {
  paymentStatus: PaymentStatus;
  /** A carrier's waybill that is not cancelled: the parcel is cancelled with the carrier before the order is. */
  liveWaybill?: boolean;
}

const desk = WEB_ORDER_DESK_ROLES;
const shipsGoods = (facts: WebOrderFacts) => facts.hasProducts && facts.fulfilmentMethod === 'delivery';
const pickedUp = (facts: WebOrderFacts) => facts.hasProducts && facts.fulfilmentMethod === 'pickup';

export const WEB_ORDER_ACTION_RULES: Record<WebOrderAction, WebOrderActionRule> = {
  confirm: { from: ['PLACED'], to: 'CONFIRMED', applies: () => true, roles: desk, needsReason: false, label: 'Xác nhận đơn', done: 'Đã xác nhận đơn hàng' },
  pack: { from: ['CONFIRMED'], to: 'PACKED', applies: (f) => f.hasProducts, roles: desk, needsReason: false, label: 'Đã đóng gói', done: 'Đã đóng gói hàng' },
  ship: { from: ['PACKED'], to: 'SHIPPING', applies: shipsGoods, roles: desk, needsReason: false, label: 'Giao cho đơn vị vận chuyển', done: 'Đã giao cho đơn vị vận chuyển' },
  deliver: { from: ['SHIPPING'], to: 'DELIVERED', applies: shipsGoods, roles: desk, needsReason: false, label: 'Đã giao hàng', done: 'Khách đã nhận hàng' },
  complete: {
    from: ['DELIVERED', 'CONFIRMED'],
    to: 'COMPLETED',
    applies: (f) => (f.status === 'CONFIRMED' ? !f.hasProducts : shipsGoods(f)),
    roles: desk,
    needsReason: false,
    label: 'Hoàn tất đơn',
    done: 'Đơn hàng hoàn tất',
  },
  readyForPickup: { from: ['PACKED'], to: 'READY_FOR_PICKUP', applies: pickedUp, roles: desk, needsReason: false, label: 'Sẵn sàng nhận hàng', done: 'Hàng sẵn sàng tại cửa hàng' },
  handOver: { from: ['READY_FOR_PICKUP'], to: 'COMPLETED', applies: pickedUp, roles: desk, needsReason: false, label: 'Đã giao cho khách', done: 'Khách đã nhận hàng tại cửa hàng' },
  cancel: {
    from: ['PENDING_PAYMENT', 'PLACED', 'CONFIRMED', 'PACKED', 'READY_FOR_PICKUP'],
    to: 'CANCELLED',
    applies: (f) => !f.liveWaybill,
    roles: desk,
    needsReason: true,
    label: 'Hủy đơn',
    done: 'Đơn hàng đã hủy',
  },
  refund: {
    from: ['CANCELLED'],
    applies: (f) => f.paymentStatus === 'REFUND_DUE',
    roles: desk,
    needsReason: false,
    label: 'Ghi nhận hoàn tiền',
    done: 'Đã hoàn tiền',
  },
};

/** Whether `role` may take `action` on an order with these facts. */
export function canTakeWebOrderAction(action: WebOrderAction, facts: WebOrderFacts, role: string): boolean {
  const rule = WEB_ORDER_ACTION_RULES[action];
  return rule.from.includes(facts.status) && rule.applies(facts) && rule.roles.includes(role as WebOrderDeskRole);
}

/** The actions `role` may take now, in the machine's order. */
export function availableWebOrderActions(facts: WebOrderFacts, role: string): WebOrderAction[] {
  return WEB_ORDER_ACTIONS.filter((action) => canTakeWebOrderAction(action, facts, role));
}

/**
 * Where an action leads: the status, and the payment (cash on delivery and pay-at-pick-up are received at
 * delivery or hand-over; a cancelled paid order owes a refund; a refund recorded is REFUNDED).
 */
export function webOrderOutcome(action: WebOrderAction, facts: WebOrderFacts): { status: OrderStatus; paymentStatus: PaymentStatus } {
  const rule = WEB_ORDER_ACTION_RULES[action];
  const status = rule.to ?? facts.status;
  if (action === 'refund') return { status, paymentStatus: 'REFUNDED' };
  if (action === 'cancel') return { status, paymentStatus: facts.paymentStatus === 'PAID' ? 'REFUND_DUE' : facts.paymentStatus };
  const collects = (action === 'deliver' || action === 'handOver' || action === 'complete') && facts.paymentStatus === 'UNPAID';
  return { status, paymentStatus: collects ? 'PAID' : facts.paymentStatus };
}

/**
 * The statuses the desk's actions may move an unpaid order to (the machine's targets, cancel included, refund
 * aside).
 */
export function nextOrderStatuses(context: OrderTransitionContext): OrderStatus[] {
  const facts: WebOrderFacts = { ...context, paymentStatus: 'UNPAID' };
  const targets = WEB_ORDER_ACTIONS.filter((action) => action !== 'refund' && canTakeWebOrderAction(action, facts, 'staff')).map(
    (action) => WEB_ORDER_ACTION_RULES[action].to!,
  );
  return [...new Set(targets)];
}

