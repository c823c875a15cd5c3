import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * The channels outside the site (issue 49 §3): notification_preferences (per user, topic and channel),
 * push_subscriptions (a browser's Web Push subscription per device) and notification_deliveries (the outbox of
 * Web Push, Zalo ZNS, SMS and email sends, one row per notification and channel).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let preferences = db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic', 'varchar(20)', (col) => col.notNull())
    .addColumn('channel', 'varchar(10)', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull());
  preferences = addTimestampColumn(preferences, 'updated_at', dialect);
  await preferences
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'topic', 'channel'])
    .addCheckConstraint('notification_preferences_enabled', sql`enabled in (0, 1)`)
    .execute();

  let subscriptions = addIdColumn(db.schema.createTable('push_subscriptions'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(1000)', (col) => col.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (col) => col.notNull())
    .addColumn('auth', 'varchar(100)', (col) => col.notNull());
  subscriptions = addTimestampColumn(subscriptions, 'created_at', dialect);
  subscriptions = addTimestampColumn(subscriptions, 'last_used_at', dialect, { nullable: true });
  await subscriptions.execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').columns(['user_id', 'created_at']).execute();

  let deliveries = addIdColumn(db.schema.createTable('notification_deliveries'), dialect)
    .addColumn('notification_id', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', (col) => col.notNull())
    .addColumn('topic', 'varchar(20)', (col) => col.notNull())
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('link', 'varchar(500)')
    .addColumn('template_data', 'text')
    .addColumn('channel', 'varchar(10)', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('provider_ref', 'varchar(200)')
    .addColumn('last_error', 'text')
    .addColumn('raw_answer', 'text');
  deliveries = addTimestampColumn(deliveries, 'next_attempt_at', dialect);
  deliveries = addTimestampColumn(deliveries, 'created_at', dialect);
  deliveries = addTimestampColumn(deliveries, 'updated_at', dialect);
  deliveries = addTimestampColumn(deliveries, 'sent_at', dialect, { nullable: true });
  await deliveries
    .addUniqueConstraint('notification_deliveries_notification_channel_key', ['notification_id', 'channel'])
    .addCheckConstraint('notification_deliveries_status', sql`status in ('pending', 'sent', 'failed')`)
    .execute();
  // The worker's claim: the due pending rows, oldest first.
  await db.schema.createIndex('notification_deliveries_due_idx').on('notification_deliveries').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_deliveries').ifExists().execute();
  await db.schema.dropTable('push_subscriptions').ifExists().execute();
  await db.schema.dropTable('notification_preferences').ifExists().execute();
}
