import type { Kysely } from 'kysely';
import {
  CONVERSATION_MESSAGE_EVENT,
  CONVERSATION_READ_EVENT,
  STAFF_MESSAGES_PATH,
  CUSTOMER_MESSAGES_PATH,
  type ConversationMessageEvent,
} from 'shared-contracts/schemas';
import type { ConversationRow } from '../../db/conversationSchema';
import type { Database } from '../../db/schema';
import type { EventBus, FloorEventListener } from '../../events/eventBus';
import { toNumber } from '../../db/portable';
import { notify, type NotifyInput } from '../notifications';
import { conversationMessages as messages } from './conversationMessages';
import { conversationPhotoUrl } from './conversationReads';
import type { PostedMessage } from './conversationWrites';
import type { Viewer } from './conversationAccess';

/** A notification's body: the message's first 120 characters (or that it is a photo). */
export const NOTIFICATION_PREVIEW = 120;
/** Staff told of an unassigned thread's message at most. */
export const STAFF_NOTIFIED_MAX = 20;

export interface LiveDeps {
  db: Kysely<Database>;
  events: EventBus;
  now: () => Date;
  log: { error(object: unknown, message: string): void };
}

const preview = (text: string, hasPhotos: boolean) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return hasPhotos ? messages.photoOnly : '';
  return flat.length > NOTIFICATION_PREVIEW ? `${flat.slice(0, NOTIFICATION_PREVIEW - 1)}…` : flat;
};

async function customerUnreadTotal(db: Kysely<Database>, customerId: number): Promise<number> {
  const row = await db.selectFrom('conversations').select((eb) => eb.fn.sum<number>('customer_unread').as('unread')).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
  return toNumber(row.unread);
}

/** Tells the centre's floor streams (the inbox, the thread open in the back office) that the thread changed. */
export async function announceToCentre(events: EventBus, row: Pick<ConversationRow, 'id' | 'centre_id'>): Promise<void> {
  await events.publishFloorChange(row.centre_id, { kind: 'conversation', appointmentId: null, serviceOrderId: null, conversationId: row.id });
}

/**
 * The `conversation` changes of every service centre (an admin's "Tin nhắn" count, GET /api/staff/events?centres=all),
 * on this instance, a centre created after the stream opened included; returns the unsubscribe function.
 */
export function everyCentreConversations(events: Pick<EventBus, 'subscribeEveryCentre'>, listener: FloorEventListener): () => void {
  return events.subscribeEveryCentre((event, id) => {
    if (event.kind === 'conversation') listener(event, id);
  });
}

/**
 * After a message committed: the customer's open pages get `conversation-message` (with their unread counts), the
 * centre's a `floor-changed`, and the other side a notification (the customer; or the assignee, else the centre's
 * counter staff). A failure here is logged: the message is sent.
 */
export async function afterMessage(deps: LiveDeps, viewer: Viewer, posted: PostedMessage, text: string): Promise<void> {
  const { db, events, log } = deps;
  const { row } = posted;
  try {
    const event: ConversationMessageEvent = {
      conversationId: row.id,
      message: {
        id: posted.messageId,
        conversationId: row.id,
        side: viewer.side,
        authorName: posted.authorName,
        text,
        photos: posted.photos.map((photo) => ({ id: photo.id, url: conversationPhotoUrl(row.id, photo.id), width: photo.width, height: photo.height })),
        createdAt: posted.createdAt,
      },
      unreadCount: row.customer_unread,
      unreadTotal: await customerUnreadTotal(db, row.customer_id),
    };
    await Promise.all([events.publishPersonal({ userId: row.customer_id, event: { name: CONVERSATION_MESSAGE_EVENT, data: event } }), announceToCentre(events, row)]);
  } catch (error) {
    log.error({ err: error, conversationId: row.id }, 'conversation message: could not publish');
  }
  try {
    const body = preview(text, posted.photos.length > 0);
    const eventKey = `message:${posted.messageId}`;
    let inputs: NotifyInput[];
    if (viewer.side === 'centre') {
      const centre = await db.selectFrom('service_centres').select('name').where('id', '=', row.centre_id).executeTakeFirstOrThrow();
      inputs = [{ userId: row.customer_id, kind: 'new_message', title: messages.newMessageTitle(centre.name), body, link: `${CUSTOMER_MESSAGES_PATH}/${row.id}`, eventKey }];
    } else {
      const recipients =
        row.assignee_id !== null
          ? [row.assignee_id]
          : (
              await db
                .selectFrom('users')
                .innerJoin('staff_assignments', 'staff_assignments.user_id', 'users.id')
                .select('users.id')
                .where('staff_assignments.centre_id', '=', row.centre_id)
                .where('staff_assignments.ended_at', 'is', null)
                .where('users.role', '=', 'staff')
                .where('users.disabled_at', 'is', null)
                .orderBy('users.id')
                .limit(STAFF_NOTIFIED_MAX)
                .execute()
            ).map((person) => person.id);
      inputs = recipients.map((userId) => ({
        userId,
        kind: 'staff_new_message',
        title: messages.staffNewMessageTitle(row.customer_name),
        body,
        link: `${STAFF_MESSAGES_PATH}?thread=${row.id}`,
        eventKey,
      }));
    }
    if (inputs.length) await notify({ db, events, now: deps.now() }, inputs);
  } catch (error) {
    log.error({ err: error, conversationId: row.id }, 'conversation message: could not notify');
  }
}

/** After a read: the centre's read reaches the customer (the "Đã xem" receipt); either side's reaches the centre's inbox. */
export async function afterRead(deps: LiveDeps, viewer: Viewer, row: ConversationRow, lastReadId: number): Promise<void> {
  try {
    const publishing: Promise<void>[] = [announceToCentre(deps.events, row)];
    if (viewer.side === 'centre') {
      publishing.push(
        deps.events.publishPersonal({
          userId: row.customer_id,
          event: { name: CONVERSATION_READ_EVENT, data: { conversationId: row.id, side: 'centre', lastMessageId: lastReadId, at: deps.now().toISOString() } },
        }),
      );
    }
    await Promise.all(publishing);
  } catch (error) {
    deps.log.error({ err: error, conversationId: row.id }, 'conversation read: could not publish');
  }
}
