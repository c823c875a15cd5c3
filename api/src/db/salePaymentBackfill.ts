import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Writes the ledger's payment record of every paid sale that has none, from what the sale holds: a web order's
 * total, paid_at and the transfer that paid it if one did (provider → channel, bank reference); a service
 * invoice's total, method and who confirmed it. Run after the demo seed, whose history sales are written directly.
 */
export async function backfillSalePayments(db: Kysely<Database>): Promise<number> {
  const orders = await sql`
    insert into sale_payments (order_id, amount, method, channel, reference, transaction_id, actor_id, paid_at)
    select o.id, o.total,
           case when o.payment_method = 'VIETQR' then 'BANK_TRANSFER' else 'CASH' end,
           case when t.provider = 'SEPAY' then 'SEPAY' when t.provider = 'PAYOS' then 'PAYOS'
                when t.id is not null then 'RECORDED_TRANSFER' when o.payment_method = 'VIETQR' then 'RECORDED_TRANSFER' else 'DESK' end,
           t.bank_reference, t.id, null, o.paid_at
    from orders o
    left join payment_transactions t on t.id = (
      select min(m.id) from payment_transactions m
      where m.order_id = o.id and (m.outcome = 'MATCHED' or m.resolution in ('MATCHED', 'REINSTATED')))
    where o.paid_at is not null
      and not exists (select 1 from sale_payments p where p.order_id = o.id)`.execute(db);
  const invoices = await sql`
    insert into sale_payments (service_invoice_id, amount, method, channel, reference, transaction_id, actor_id, paid_at)
    select i.id, i.total, case when i.payment_method = 'VIETQR' then 'BANK_TRANSFER' else 'CASH' end, 'DESK', null, null, i.confirmed_by,
           coalesce(i.paid_at, i.issued_at)
    from service_invoices i
    where i.payment_status = 'PAID'
      and not exists (select 1 from sale_payments p where p.service_invoice_id = i.id)`.execute(db);
  return Number(orders.numAffectedRows ?? 0) + Number(invoices.numAffectedRows ?? 0);
}
