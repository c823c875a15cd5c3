import { sql } from 'kysely';
import {
  CONVERSATION_INBOX_PAGE_SIZE,
  CONVERSATION_MESSAGES_PAGE_SIZE,
  foldVietnamese,
  type ConversationInboxFilter,
  type ConversationList,
  type ConversationMessage,
  type ConversationSide,
  type ConversationStatus,
  type ConversationSummary,
  type ConversationThread,
  type StaffConversationList,
} from 'shared-contracts/schemas';
import type { ConversationRow } from '../../db/conversationSchema';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Db, Viewer } from './conversationAccess';

/** The API path of a photo (fetched with the session's token by either side). */
export const conversationPhotoUrl = (conversationId: number, photoId: number) => `/api/conversations/${conversationId}/photos/${photoId}`;

const SUMMARY_COLUMNS = [
  'c.id',
  'c.subject_kind',
  'c.subject_id',
  'c.subject_label',
  'c.centre_id',
  'c.customer_id',
  'c.customer_name',
  'c.status',
  'c.version',
  'c.assignee_id',
  'c.last_message_id',
  'c.last_message_side',
  'c.last_message_text',
  'c.last_message_has_photos',
  'c.last_message_at',
  'c.customer_unread',
  'c.staff_unread',
  'c.activity_at',
  'centre.name as centre_name',
  'assignee.full_name as assignee_name',
] as const;

function summaryQuery(db: Db) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('service_centres as centre', 'centre.id', 'c.centre_id')
    .leftJoin('users as assignee', 'assignee.id', 'c.assignee_id')
    .select(SUMMARY_COLUMNS);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

function toSummary(row: SummaryRow, side: ConversationSide): ConversationSummary {
  return {
    id: row.id,
    subject: { kind: row.subject_kind as ConversationSummary['subject']['kind'], id: row.subject_id, label: row.subject_label },
    centreId: row.centre_id,
    centreName: row.centre_name,
    customerName: row.customer_name,
    status: row.status as ConversationStatus,
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, fullName: row.assignee_name ?? '' },
    unreadCount: side === 'customer' ? row.customer_unread : row.staff_unread,
    lastMessage:
      row.last_message_id === null || row.last_message_at === null
        ? null
        : { side: row.last_message_side as ConversationSide, text: row.last_message_text ?? '', hasPhotos: row.last_message_has_photos > 0, createdAt: toIsoUtc(row.last_message_at) },
    updatedAt: toIsoUtc(row.activity_at),
    version: row.version,
  };
}

export async function readSummary(db: Db, viewer: Viewer, id: number): Promise<ConversationSummary> {
  return toSummary(await summaryQuery(db).where('c.id', '=', id).executeTakeFirstOrThrow(), viewer.side);
}

/** A page of the thread's messages (newest `limit` before `before`), oldest first. */
export async function readThread(db: Db, viewer: Viewer, row: ConversationRow, page: { before?: number; limit?: number }): Promise<ConversationThread> {
  const limit = page.limit ?? CONVERSATION_MESSAGES_PAGE_SIZE;
  const rows = await db
    .selectFrom('conversation_messages')
    .select(['id', 'side', 'author_id', 'author_name', 'text', 'photo_count', 'created_at'])
    .where('conversation_id', '=', row.id)
    .$if(page.before !== undefined, (q) => q.where('id', '<', page.before!))
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const hasOlder = rows.length > limit;
  const shown = rows.slice(0, limit).reverse();
  const withPhotos = shown.filter((message) => message.photo_count > 0).map((message) => message.id);
  const photos = withPhotos.length
    ? await db.selectFrom('conversation_photos').select(['id', 'message_id', 'width', 'height']).where('message_id', 'in', withPhotos).orderBy('id').execute()
    : [];
  const messages: ConversationMessage[] = shown.map((message) => ({
    id: message.id,
    conversationId: row.id,
    side: message.side as ConversationSide,
    authorName: message.author_name,
    mine: message.author_id === viewer.userId,
    text: message.text,
    photos: photos.filter((photo) => photo.message_id === message.id).map((photo) => ({ id: photo.id, url: conversationPhotoUrl(row.id, photo.id), width: photo.width, height: photo.height })),
    createdAt: toIsoUtc(message.created_at),
    readByOtherSide: message.side === 'customer' ? message.id <= row.staff_last_read_id : message.id <= row.customer_last_read_id,
  }));
  return { conversation: await readSummary(db, viewer, row.id), messages, hasOlder };
}

