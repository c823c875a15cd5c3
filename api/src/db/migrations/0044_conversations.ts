import { sql, type Kysely } from 'kysely';
import { addIdColumn, addTimestampColumn, dialectOf } from '../portable';

/**
 * Conversations (issue 49 §1): one thread per subject (the unique key makes concurrent openings one row), its
 * messages and their photos. The inbox reads the thread's row only (last message, unread counters, activity).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  let conversations = addIdColumn(db.schema.createTable('conversations'), dialect)
    .addColumn('subject_kind', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'integer', (col) => col.notNull())
    .addColumn('subject_label', 'text', (col) => col.notNull())
    .addColumn('appointment_id', 'integer', (col) => col.references('appointments.id').onDelete('cascade'))
    .addColumn('centre_id', 'integer', (col) => col.notNull().references('service_centres.id'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('assignee_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('last_message_id', 'integer')
    .addColumn('last_message_side', 'text')
    .addColumn('last_message_text', 'text')
    .addColumn('last_message_has_photos', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('customer_unread', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('staff_unread', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('customer_last_read_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('staff_last_read_id', 'integer', (col) => col.notNull().defaultTo(0));
  conversations = addTimestampColumn(conversations, 'last_message_at', dialect, { nullable: true });
  conversations = addTimestampColumn(conversations, 'activity_at', dialect);
  conversations = addTimestampColumn(conversations, 'created_at', dialect, { defaultNow: true });
  conversations = addTimestampColumn(conversations, 'updated_at', dialect, { defaultNow: true });
  await conversations
    .addUniqueConstraint('conversations_subject_unique', ['subject_kind', 'subject_id'])
    .addCheckConstraint('conversations_subject_kind', sql`subject_kind in ('appointment', 'service_order', 'order')`)
    .addCheckConstraint('conversations_status', sql`status in ('open', 'closed')`)
    .addCheckConstraint('conversations_counts', sql`customer_unread >= 0 and staff_unread >= 0 and version >= 1`)
    .execute();
  // The inbox (a centre's threads, newest activity first; by status), the customer's list, "mine", a technician's.
  await db.schema.createIndex('conversations_centre_activity_idx').on('conversations').columns(['centre_id', 'activity_at', 'id']).execute();
  await db.schema.createIndex('conversations_centre_status_activity_idx').on('conversations').columns(['centre_id', 'status', 'activity_at', 'id']).execute();
  await db.schema.createIndex('conversations_customer_activity_idx').on('conversations').columns(['customer_id', 'activity_at', 'id']).execute();
  await db.schema.createIndex('conversations_assignee_activity_idx').on('conversations').columns(['assignee_id', 'activity_at']).execute();
  await db.schema.createIndex('conversations_appointment_idx').on('conversations').columns(['appointment_id']).execute();

  let messages = addIdColumn(db.schema.createTable('conversation_messages'), dialect)
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('side', 'text', (col) => col.notNull())
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('photo_count', 'integer', (col) => col.notNull().defaultTo(0));
  messages = addTimestampColumn(messages, 'created_at', dialect, { defaultNow: true });
  await messages
    .addCheckConstraint('conversation_messages_side', sql`side in ('customer', 'centre')`)
    .addCheckConstraint('conversation_messages_photos', sql`photo_count between 0 and 4`)
    .execute();
  // A thread's page (newest first by id, `before`), and a read's count of the other side's newer messages.
  await db.schema.createIndex('conversation_messages_thread_idx').on('conversation_messages').columns(['conversation_id', 'side', 'id']).execute();
  await db.schema.createIndex('conversation_messages_thread_id_idx').on('conversation_messages').columns(['conversation_id', 'id']).execute();

  let photos = addIdColumn(db.schema.createTable('conversation_photos'), dialect)
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('uploader_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (col) => col.references('conversation_messages.id').onDelete('cascade'))
    .addColumn('file', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull());
  photos = addTimestampColumn(photos, 'created_at', dialect, { defaultNow: true });
  await photos.execute();
  // A message's photos, the sweep of unsent ones (message_id null, oldest first), an uploader's pending ones.
  await db.schema.createIndex('conversation_photos_pending_idx').on('conversation_photos').columns(['message_id', 'created_at']).execute();
  await db.schema.createIndex('conversation_photos_uploader_idx').on('conversation_photos').columns(['conversation_id', 'uploader_id', 'message_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['conversation_photos', 'conversation_messages', 'conversations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
