import { WEB_ORDER_CHANGE_KIND } from 'shared-contracts/schemas';
import type { EventBus } from '../../events/eventBus';

/**
 * Tells the desk of `deskCentreId` that one of its web orders changed (placed, moved, cancelled, noted): its
 * floor stream (GET /api/staff/events) carries a `floor-changed` of kind 'web-order', and the desk reloads.
 */
export async function announceWebOrderChange(events: Pick<EventBus, 'publishFloorChange'>, deskCentreId: number | null): Promise<void> {
  if (deskCentreId === null) return;
  await events.publishFloorChange(deskCentreId, { kind: WEB_ORDER_CHANGE_KIND, appointmentId: null, serviceOrderId: null });
}
