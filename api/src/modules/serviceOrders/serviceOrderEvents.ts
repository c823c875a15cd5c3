import {
  APPOINTMENT_STATUS_LABELS,
  customerServiceOrderLabel,
  type AppointmentStatus,
  type ServiceOrderStatus,
} from 'shared-contracts/schemas';
import type { EventBus } from '../../events/eventBus';
import type { ServiceOrderContext } from './serviceOrderContext';

/** What a committed change of a service order tells the live bus. */
export interface ServiceOrderChange {
  serviceOrderId: number;
  code: string;
  appointmentId: number;
  centreId: number;
  /** The customer (null for a guest's appointment: only the centre is told). */
  userId: number | null;
  status: ServiceOrderStatus;
  /** Set when the appointment's status changed too (check-in, start, cancel): its existing status event goes out. */
  appointment?: { code: string; status: AppointmentStatus };
  /** The order's parts requests waiting for the customer, when the caller knows (else read). */
  pendingApprovals?: number;
}

/**
 * After the commit: the customer's streams get `service-order` (and `appointment-status` when the appointment
 * moved), the centre's floor streams `floor-changed`. Publishing never fails the request: an error is logged.
 */
export async function publishServiceOrderChange(
  ctx: { events: Pick<EventBus, 'publishServiceOrder' | 'publish'>; log: ServiceOrderContext['log'] } & Partial<Pick<ServiceOrderContext, 'db' | 'parts'>>,
  change: ServiceOrderChange,
  at: Date,
): Promise<void> {
  try {
    const pendingApprovals = change.pendingApprovals ?? (ctx.parts && ctx.db ? await ctx.parts.pendingApprovals(ctx.db, change.serviceOrderId) : 0);
    await ctx.events.publishServiceOrder({
      userId: change.userId,
      centreId: change.centreId,
      event: {
        appointmentId: change.appointmentId,
        serviceOrderId: change.serviceOrderId,
        serviceOrderCode: change.code,
        status: change.status,
        statusLabel: customerServiceOrderLabel(change.status, pendingApprovals),
        pendingApprovals,
        at: at.toISOString(),
      },
    });
    if (change.appointment) {
      await ctx.events.publish({
        userId: change.userId,
        centreId: change.centreId,
        event: {
          appointmentId: change.appointmentId,
          code: change.appointment.code,
          status: change.appointment.status,
          statusLabel: APPOINTMENT_STATUS_LABELS[change.appointment.status],
          at: at.toISOString(),
        },
      });
    }
  } catch (error) {
    ctx.log.error({ err: error }, 'service order event not published');
  }
}

/**
 * Something of the floor changed that is not a status (an assignment, a clock, a checklist answer or photo):
 * the centre's streams are told. A checklist change says whether the order's answered count moved
 * ('checklist-progress', the board shows it) or not ('checklist': the order's detail only).
 */
export async function publishFloorChange(
  ctx: ServiceOrderContext,
  centreId: number,
  change: { appointmentId: number | null; serviceOrderId: number | null; kind?: 'service-order' | 'checklist' | 'checklist-progress' },
  at: Date,
): Promise<void> {
  try {
    await ctx.events.publishFloorChange(centreId, { kind: 'service-order', ...change, at });
  } catch (error) {
    ctx.log.error({ err: error }, 'floor change not published');
  }
}
