import type { Kysely } from 'kysely';
import type { OrderPaymentChannel, OrderPaymentMethod } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { saleColumns, type Sale } from './sale';

type Db = Kysely<Database>;

/** The money that arrived for a sale. */
export interface SalePaymentInput {
  amount: number;
  method: OrderPaymentMethod;
  /** Who reported it: a provider's webhook, a clerk's recorded transfer, the exceptions queue, the desk or counter. */
  channel: OrderPaymentChannel;
  /** The bank's reference of a transfer; null for cash. */
  reference: string | null;
  /** The payment_transactions row it came from (its raw provider body), if any. */
  transactionId: number | null;
  /** The clerk who took or confirmed it; null for the system (a provider's verified notification). */
  actorId: number | null;
  /** ISO instant (UTC). */
  at: string;
}

/**
 * The one writer of a sale's payment: inside the caller's transaction (the sale's own change goes with it), the
 * payment record (amount, method, channel, reference, transaction, who) and its announcement `sale.paid` in
 * sale_events, which consumers read after commit. Once per sale: the unique index refuses a second payment.
 */
export async function recordPayment(trx: Db, sale: Sale, payment: SalePaymentInput): Promise<{ paymentId: number }> {
  const row = await trx
    .insertInto('sale_payments')
    .values({
      ...saleColumns(sale),
      amount: payment.amount,
      method: payment.method,
      channel: payment.channel,
      reference: payment.reference,
      transaction_id: payment.transactionId,
      actor_id: payment.actorId,
      paid_at: payment.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('sale_events')
    .values({ kind: 'sale.paid', ...saleColumns(sale), amount: payment.amount, payment_id: row.id, refund_id: null, actor_id: payment.actorId, created_at: payment.at })
    .execute();
  return { paymentId: row.id };
}
