import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Instant, InstantDefaultNow, NullableInstant } from './instants';

type Counter = ColumnType<number, number | undefined, number>;

/**
 * A thread between a customer and a centre (migration 0044): one per subject (appointment, service order or web
 * order). The list's columns (last message, unread counters, activity) live on the row so that the inbox never
 * reads the messages.
 */
export interface ConversationsTable {
  id: Generated<number>;
  /** 'appointment' | 'service_order' | 'order' (shared-contracts CONVERSATION_SUBJECT_KINDS). */
  subject_kind: string;
  subject_id: number;
  /** What the subject is called on screen, written when the thread opens. */
  subject_label: string;
  /** The appointment behind an appointment's or a service order's thread (a technician's scope); null for an order. */
  appointment_id: number | null;
  centre_id: number;
  customer_id: number;
  customer_name: string;
  /** Customer name, phone, plate and codes, folded (foldVietnamese): the inbox's search. */
  search_text: string;
  assignee_id: number | null;
  /** 'open' | 'closed'. */
  status: ColumnType<string, string | undefined, string>;
  /** Raised by assignment, status changes and a reopening message (optimistic concurrency). */
  version: Counter;
  last_message_id: number | null;
  last_message_side: string | null;
  /** The last message's text, cut to the list's preview length. */
  last_message_text: string | null;
  last_message_has_photos: Counter;
  last_message_at: NullableInstant;
  /** Messages of the other side each side has not read (kept exact by the posts' and reads' updates). */
  customer_unread: Counter;
  staff_unread: Counter;
  customer_last_read_id: Counter;
  staff_last_read_id: Counter;
  /** Newest activity (opened, or the last message): the lists' order. */
  activity_at: Instant;
  created_at: InstantDefaultNow;
  updated_at: InstantDefaultNow;
}

export interface ConversationMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  /** 'customer' | 'centre'. */
  side: string;
  author_id: number | null;
  /** The author as shown when it was sent ("Trần Thị B · Kỹ thuật viên"). */
  author_name: string;
  text: string;
  photo_count: Counter;
  created_at: InstantDefaultNow;
}

/** An uploaded photo: pending (message_id null, deleted after 24 h) until sent in a message. */
export interface ConversationPhotosTable {
  id: Generated<number>;
  conversation_id: number;
  uploader_id: number;
  message_id: number | null;
  /** The stored WebP's name in the checklist photos' folder (never shown: the API serves it by id). */
  file: string;
  width: number;
  height: number;
  created_at: InstantDefaultNow;
}

export interface ConversationTables {
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  conversation_photos: ConversationPhotosTable;
}

export type ConversationRow = Selectable<ConversationsTable>;
