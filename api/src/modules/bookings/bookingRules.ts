import type { Kysely } from 'kysely';
import { ERROR_CODES, isBookableDate, vietnamDateOf, type VehicleType } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { documentCode } from '../../lib/documentCode';
import { findCentreSchedule, type BookableCentre, type CentreSchedule } from './availability';
import { bookingMessages, unprocessable } from './bookingContext';
import { fitsOpeningHours, isOnSlotBoundary } from './schedule';

/** The rules a booking's centre, start and services must meet (422/404), and the appointment code. */

export async function requireCentre(db: Kysely<Database>, centreId: number): Promise<BookableCentre> {
  const centre = await findCentreSchedule(db, centreId);
  if (!centre) throw new AppError(404, ERROR_CODES.CENTRE_NOT_FOUND, bookingMessages.centreNotFound, [{ field: 'centreId', message: bookingMessages.centreNotFound }]);
  return centre;
}

/** The start of a booking: on a 30-minute step, a date of the booking window, not past, inside opening hours. */
export function checkStart(start: Date, durationMinutes: number, centre: CentreSchedule, now: Date): void {
  if (!isOnSlotBoundary(start)) throw unprocessable(ERROR_CODES.SLOT_INVALID, bookingMessages.slotBoundary, 'start');
  if (!isBookableDate(vietnamDateOf(start), now)) throw unprocessable(ERROR_CODES.DATE_OUT_OF_RANGE, bookingMessages.dateOutOfRange, 'start');
  if (start.getTime() <= now.getTime()) throw unprocessable(ERROR_CODES.SLOT_IN_PAST, bookingMessages.slotInPast, 'start');
  if (!fitsOpeningHours(start, durationMinutes, centre)) {
    throw unprocessable(
      ERROR_CODES.OUTSIDE_OPENING_HOURS,
      `Giờ hẹn phải nằm trong giờ mở cửa của chi nhánh (${centre.openTime}–${centre.closeTime}) và kết thúc trước giờ đóng cửa.`,
      'start',
    );
  }
}

/**
 * 'LH' + the Vietnamese date of the slot (yymmdd) + 5 characters: LH260504K7QZ2 (32^5 codes a day; the unique
 * constraint catches the rare repeat and the booking is tried again with a new code).
 */
export function newAppointmentCode(start: Date): string {
  return documentCode('LH', start, 5);
}

export interface PricedService {
  id: number;
  slug: string;
  name: string;
  price: number;
  durationMinutes: number;
}

export async function loadBookableServices(db: Kysely<Database>, serviceIds: readonly number[], vehicleType: VehicleType): Promise<Map<number, PricedService>> {
  const result = new Map<number, PricedService>();
  if (serviceIds.length === 0) return result;
  const rows = await db
    .selectFrom('services')
    .select(['id', 'slug', 'name', 'price', 'duration_minutes', 'vehicle_types'])
    .where('id', 'in', [...serviceIds])
    .where('is_active', '=', 1)
    .execute();
  if (rows.length !== new Set(serviceIds).size) throw unprocessable(ERROR_CODES.SERVICE_NOT_FOUND, bookingMessages.serviceNotFound, 'serviceIds');
  for (const row of rows) {
    const types = JSON.parse(row.vehicle_types) as string[];
    if (!types.includes(vehicleType)) {
      throw unprocessable(ERROR_CODES.SERVICE_NOT_FOR_VEHICLE, `Dịch vụ "${row.name}" không áp dụng cho loại xe này.`, 'serviceIds');
    }
    result.set(row.id, { id: row.id, slug: row.slug, name: row.name, price: row.price, durationMinutes: row.duration_minutes });
  }
  return result;
}

