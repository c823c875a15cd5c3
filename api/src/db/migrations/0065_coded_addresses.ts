import type { Kysely } from 'kysely';
import { mapSavedAddress, resolveWard, WAREHOUSE_WARD_CODE } from '../../lib/wards';

/**
 * Coded addresses (issue 65 §1): wards since the 2025 reform keyed by their five-digit code.
 * - orders.ward_code: the delivery ward (null: a pickup, or a ward typed by an older client that names no single
 *   ward — the desk picks one before a waybill); existing orders whose ward text names one ward get its code;
 * - service_centres.ward_code: where a centre or the warehouse is (the carriers' pickup origin); the online
 *   warehouse (KCN Thăng Long, former xã Kim Chung, Đông Anh) is in Xã Thiên Lộc, Hà Nội;
 * - users.address_province, address_ward_code, address_street: the profile's structured delivery address, mapped
 *   once from the free-text `address` (a district-era ward and district named → its new ward); address_ward_choice
 *   (JSON) holds the candidates of a former ward split between several new wards, for the customer to choose.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('ward_code', 'varchar(5)').execute();
  await db.schema.alterTable('service_centres').addColumn('ward_code', 'varchar(5)').execute();
  await db.schema.alterTable('users').addColumn('address_province', 'varchar(40)').execute();
  await db.schema.alterTable('users').addColumn('address_ward_code', 'varchar(5)').execute();
  await db.schema.alterTable('users').addColumn('address_street', 'varchar(200)').execute();
  await db.schema.alterTable('users').addColumn('address_ward_choice', 'text').execute();

  await db.updateTable('service_centres').set({ ward_code: WAREHOUSE_WARD_CODE }).where('slug', '=', 'kho-online').execute();

  // One update per distinct (province, ward) typed: the history can hold many orders, few distinct wards.
  const typed = await db
    .selectFrom('orders')
    .select(['province', 'ward'])
    .distinct()
    .where('province', 'is not', null)
    .where('ward', 'is not', null)
    .execute();
  for (const { province, ward } of typed as { province: string; ward: string }[]) {
    const found = resolveWard(province, { ward });
    if (!found || 'ambiguous' in found) continue;
    await db.updateTable('orders').set({ ward_code: found.code }).where('province', '=', province).where('ward', '=', ward).where('ward_code', 'is', null).execute();
  }

  const users = await db.selectFrom('users').select(['id', 'address']).where('address', 'is not', null).execute();
  for (const { id, address } of users as { id: number; address: string }[]) {
    const fields = mapSavedAddress(address);
    if (fields) await db.updateTable('users').set(fields).where('id', '=', id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['address_ward_choice', 'address_street', 'address_ward_code', 'address_province']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.alterTable('service_centres').dropColumn('ward_code').execute();
  await db.schema.alterTable('orders').dropColumn('ward_code').execute();
}
