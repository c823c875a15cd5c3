import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/portable';

/**
 * The few SQL pieces where SQLite and PostgreSQL differ for the KPIs: an instant parameter, minutes between two
 * instants, and the later/earlier of two instants (for clipping to the range). On SQLite instants are ISO text
 * ending in Z with milliseconds, so text order is time order and max()/min() compare them correctly.
 */
export function instant(dialect: Dialect, iso: string): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`cast(${iso} as timestamptz)` : sql<string>`${iso}`;
}

export function minutesBetween(dialect: Dialect, start: RawBuilder<unknown>, end: RawBuilder<unknown>): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(extract(epoch from (${end} - ${start})) / 60.0)`
    : sql<number>`((julianday(${end}) - julianday(${start})) * 1440.0)`;
}

export function later(dialect: Dialect, a: RawBuilder<unknown>, b: RawBuilder<unknown>): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`greatest(${a}, ${b})` : sql<string>`max(${a}, ${b})`;
}

export function earlier(dialect: Dialect, a: RawBuilder<unknown>, b: RawBuilder<unknown>): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`least(${a}, ${b})` : sql<string>`min(${a}, ${b})`;
}

/** `and <column> = centreId`, or nothing for every centre. */
export function centreFilter(column: string, centreId: number | null): RawBuilder<unknown> {
  return centreId === null ? sql`` : sql`and ${sql.ref(column)} = ${centreId}`;
}
