import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findWard } from '../../lib/wards';

/** Where parcels leave from: the location that ships online orders, with its coded ward (the carriers' origin). */
export interface ShipFromAddress {
  province: string;
  wardCode: string;
  wardName: string;
  /** The location's address line as stored ('Kho hàng online, Khu công nghiệp Thăng Long, …'). */
  street: string;
  name: string;
  phone: string;
}

/** The `ships_online` location's address, or null when there is none or its ward is not coded yet. */
export async function shipFromAddress(db: Kysely<Database>): Promise<ShipFromAddress | null> {
  const row = await db
    .selectFrom('service_centres')
    .select(['name', 'address', 'phone', 'ward_code'])
    .where('ships_online', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  const ward = row?.ward_code ? findWard(row.ward_code) : null;
  if (!row || !ward) return null;
  return { province: ward.province, wardCode: ward.code, wardName: ward.name, street: row.address, name: row.name, phone: row.phone };
}
