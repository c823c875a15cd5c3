import { ERROR_CODES, formatVndPlain, INVOICE_PAYMENT_METHOD_LABELS, type InvoicePaymentMethod } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';

export const cashPaymentMessages = {
  cashOnly: 'Chỉ nhập số tiền khách đưa khi thanh toán tiền mặt.',
  tooLittle: (received: string, total: string) => `Số tiền khách đưa (${received}) ít hơn tổng hoá đơn (${total}).`,
} as const;

/**
 * The note of the payment's history row: the method, and for cash with the amount the customer handed over, that
 * amount and the change given back ("Tiền mặt · khách đưa 500.000 ₫, tiền thừa 20.000 ₫"). Less than the total, or
 * an amount for another method, answers 422 AMOUNT_RECEIVED_INVALID.
 */
export function paymentNote(method: InvoicePaymentMethod, total: number, amountReceived: number | undefined): string {
  const label = INVOICE_PAYMENT_METHOD_LABELS[method];
  if (amountReceived === undefined) return label;
  const invalid = (message: string) => new AppError(422, ERROR_CODES.AMOUNT_RECEIVED_INVALID, message, [{ field: 'amountReceived', message }]);
  if (method !== 'CASH') throw invalid(cashPaymentMessages.cashOnly);
  if (amountReceived < total) throw invalid(cashPaymentMessages.tooLittle(formatVndPlain(amountReceived), formatVndPlain(total)));
  return `${label} · khách đưa ${formatVndPlain(amountReceived)}, tiền thừa ${formatVndPlain(amountReceived - total)}`;
}
