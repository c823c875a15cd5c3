import type { Kysely } from 'kysely';
import { toNumber } from '../src/db/portable';
import type { Database } from '../src/db/schema';
import { deskActionMessages } from '../src/modules/orders';

/**
 * The refund record of every refunded order the seed wrote (the desk's demo refund, the demo history's cancelled
 * prepaid orders), as the desk's refund action writes it (webOrderWork.ts): the amount, method and bank reference of
 * the refund step (else the order's total, sent back by bank transfer), the cancellation's reason, the staff member
 * who refunded, at the refund step's time. The daily reconciliation sums these records. Idempotent: writes only the
 * missing ones and answers how many refunded orders have their record.
 */
export async function seedDemoRefunds(db: Kysely<Database>): Promise<number> {
  const missing = await db
    .selectFrom('orders')
    .leftJoin('payment_refunds', 'payment_refunds.order_id', 'orders.id')
    .select(['orders.id', 'orders.code', 'orders.total', 'orders.cancel_reason', 'orders.desk_centre_id', 'orders.updated_at'])
    .where('orders.payment_status', '=', 'REFUNDED')
    .where('payment_refunds.id', 'is', null)
    .orderBy('orders.id')
    .execute();
  for (const order of missing) {
    const event = await db
      .selectFrom('web_order_events')
      .select(['amount', 'refund_method', 'reference', 'actor_user_id', 'created_at'])
      .where('order_id', '=', order.id)
      .where('action', '=', 'refund')
      .orderBy('id')
      .executeTakeFirst();
    const step = await db
      .selectFrom('order_status_history')
      .select(['actor_user_id', 'created_at'])
      .where('order_id', '=', order.id)
      .where('payment_status', '=', 'REFUNDED')
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    const actor = event?.actor_user_id ?? step?.actor_user_id ?? (await deskStaff(db, order.desk_centre_id));
    const method = event?.refund_method ?? 'BANK_TRANSFER';
    await db
      .insertInto('payment_refunds')
      .values({
        order_id: order.id,
        transaction_id: null,
        amount: event?.amount == null ? toNumber(order.total) : toNumber(event.amount),
        method,
        bank_reference: event?.reference ?? (method === 'BANK_TRANSFER' ? `FTHOAN${order.code}`.slice(0, 64) : null),
        reason: (order.cancel_reason ?? deskActionMessages.refundReason).slice(0, 300),
        actor_id: actor,
        created_at: new Date(event?.created_at ?? step?.created_at ?? order.updated_at).toISOString(),
      })
      .execute();
  }
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('payment_status', '=', 'REFUNDED')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The first staff member working at the order's desk (who refunds its orders), if any. */
async function deskStaff(db: Kysely<Database>, centreId: number | null): Promise<number | null> {
  if (centreId === null) return null;
  const row = await db
    .selectFrom('staff_assignments')
    .innerJoin('users', 'users.id', 'staff_assignments.user_id')
    .select('users.id')
    .where('staff_assignments.centre_id', '=', centreId)
    .where('staff_assignments.ended_at', 'is', null)
    .where('users.role', '=', 'staff')
    .orderBy('users.id')
    .executeTakeFirst();
  return row?.id ?? null;
}
