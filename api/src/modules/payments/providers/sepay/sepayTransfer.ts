import type { SepayWebhook } from 'shared-contracts/schemas';
import { firstInvoiceWithCode } from '../../../serviceOrders';
import { type IncomingTransfer, invoiceCodeCandidates, orderCodeCandidates, firstOrderWithCode, vietnamTimeToIso } from '../../transactions';

/**
 * A SePay transaction (money in) as a transfer to record: its id is the idempotency key, the sale is the web order
 * whose code the content (or SePay's own `code`, when its payment-code rule found one) holds, else the service
 * invoice whose code it holds (the invoice's VietQR).
 */
export function sepayTransfer(body: SepayWebhook, rawPayload: string, now: Date): IncomingTransfer {
  const content = body.content ?? body.description ?? '';
  const text = [body.code ?? '', content].join(' ');
  const candidates = orderCodeCandidates(text);
  const invoiceCodes = invoiceCodeCandidates(text);
  return {
    provider: 'SEPAY',
    providerRef: String(body.id),
    amount: body.transferAmount,
    content,
    bankReference: body.referenceCode ?? null,
    transferredAt: vietnamTimeToIso(body.transactionDate, now),
    rawPayload,
    locate: async (trx) => {
      const order = await firstOrderWithCode(trx, candidates);
      const invoice = order ? null : await firstInvoiceWithCode(trx, invoiceCodes);
      return { order, invoice, codeFound: order?.code ?? invoice?.code ?? candidates[0] ?? invoiceCodes[0] ?? null };
    },
  };
}
