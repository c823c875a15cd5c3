import { apiClient, readData } from 'shared-contracts';
import type { ConversationInboxFilter, ConversationStatus } from 'shared-contracts/conversations';
import type { ConversationMessage, ConversationPhoto, ConversationSummary, ConversationThread, StaffConversationList, StaffConversationReadResult } from 'shared-contracts/schemas';

/** A person of the centre a thread can be assigned to (GET /api/staff/conversations/assignees). */
export interface ConversationAssignee {
  id: number;
  fullName: string;
  role: string;
}

export interface InboxQuery {
  filter: ConversationInboxFilter;
  q?: string;
  page?: number;
  pageSize?: number;
  centreId?: number;
}

const threadPath = (id: number) => `/staff/conversations/${id}`;

/**
 * The centre's side of conversations (issue 49): the inbox, a thread and its older messages, photos uploaded before
 * the message that carries them, read receipts, assignment and status (both with the version seen: 409 when stale),
 * and the thread of a service order's car for its technician. Every call throws the API client's ApiError.
 */
export const messagesApi = {
  /** One centre's page (`unreadTotal`: that centre's), and `scopeUnreadTotal`: the caller's every centre (an admin's all). */
  inbox: ({ filter, q, page, pageSize, centreId }: InboxQuery, signal?: AbortSignal) =>
    readData<StaffConversationList>(apiClient.get('/staff/conversations', { query: { filter, q: q || undefined, page, pageSize, centreId }, signal })),
  thread: (id: number, before?: number, signal?: AbortSignal) =>
    readData<ConversationThread>(apiClient.get(threadPath(id), { query: { before }, signal })),
  assignees: (centreId?: number, signal?: AbortSignal) =>
    readData<ConversationAssignee[]>(apiClient.get('/staff/conversations/assignees', { query: { centreId }, signal })),
  /** POST …/photos (multipart field 'photo'): uploaded, sent with the next message. */
  uploadPhoto: (id: number, file: File) => {
    const form = new FormData();
    form.append('photo', file, file.name);
    return readData<ConversationPhoto>(apiClient.upload(`${threadPath(id)}/photos`, form));
  },
  send: (id: number, text: string, photoIds: number[]) => readData<ConversationMessage>(apiClient.post(`${threadPath(id)}/messages`, { text, photoIds })),
  /** The thread's unread left, its centre's (`unreadTotal`) and the caller's every centre's (`scopeUnreadTotal`). */
  markRead: (id: number, lastMessageId: number) =>
    readData<StaffConversationReadResult>(apiClient.put(`${threadPath(id)}/read`, { lastMessageId })),
  assign: (id: number, assigneeId: number | null, version: number) =>
    readData<ConversationSummary>(apiClient.put(`${threadPath(id)}/assignee`, { assigneeId, version })),
  setStatus: (id: number, status: ConversationStatus, version: number) =>
    readData<ConversationSummary>(apiClient.put(`${threadPath(id)}/status`, { status, version })),
  /** GET /staff/service-orders/:id/conversation: the car's thread (opened when there is none yet). */
  serviceOrderThread: (serviceOrderId: number, signal?: AbortSignal) =>
    readData<ConversationThread>(apiClient.get(`/staff/service-orders/${serviceOrderId}/conversation`, { signal })),
};

export type MessagesApi = typeof messagesApi;
