import type { Kysely, Transaction } from 'kysely';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { uniqueOr } from './floorTransaction';
import { AppErrorWithData } from '../../http/dataErrors';

/**
 * The technicians' clock (work_time_entries): one running entry per technician, enforced by the partial unique
 * index (technician_id) WHERE ended_at IS NULL. Entries are what productivity and efficiency are measured on.
 */

export const clockMessages = {
  notRunning: 'Bạn chưa bấm giờ cho phiếu nào.',
} as const;

/** 409 ALREADY_CLOCKED_IN with the order the clock runs on (data.activeServiceOrderCode). */
export async function alreadyClockedIn(db: Kysely<Database>, technicianId: number): Promise<AppError> {
  const running = await db
    .selectFrom('work_time_entries')
    .innerJoin('service_orders', 'service_orders.id', 'work_time_entries.service_order_id')
    .select(['service_orders.id', 'service_orders.code'])
    .where('work_time_entries.technician_id', '=', technicianId)
    .where('work_time_entries.ended_at', 'is', null)
    .executeTakeFirst();
  if (!running) return new AppError(409, ERROR_CODES.ALREADY_CLOCKED_IN, 'Đồng hồ của bạn vừa thay đổi, vui lòng tải lại.');
  return new AppErrorWithData(409, ERROR_CODES.ALREADY_CLOCKED_IN, `Bạn đang bấm giờ cho phiếu ${running.code}. Hãy tạm dừng hoặc chuyển sang phiếu này.`, {
    activeServiceOrderId: running.id,
    activeServiceOrderCode: running.code,
  });
}

/** Starts the technician's clock on an order (inside the caller's transaction); a running clock answers 409 ALREADY_CLOCKED_IN. */
export async function startClock(trx: Transaction<Database>, serviceOrderId: number, technicianId: number, at: string): Promise<number> {
  const row = await uniqueOr(
    () =>
      trx
        .insertInto('work_time_entries')
        .values({ service_order_id: serviceOrderId, technician_id: technicianId, started_at: at, ended_at: null, source: 'clock', edited_by: null, edit_reason: null })
        .returning('id')
        .executeTakeFirstOrThrow(),
    (db) => alreadyClockedIn(db, technicianId),
  );
  return row.id;
}

/**
 * Stops the running clocks of an order or of a technician; returns how many stopped. An entry stopped at the
 * instant it started holds no time and is removed (the CHECK ended_at > started_at).
 */
export async function stopClocks(trx: Transaction<Database>, of: { serviceOrderId: number } | { technicianId: number }, at: string): Promise<number> {
  const [column, id] = 'serviceOrderId' in of ? (['service_order_id', of.serviceOrderId] as const) : (['technician_id', of.technicianId] as const);
  const stopped = await trx
    .updateTable('work_time_entries')
    .set({ ended_at: at })
    .where(column, '=', id)
    .where('ended_at', 'is', null)
    .where('started_at', '<', at)
    .executeTakeFirst();
  const empty = await trx.deleteFrom('work_time_entries').where(column, '=', id).where('ended_at', 'is', null).executeTakeFirst();
  return Number(stopped.numUpdatedRows) + Number(empty.numDeletedRows);
}
