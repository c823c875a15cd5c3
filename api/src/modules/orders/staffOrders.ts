import type { Kysely } from 'kysely';
import type { OrderStatus, StaffOrderSummary } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { summarise } from './orderView';

/** The back office's order list: newest first, optionally of one status. */
export async function listStaffOrders(db: Kysely<Database>, status: OrderStatus | undefined, limit: number): Promise<StaffOrderSummary[]> {
  let query = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.code',
      'orders.status',
      'orders.payment_method',
      'orders.payment_status',
      'orders.total',
      'orders.created_at',
      'orders.recipient_name',
      'orders.phone',
      'orders.fulfilment_method',
      'users.email',
    ]);
  if (status) query = query.where('orders.status', '=', status);
  const rows = await query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();
  const summaries = await summarise(db, rows);
  return summaries.map((summary, index) => {
    const row = rows[index]!;
    return { ...summary, recipientName: row.recipient_name, phone: row.phone, customerEmail: row.email, fulfilmentMethod: row.fulfilment_method };
  });
}
