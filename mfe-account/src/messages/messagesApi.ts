import { ApiError, apiClient, defaultApiBase, ensureSucceeded, envelopeData, messages, sessionStore } from 'shared-contracts';
import { CONVERSATION_MESSAGES_PAGE_SIZE, type ConversationSubjectKind } from 'shared-contracts/conversations';
import { apiFiles } from 'shared-contracts/files';
import type { ConversationList, ConversationMessage, ConversationPhoto, ConversationSummary, ConversationThread } from 'shared-contracts/schemas';

/**
 * The customer's conversations with the centre (issue 49, GET/POST /api/conversations…). Answers are read with or
 * without the `{ success, message, data }` envelope; a refusal throws the API client's ApiError (Vietnamese
 * message, status).
 */
async function read<T>(request: Promise<unknown>): Promise<T> {
  const body = await request;
  ensureSucceeded(body);
  const data = envelopeData(body);
  if (data === undefined || data === null) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
  return data as T;
}

const threadPath = (id: number) => `/conversations/${encodeURIComponent(String(id))}`;

const { fetchApiFile } = apiFiles({ ApiError, apiClient, defaultApiBase, messages, sessionStore });

export interface ConversationSubjectRef {
  kind: ConversationSubjectKind;
  id: number;
}

export const messagesApi = {
  list: (page: number, signal?: AbortSignal) => read<ConversationList>(apiClient.get('/conversations', { query: { page }, signal })),
  /** POST /conversations: the subject's thread, opened now or found. */
  open: (subject: ConversationSubjectRef) => read<ConversationSummary>(apiClient.post('/conversations', { subject })),
  thread: (id: number, before?: number, signal?: AbortSignal) =>
    read<ConversationThread>(apiClient.get(threadPath(id), { query: { before, limit: CONVERSATION_MESSAGES_PAGE_SIZE }, signal })),
  /** POST …/photos, multipart field `photo`: uploaded, sent with the next message. */
  uploadPhoto: (id: number, file: File) => {
    const form = new FormData();
    form.append('photo', file, file.name);
    return read<ConversationPhoto>(apiClient.upload(`${threadPath(id)}/photos`, form));
  },
  send: (id: number, text: string, photoIds: number[]) => read<ConversationMessage>(apiClient.post(`${threadPath(id)}/messages`, { text, photoIds })),
  markRead: (id: number, lastMessageId: number) =>
    read<{ unreadCount: number; unreadTotal: number }>(apiClient.put(`${threadPath(id)}/read`, { lastMessageId })),
  /** A private photo as an object URL (fetched with the session's token). */
  photoUrl: async (url: string): Promise<string> => {
    const { blob } = await fetchApiFile(url.replace(/^\/api(?=\/)/, ''));
    return URL.createObjectURL(blob);
  },
};
