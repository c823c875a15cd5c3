import type { ColumnType } from 'kysely';

/**
 * Column types of UTC instants. PostgreSQL (timestamptz) reads back a Date, SQLite (ISO 8601 text ending in Z) a
 * string: convert with `toIsoUtc` (db/portable.ts). Written as an ISO string.
 */
/** An instant the insert must give. */
export type Instant = ColumnType<Date | string, string, string>;
/** An instant the insert may leave to the column's default (now). */
export type InstantDefaultNow = ColumnType<Date | string, string | undefined, string>;
/** An instant that may be null (and is null when the insert leaves it out). */
export type NullableInstant = ColumnType<Date | string | null, string | null | undefined, string | null>;
/** The earlier name of InstantDefaultNow in the shop's tables. */
export type Timestamp = InstantDefaultNow;
