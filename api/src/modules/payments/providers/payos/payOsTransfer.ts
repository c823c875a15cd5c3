import { DB_INTEGER_MAX, type PayOsWebhook } from 'shared-contracts/schemas';
import { firstInvoiceWithCode } from '../../../serviceOrders';
import { type IncomingTransfer, invoiceCodeCandidates, orderById, vietnamTimeToIso } from '../../transactions';

/**
 * A paid payOS link as a transfer to record: the order is the one the link (payOS orderCode) was made for; the
 * idempotency key is the orderCode with the bank's reference (payOS sends one webhook per payment, and again on retry).
 */
export function payOsTransfer(body: PayOsWebhook, rawPayload: string, now: Date): IncomingTransfer {
  const { data } = body;
  return {
    provider: 'PAYOS',
    providerRef: `${data.orderCode}-${data.reference}`.slice(0, 100),
    amount: data.amount,
    content: data.description,
    bankReference: data.reference || null,
    transferredAt: vietnamTimeToIso(data.transactionDateTime, now),
    rawPayload,
    locate: async (trx) => {
      // A link replaced by a newer one (its orderCode one less) still names its order: orderCode = id × 1000 + attempt.
      const orderId = Math.floor(data.orderCode / 1000);
      const link =
        (await trx.selectFrom('payos_payment_links').select('order_id').where('payos_order_code', '=', data.orderCode).executeTakeFirst()) ??
        (orderId <= DB_INTEGER_MAX
          ? await trx.selectFrom('payos_payment_links').select('order_id').where('order_id', '=', orderId).where('payos_order_code', '>', data.orderCode).executeTakeFirst()
          : undefined);
      const order = link ? await orderById(trx, link.order_id) : null;
      // No link of ours: a transfer to the payOS account naming a service invoice's code pays that invoice.
      const invoice = order ? null : await firstInvoiceWithCode(trx, invoiceCodeCandidates(data.description));
      return { order, invoice, codeFound: order?.code ?? invoice?.code ?? String(data.orderCode) };
    },
  };
}
