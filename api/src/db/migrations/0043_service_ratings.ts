import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * The service ratings (issue 48 §2): one rating per service order (the unique key makes concurrent first ratings
 * one row), its follow-up when it was low (one per rating) with the manager's call notes, the audit of hiding and
 * unhiding, and the "rate your visit" email sent once per service order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let ratings = addIdColumn(db.schema.createTable('service_ratings'), dialect)
    .addColumn('service_order_id', 'integer', (col) => col.notNull().unique().references('service_orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id'))
    .addColumn('technician_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('stars', 'integer', (col) => col.notNull())
    .addColumn('on_time', 'integer')
    .addColumn('explained_clearly', 'integer')
    .addColumn('car_clean', 'integer')
    .addColumn('technician_stars', 'integer')
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('hidden_reason', 'text')
    .addColumn('hidden_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  ratings = addTimestampColumn(ratings, 'created_at', dialect, { defaultNow: true });
  ratings = addTimestampColumn(ratings, 'updated_at', dialect, { defaultNow: true });
  ratings = addTimestampColumn(ratings, 'hidden_at', dialect, { nullable: true });
  await ratings
    .addCheckConstraint('service_ratings_stars', sql`stars between 1 and 5 and (technician_stars is null or technician_stars between 1 and 5)`)
    .addCheckConstraint(
      'service_ratings_flags',
      sql`(on_time is null or on_time in (0, 1)) and (explained_clearly is null or explained_clearly in (0, 1)) and (car_clean is null or car_clean in (0, 1)) and hidden in (0, 1)`,
    )
    .execute();
  // The KPIs add up a range's ratings per (centre, technician) in one pass: this index holds every column they read,
  // in their grouping order, so neither the table nor a sort is visited.
  await db.schema
    .createIndex('service_ratings_kpi_idx')
    .on('service_ratings')
    .columns(['centre_id', 'technician_id', 'created_at', 'hidden', 'stars', 'technician_stars'])
    .execute();
  // The centre's and the technician's lists, newest first.
  await db.schema.createIndex('service_ratings_centre_created_idx').on('service_ratings').columns(['centre_id', 'created_at']).execute();
  await db.schema.createIndex('service_ratings_technician_created_idx').on('service_ratings').columns(['technician_id', 'created_at']).execute();
  await db.schema.createIndex('service_ratings_user_created_idx').on('service_ratings').columns(['user_id', 'created_at']).execute();

  let followUps = addIdColumn(db.schema.createTable('service_rating_follow_ups'), dialect)
    .addColumn('rating_id', 'integer', (col) => col.notNull().unique().references('service_ratings.id').onDelete('cascade'))
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('OPEN'))
    .addColumn('outcome', 'text')
    .addColumn('closed_by', 'integer', (col) => col.references('users.id').onDelete('set null'));
  followUps = addTimestampColumn(followUps, 'opened_at', dialect, { defaultNow: true });
  followUps = addTimestampColumn(followUps, 'closed_at', dialect, { nullable: true });
  await followUps.addCheckConstraint('service_rating_follow_ups_status', sql`status in ('OPEN', 'CONTACTED', 'CLOSED')`).execute();
  await db.schema.createIndex('service_rating_follow_ups_centre_status_idx').on('service_rating_follow_ups').columns(['centre_id', 'status', 'opened_at']).execute();

  let notes = addIdColumn(db.schema.createTable('service_rating_follow_up_notes'), dialect)
    .addColumn('follow_up_id', 'integer', (col) => col.notNull().references('service_rating_follow_ups.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (col) => col.notNull());
  notes = addTimestampColumn(notes, 'created_at', dialect, { defaultNow: true });
  await notes.execute();
  await db.schema.createIndex('service_rating_follow_up_notes_follow_up_idx').on('service_rating_follow_up_notes').columns(['follow_up_id', 'created_at']).execute();

  let moderation = addIdColumn(db.schema.createTable('service_rating_moderation'), dialect)
    .addColumn('rating_id', 'integer', (col) => col.notNull().references('service_ratings.id').onDelete('cascade'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'));
  moderation = addTimestampColumn(moderation, 'created_at', dialect, { defaultNow: true });
  await moderation.addCheckConstraint('service_rating_moderation_action', sql`action in ('HIDE', 'UNHIDE')`).execute();
  await db.schema.createIndex('service_rating_moderation_rating_idx').on('service_rating_moderation').columns(['rating_id', 'created_at']).execute();

  // "Đánh giá lượt dịch vụ" email: one row per service order once asked (the job's compare-and-set).
  let requests = db.schema
    .createTable('service_rating_requests')
    .addColumn('service_order_id', 'integer', (col) => col.primaryKey().references('service_orders.id').onDelete('cascade'));
  requests = addTimestampColumn(requests, 'sent_at', dialect, { defaultNow: true });
  await requests.execute();
  // The job's and the pending list's walk over recently closed orders.
  await db.schema.createIndex('service_orders_status_closed_idx').on('service_orders').columns(['status', 'closed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('service_orders_status_closed_idx').ifExists().execute();
  for (const table of ['service_rating_requests', 'service_rating_moderation', 'service_rating_follow_up_notes', 'service_rating_follow_ups', 'service_ratings']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
