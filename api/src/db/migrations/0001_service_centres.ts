import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/** Service centres (chi nhánh): address, phone, opening hours ('HH:MM' local time) and service bays. */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let table = addIdColumn(db.schema.createTable('service_centres'), dialect)
    .addColumn('slug', 'varchar(80)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('city', 'varchar(100)', (col) => col.notNull())
    .addColumn('address', 'varchar(300)', (col) => col.notNull())
    .addColumn('phone', 'varchar(30)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('open_time', 'varchar(5)', (col) => col.notNull())
    .addColumn('close_time', 'varchar(5)', (col) => col.notNull())
    .addColumn('service_bays', 'integer', (col) => col.notNull());
  table = addTimestampColumn(table, 'created_at', dialect, { defaultNow: true })
    .addCheckConstraint('service_centres_service_bays_positive', sql`service_bays > 0`)
    // 'HH:MM' compares correctly as text on both dialects.
    .addCheckConstraint('service_centres_hours_ordered', sql`open_time < close_time`);
  await table.execute();
  await db.schema.createIndex('service_centres_city_idx').on('service_centres').column('city').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('service_centres').execute();
}
