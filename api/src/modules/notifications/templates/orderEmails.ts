import { formatVndPlain as formatVnd, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, REFUND_METHOD_LABELS, type Order, type OrderStatus, type RefundMethod } from 'shared-contracts/schemas';
import { EMAIL_SIGNATURE, emailLayout, emailParagraph, escapeHtml, formatVietnamDateTime } from '../emailTemplates';

/**
 * The order emails (Vietnamese), templates of the notification centre: confirmation, status change (payment
 * received included), refund and cancellation. Each tells a fact of the centre (`fact`: placed, paid, confirmed,
 * shipped, ready for pick-up, completed, cancelled, refunded), which goes by the channel the customer chose, this
 * email when that is email, in the transaction that makes the change. Kinds are 'order_placed' | 'order_status' |
 * 'order_cancelled'.
 */
export type OrderEmailKind = 'order_placed' | 'order_status' | 'order_cancelled';

/** The facts of an order the notification centre tells the customer (one notification each, on their channel). */
export type OrderFact = 'placed' | 'paid' | 'confirmed' | 'shipped' | 'ready_for_pickup' | 'completed' | 'cancelled' | 'refunded';

export interface OrderEmail {
  kind: OrderEmailKind;
  /** The centre's fact this email tells, if any (then the centre sends it, once, on the customer's channel). */
  fact?: OrderFact;
  subject: string;
  text: string;
  html: string;
}

/** What the templates need of an order. */
export type OrderEmailFacts = Pick<
  Order,
  'code' | 'status' | 'paymentMethod' | 'lines' | 'subtotal' | 'discount' | 'shippingFee' | 'total' | 'fulfilment' | 'recipientName' | 'phone' | 'pointsUsed' | 'pointsValue'
> & { createdAt: string; orderUrl: string };


function fulfilmentText(facts: OrderEmailFacts): string {
  const { fulfilment } = facts;
  if (fulfilment.method === 'pickup' && fulfilment.centre) return `Nhận tại ${fulfilment.centre.name}, ${fulfilment.centre.address}`;
  if (fulfilment.address) return `Giao tới ${fulfilment.address.street}, ${fulfilment.address.ward}, ${fulfilment.address.province}`;
  return 'Nhận tại trung tâm dịch vụ';
}

function linesText(facts: OrderEmailFacts): string[] {
  return facts.lines.map((line) => `- ${line.name} × ${line.quantity}: ${formatVnd(line.lineTotal)}`);
}

function totalsText(facts: OrderEmailFacts): string[] {
  const rows = [`Tạm tính: ${formatVnd(facts.subtotal)}`];
  if (facts.discount > 0) rows.push(`Giảm giá: -${formatVnd(facts.discount)}`);
  if ((facts.pointsValue ?? 0) > 0) rows.push(`Điểm thưởng (${new Intl.NumberFormat('vi-VN').format(facts.pointsUsed ?? 0)} điểm): -${formatVnd(facts.pointsValue ?? 0)}`);
  rows.push(`Phí vận chuyển: ${formatVnd(facts.shippingFee)}`, `Tổng thanh toán: ${formatVnd(facts.total)}`);
  return rows;
}

function linesHtml(facts: OrderEmailFacts): string {
  const rows = facts.lines
    .map(
      (line) =>
        `<tr><td style="padding:4px 8px">${escapeHtml(line.name)}</td><td style="padding:4px 8px;text-align:right">${line.quantity}</td><td style="padding:4px 8px;text-align:right">${escapeHtml(formatVnd(line.lineTotal))}</td></tr>`,
    )
    .join('');
  const totals = totalsText(facts)
    .map((row) => `<tr><td colspan="3" style="padding:2px 8px;text-align:right">${escapeHtml(row)}</td></tr>`)
    .join('');
  return `<table style="border-collapse:collapse;margin:0 0 12px"><thead><tr><th style="padding:4px 8px;text-align:left">Sản phẩm</th><th style="padding:4px 8px">SL</th><th style="padding:4px 8px;text-align:right">Thành tiền</th></tr></thead><tbody>${rows}${totals}</tbody></table>`;
}

/** Sent when the order is placed; `payBefore`: the end of a VietQR order's payment window. */
export function orderPlacedEmail(fullName: string, facts: OrderEmailFacts & { payBefore?: Date }): OrderEmail {
  const subject = `Xác nhận đơn hàng ${facts.code} – EV Service`;
  const payment = PAYMENT_METHOD_LABELS[facts.paymentMethod];
  const waitingForTransfer =
    facts.status === 'PENDING_PAYMENT'
      ? `Đơn hàng đang chờ thanh toán: vui lòng chuyển khoản ${formatVnd(facts.total)} với nội dung ${facts.code}` +
        (facts.payBefore ? ` trước ${formatVietnamDateTime(facts.payBefore)}; quá hạn, đơn hàng sẽ tự động hủy` : '') +
        ' (mã VietQR có trong trang đơn hàng).'
      : null;
  const text = [
    `Xin chào ${fullName},`,
    '',
    `Cảm ơn bạn đã đặt hàng tại EV Service. Mã đơn hàng: ${facts.code} (${formatVietnamDateTime(facts.createdAt)}).`,
    '',
    ...linesText(facts),
    '',
    ...totalsText(facts),
    `Thanh toán: ${payment}`,
    `Người nhận: ${facts.recipientName} – ${facts.phone}`,
    fulfilmentText(facts),
    ...(waitingForTransfer ? ['', waitingForTransfer] : []),
    '',
    `Theo dõi đơn hàng: ${facts.orderUrl}`,
    '',
    EMAIL_SIGNATURE,
  ].join('\n');
  const html = emailLayout(subject, [
    emailParagraph(`Xin chào ${escapeHtml(fullName)},`),
    emailParagraph(`Cảm ơn bạn đã đặt hàng tại EV Service. Mã đơn hàng: <strong>${escapeHtml(facts.code)}</strong> (${escapeHtml(formatVietnamDateTime(facts.createdAt))}).`),
    linesHtml(facts),
    emailParagraph(`Thanh toán: ${escapeHtml(payment)}<br>Người nhận: ${escapeHtml(facts.recipientName)} – ${escapeHtml(facts.phone)}<br>${escapeHtml(fulfilmentText(facts))}`),
    ...(waitingForTransfer ? [emailParagraph(escapeHtml(waitingForTransfer))] : []),
    emailParagraph(`<a href="${escapeHtml(facts.orderUrl)}">Theo dõi đơn hàng</a>`),
  ]);
  return { kind: 'order_placed', subject, text, html, fact: 'placed' };
}

