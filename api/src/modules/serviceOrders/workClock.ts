import type { Kysely, Transaction } from 'kysely';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { uniqueOr } from './floorTransaction';
import { AppErrorWithData } from '../../http/dataErrors';
import { startClockEntry } from '../shifts';

/**
 * The technicians' clock as the floor answers it: its conflict explained, its messages. The entries themselves
 * (work_time_entries) are the shifts module's to write.
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

/**
 * Starts the technician's clock on an order (inside the caller's transaction; the entry is shifts' to write); a
 * running clock answers 409 ALREADY_CLOCKED_IN.
 */
export async function startClock(trx: Transaction<Database>, serviceOrderId: number, technicianId: number, at: string): Promise<number> {
  return uniqueOr(
    () => startClockEntry(trx, serviceOrderId, technicianId, at),
    (db) => alreadyClockedIn(db, technicianId),
  );
}
