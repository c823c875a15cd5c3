import type { Kysely, Transaction } from 'kysely';
import type { ClockState, clockInInputSchema } from 'shared-contracts/schemas';
import type { z } from 'zod';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { toIsoUtc } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { floorTransaction } from './floorTransaction';
import { orderInScope } from './serviceOrderAccess';
import type { ServiceOrderContext } from './serviceOrderContext';
import { publishFloorChange } from './serviceOrderEvents';
import { notAssigned } from './serviceOrderTransition';
import { stopClocks } from '../shifts';
import { alreadyClockedIn, clockMessages, startClock } from './workClock';

type Db = Kysely<Database> | Transaction<Database>;
export type ClockInData = z.output<typeof clockInInputSchema>;

export const technicianClockMessages = {
  clockedIn: 'Đã bắt đầu bấm giờ.',
  clockedOut: 'Đã tạm dừng.',
  notInProgress: 'Chỉ bấm giờ cho phiếu đang làm.',
} as const;

/** The technician's running clock, if any. */
export async function clockStateOf(db: Db, technicianId: number): Promise<ClockState> {
  const running = await db
    .selectFrom('work_time_entries')
    .innerJoin('service_orders', 'service_orders.id', 'work_time_entries.service_order_id')
    .select(['work_time_entries.id', 'work_time_entries.service_order_id', 'work_time_entries.started_at', 'service_orders.code', 'service_orders.license_plate'])
    .where('work_time_entries.technician_id', '=', technicianId)
    .where('work_time_entries.ended_at', 'is', null)
    .executeTakeFirst();
  return {
    running: running
      ? {
          entryId: running.id,
          serviceOrderId: running.service_order_id,
          serviceOrderCode: running.code,
          licensePlate: running.license_plate,
          startedAt: toIsoUtc(running.started_at),
        }
      : null,
  };
}

/**
 * POST /technician/clock/in: the technician's clock runs on their IN_PROGRESS order. One running clock per
 * technician (partial unique index): a running one answers 409 ALREADY_CLOCKED_IN with its order, unless
 * `switch` is set: then it is stopped and the new one started in the same transaction.
 */
export async function clockIn(ctx: ServiceOrderContext, scope: CentreScope, input: ClockInData): Promise<ClockState> {
  const now = ctx.clock.now();
  const at = now.toISOString();
  const order = await orderInScope(ctx.db, scope, input.serviceOrderId);
  if (order.technician_id !== scope.userId) throw notAssigned();
  if (order.status !== 'IN_PROGRESS') throw new AppError(409, ERROR_CODES.SERVICE_ORDER_NOT_IN_PROGRESS, technicianClockMessages.notInProgress);
  await floorTransaction(ctx.db, async (trx) => {
    // Conditional on the order still being this technician's running work (and holds its row until commit).
    const still = await trx
      .updateTable('service_orders')
      .set({ updated_at: at })
      .where('id', '=', order.id)
      .where('status', '=', 'IN_PROGRESS')
      .where('technician_id', '=', scope.userId)
      .executeTakeFirst();
    if (Number(still.numUpdatedRows) !== 1) throw new AppError(409, ERROR_CODES.SERVICE_ORDER_CHANGED, 'Phiếu dịch vụ vừa được người khác cập nhật, vui lòng tải lại.');
    if (input.switch) await stopClocks(trx, { technicianId: scope.userId }, at);
    else {
      const running = await trx.selectFrom('work_time_entries').select('id').where('technician_id', '=', scope.userId).where('ended_at', 'is', null).executeTakeFirst();
      if (running) throw await alreadyClockedIn(trx, scope.userId);
    }
    await startClock(trx, order.id, scope.userId, at);
  });
  await publishFloorChange(ctx, order.centre_id, { appointmentId: order.appointment_id, serviceOrderId: order.id }, now);
  return clockStateOf(ctx.db, scope.userId);
}

/** POST /technician/clock/out: pauses the running clock (409 CLOCK_NOT_RUNNING when none runs). */
export async function clockOut(ctx: ServiceOrderContext, scope: CentreScope): Promise<ClockState> {
  const now = ctx.clock.now();
  const before = await clockStateOf(ctx.db, scope.userId);
  const stopped = await floorTransaction(ctx.db, (trx) => stopClocks(trx, { technicianId: scope.userId }, now.toISOString()));
  if (stopped === 0) throw new AppError(409, ERROR_CODES.CLOCK_NOT_RUNNING, clockMessages.notRunning);
  if (before.running && scope.centreId !== null) {
    await publishFloorChange(ctx, scope.centreId, { appointmentId: null, serviceOrderId: before.running.serviceOrderId }, now);
  }
  return clockStateOf(ctx.db, scope.userId);
}
