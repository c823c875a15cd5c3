import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { OrderRow } from '../../../db/shopSchema';

type Db = Kysely<Database>;

/** The transaction a provider already delivered under this id, if any. */
export async function findTransaction(db: Db, provider: string, providerRef: string) {
  return db.selectFrom('payment_transactions').select(['id', 'outcome']).where('provider', '=', provider).where('provider_ref', '=', providerRef).executeTakeFirst();
}

/** The first of `codes` (in that order) an order has. */
export async function firstOrderWithCode(db: Db, codes: readonly string[]): Promise<OrderRow | null> {
  if (codes.length === 0) return null;
  const rows = await db.selectFrom('orders').selectAll().where('code', 'in', [...codes]).execute();
  for (const code of codes) {
    const row = rows.find((candidate) => candidate.code === code);
    if (row) return row;
  }
  return null;
}

export async function orderById(db: Db, id: number): Promise<OrderRow | null> {
  return (await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Whether the payment-expiry job (the system, no actor) cancelled the order. */
export async function cancelledByExpiry(db: Db, orderId: number): Promise<boolean> {
  const event = await db
    .selectFrom('web_order_events')
    .select('id')
    .where('order_id', '=', orderId)
    .where('action', '=', 'cancel')
    .where('actor_kind', '=', 'system')
    .executeTakeFirst();
  return event !== undefined;
}
