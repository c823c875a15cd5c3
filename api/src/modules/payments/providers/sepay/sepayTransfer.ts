import type { SepayWebhook } from 'shared-contracts/schemas';
import { type IncomingTransfer, orderCodeCandidates, firstOrderWithCode, vietnamTimeToIso } from '../../transactions';

/**
 * A SePay transaction (money in) as a transfer to record: its id is the idempotency key, the order is the one
 * whose code the content (or SePay's own `code`, when its payment-code rule found one) holds.
 */
export function sepayTransfer(body: SepayWebhook, rawPayload: string, now: Date): IncomingTransfer {
  const content = body.content ?? body.description ?? '';
  const candidates = orderCodeCandidates([body.code ?? '', content].join(' '));
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
      return { order, codeFound: order?.code ?? candidates[0] ?? null };
    },
  };
}