/** The customer's threads, newest activity first. */
export async function readCustomerList(db: Db, customerId: number, query: { page?: number; pageSize?: number }): Promise<ConversationList> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? CONVERSATION_INBOX_PAGE_SIZE;
  const [items, totals] = await Promise.all([
    summaryQuery(db)
      .where('c.customer_id', '=', customerId)
      .orderBy('c.activity_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('conversations')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>('customer_unread').as('unread')])
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: items.map((row) => toSummary(row, 'customer')), total: toNumber(totals.total), page, pageSize, unreadTotal: toNumber(totals.unread) };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The threads a centre viewer sees: the centre's; a technician's, those of the cars they work on. */
function scopedThreads(db: Db, viewer: Viewer & { side: 'centre' }, centreId: number) {
  let q = db.selectFrom('conversations as c').where('c.centre_id', '=', centreId);
  if (viewer.scope.role === 'technician') {
    q = q.where('c.appointment_id', 'in', db.selectFrom('service_orders').select('appointment_id').where('technician_id', '=', viewer.userId).where('centre_id', '=', centreId));
  }
  return q;
}

export interface InboxQuery {
  filter?: ConversationInboxFilter;
  q?: string;
  page?: number;
  pageSize?: number;
}

/**
 * The staff inbox: one centre's threads by filter and search, newest activity first. It reads the threads' rows
 * (last message, counters) and never the messages.
 */
export async function readInbox(db: Db, viewer: Viewer & { side: 'centre' }, centreId: number, query: InboxQuery): Promise<StaffConversationList> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? CONVERSATION_INBOX_PAGE_SIZE;
  const filter = query.filter ?? 'open';
  const term = query.q ? foldVietnamese(query.q).trim() : '';
  let list = scopedThreads(db, viewer, centreId);
  if (filter === 'open') list = list.where('c.status', '=', 'open');
  else if (filter === 'closed') list = list.where('c.status', '=', 'closed');
  else if (filter === 'unread') list = list.where('c.staff_unread', '>', 0);
  else if (filter === 'mine') list = list.where('c.assignee_id', '=', viewer.userId);
  else if (filter === 'unassigned') list = list.where('c.assignee_id', 'is', null).where('c.status', '=', 'open');
  if (term) list = list.where(sql<string>`c.search_text`, 'like', sql<string>`${`%${escapeLike(term)}%`} escape '\\'`);
  const ids = list.select('c.id');
  const [items, total, unread, scopeUnread] = await Promise.all([
    summaryQuery(db)
      .where('c.id', 'in', ids.orderBy('c.activity_at', 'desc').orderBy('c.id', 'desc').limit(pageSize).offset((page - 1) * pageSize))
      .orderBy('c.activity_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute(),
    list.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    unreadTotalOf(db, viewer, centreId),
    // someone of a centre: their centre's, the figure beside it; an admin's every centre is read apart
    viewer.scope.centreId === null ? scopeUnreadTotalOf(db, viewer) : null,
  ]);
  return { items: items.map((row) => toSummary(row, 'centre')), total: toNumber(total.total), page, pageSize, unreadTotal: unread, scopeUnreadTotal: scopeUnread ?? unread };
}

/** Unread messages across the viewer's threads: a customer's own; a centre viewer's, their centre's (as the inbox). */
export async function unreadTotalOf(db: Db, viewer: Viewer, centreId: number): Promise<number> {
  if (viewer.side === 'customer') {
    const row = await db.selectFrom('conversations').select((eb) => eb.fn.sum<number>('customer_unread').as('unread')).where('customer_id', '=', viewer.userId).executeTakeFirstOrThrow();
    return toNumber(row.unread);
  }
  const row = await scopedThreads(db, viewer, centreId).select((eb) => eb.fn.sum<number>('c.staff_unread').as('unread')).executeTakeFirstOrThrow();
  return toNumber(row.unread);
}

/**
 * Unread messages across every thread someone of a centre may see (the back office's navigation count): their
 * centre's (a technician's: the cars they work on); an admin's, every service centre's (the centres the inbox offers).
 */
export async function scopeUnreadTotalOf(db: Db, viewer: Viewer & { side: 'centre' }): Promise<number> {
  if (viewer.scope.centreId !== null) return unreadTotalOf(db, viewer, viewer.scope.centreId);
  const row = await db
    .selectFrom('conversations as c')
    .select((eb) => eb.fn.sum<number>('c.staff_unread').as('unread'))
    .where('c.centre_id', 'in', db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE'))
    .executeTakeFirstOrThrow();
  return toNumber(row.unread);
}
