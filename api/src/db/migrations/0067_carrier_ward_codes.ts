import type { Kysely } from 'kysely';
import { addTimestampColumn, dialectOf } from '../portable';

/**
 * A carrier's own codes of each official ward (issue 65 §2): GHN keys addresses by its district id and ward code, not
 * the official ones, so `syncCarrierWardCodes` fills this table from GHN's master data (one row per carrier and
 * official ward). GHTK takes names and needs none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('carrier_ward_codes')
    .addColumn('carrier', 'varchar(10)', (col) => col.notNull())
    .addColumn('ward_code', 'varchar(5)', (col) => col.notNull())
    .addColumn('carrier_province_id', 'varchar(20)', (col) => col.notNull())
    .addColumn('carrier_district_id', 'varchar(20)', (col) => col.notNull())
    .addColumn('carrier_ward_code', 'varchar(20)', (col) => col.notNull());
  table = addTimestampColumn(table, 'synced_at', dialectOf(db), { defaultNow: true });
  await table.addPrimaryKeyConstraint('carrier_ward_codes_pkey', ['carrier', 'ward_code']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('carrier_ward_codes').ifExists().execute();
}
