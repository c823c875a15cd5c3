/**
 * The payments exceptions queue's rules, zod-free (the back office's pages import them): why a transfer did not pay
 * an order by itself, how staff resolve it, and which actions its state allows (shop-operations §5).
 */
export const PAYMENT_EXCEPTION_REASONS = ['PARTIAL', 'OVERPAID', 'UNKNOWN_CODE', 'ORDER_EXPIRED', 'ORDER_CANCELLED', 'ALREADY_PAID', 'COD_MISMATCH', 'COD_UNKNOWN'] as const;
export type PaymentExceptionReason = (typeof PAYMENT_EXCEPTION_REASONS)[number];
export const PAYMENT_EXCEPTION_REASON_LABELS: Record<PaymentExceptionReason, string> = {
  PARTIAL: 'Thiếu tiền',
  OVERPAID: 'Thừa tiền',
  UNKNOWN_CODE: 'Không tìm thấy mã đơn',
  ORDER_EXPIRED: 'Đơn đã hết hạn',
  ORDER_CANCELLED: 'Đơn đã hủy',
  ALREADY_PAID: 'Đơn đã thanh toán',
  // A carrier's COD statement line (đối soát COD, issue 65 §5): another amount than the COD expected, or a waybill not ours.
  COD_MISMATCH: 'Đối soát COD lệch số tiền',
  COD_UNKNOWN: 'Đối soát COD: vận đơn không có trong hệ thống',
};

/** A carrier's COD statement line: not a customer's transfer, so it pays no order (refunded to the carrier, or dismissed). */
export const COD_EXCEPTION_REASONS: readonly PaymentExceptionReason[] = ['COD_MISMATCH', 'COD_UNKNOWN'];

export const PAYMENT_EXCEPTION_RESOLUTIONS = ['MATCHED', 'REINSTATED', 'REFUNDED', 'DISMISSED'] as const;
export type PaymentExceptionResolution = (typeof PAYMENT_EXCEPTION_RESOLUTIONS)[number];
export const PAYMENT_EXCEPTION_RESOLUTION_LABELS: Record<PaymentExceptionResolution, string> = {
  MATCHED: 'Đã ghép vào đơn',
  REINSTATED: 'Đã khôi phục đơn',
  REFUNDED: 'Đã hoàn tiền',
  DISMISSED: 'Đã bỏ qua',
};

export const PAYMENT_EXCEPTION_PROVIDER_LABELS: Record<string, string> = { PAYOS: 'payOS', SEPAY: 'SePay', MANUAL: 'Nhập tay', GHN: 'Đối soát COD GHN', GHTK: 'Đối soát COD GHTK' };

export const PAYMENT_EXCEPTION_ACTIONS = ['match', 'reinstate', 'refund', 'dismiss'] as const;
export type PaymentExceptionAction = (typeof PAYMENT_EXCEPTION_ACTIONS)[number];
export const PAYMENT_EXCEPTION_ACTION_LABELS: Record<PaymentExceptionAction, string> = {
  match: 'Ghép vào đơn',
  reinstate: 'Khôi phục đơn',
  refund: 'Hoàn tiền',
  dismiss: 'Bỏ qua',
};

/** What decides which actions an exception allows: it is open, why it is one, and the state of the order it names. */
export interface PaymentExceptionFacts {
  resolved: boolean;
  reason: PaymentExceptionReason | null;
  /** The order named by the transfer, if any: its status and whether the payment-expiry job cancelled it. */
  order: { status: string; paymentStatus: string; expiredByPaymentWindow: boolean } | null;
}

/**
 * The exceptions' machine: a resolved one allows nothing; an open one can be matched to an unpaid order, refunded
 * or dismissed; reinstating is for a transfer that came after the payment window closed on its (still unpaid) order.
 */
export function availablePaymentExceptionActions(facts: PaymentExceptionFacts): PaymentExceptionAction[] {
  if (facts.resolved) return [];
  if (facts.reason !== null && COD_EXCEPTION_REASONS.includes(facts.reason)) return ['refund', 'dismiss'];
  const reinstatable =
    facts.order !== null && facts.order.status === 'CANCELLED' && facts.order.paymentStatus === 'UNPAID' && facts.order.expiredByPaymentWindow;
  return reinstatable ? ['match', 'reinstate', 'refund', 'dismiss'] : ['match', 'refund', 'dismiss'];
}

/** The desk's live stream: a `floor-changed` of this kind means an exception of the centre appeared or changed. */
export const PAYMENT_EXCEPTION_CHANGE_KIND = 'payment-exception';