/** Sent when staff move the order on (or confirm the transfer). */
export function orderStatusEmail(fullName: string, facts: OrderEmailFacts, status: OrderStatus, note: string | null, paymentReceived = false): OrderEmail {
  const label = ORDER_STATUS_LABELS[status];
  const subject = paymentReceived
    ? `Đã nhận thanh toán đơn hàng ${facts.code} – EV Service`
    : `Đơn hàng ${facts.code}: ${label} – EV Service`;
  const headline = paymentReceived
    ? `Chúng tôi đã nhận được khoản chuyển ${formatVnd(facts.total)} cho đơn hàng ${facts.code}. Trạng thái đơn hàng: ${label}.`
    : `Đơn hàng ${facts.code} của bạn đã chuyển sang trạng thái: ${label}.`;
  const text = [
    `Xin chào ${fullName},`,
    '',
    headline,
    ...(note ? [`Ghi chú: ${note}`] : []),
    '',
    `Theo dõi đơn hàng: ${facts.orderUrl}`,
    '',
    EMAIL_SIGNATURE,
  ].join('\n');
  const html = emailLayout(subject, [
    emailParagraph(`Xin chào ${escapeHtml(fullName)},`),
    emailParagraph(escapeHtml(headline)),
    ...(note ? [emailParagraph(`Ghi chú: ${escapeHtml(note)}`)] : []),
    emailParagraph(`<a href="${escapeHtml(facts.orderUrl)}">Theo dõi đơn hàng</a>`),
  ]);
  const fact: OrderFact | undefined = paymentReceived ? 'paid' : STATUS_FACTS[status];
  return { kind: 'order_status', subject, text, html, ...(fact ? { fact } : {}) };
}

const STATUS_FACTS: Partial<Record<OrderStatus, OrderFact>> = { CONFIRMED: 'confirmed', SHIPPING: 'shipped', READY_FOR_PICKUP: 'ready_for_pickup', COMPLETED: 'completed' };

/** Sent when the desk records the refund of a cancelled paid order. */
export function orderRefundedEmail(fullName: string, facts: OrderEmailFacts, refund: { amount: number; method: RefundMethod; reference: string | null }): OrderEmail {
  const subject = `Đã hoàn tiền đơn hàng ${facts.code} – EV Service`;
  const lines = [
    `EV Service đã hoàn ${formatVnd(refund.amount)} cho đơn hàng ${facts.code} (${REFUND_METHOD_LABELS[refund.method]}).`,
    ...(refund.reference ? [`Mã giao dịch: ${refund.reference}`] : []),
  ];
  const text = [`Xin chào ${fullName},`, '', ...lines, '', `Chi tiết: ${facts.orderUrl}`, '', EMAIL_SIGNATURE].join('\n');
  const html = emailLayout(subject, [
    emailParagraph(`Xin chào ${escapeHtml(fullName)},`),
    ...lines.map((line) => emailParagraph(escapeHtml(line))),
    emailParagraph(`<a href="${escapeHtml(facts.orderUrl)}">Chi tiết đơn hàng</a>`),
  ]);
  return { kind: 'order_status', subject, text, html, fact: 'refunded' };
}

/** Sent when the order is cancelled (by the customer or the shop). */
export function orderCancelledEmail(fullName: string, facts: OrderEmailFacts, reason: string | null, byCustomer: boolean, refund: boolean): OrderEmail {
  const subject = `Đơn hàng ${facts.code} đã được hủy – EV Service`;
  const who = byCustomer ? 'theo yêu cầu của bạn' : 'bởi EV Service';
  const lines = [
    `Đơn hàng ${facts.code} đã được hủy ${who}.`,
    ...(reason ? [`Lý do: ${reason}`] : []),
    ...(refund ? [`Số tiền ${formatVnd(facts.total)} đã thanh toán sẽ được hoàn lại vào tài khoản của bạn.`] : []),
  ];
  const text = [`Xin chào ${fullName},`, '', ...lines, '', `Chi tiết: ${facts.orderUrl}`, '', EMAIL_SIGNATURE].join('\n');
  const html = emailLayout(subject, [
    emailParagraph(`Xin chào ${escapeHtml(fullName)},`),
    ...lines.map((line) => emailParagraph(escapeHtml(line))),
    emailParagraph(`<a href="${escapeHtml(facts.orderUrl)}">Chi tiết đơn hàng</a>`),
  ]);
  return { kind: 'order_cancelled', subject, text, html, fact: 'cancelled' };
}
