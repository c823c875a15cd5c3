import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf, type Dialect } from '../portable';

/**
 * One outbox for every message to a person (issue 62): email_outbox (the emails of codes, notices and the centre's
 * email channel) is folded into notification_deliveries, which one worker sends on every channel.
 *
 * A delivery now either belongs to a notification of a user (notification_id, user_id, topic: the centre's, with
 * fallback to the next allowed channel) or is a direct email to an address (no notification: a sign-up code, a
 * guest's booking code, a staff invitation). An email's composed content travels with it: title is its subject,
 * body its text, html_body its HTML and template the kind of email it is; priority orders the sends (0 someone is
 * waiting, 1 the news of their own order or booking, 2 bulk reminders). The emails already in email_outbox are
 * copied, sent or not, and the table is dropped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await createDeliveries(db, dialect, 'message_deliveries_next');
  await sql`insert into message_deliveries_next (id, notification_id, user_id, to_address, kind, template, topic, priority, title, body, html_body, link, template_data, channel, status, attempts, provider_ref, last_error, raw_answer, next_attempt_at, created_at, updated_at, sent_at)
    select id, notification_id, user_id, null, kind, null, topic, 1, title, body, null, link, template_data, channel, status, attempts, provider_ref, last_error, raw_answer, next_attempt_at, created_at, updated_at, sent_at
    from notification_deliveries`.execute(db);
  await sql`insert into message_deliveries_next (notification_id, user_id, to_address, kind, template, topic, priority, title, body, html_body, link, template_data, channel, status, attempts, provider_ref, last_error, raw_answer, next_attempt_at, created_at, updated_at, sent_at)
    select null, null, to_address, kind, kind, null, priority, subject, text_body, html_body, null, null, 'email',
      case when sent_at is not null then 'sent' when failed_at is not null then 'failed' else 'pending' end,
      attempts, null, last_error, null, next_attempt_at, created_at, coalesce(sent_at, failed_at, created_at), sent_at
    from email_outbox order by id`.execute(db);
  await db.schema.dropTable('notification_deliveries').execute();
  await db.schema.dropTable('email_outbox').execute();
  await db.schema.alterTable('message_deliveries_next').renameTo('notification_deliveries').execute();
  if (dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('notification_deliveries', 'id'), coalesce((select max(id) from notification_deliveries), 0) + 1, false)`.execute(db);
  }
  await createIndexes(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let outbox = addIdColumn(db.schema.createTable('email_outbox'), dialect)
    .addColumn('kind', 'varchar(40)', (col) => col.notNull())
    .addColumn('to_address', 'varchar(254)', (col) => col.notNull())
    .addColumn('subject', 'varchar(300)', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text');
  outbox = addTimestampColumn(outbox, 'created_at', dialect);
  outbox = addTimestampColumn(outbox, 'next_attempt_at', dialect);
  outbox = addTimestampColumn(outbox, 'sent_at', dialect, { nullable: true });
  outbox = addTimestampColumn(outbox, 'failed_at', dialect, { nullable: true });
  await outbox.addColumn('priority', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await sql`insert into email_outbox (kind, to_address, subject, text_body, html_body, attempts, last_error, created_at, next_attempt_at, sent_at, failed_at, priority)
    select coalesce(template, kind), to_address, title, body, html_body, attempts, last_error, created_at, next_attempt_at, sent_at, case when status = 'failed' then updated_at end, priority
    from notification_deliveries where notification_id is null`.execute(db);
  await db.schema.createIndex('email_outbox_pending_idx').on('email_outbox').columns(['sent_at', 'failed_at', 'next_attempt_at']).execute();
  await db.schema.createIndex('email_outbox_recipient_idx').on('email_outbox').columns(['to_address', 'id']).execute();
  await db.deleteFrom('notification_deliveries').where('notification_id', 'is', null).execute();
  // The centre's deliveries keep their rows; the columns added here stay (harmless to the older code, which names its columns).
}

async function createDeliveries(db: Kysely<any>, dialect: Dialect, name: string): Promise<void> {
  let table = addIdColumn(db.schema.createTable(name), dialect)
    // The notification this delivers and its user; both null for a direct email.
    .addColumn('notification_id', 'integer')
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    // Where an email goes (the user's verified address when it was queued, or the direct email's recipient).
    .addColumn('to_address', 'varchar(254)')
    .addColumn('kind', 'varchar(40)', (col) => col.notNull())
    // The composed email's own kind ('order_placed', 'verify_email'): null when the message is composed at send time.
    .addColumn('template', 'varchar(40)')
    .addColumn('topic', 'varchar(20)')
    .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text')
    .addColumn('link', 'varchar(500)')
    .addColumn('template_data', 'text')
    .addColumn('channel', 'varchar(10)', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('provider_ref', 'varchar(200)')
    .addColumn('last_error', 'text')
    .addColumn('raw_answer', 'text');
  table = addTimestampColumn(table, 'next_attempt_at', dialect);
  table = addTimestampColumn(table, 'created_at', dialect);
  table = addTimestampColumn(table, 'updated_at', dialect);
  table = addTimestampColumn(table, 'sent_at', dialect, { nullable: true });
  await table
    .addUniqueConstraint(`${name}_notification_channel_key`, ['notification_id', 'channel'])
    .addCheckConstraint(`${name}_status`, sql`status in ('pending', 'sent', 'failed')`)
    .addCheckConstraint(`${name}_priority`, sql`priority in (0, 1, 2)`)
    // A delivery is of a user's notification, or a composed email to an address.
    .addCheckConstraint(
      `${name}_addressee`,
      sql`(notification_id is not null and user_id is not null and topic is not null) or (notification_id is null and channel = 'email' and to_address is not null and template is not null)`,
    )
    .execute();
}

async function createIndexes(db: Kysely<any>): Promise<void> {
  // The worker's claim: the due pending rows, most waited-for first.
  await db.schema.createIndex('notification_deliveries_due_idx').on('notification_deliveries').columns(['status', 'priority', 'next_attempt_at']).execute();
  // The development mailbox of one recipient, newest first.
  await db.schema.createIndex('notification_deliveries_recipient_idx').on('notification_deliveries').columns(['to_address', 'id']).execute();
  await db.schema.createIndex('notification_deliveries_user_idx').on('notification_deliveries').columns(['user_id']).execute();
}
