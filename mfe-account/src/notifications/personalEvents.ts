import { defaultApiBase, sessionStore, type SessionStore } from 'shared-contracts';
import { subscribeEventStream, type StreamConnectionState } from 'shared-contracts/eventStream';
import { CONVERSATION_MESSAGE_EVENT, CONVERSATION_READ_EVENT, NOTIFICATION_EVENT } from 'shared-contracts/notifications';
import type { ConversationMessageEvent, ConversationReadEvent, NotificationEvent } from 'shared-contracts/schemas';

/**
 * The signed-in user's personal stream (GET /api/notifications/events), read by the shared SSE reader
 * (shared-contracts/eventStream: fetch with the Bearer header, reconnects, token renewal): a new notification,
 * a message in one of their threads, and the centre's read receipts. Data that is not what the contract says is
 * dropped (the page reads again after a reconnection anyway).
 */
export const PERSONAL_EVENTS_PATH = '/notifications/events';

export interface PersonalEventHandlers {
  onNotification?: (event: NotificationEvent) => void;
  onConversationMessage?: (event: ConversationMessageEvent) => void;
  onConversationRead?: (event: ConversationReadEvent) => void;
  /** the stream is open; `reconnected` after the first time (events may have been missed meanwhile) */
  onOpen?: (info: { reconnected: boolean }) => void;
  onConnectionChange?: (state: StreamConnectionState) => void;
  renewToken: () => Promise<unknown>;
  session?: SessionStore;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parse(data: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

export function parseNotificationEvent(data: string): NotificationEvent | null {
  const parsed = parse(data);
  if (!parsed || !isRecord(parsed.notification) || !isCount(parsed.unreadCount)) return null;
  const notification = parsed.notification;
  if (!isId(notification.id) || typeof notification.title !== 'string' || typeof notification.createdAt !== 'string') return null;
  return parsed as unknown as NotificationEvent;
}

export function parseConversationMessageEvent(data: string): ConversationMessageEvent | null {
  const parsed = parse(data);
  if (!parsed || !isId(parsed.conversationId) || !isRecord(parsed.message)) return null;
  const message = parsed.message;
  if (!isId(message.id) || typeof message.text !== 'string' || (message.side !== 'customer' && message.side !== 'centre')) return null;
  return {
    conversationId: parsed.conversationId,
    message: { ...(message as unknown as ConversationMessageEvent['message']), photos: Array.isArray(message.photos) ? (message.photos as ConversationMessageEvent['message']['photos']) : [] },
    unreadCount: isCount(parsed.unreadCount) ? parsed.unreadCount : 0,
    unreadTotal: isCount(parsed.unreadTotal) ? parsed.unreadTotal : 0,
  };
}

export function parseConversationReadEvent(data: string): ConversationReadEvent | null {
  const parsed = parse(data);
  if (!parsed || !isId(parsed.conversationId) || !isId(parsed.lastMessageId)) return null;
  if (parsed.side !== 'customer' && parsed.side !== 'centre') return null;
  return { conversationId: parsed.conversationId, lastMessageId: parsed.lastMessageId, side: parsed.side, at: typeof parsed.at === 'string' ? parsed.at : new Date().toISOString() };
}

/** Opens the stream and keeps it open until the returned function is called. */
export function subscribePersonalEvents(handlers: PersonalEventHandlers): () => void {
  return subscribeEventStream({
    url: `${(handlers.baseUrl ?? defaultApiBase()).replace(/\/$/, '')}${PERSONAL_EVENTS_PATH}`,
    session: handlers.session ?? sessionStore,
    onEvent: (message) => {
      if (message.event === NOTIFICATION_EVENT) {
        const event = parseNotificationEvent(message.data);
        if (event) handlers.onNotification?.(event);
      } else if (message.event === CONVERSATION_MESSAGE_EVENT) {
        const event = parseConversationMessageEvent(message.data);
        if (event) handlers.onConversationMessage?.(event);
      } else if (message.event === CONVERSATION_READ_EVENT) {
        const event = parseConversationReadEvent(message.data);
        if (event) handlers.onConversationRead?.(event);
      }
    },
    onOpen: handlers.onOpen,
    onConnectionChange: handlers.onConnectionChange,
    renewToken: handlers.renewToken,
    fetchImpl: handlers.fetchImpl,
  });
}
