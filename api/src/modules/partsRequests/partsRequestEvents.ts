import type { ServiceOrderStatus } from 'shared-contracts/schemas';
import type { ServiceOrderRow } from '../../db/backOfficeSchema';
import { type ServiceOrderContext, publishServiceOrderChange } from '../serviceOrders';

/** The floor-changed kind of a parts request's change (the board's flags, the desk, the technician's screen reload). */
export const PARTS_REQUEST_FLOOR_KIND = 'parts-request';

/**
 * After the commit of a parts request's change. `customer`: the customer's view moved (a request sent to them,
 * decided, withdrawn, expired, a part issued or returned): their streams get `service-order` with the new
 * pendingApprovals ('Cần bạn duyệt (n)'), which the centre's streams get as a floor-changed too. Otherwise only
 * the centre's floor streams are told. Publishing never fails the request: an error is logged.
 */
export async function publishPartsChange(
  ctx: ServiceOrderContext,
  order: Pick<ServiceOrderRow, 'id' | 'code' | 'appointment_id' | 'centre_id' | 'user_id'>,
  at: Date,
  options: { customer: boolean },
): Promise<void> {
  if (options.customer) {
    // The status is read now: the order may have moved since the caller read it.
    const current = await ctx.db
      .selectFrom('service_orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirst()
      .catch(() => undefined);
    await publishServiceOrderChange(
      ctx,
      {
        serviceOrderId: order.id,
        code: order.code,
        appointmentId: order.appointment_id,
        centreId: order.centre_id,
        userId: order.user_id,
        status: (current?.status ?? 'IN_PROGRESS') as ServiceOrderStatus,
      },
      at,
    );
    return;
  }
  try {
    await ctx.events.publishFloorChange(order.centre_id, { kind: PARTS_REQUEST_FLOOR_KIND, appointmentId: order.appointment_id, serviceOrderId: order.id, at });
  } catch (error) {
    ctx.log.error({ err: error }, 'parts request change not published');
  }
}
