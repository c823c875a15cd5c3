import { isAppError } from '../../http/appError';
import { floorTransaction } from '../serviceOrders';
import type { PartsRequestContext } from './partsRequestContext';
import { publishPartsChange } from './partsRequestEvents';
import { movePartsRequest } from './partsRequestTransition';

/** How many expired requests one run withdraws at most (the next run takes the rest). */
const BATCH = 200;

/**
 * The expiry job (spec §2): requests still AWAITING_CUSTOMER once their deadline has passed are withdrawn, each
 * by the same conditional move as everything else (status AWAITING_CUSTOMER and expires_at <= now), so a
 * customer's yes that landed first wins and the job skips that request; one that comes after finds it
 * withdrawn and is answered 409 APPROVAL_EXPIRED. The customer's dashboard and the centre's floor are told.
 * Returns how many were withdrawn.
 */
export async function expireAwaitingApprovals(ctx: PartsRequestContext, now: Date): Promise<number> {
  const due = await ctx.db
    .selectFrom('parts_requests')
    .select('id')
    .where('status', '=', 'AWAITING_CUSTOMER')
    .where('expires_at', '<=', now.toISOString())
    .orderBy('expires_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  const orders = new Set<number>();
  let withdrawn = 0;
  for (const { id } of due) {
    try {
      const moved = await floorTransaction(ctx.db, (trx) => movePartsRequest(trx, { id, action: 'expire', actorId: null, at: now, deadline: 'past' }));
      orders.add(moved.service_order_id);
      withdrawn += 1;
    } catch (error) {
      // Decided (or withdrawn by staff) since it was read: nothing to expire.
      if (!isAppError(error) || error.status !== 409) throw error;
    }
  }
  for (const orderId of orders) {
    const order = await ctx.db.selectFrom('service_orders').select(['id', 'code', 'appointment_id', 'centre_id', 'user_id']).where('id', '=', orderId).executeTakeFirst();
    if (order) await publishPartsChange(ctx, order, now, { customer: true });
  }
  return withdrawn;
}
