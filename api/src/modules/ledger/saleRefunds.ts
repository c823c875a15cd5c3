import type { Kysely } from 'kysely';
import type { RefundMethod } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { saleColumns, type Sale } from './sale';

type Db = Kysely<Database>;

/** Money given back. */
export interface RefundInput {
  /** The sale whose payment is given back (announced as `sale.refunded`); null when the money never paid a sale. */
  sale: Sale | null;
  /** The order a transfer named when the money never paid it (an exception's), kept for the record. */
  namedOrderId?: number | null;
  /** The exception's transfer the money came from, if any. */
  transactionId: number | null;
  amount: number;
  method: RefundMethod;
  /** The bank's reference of the refund transfer; null for cash. */
  reference: string | null;
  reason: string;
  actorId: number | null;
  /** ISO instant (UTC). */
  at: string;
}

/**
 * The one writer of refunds: the record (amount, method, reference, reason, who) inside the caller's transaction,
 * and, when it gives back a sale's payment, its announcement `sale.refunded` in sale_events.
 */
export async function recordRefund(trx: Db, refund: RefundInput): Promise<{ refundId: number }> {
  const columns = refund.sale ? saleColumns(refund.sale) : { order_id: refund.namedOrderId ?? null, service_invoice_id: null };
  const row = await trx
    .insertInto('payment_refunds')
    .values({
      ...columns,
      transaction_id: refund.transactionId,
      amount: refund.amount,
      method: refund.method,
      bank_reference: refund.reference,
      reason: refund.reason.slice(0, 300),
      actor_id: refund.actorId,
      created_at: refund.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (refund.sale) {
    await trx
      .insertInto('sale_events')
      .values({ kind: 'sale.refunded', ...columns, amount: refund.amount, payment_id: null, refund_id: row.id, actor_id: refund.actorId, created_at: refund.at })
      .execute();
  }
  return { refundId: row.id };
}
