import { CARRIER_LABELS, formatVndPlain as formatVnd, REFUND_METHOD_LABELS, trackingUrl, type Carrier, type RefundMethod } from 'shared-contracts/schemas';
import { EMAIL_SIGNATURE, emailLayout, emailParagraph, escapeHtml } from '../notifications';
import type { OrderEmail, OrderEmailFacts } from '../orders';

/** The line of the shipping email that says who carries the parcel and where to follow it. */
export function shipmentNote(carrier: Carrier, trackingCode: string | null): string {
  const url = trackingUrl(carrier, trackingCode);
  const code = trackingCode ? `, mã vận đơn ${trackingCode}` : '';
  return `Đơn vị vận chuyển: ${CARRIER_LABELS[carrier]}${code}.${url ? ` Theo dõi hành trình: ${url}` : ''}`;
}

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
  return { kind: 'order_status', subject, text, html };
}
