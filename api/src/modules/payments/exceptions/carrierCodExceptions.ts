import type { Kysely } from 'kysely';
import type { IntegratedCarrier } from 'shared-contracts/schemas';
import type { Database } from '../../../db/schema';

/** A carrier's COD statement line that did not reconcile (issue 65 §5), as the exceptions queue keeps it. */
export interface CarrierCodException {
  carrier: IntegratedCarrier;
  /** '<statement reference>#<line>': with the carrier, the idempotency key (a re-import queues nothing twice). */
  providerRef: string;
  reason: 'COD_MISMATCH' | 'COD_UNKNOWN';
  /** VND the carrier says it collected (may be 0 when it collected nothing the shop expected). */
  amount: number;
  orderId: number | null;
  orderCode: string | null;
  content: string;
  /** The statement line as read, JSON. */
  rawPayload: string;
  at: string;
}

/**
 * Queues a COD statement line in the payments exceptions queue (a payment_transactions row, outcome EXCEPTION, the
 * carrier as provider), in the caller's transaction; once per (carrier, providerRef). Answers the exception's id.
 * The shipments module receives this command from the app (it cannot import payments: payments → webOrders → shipments).
 */
export async function queueCarrierCodException(trx: Kysely<Database>, exception: CarrierCodException): Promise<number> {
  await trx
    .insertInto('payment_transactions')
    .values({
      provider: exception.carrier,
      provider_ref: exception.providerRef.slice(0, 100),
      order_id: exception.orderId,
      order_code_found: exception.orderCode?.slice(0, 40) ?? null,
      amount: exception.amount,
      content: exception.content.slice(0, 500),
      bank_reference: null,
      transferred_at: exception.at,
      received_at: exception.at,
      raw_payload: exception.rawPayload.slice(0, 65_536),
      outcome: 'EXCEPTION',
      exception_reason: exception.reason,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'provider_ref']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('payment_transactions')
    .select('id')
    .where('provider', '=', exception.carrier)
    .where('provider_ref', '=', exception.providerRef.slice(0, 100))
    .executeTakeFirstOrThrow();
  return row.id;
}
