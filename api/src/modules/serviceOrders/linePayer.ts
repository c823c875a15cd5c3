import { LINE_PAYER_EDITABLE_STATUSES, LINE_PAYER_LABELS, LINE_PAYER_ROLES, type LinePayerInput } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { assertFloorWriter, type CentreScope } from '../../security/centreScope';
import { floorTransaction } from './floorTransaction';
import { orderInScope } from './serviceOrderAccess';
import type { ServiceOrderContext } from './serviceOrderContext';
import { publishFloorChange } from './serviceOrderEvents';
import { touchServiceOrder } from './serviceOrderTransition';

export const linePayerMessages = {
  saved: (payer: LinePayerInput['payer']) => `Đã chuyển dòng sang: ${LINE_PAYER_LABELS[payer]}.`,
  lineNotFound: 'Không tìm thấy dòng này trên phiếu dịch vụ.',
  goodwillManagerOnly: 'Chỉ quản lý trung tâm được cho khách miễn phí (trung tâm hỗ trợ).',
} as const;

/**
 * PUT /service-orders/:id/lines/:lineId/payer (issue 66 §5): the customer, the manufacturer's warranty or the centre
 * (goodwill, a manager only) pays the line. Conditional on the order's version and on its not being invoiced yet
 * (409 SERVICE_ORDER_CHANGED / INVALID_STATUS_TRANSITION), so the invoice freezes what the desk last saw.
 */
export async function setLinePayer(ctx: ServiceOrderContext, scope: CentreScope, orderId: number, lineId: number, input: LinePayerInput): Promise<void> {
  assertFloorWriter(scope);
  if (!LINE_PAYER_ROLES[input.payer].includes(scope.role)) {
    throw input.payer === 'GOODWILL' && scope.role === 'staff' ? AppError.forbidden(linePayerMessages.goodwillManagerOnly) : AppError.forbidden();
  }
  const order = await orderInScope(ctx.db, scope, orderId);
  const now = ctx.clock.now();
  await floorTransaction(ctx.db, async (trx) => {
    await touchServiceOrder(trx, orderId, input.version, LINE_PAYER_EDITABLE_STATUSES, now);
    const updated = await trx
      .updateTable('service_order_lines')
      .set({ payer: input.payer })
      .where('id', '=', lineId)
      .where('service_order_id', '=', orderId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw AppError.notFound(linePayerMessages.lineNotFound);
  });
  await publishFloorChange(ctx, order.centre_id, { appointmentId: order.appointment_id, serviceOrderId: orderId }, now);
}
