import { z } from 'zod';
import { isoInstantSchema } from './catalogue';
import { idInput, integerInput, textInput } from './primitives';
import {
  CONVERSATION_INBOX_FILTERS,
  CONVERSATION_INBOX_PAGE_SIZE_MAX,
  CONVERSATION_MESSAGES_PAGE_SIZE_MAX,
  CONVERSATION_PHOTOS_MAX,
  CONVERSATION_SIDES,
  CONVERSATION_STATUSES,
  CONVERSATION_SUBJECT_KINDS,
  CONVERSATION_TEXT_MAX,
} from '../conversations/conversationRules';

/**
 * Conversations with the centre (issue 49): a thread per booking, service order or web order between its customer and
 * the staff of its centre. Customers' routes: /api/conversations…; staff's (staff, technician, manager, admin; centre
 * scope like the floor): /api/staff/conversations…. Photos are private: fetched with the session's token.
 */

export * from '../conversations/conversationRules';

const id = z.number().int().positive();
const count = z.number().int().nonnegative();

export const conversationSubjectSchema = z.object({
  kind: z.enum(CONVERSATION_SUBJECT_KINDS),
  id,
  /** What the subject is called on screen: "Lịch hẹn 27/11/2026 09:00 · 51K-123.45", "Đơn hàng EV2611-0042". */
  label: z.string().min(1),
});
export type ConversationSubject = z.infer<typeof conversationSubjectSchema>;

