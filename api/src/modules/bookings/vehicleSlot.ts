import type { Transaction } from 'kysely';
import { ERROR_CODES, formatVietnamDateTime, LIVE_APPOINTMENT_STATUSES } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { advisoryTransactionLock } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';

/** The message of a second live appointment for one vehicle at overlapping times. */
export function vehicleAlreadyBookedMessage(plate: string, code: string, startsAt: Date | string): string {
  return `Xe ${plate} đã có lịch hẹn ${code} lúc ${formatVietnamDateTime(startsAt)}. Mỗi xe chỉ có một lịch hẹn trong cùng khung giờ: vui lòng chọn giờ khác hoặc đổi lịch hẹn đã có.`;
}

/**
 * One vehicle, one live appointment at a time: refuses (409 VEHICLE_ALREADY_BOOKED) a booking, reschedule or walk-in
 * whose time overlaps a live appointment of the same plate, at any centre. Called first in the writing transaction:
 * on PostgreSQL a transaction lock on the plate serialises the check and the write of two requests for one vehicle;
 * SQLite runs the API's transactions one at a time.
 */
export async function assertVehicleFree(
  trx: Transaction<Database>,
  plate: string,
  span: { start: Date; end: Date },
  options: { exceptAppointmentId?: number; field?: string } = {},
): Promise<void> {
  await advisoryTransactionLock(trx, `appointment-vehicle:${plate}`);
  let query = trx
    .selectFrom('appointments')
    .select(['code', 'starts_at'])
    .where('license_plate', '=', plate)
    .where('status', 'in', [...LIVE_APPOINTMENT_STATUSES])
    .where('starts_at', '<', span.end.toISOString())
    .where('ends_at', '>', span.start.toISOString());
  if (options.exceptAppointmentId !== undefined) query = query.where('id', '!=', options.exceptAppointmentId);
  const clash = await query.executeTakeFirst();
  if (!clash) return;
  const message = vehicleAlreadyBookedMessage(plate, clash.code, clash.starts_at);
  throw new AppError(409, ERROR_CODES.VEHICLE_ALREADY_BOOKED, message, [{ field: options.field ?? 'vehicle', message }]);
}
