import type { Kysely, Transaction } from 'kysely';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { fieldError } from '../../http/dataErrors';
import { uniqueOr } from './floorTransaction';

/**
 * The bays of a centre: an order stands in at most one bay and a bay holds at most one order, enforced by the
 * partial unique index bay_occupancy (centre_id, bay_no) WHERE to_at IS NULL. The rows that have ended are the
 * bay's history (bay utilisation reads them).
 */

export function bayInvalid(bayNo: number, bays: number): AppError {
  return fieldError(ERROR_CODES.BAY_INVALID, 'bayNo', `Khoang ${bayNo} không tồn tại: trung tâm có ${bays} khoang (1–${bays}).`);
}

/** 422 unless 1 ≤ bayNo ≤ bays. */
export function checkBay(bayNo: number, bays: number): void {
  if (!Number.isInteger(bayNo) || bayNo < 1 || bayNo > bays) throw bayInvalid(bayNo, bays);
}

/** 409 BAY_OCCUPIED naming the vehicle in the bay now ('Khoang 2 đang có xe 30A-123.45.'). */
export async function bayOccupied(db: Kysely<Database>, centreId: number, bayNo: number): Promise<AppError> {
  const holder = await db
    .selectFrom('bay_occupancy')
    .innerJoin('service_orders', 'service_orders.id', 'bay_occupancy.service_order_id')
    .select('service_orders.license_plate')
    .where('bay_occupancy.centre_id', '=', centreId)
    .where('bay_occupancy.bay_no', '=', bayNo)
    .where('bay_occupancy.to_at', 'is', null)
    .executeTakeFirst();
  const message = holder ? `Khoang ${bayNo} đang có xe ${holder.license_plate}.` : `Khoang ${bayNo} vừa có xe khác vào, vui lòng chọn khoang khác.`;
  return new AppError(409, ERROR_CODES.BAY_OCCUPIED, message, [{ field: 'bayNo', message }]);
}

/** Puts the order in the bay (inside the caller's transaction); a taken bay ends the transaction with 409 BAY_OCCUPIED. */
export async function occupyBay(trx: Transaction<Database>, centreId: number, bayNo: number, serviceOrderId: number, at: string): Promise<void> {
  await uniqueOr(
    () => trx.insertInto('bay_occupancy').values({ centre_id: centreId, bay_no: bayNo, service_order_id: serviceOrderId, from_at: at, to_at: null }).execute(),
    (db) => bayOccupied(db, centreId, bayNo),
  );
}

/** The order leaves its bay (if it stands in one). */
export async function releaseBay(trx: Transaction<Database>, serviceOrderId: number, at: string): Promise<void> {
  await trx.updateTable('bay_occupancy').set({ to_at: at }).where('service_order_id', '=', serviceOrderId).where('to_at', 'is', null).execute();
}
