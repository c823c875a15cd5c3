import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * A UTC instant. PostgreSQL (timestamptz) reads back a Date, SQLite (ISO 8601 text ending in Z) a string:
 * convert with `toIsoUtc` (db/portable.ts). Written as an ISO string or left to the column default.
 */
export type Timestamp = ColumnType<Date | string, string | undefined, string>;

export interface ServiceCentresTable {
  id: Generated<number>;
  slug: string;
  name: string;
  city: string;
  address: string;
  phone: string;
  email: string;
  /** 'HH:MM', the centre's local time (Asia/Ho_Chi_Minh). */
  open_time: string;
  /** 'HH:MM', the centre's local time (Asia/Ho_Chi_Minh). */
  close_time: string;
  service_bays: number;
  created_at: Timestamp;
}

/** Every table of the database, by name. Each migration adds its tables here. */
export interface Database {
  service_centres: ServiceCentresTable;
}

export type ServiceCentreRow = Selectable<ServiceCentresTable>;
export type NewServiceCentreRow = Insertable<ServiceCentresTable>;
export type ServiceCentreUpdate = Updateable<ServiceCentresTable>;