export const conversationPhotoSchema = z.object({
  id,
  /** The API path of the image (GET with the session's token). */
  url: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ConversationPhoto = z.infer<typeof conversationPhotoSchema>;

export const conversationMessageSchema = z.object({
  id,
  conversationId: id,
  side: z.enum(CONVERSATION_SIDES),
  /** The author's display name ("Nguyễn Văn An"; for the centre, the person and their role: "Trần Thị B · Kỹ thuật viên"). */
  authorName: z.string().min(1),
  /** The author is the viewer. */
  mine: z.boolean(),
  text: z.string(),
  photos: z.array(conversationPhotoSchema).max(CONVERSATION_PHOTOS_MAX),
  createdAt: isoInstantSchema,
  /** The other side has read it (read receipt: "Đã xem"). */
  readByOtherSide: z.boolean(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** A thread in a list (the customer's /messages, the staff inbox). */
export const conversationSummarySchema = z.object({
  id,
  subject: conversationSubjectSchema,
  centreId: id,
  centreName: z.string().min(1),
  customerName: z.string().min(1),
  status: z.enum(CONVERSATION_STATUSES),
  /** The person of the centre it is assigned to; null = nobody yet. */
  assignee: z.object({ id, fullName: z.string() }).nullable(),
  /** Messages the viewer's side has not read. */
  unreadCount: count,
  lastMessage: z.object({ side: z.enum(CONVERSATION_SIDES), text: z.string(), hasPhotos: z.boolean(), createdAt: isoInstantSchema }).nullable(),
  updatedAt: isoInstantSchema,
  /** Optimistic concurrency: assignment and status changes send it back (409 when stale). */
  version: z.number().int().positive(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET …/conversations/:id: the thread and a page of its messages, oldest first; `hasOlder` → ask again with `before`. */
export const conversationThreadSchema = z.object({
  conversation: conversationSummarySchema,
  messages: z.array(conversationMessageSchema),
  hasOlder: z.boolean(),
});
export type ConversationThread = z.infer<typeof conversationThreadSchema>;

export const conversationListSchema = z.object({
  items: z.array(conversationSummarySchema),
  total: count,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** Unread messages across the viewer's threads (the customer's own; staff: the centre's). */
  unreadTotal: count,
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/**
 * The caller's unread messages across every thread they may see: an admin's, every service centre's (the
 * navigation's count, whichever centre the inbox shows); anyone else's, their centre's (= `unreadTotal`).
 */
const scopeUnreadTotal = count;

/** GET /api/staff/conversations: the inbox of one centre, and the caller's unread messages across their scope. */
export const staffConversationListSchema = conversationListSchema.extend({ scopeUnreadTotal });
export type StaffConversationList = z.infer<typeof staffConversationListSchema>;

/** PUT /api/conversations/:id/read: the thread's unread messages left, and the viewer's (a customer's own; staff: the thread's centre's). */
export const conversationReadResultSchema = z.object({ unreadCount: count, unreadTotal: count });
export type ConversationReadResult = z.infer<typeof conversationReadResultSchema>;

/** PUT /api/staff/conversations/:id/read: as the customer's, and the caller's unread messages across their scope. */
export const staffConversationReadResultSchema = conversationReadResultSchema.extend({ scopeUnreadTotal });
export type StaffConversationReadResult = z.infer<typeof staffConversationReadResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Inputs

/** POST /api/conversations and /api/staff/conversations: open (or find) the subject's thread. */
export const openConversationInputSchema = z.object({
  subject: z.object({
    kind: z.enum(CONVERSATION_SUBJECT_KINDS, { error: 'Chủ đề trao đổi không hợp lệ.' }),
    id: idInput('Chủ đề trao đổi không hợp lệ.'),
  }),
});
export type OpenConversationInput = z.infer<typeof openConversationInputSchema>;

export const conversationTextInput = textInput({ trim: true, multiline: true, error: 'Vui lòng nhập nội dung tin nhắn.' }).max(
  CONVERSATION_TEXT_MAX,
  `Tin nhắn tối đa ${CONVERSATION_TEXT_MAX.toLocaleString('vi-VN')} ký tự.`,
);

/** POST …/conversations/:id/messages: text (may be empty when photos are sent) and up to 4 uploaded photos. */
export const postConversationMessageInputSchema = z
  .object({
    text: conversationTextInput.default(''),
    photoIds: z.array(idInput('Ảnh không hợp lệ.')).max(CONVERSATION_PHOTOS_MAX, `Tối đa ${CONVERSATION_PHOTOS_MAX} ảnh mỗi tin nhắn.`).default([]),
  })
  .refine((value) => value.text.length > 0 || value.photoIds.length > 0, { message: 'Vui lòng nhập nội dung tin nhắn hoặc chọn ảnh.', path: ['text'] });
export type PostConversationMessageInput = z.infer<typeof postConversationMessageInputSchema>;

/** POST …/conversations/:id/photos answers the uploaded (not yet sent) photo. */
export const conversationPhotoUploadSchema = conversationPhotoSchema;

/** PUT …/conversations/:id/read: the viewer has read up to this message. */
export const markConversationReadInputSchema = z.object({ lastMessageId: idInput('Tin nhắn không hợp lệ.') });
export type MarkConversationReadInput = z.infer<typeof markConversationReadInputSchema>;

export const conversationMessagesQuerySchema = z.object({
  /** Messages older than this id. */
  before: idInput().optional(),
  limit: integerInput({ message: 'Số tin nhắn không hợp lệ.', min: 1, max: CONVERSATION_MESSAGES_PAGE_SIZE_MAX }).optional(),
});

export const customerConversationsQuerySchema = z.object({
  page: integerInput({ message: 'Trang không hợp lệ.', min: 1, max: 10_000 }).optional(),
  pageSize: integerInput({ message: 'Số dòng không hợp lệ.', min: 1, max: CONVERSATION_INBOX_PAGE_SIZE_MAX }).optional(),
});

/** GET /api/staff/conversations: the centre's inbox. */
export const staffInboxQuerySchema = z.object({
  filter: z.enum(CONVERSATION_INBOX_FILTERS, { error: 'Bộ lọc không hợp lệ.' }).optional(),
  /** Admin (any centre) and managers of several centres choose one; others get their own. */
  centreId: idInput('Trung tâm không hợp lệ.').optional(),
  /** Customer name, phone, plate or order code. */
  q: textInput({ trim: true }).max(100, 'Từ khóa tối đa 100 ký tự.').optional(),
  page: integerInput({ message: 'Trang không hợp lệ.', min: 1, max: 10_000 }).optional(),
  pageSize: integerInput({ message: 'Số dòng không hợp lệ.', min: 1, max: CONVERSATION_INBOX_PAGE_SIZE_MAX }).optional(),
});
export type StaffInboxQuery = z.infer<typeof staffInboxQuerySchema>;

/** PUT /api/staff/conversations/:id/assignee: a person of the thread's centre, or null to unassign. */
export const assignConversationInputSchema = z.object({
  assigneeId: idInput('Nhân viên không hợp lệ.').nullable(),
  version: integerInput({ message: 'Phiên bản không hợp lệ.', min: 1 }),
});
export type AssignConversationInput = z.infer<typeof assignConversationInputSchema>;

/** PUT /api/staff/conversations/:id/status. */
export const conversationStatusInputSchema = z.object({
  status: z.enum(CONVERSATION_STATUSES, { error: 'Trạng thái không hợp lệ.' }),
  version: integerInput({ message: 'Phiên bản không hợp lệ.', min: 1 }),
});
export type ConversationStatusInput = z.infer<typeof conversationStatusInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Live events (GET /api/notifications/events for the customer; the centre's GET /api/staff/events carries a
// `floor-changed` of kind 'conversation' with the conversationId)

/** `event: conversation-message`: a message was posted in one of the viewer's threads. */
export const conversationMessageEventSchema = z.object({
  conversationId: id,
  message: conversationMessageSchema.omit({ mine: true, readByOtherSide: true }),
  /** The viewer's unread messages in that thread, and across all their threads. */
  unreadCount: count,
  unreadTotal: count,
});
export type ConversationMessageEvent = z.infer<typeof conversationMessageEventSchema>;

/** `event: conversation-read`: the other side read up to `lastMessageId` (the read receipt). */
export const conversationReadEventSchema = z.object({
  conversationId: id,
  side: z.enum(CONVERSATION_SIDES),
  lastMessageId: id,
  at: isoInstantSchema,
});
export type ConversationReadEvent = z.infer<typeof conversationReadEventSchema>;
