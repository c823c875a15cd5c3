import { ERROR_CODES, ASSIGNABLE_SERVICE_ORDER_STATUSES, type assignmentInputSchema } from 'shared-contracts/schemas';
import type { z } from 'zod';
import { AppError } from '../../http/appError';
import { assertFloorWriter, type CentreScope } from '../../security/centreScope';
import { floorTransaction } from './floorTransaction';
import { baysOf, checkTechnicianOfCentre, orderInScope } from './serviceOrderAccess';
import { checkBay, occupyBay, releaseBay } from './serviceOrderBays';
import type { ServiceOrderContext } from './serviceOrderContext';
import { fieldError } from '../../http/dataErrors';
import { publishFloorChange } from './serviceOrderEvents';
import { touchServiceOrder } from './serviceOrderTransition';
import { stopClocks } from '../shifts';

export type AssignmentData = z.output<typeof assignmentInputSchema>;

export const assignmentMessages = {
  saved: 'Đã cập nhật phân công.',
  nothing: 'Vui lòng chọn kỹ thuật viên hoặc khoang.',
  technicianRequired: 'Phiếu đang làm cần có kỹ thuật viên.',
} as const;

/**
 * PATCH /service-orders/:id/assignment (staff, manager; OPEN or IN_PROGRESS): the technician and the bay,
 * conditional on the version the desk saw (409 SERVICE_ORDER_CHANGED). A new bay closes the order's bay row
 * and opens one in the new bay (409 BAY_OCCUPIED); a technician taken off running work has their clock on it
 * stopped. `undefined` leaves a field as it is; `null` clears it.
 */
export async function assignServiceOrder(ctx: ServiceOrderContext, scope: CentreScope, id: number, input: AssignmentData): Promise<void> {
  assertFloorWriter(scope);
  if (scope.role !== 'staff' && scope.role !== 'manager') throw AppError.forbidden();
  if (input.technicianId === undefined && input.bayNo === undefined) throw AppError.validation([{ field: 'technicianId', message: assignmentMessages.nothing }], assignmentMessages.nothing);
  const now = ctx.clock.now();
  const at = now.toISOString();
  const order = await orderInScope(ctx.db, scope, id);
  if (input.technicianId !== undefined && input.technicianId !== null) await checkTechnicianOfCentre(ctx.db, order.centre_id, input.technicianId);
  if (input.bayNo !== undefined && input.bayNo !== null) checkBay(input.bayNo, await baysOf(ctx.db, order.centre_id));
  if (input.technicianId === null && order.status === 'IN_PROGRESS') throw fieldError(ERROR_CODES.TECHNICIAN_REQUIRED, 'technicianId', assignmentMessages.technicianRequired);

  await floorTransaction(ctx.db, async (trx) => {
    const set: { technician_id?: number | null; bay_no?: number | null } = {};
    if (input.technicianId !== undefined) set.technician_id = input.technicianId;
    if (input.bayNo !== undefined) set.bay_no = input.bayNo;
    const updated = await touchServiceOrder(trx, id, input.version, ASSIGNABLE_SERVICE_ORDER_STATUSES, now, set);
    // The version pinned what was read: the technician and bay below are those the desk saw.
    if (updated.status === 'IN_PROGRESS' && updated.technician_id === null) {
      throw fieldError(ERROR_CODES.TECHNICIAN_REQUIRED, 'technicianId', assignmentMessages.technicianRequired);
    }
    if (input.technicianId !== undefined && order.technician_id !== null && order.technician_id !== input.technicianId) {
      await stopClocks(trx, { serviceOrderId: id }, at);
    }
    if (input.bayNo !== undefined && input.bayNo !== order.bay_no) {
      await releaseBay(trx, id, at);
      if (input.bayNo !== null) await occupyBay(trx, order.centre_id, input.bayNo, id, at);
    }
  });
  await publishFloorChange(ctx, order.centre_id, { appointmentId: order.appointment_id, serviceOrderId: id }, now);
}
