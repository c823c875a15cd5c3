import type { Kysely } from 'kysely';
import { addCalendarDays, bookingDateWindow, vietnamClockOf, vietnamDateOf, type Availability, type Slot, type SlotRef } from 'shared-contracts/schemas';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { daySlotStarts, occupiedSteps, openingInstants, type OpeningHours } from './schedule';
import { loadOccupancy } from './slotCapacity';

export interface CentreSchedule extends OpeningHours {
  id: number;
  /** Service bays: the capacity of every step. */
  bays: number;
}

/** A centre as booking needs it: schedule, and what an appointment shows of it. */
export interface BookableCentre extends CentreSchedule {
  name: string;
  address: string;
  phone: string;
}

const centreById = preparedQuery<{ id: number }>()((db, param) =>
  // The online warehouse is a stock location, never bookable: its id is an unknown centre.
  db
    .selectFrom('service_centres')
    .select(['id', 'name', 'address', 'phone', 'open_time', 'close_time', 'service_bays'])
    .where('id', '=', param('id'))
    .where('kind', '=', 'SERVICE_CENTRE'),
);

export async function findCentreSchedule(db: Kysely<Database>, centreId: number): Promise<BookableCentre | null> {
  const row = await centreById.first(db, { id: centreId });
  return row
    ? { id: row.id, name: row.name, address: row.address, phone: row.phone, openTime: row.open_time, closeTime: row.close_time, bays: row.service_bays }
    : null;
}

/**
 * The slots of a day from the occupancy counts, pure: a slot is available when it starts after `now`, the
 * service ends by closing time and every step it covers has a free bay.
 */
export function daySlots(date: string, centre: CentreSchedule, occupancy: ReadonlyMap<string, number>, durationMinutes: number, now: Date): Slot[] {
  const { close } = openingInstants(date, centre);
  return daySlotStarts(date, centre).map((start) => {
    const iso = start.toISOString();
    const fits = start.getTime() + durationMinutes * 60_000 <= close.getTime();
    const free = occupiedSteps(start, durationMinutes).every((step) => (occupancy.get(step) ?? 0) < centre.bays);
    return {
      start: iso,
      time: vietnamClockOf(start),
      capacity: centre.bays,
      booked: Math.min(occupancy.get(iso) ?? 0, centre.bays),
      available: start.getTime() > now.getTime() && fits && free,
    };
  });
}

/** GET /centres/:id/availability: the slots of one Vietnamese date (the caller checks the date window). */
export async function centreAvailability(db: Kysely<Database>, centre: CentreSchedule, date: string, durationMinutes: number, now: Date): Promise<Availability> {
  const { open, close } = openingInstants(date, centre);
  const occupancy = await loadOccupancy(db, centre.id, open, close);
  return { centreId: centre.id, date, slots: daySlots(date, centre, occupancy, durationMinutes, now) };
}

/**
 * Up to `limit` free slots after `after` for the same duration, from that day to the end of the booking
 * window (what a 409 SLOT_FULL proposes instead).
 */
export async function nextFreeSlots(db: Kysely<Database>, centre: CentreSchedule, after: Date, durationMinutes: number, now: Date, limit = 3): Promise<SlotRef[]> {
  const window = bookingDateWindow(now);
  const firstDate = vietnamDateOf(after);
  if (firstDate > window.to) return [];
  const from = openingInstants(firstDate < window.from ? window.from : firstDate, centre).open;
  const to = openingInstants(window.to, centre).close;
  const occupancy = await loadOccupancy(db, centre.id, from, to);
  const found: SlotRef[] = [];
  for (let date = firstDate < window.from ? window.from : firstDate; date <= window.to && found.length < limit; date = addCalendarDays(date, 1)) {
    for (const slot of daySlots(date, centre, occupancy, durationMinutes, now)) {
      if (slot.available && Date.parse(slot.start) > after.getTime()) {
        found.push({ start: slot.start, time: slot.time });
        if (found.length === limit) break;
      }
    }
  }
  return found;
}
