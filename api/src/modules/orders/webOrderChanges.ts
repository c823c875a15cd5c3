import { WEB_ORDER_CHANGE_KIND, type OrderStatus, type PaymentStatus } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { OrderRow } from '../../db/shopSchema';
import type { EventBus } from '../../events/eventBus';

/** What the owner's `order-status` event is made of. */
export type OrderStatusFacts = Pick<OrderRow, 'user_id' | 'code' | 'status' | 'payment_status' | 'version'>;

/**
 * Tells the desk of `deskCentreId` that one of its web orders changed (placed, moved, cancelled, noted): its
 * floor stream (GET /api/staff/events) carries a `floor-changed` of kind 'web-order', and the desk reloads.
 * With the order (after a move or a payment), its owner's stream (GET /api/appointments/events) gets an
 * `order-status` too, so the customer's order page updates without polling. Called after commit.
 */
export async function announceWebOrderChange(events: Pick<EventBus, 'publishFloorChange' | 'publishOrderStatus'>, deskCentreId: number | null, order?: OrderStatusFacts): Promise<void> {
  if (order) await announceOrderStatus(events, order);
  if (deskCentreId === null) return;
  await events.publishFloorChange(deskCentreId, { kind: WEB_ORDER_CHANGE_KIND, appointmentId: null, serviceOrderId: null });
}

/** The owner's streams get `order-status` {code, status, paymentStatus, version}. */
export async function announceOrderStatus(events: Pick<EventBus, 'publishOrderStatus'>, order: OrderStatusFacts): Promise<void> {
  await events.publishOrderStatus({
    userId: order.user_id,
    event: { code: order.code, status: order.status as OrderStatus, paymentStatus: order.payment_status as PaymentStatus, version: toNumber(order.version) },
  });
}
