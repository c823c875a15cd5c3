import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Writes the payment record of every paid order that has none, from what the order holds: its total, its paid_at,
 * and the transfer that paid it if one did (provider → channel, bank reference). One statement; run by migration
 * 0036 and after the demo seed, whose history orders are written directly.
 */
export async function backfillOrderPayments(db: Kysely<Database>): Promise<number> {
  const result = await sql`
    insert into order_payments (order_id, amount, method, channel, reference, transaction_id, actor_id, paid_at)
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
      and not exists (select 1 from order_payments p where p.order_id = o.id)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
