import type { Kysely } from 'kysely';
import {
  canMoveConversation,
  ERROR_CODES,
  type AssignConversationInput,
  type ConversationStatusInput,
  type ConversationSubjectKind,
  type PostConversationMessageInput,
} from 'shared-contracts/schemas';
import type { Config } from '../../config';
import type { ConversationRow } from '../../db/conversationSchema';
import { inTransaction } from '../../db/inTransaction';
import type { Database } from '../../db/schema';
import { lockForUpdate } from '../../db/sqlDialect';
import { AppError } from '../../http/appError';
import { AppErrorWithData } from '../../http/dataErrors';
import type { Clock } from '../../security/clock';
import { authorNameOf, openableSubject, subjectFacts, threadFor, type Viewer } from './conversationAccess';
import { conversationMessages as messages } from './conversationMessages';
import { readSummary } from './conversationReads';

/** The list's preview of the last message. */
export const LAST_MESSAGE_PREVIEW = 200;

export interface WriteDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<Config, 'shippingCentreId'>;
}

/** Opens the subject's thread, or finds it (the unique subject key makes concurrent openings one row). */
export async function openConversation(deps: WriteDeps, viewer: Viewer, kind: ConversationSubjectKind, subjectId: number): Promise<{ row: ConversationRow; created: boolean }> {
  const { db, clock, config } = deps;
  const asked = await openableSubject(db, config, viewer, kind, subjectId);
  // A visit has one thread: a service order's is its appointment's, whoever opens it (customer, desk or technician).
  const visit = kind === 'service_order' && asked.appointmentId !== null ? await subjectFacts(db, config, 'appointment', asked.appointmentId) : null;
  const facts = visit && visit.customerId !== null ? { ...visit, customerId: visit.customerId } : asked;
  if (facts !== asked && visit) {
    kind = 'appointment';
    subjectId = visit.id;
  }
  const now = clock.now().toISOString();
  const inserted = await db
    .insertInto('conversations')
    .values({
      subject_kind: kind,
      subject_id: subjectId,
      subject_label: facts.label,
      appointment_id: facts.appointmentId,
      centre_id: facts.centreId,
      customer_id: facts.customerId,
      customer_name: facts.customerName.trim() || 'Khách hàng',
      search_text: facts.search,
      activity_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['subject_kind', 'subject_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  const row = await db.selectFrom('conversations').selectAll().where('subject_kind', '=', kind).where('subject_id', '=', subjectId).executeTakeFirstOrThrow();
  return { row, created: inserted !== undefined };
}

export interface PostedMessage {
  row: ConversationRow;
  messageId: number;
  authorName: string;
  createdAt: string;
  photos: { id: number; width: number; height: number }[];
}

/**
 * Posts a message with the viewer's uploaded (unsent) photos, in one transaction: the message, its photos, and the
 * thread's row (last message, the other side's unread + 1 as an UPDATE of the column itself, so concurrent posts
 * count exactly; a closed thread opens again).
 */
export async function postMessage(deps: WriteDeps, viewer: Viewer, id: number, input: PostConversationMessageInput): Promise<PostedMessage> {
  const { db, clock } = deps;
  const photoIds = [...new Set(input.photoIds)];
  const createdAt = clock.now().toISOString();
  await threadFor(db, viewer, id);
  const authorName = await authorNameOf(db, viewer);
  return inTransaction(db, async (trx) => {
    const message = await trx
      .insertInto('conversation_messages')
      .values({ conversation_id: id, side: viewer.side, author_id: viewer.userId, author_name: authorName, text: input.text, photo_count: photoIds.length, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    let photos: PostedMessage['photos'] = [];
    if (photoIds.length) {
      const attached = await trx
        .updateTable('conversation_photos')
        .set({ message_id: message.id })
        .where('id', 'in', photoIds)
        .where('conversation_id', '=', id)
        .where('uploader_id', '=', viewer.userId)
        .where('message_id', 'is', null)
        .executeTakeFirst();
      if (Number(attached.numUpdatedRows) !== photoIds.length) {
        throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, messages.photosInvalid, [{ field: 'photoIds', message: messages.photosInvalid }]);
      }
      photos = await trx.selectFrom('conversation_photos').select(['id', 'width', 'height']).where('message_id', '=', message.id).orderBy('id').execute();
    }
    await trx
      .updateTable('conversations')
      .set((eb) => ({
        last_message_id: message.id,
        last_message_side: viewer.side,
        last_message_text: input.text.slice(0, LAST_MESSAGE_PREVIEW),
        last_message_has_photos: photoIds.length > 0 ? 1 : 0,
        last_message_at: createdAt,
        activity_at: createdAt,
        updated_at: createdAt,
        ...(viewer.side === 'customer' ? { staff_unread: eb('staff_unread', '+', 1) } : { customer_unread: eb('customer_unread', '+', 1) }),
        version: eb('version', '+', eb.case().when('status', '=', 'closed').then(1).else(0).end()),
        status: 'open',
      }))
      .where('id', '=', id)
      .execute();
    const row = await trx.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { row, messageId: message.id, authorName, createdAt, photos };
  });
}

/**
 * The viewer's side has read up to `lastMessageId` (a message of the thread): its last read id only moves forward,
 * and its unread count is counted again from the messages, under the thread's row lock so that a concurrent post
 * is either counted here or adds its one after.
 */
export async function markRead(deps: WriteDeps, viewer: Viewer, id: number, lastMessageId: number): Promise<{ row: ConversationRow; lastReadId: number; moved: boolean }> {
  const { db } = deps;
  await threadFor(db, viewer, id);
  const lastRead = viewer.side === 'customer' ? 'customer_last_read_id' : 'staff_last_read_id';
  const unread = viewer.side === 'customer' ? 'customer_unread' : 'staff_unread';
  const otherSide = viewer.side === 'customer' ? 'centre' : 'customer';
  return inTransaction(db, async (trx) => {
    const current = await lockForUpdate(trx, trx.selectFrom('conversations').select(['customer_last_read_id', 'staff_last_read_id']).where('id', '=', id)).executeTakeFirstOrThrow();
    const message = await trx.selectFrom('conversation_messages').select('id').where('id', '=', lastMessageId).where('conversation_id', '=', id).executeTakeFirst();
    if (!message) throw AppError.notFound(messages.messageNotFound);
    const readId = Math.max(current[lastRead], lastMessageId);
    const left = await trx
      .selectFrom('conversation_messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('conversation_id', '=', id)
      .where('side', '=', otherSide)
      .where('id', '>', readId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversations')
      .set({ [lastRead]: readId, [unread]: Number(left.count) } as Record<typeof lastRead | typeof unread, number>)
      .where('id', '=', id)
      .execute();
    const row = await trx.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { row, lastReadId: readId, moved: readId > current[lastRead] };
  });
}

/** Only the counter's and the managers' people (and admins) assign and close threads; technicians answer them. */
export function assertCanManage(viewer: Viewer): void {
  if (viewer.side !== 'centre' || viewer.scope.role === 'technician') throw new AppError(403, ERROR_CODES.FORBIDDEN, messages.managersOnly);
}

async function staleConflict(db: Kysely<Database>, viewer: Viewer, id: number): Promise<AppErrorWithData> {
  const current = await readSummary(db, viewer, id);
  return new AppErrorWithData(409, ERROR_CODES.STALE_VERSION, messages.stale, { current });
}

/** Assigns the thread to a person of its centre (staff, technician, manager) or nobody, from the version read (409). */
export async function assignConversation(deps: WriteDeps, viewer: Viewer, id: number, input: AssignConversationInput): Promise<ConversationRow> {
  const { db, clock } = deps;
  assertCanManage(viewer);
  const thread = await threadFor(db, viewer, id);
  if (input.assigneeId !== null) {
    const person = await db
      .selectFrom('users')
      .innerJoin('staff_assignments', 'staff_assignments.user_id', 'users.id')
      .select('users.id')
      .where('users.id', '=', input.assigneeId)
      .where('users.role', 'in', ['staff', 'technician', 'manager'])
      .where('users.disabled_at', 'is', null)
      .where('staff_assignments.centre_id', '=', thread.centre_id)
      .where('staff_assignments.ended_at', 'is', null)
      .executeTakeFirst();
    if (!person) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, messages.assigneeInvalid, [{ field: 'assigneeId', message: messages.assigneeInvalid }]);
  }
  const updated = await db
    .updateTable('conversations')
    .set((eb) => ({ assignee_id: input.assigneeId, version: eb('version', '+', 1), updated_at: clock.now().toISOString() }))
    .where('id', '=', id)
    .where('version', '=', input.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw await staleConflict(db, viewer, id);
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Closes or reopens the thread from the version read (409 when stale or not a move of the machine). */
export async function setConversationStatus(deps: WriteDeps, viewer: Viewer, id: number, input: ConversationStatusInput): Promise<ConversationRow> {
  const { db, clock } = deps;
  assertCanManage(viewer);
  const thread = await threadFor(db, viewer, id);
  if (thread.version !== input.version) throw await staleConflict(db, viewer, id);
  if (thread.status === input.status) return thread;
  if (!canMoveConversation(thread.status as ConversationStatusInput['status'], input.status)) throw new AppError(409, ERROR_CODES.CONFLICT, messages.statusNotAllowed);
  const updated = await db
    .updateTable('conversations')
    .set((eb) => ({ status: input.status, version: eb('version', '+', 1), updated_at: clock.now().toISOString() }))
    .where('id', '=', id)
    .where('version', '=', input.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw await staleConflict(db, viewer, id);
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
