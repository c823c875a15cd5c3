import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HANDED_OVER, NEVER_HANDED_OVER } from './eInvoiceRules';

type Db = Kysely<Database>;

/** Ledger events read per round. */
const EVENTS_PER_ROUND = 500;

/** Our key of a sale's own invoice and of a refund's adjustment: the same on every try, unique across the shop. */
export const originalKeyOf = (sale: { order_id: number | null; service_invoice_id: number | null }) => (sale.order_id !== null ? `evshop-order-${sale.order_id}` : `evshop-service-invoice-${sale.service_invoice_id}`);
export const adjustmentKeyOf = (refundId: number) => `evshop-refund-${refundId}`;

/**
 * Turns the ledger's new sale events into invoices to issue, in one transaction with the cursor: a `sale.paid` → the
 * sale's ORIGINAL (a service invoice at once: the service is complete; a web order once its goods are handed over),
 * a `sale.refunded` → an ADJUSTMENT of the sale's invoice as it stands (its replacement if replaced; sent once that
 * is issued). Instances reading the same events write nothing twice (one original per sale, one adjustment per
 * refund). Answers the events read.
 */
export async function queueSaleInvoices(db: Db, provider: string, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const cursor = await trx.selectFrom('e_invoice_cursor').select('last_sale_event_id').where('id', '=', 1).executeTakeFirstOrThrow();
    const events = await trx
      .selectFrom('sale_events')
      .leftJoin('payment_refunds', 'payment_refunds.id', 'sale_events.refund_id')
      .select(['sale_events.id', 'sale_events.kind', 'sale_events.order_id', 'sale_events.service_invoice_id', 'sale_events.amount', 'sale_events.refund_id', 'payment_refunds.reason'])
      .where('sale_events.id', '>', cursor.last_sale_event_id)
      .orderBy('sale_events.id')
      .limit(EVENTS_PER_ROUND)
      .execute();
    if (events.length === 0) return 0;
    const nowIso = now.toISOString();
    for (const event of events) {
      const sale = { order_id: event.order_id, service_invoice_id: event.service_invoice_id };
      if (event.kind === 'sale.paid') {
        await trx
          .insertInto('e_invoices')
          .values({
            ...sale,
            kind: 'ORIGINAL',
            corrects_id: null,
            refund_id: null,
            provider,
            request_key: originalKeyOf(sale),
            reason: null,
            gross: Number(event.amount),
            // A service is invoiced at completion (it is paid on its invoice); goods at hand-over (released below).
            next_attempt_at: sale.service_invoice_id !== null ? nowIso : null,
            created_at: nowIso,
            updated_at: nowIso,
          })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      } else if (event.kind === 'sale.refunded' && event.refund_id !== null) {
        // The sale's invoice as it stands: its latest replacement, else its own.
        const original = await trx
          .selectFrom('e_invoices')
          .select(['id', 'status'])
          .where('kind', 'in', ['ORIGINAL', 'REPLACEMENT'])
          .where(sale.order_id !== null ? 'order_id' : 'service_invoice_id', '=', (sale.order_id ?? sale.service_invoice_id)!)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (!original) continue;
        await trx
          .insertInto('e_invoices')
          .values({
            ...sale,
            kind: 'ADJUSTMENT',
            corrects_id: original.id,
            refund_id: event.refund_id,
            provider,
            request_key: adjustmentKeyOf(event.refund_id),
            reason: (event.reason ?? 'Hoàn tiền cho khách hàng').slice(0, 500),
            gross: -Number(event.amount),
            next_attempt_at: original.status === 'ISSUED' ? nowIso : null,
            created_at: nowIso,
            updated_at: nowIso,
          })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
    }
    await trx.updateTable('e_invoice_cursor').set({ last_sale_event_id: events.at(-1)!.id }).where('id', '=', 1).where('last_sale_event_id', '<', events.at(-1)!.id).execute();
    return events.length;
  });
}

/**
 * Releases what has become due: the originals of web orders handed over (Art. 9(1)), the adjustments whose original is
 * issued; cancels the drafts of orders cancelled before hand-over (never sold: no invoice), with their adjustments.
 */
export async function releaseDueInvoices(db: Db, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  await db
    .updateTable('e_invoices')
    .set({ next_attempt_at: nowIso, updated_at: nowIso })
    .where('status', '=', 'DRAFT')
    .where('next_attempt_at', 'is', null)
    .where('kind', '=', 'ORIGINAL')
    .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('status', 'in', [...HANDED_OVER]))
    .execute();
  await db
    .updateTable('e_invoices')
    .set({ status: 'CANCELLED', updated_at: nowIso })
    .where('status', '=', 'DRAFT')
    .where('next_attempt_at', 'is', null)
    .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('status', 'in', [...NEVER_HANDED_OVER]))
    .where((eb) => eb.or([eb('kind', '=', 'ORIGINAL'), eb('corrects_id', 'in', eb.selectFrom('e_invoices as original').select('original.id').where('original.status', 'in', ['DRAFT', 'CANCELLED']))]))
    .execute();
  await db
    .updateTable('e_invoices')
    .set({ next_attempt_at: nowIso, updated_at: nowIso })
    .where('status', '=', 'DRAFT')
    .where('next_attempt_at', 'is', null)
    .where('kind', '=', 'ADJUSTMENT')
    .where('corrects_id', 'in', (eb) => eb.selectFrom('e_invoices as original').select('original.id').where('original.status', '=', 'ISSUED'))
    .execute();
}
