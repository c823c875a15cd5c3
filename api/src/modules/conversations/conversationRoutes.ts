import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignConversationInputSchema,
  CONVERSATION_SUBJECT_KINDS,
  conversationListSchema,
  conversationMessageSchema,
  conversationMessagesQuerySchema,
  conversationPhotoUploadSchema,
  conversationReadResultSchema,
  conversationStatusInputSchema,
  conversationSummarySchema,
  conversationThreadSchema,
  customerConversationsQuerySchema,
  envelopeSchema,
  idInput,
  markConversationReadInputSchema,
  openConversationInputSchema,
  postConversationMessageInputSchema,
  staffConversationListSchema,
  staffConversationReadResultSchema,
  staffInboxQuerySchema,
} from 'shared-contracts/schemas';
import type { AppContext } from '../../appContext';
import { AppError } from '../../http/appError';
import { requireKnownField } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { registerDataErrors } from '../../http/dataErrors';
import { ok } from '../../http/envelope';
import { authenticate, currentAuth, requireRole } from '../../security/authGuard';
import { centreForRequest, centreScopeOf, requireCentreRole } from '../../security/centreScope';
import { ThrottledError } from '../../security/throttle';
import { createImageEncoder } from '../media';
import { threadFor, viewerOfRole, type Viewer } from './conversationAccess';
import { afterMessage, afterRead, announceToCentre, type LiveDeps } from './conversationLive';
import { conversationMessages as messages } from './conversationMessages';
import { CONVERSATION_PHOTO_MAX_BYTES, sendPhoto, uploadPhoto } from './conversationPhotos';
import { readCustomerList, readInbox, readSummary, readThread, scopeUnreadTotalOf, unreadTotalOf } from './conversationReads';
import { assignConversation, markRead, openConversation, postMessage, setConversationStatus, type WriteDeps } from './conversationWrites';
import { named } from '../../http/pluginName';

/** Messages one account may post per minute, photos it may upload per hour. */
export const MESSAGES_PER_MINUTE = 30;
export const PHOTOS_PER_HOUR = 60;
const ENCODER_IDLE_MS = 60_000;

const threadParams = z.object({ id: idInput('Mã cuộc trao đổi không hợp lệ.') });
const photoParams = threadParams.extend({ photoId: idInput('Mã ảnh không hợp lệ.') });
const serviceOrderParams = z.object({ id: idInput('Mã phiếu dịch vụ không hợp lệ.') });
const bySubjectQuery = z.object({ kind: z.enum(CONVERSATION_SUBJECT_KINDS, { error: 'Chủ đề trao đổi không hợp lệ.' }), id: idInput('Chủ đề trao đổi không hợp lệ.') });
const assigneesQuery = z.object({ centreId: idInput('Trung tâm không hợp lệ.').optional() });
const assigneeSchema = z.object({ id: z.number().int().positive(), fullName: z.string(), role: z.enum(['staff', 'technician', 'manager']) });

const summaryResponse = envelopeSchema(conversationSummarySchema);
const threadResponse = envelopeSchema(conversationThreadSchema);
const listResponse = envelopeSchema(conversationListSchema);
const staffListResponse = envelopeSchema(staffConversationListSchema);
const messageResponse = envelopeSchema(conversationMessageSchema);
const photoResponse = envelopeSchema(conversationPhotoUploadSchema);
const readResponse = envelopeSchema(conversationReadResultSchema);
const staffReadResponse = envelopeSchema(staffConversationReadResultSchema);

/**
 * Conversations (issue 49 §1): the customer's routes (/conversations…, own threads only) and the centre's
 * (/staff/conversations…, centre scope like the floor; a technician the threads of the cars they work on). Another's
 * thread, message or photo answers 404, as a missing one.
 */
export const conversationRoutes: FastifyPluginAsync<{ context: AppContext }> = named('conversationRoutes', async (app, { context }) => {
  await app.register(routes, { context });
});

const routes: FastifyPluginAsyncZod<{ context: AppContext }> = named('conversationRoutes.routes', async (app, { context }) => {
  const { db, clock, counters, config, events } = context;
  registerDataErrors(app);
  cacheControlForAll(app, 'private, no-store');
  const customer = requireRole('customer');
  const centrePeople = requireCentreRole(db, 'staff', 'technician', 'manager', 'admin');
  const encoder = createImageEncoder({ uploadDir: config.uploadDir, idleExitMs: ENCODER_IDLE_MS });
  app.addHook('onClose', () => encoder.close());
  const writeDeps: WriteDeps = { db, clock, config };
  const live: LiveDeps = { db, events, now: () => clock.now(), log: app.log.child({ module: 'conversations' }) };

  const customerViewer = (request: Parameters<typeof currentAuth>[0]): Viewer => ({ side: 'customer', userId: currentAuth(request).userId });
  const centreViewer = (request: Parameters<typeof centreScopeOf>[0]): Viewer & { side: 'centre' } => {
    const scope = centreScopeOf(request);
    return { side: 'centre', userId: scope.userId, scope };
  };

  /** Counts one of the account's `kind` within `windowMs`; past `limit`, 429 with Retry-After. */
  async function take(kind: string, userId: number, limit: number, windowMs: number, reply: { header(name: string, value: string): unknown }): Promise<void> {
    const window = await counters.increment(`${kind}:${userId}`, windowMs);
    if (window.count > limit) {
      const error = new ThrottledError(messages.tooMany(Math.max(1, Math.ceil(window.resetInMs / 1000))), window.resetInMs);
      reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  }

  async function post(viewer: Viewer, id: number, input: z.infer<typeof postConversationMessageInputSchema>) {
    const posted = await postMessage(writeDeps, viewer, id, input);
    await afterMessage(live, viewer, posted, input.text);
    const thread = await readThread(db, viewer, posted.row, { before: posted.messageId + 1, limit: 1 });
    return thread.messages[0]!;
  }

  async function read(viewer: Viewer, id: number, lastMessageId: number) {
    const result = await markRead(writeDeps, viewer, id, lastMessageId);
    if (result.moved) await afterRead(live, viewer, result.row, result.lastReadId);
    const unreadCount = viewer.side === 'customer' ? result.row.customer_unread : result.row.staff_unread;
    return { unreadCount, unreadTotal: await unreadTotalOf(db, viewer, result.row.centre_id) };
  }

  // ---------------------------------------------------------------------------------------------------- customers

  app.get(
    '/conversations',
    { preHandler: customer, schema: { tags: ['conversations'], summary: 'Các cuộc trao đổi của khách với trung tâm (mới nhất trước)', querystring: customerConversationsQuerySchema, response: { 200: listResponse } } },
    async (request) => ok(await readCustomerList(db, currentAuth(request).userId, request.query), messages.list),
  );

  app.post(
    '/conversations',
    {
      preHandler: customer,
      schema: { tags: ['conversations'], summary: 'Mở (hoặc tìm) cuộc trao đổi về lịch hẹn, phiếu dịch vụ hoặc đơn hàng của khách', body: openConversationInputSchema, response: { 200: summaryResponse, 201: summaryResponse } },
    },
    async (request, reply) => {
      const viewer = customerViewer(request);
      const { row, created } = await openConversation(writeDeps, viewer, request.body.subject.kind, request.body.subject.id);
      if (created) await announceToCentre(events, row).catch(() => undefined);
      return reply.code(created ? 201 : 200).send(ok(await readSummary(db, viewer, row.id), created ? messages.opened : messages.existing));
    },
  );

  app.get(
    '/conversations/by-subject',
    { preHandler: customer, schema: { tags: ['conversations'], summary: 'Cuộc trao đổi về một chủ đề của khách (null khi chưa có)', querystring: bySubjectQuery, response: { 200: envelopeSchema(conversationSummarySchema.nullable()) } } },
    async (request) => {
      const viewer = customerViewer(request);
      const row = await db
        .selectFrom('conversations')
        .select('id')
        .where('subject_kind', '=', request.query.kind)
        .where('subject_id', '=', request.query.id)
        .where('customer_id', '=', viewer.userId)
        .executeTakeFirst();
      return ok(row ? await readSummary(db, viewer, row.id) : null, row ? messages.thread : messages.none);
    },
  );

  app.get(
    '/conversations/:id',
    { preHandler: customer, schema: { tags: ['conversations'], summary: 'Một cuộc trao đổi và một trang tin nhắn (cũ trước; trang trước: before)', params: threadParams, querystring: conversationMessagesQuerySchema, response: { 200: threadResponse } } },
    async (request) => {
      const viewer = customerViewer(request);
      return ok(await readThread(db, viewer, await threadFor(db, viewer, request.params.id), request.query), messages.thread);
    },
  );

  app.post(
    '/conversations/:id/messages',
    { preHandler: customer, schema: { tags: ['conversations'], summary: 'Gửi tin nhắn (≤ 2.000 ký tự, tối đa 4 ảnh đã tải lên)', params: threadParams, body: postConversationMessageInputSchema, response: { 201: messageResponse } } },
    async (request, reply) => {
      const viewer = customerViewer(request);
      await take('conversation-message:minute', viewer.userId, MESSAGES_PER_MINUTE, 60_000, reply);
      return reply.code(201).send(ok(await post(viewer, request.params.id, request.body), messages.sent));
    },
  );

  app.put(
    '/conversations/:id/read',
    {
      preValidation: requireKnownField(markConversationReadInputSchema),
      preHandler: customer,
      schema: { tags: ['conversations'], summary: 'Đánh dấu đã xem đến một tin nhắn', params: threadParams, body: markConversationReadInputSchema, response: { 200: readResponse } },
    },
    async (request) => ok(await read(customerViewer(request), request.params.id, request.body.lastMessageId), messages.read),
  );

  app.get(
    '/conversations/:id/photos/:photoId',
    { preHandler: authenticate, schema: { tags: ['conversations'], summary: 'Ảnh của cuộc trao đổi (khách của cuộc trao đổi hoặc nhân viên trung tâm)', params: photoParams } },
    async (request, reply) => {
      const auth = currentAuth(request);
      const viewer = await viewerOfRole(db, auth.userId, auth.role);
      if (!viewer) throw AppError.notFound(messages.photoNotFound);
      return sendPhoto(db, config.uploadDir, viewer, request.params.id, request.params.photoId, reply);
    },
  );

  // ---------------------------------------------------------------------------------------------------- the centre

  app.get(
    '/staff/conversations',
    { preHandler: centrePeople, schema: { tags: ['conversations'], summary: 'Hộp thư của một trung tâm: lọc, tìm theo tên, số điện thoại, biển số, mã đơn; kèm số tin chưa đọc trong phạm vi người xem (quản trị: mọi trung tâm)', querystring: staffInboxQuerySchema, response: { 200: staffListResponse } } },
    async (request) => {
      const viewer = centreViewer(request);
      const centreId = await centreForRequest(db, viewer.scope, request.query.centreId);
      return ok(await readInbox(db, viewer, centreId, request.query), messages.list);
    },
  );

  app.post(
    '/staff/conversations',
    {
      preHandler: centrePeople,
      schema: { tags: ['conversations'], summary: 'Mở (hoặc tìm) cuộc trao đổi với khách về một chủ đề của trung tâm', body: openConversationInputSchema, response: { 200: summaryResponse, 201: summaryResponse } },
    },
    async (request, reply) => {
      const viewer = centreViewer(request);
      const { row, created } = await openConversation(writeDeps, viewer, request.body.subject.kind, request.body.subject.id);
      if (created) await announceToCentre(events, row).catch(() => undefined);
      return reply.code(created ? 201 : 200).send(ok(await readSummary(db, viewer, row.id), created ? messages.opened : messages.existing));
    },
  );

  app.get(
    '/staff/conversations/assignees',
    { preHandler: centrePeople, schema: { tags: ['conversations'], summary: 'Người của trung tâm có thể được phân công', querystring: assigneesQuery, response: { 200: envelopeSchema(z.array(assigneeSchema)) } } },
    async (request) => {
      const centreId = await centreForRequest(db, centreScopeOf(request), request.query.centreId);
      const rows = await db
        .selectFrom('users')
        .innerJoin('staff_assignments', 'staff_assignments.user_id', 'users.id')
        .select(['users.id', 'users.full_name', 'users.role'])
        .where('staff_assignments.centre_id', '=', centreId)
        .where('staff_assignments.ended_at', 'is', null)
        .where('users.role', 'in', ['staff', 'technician', 'manager'])
        .where('users.disabled_at', 'is', null)
        .orderBy('users.full_name')
        .orderBy('users.id')
        .execute();
      return ok(rows.map((row) => ({ id: row.id, fullName: row.full_name, role: row.role as 'staff' | 'technician' | 'manager' })), messages.assignees);
    },
  );

  app.get(
    '/staff/conversations/:id',
    { preHandler: centrePeople, schema: { tags: ['conversations'], summary: 'Một cuộc trao đổi của trung tâm và một trang tin nhắn', params: threadParams, querystring: conversationMessagesQuerySchema, response: { 200: threadResponse } } },
    async (request) => {
      const viewer = centreViewer(request);
      return ok(await readThread(db, viewer, await threadFor(db, viewer, request.params.id), request.query), messages.thread);
    },
  );

  app.post(
    '/staff/conversations/:id/messages',
    { preHandler: centrePeople, schema: { tags: ['conversations'], summary: 'Trả lời khách (≤ 2.000 ký tự, tối đa 4 ảnh đã tải lên)', params: threadParams, body: postConversationMessageInputSchema, response: { 201: messageResponse } } },
    async (request, reply) => {
      const viewer = centreViewer(request);
      await take('conversation-message:minute', viewer.userId, MESSAGES_PER_MINUTE * 2, 60_000, reply);
      return reply.code(201).send(ok(await post(viewer, request.params.id, request.body), messages.sent));
    },
  );

  app.put(
    '/staff/conversations/:id/read',
    {
      preValidation: requireKnownField(markConversationReadInputSchema),
      preHandler: centrePeople,
      schema: { tags: ['conversations'], summary: 'Trung tâm đã xem đến một tin nhắn', params: threadParams, body: markConversationReadInputSchema, response: { 200: staffReadResponse } },
    },
    async (request) => {
      const viewer = centreViewer(request);
      const result = await read(viewer, request.params.id, request.body.lastMessageId);
      // someone of a centre: the thread's centre is theirs; an admin's every centre is read apart
      const scopeUnreadTotal = viewer.scope.centreId === null ? await scopeUnreadTotalOf(db, viewer) : result.unreadTotal;
      return ok({ ...result, scopeUnreadTotal }, messages.read);
    },
  );

  app.put(
    '/staff/conversations/:id/assignee',
    {
      preValidation: requireKnownField(assignConversationInputSchema),
      preHandler: centrePeople,
      schema: { tags: ['conversations'], summary: 'Phân công cuộc trao đổi (phiên bản cũ: 409 kèm dữ liệu hiện tại)', params: threadParams, body: assignConversationInputSchema, response: { 200: summaryResponse } },
    },
    async (request) => {
      const viewer = centreViewer(request);
      const row = await assignConversation(writeDeps, viewer, request.params.id, request.body);
      await announceToCentre(events, row).catch(() => undefined);
      return ok(await readSummary(db, viewer, row.id), messages.assigned);
    },
  );

  app.put(
    '/staff/conversations/:id/status',
    {
      preValidation: requireKnownField(conversationStatusInputSchema),
      preHandler: centrePeople,
      schema: { tags: ['conversations'], summary: 'Đóng / mở lại cuộc trao đổi (phiên bản cũ: 409 kèm dữ liệu hiện tại)', params: threadParams, body: conversationStatusInputSchema, response: { 200: summaryResponse } },
    },
    async (request) => {
      const viewer = centreViewer(request);
      const row = await setConversationStatus(writeDeps, viewer, request.params.id, request.body);
      await announceToCentre(events, row).catch(() => undefined);
      return ok(await readSummary(db, viewer, row.id), messages.statusChanged);
    },
  );

  app.get(
    '/staff/service-orders/:id/conversation',
    {
      preHandler: centrePeople,
      schema: { tags: ['conversations'], summary: 'Cuộc trao đổi về xe của phiếu dịch vụ (mở nếu chưa có): kỹ thuật viên của phiếu hoặc nhân viên trung tâm', params: serviceOrderParams, querystring: conversationMessagesQuerySchema, response: { 200: threadResponse } },
    },
    async (request) => {
      const viewer = centreViewer(request);
      const { row, created } = await openConversation(writeDeps, viewer, 'service_order', request.params.id);
      if (created) await announceToCentre(events, row).catch(() => undefined);
      return ok(await readThread(db, viewer, row, request.query), messages.thread);
    },
  );

  const uploads: FastifyPluginAsyncZod = named('conversationRoutes.uploads', async (upload) => {
    // One byte over the limit is read, so that a file over 8 MB is refused by its length.
    await upload.register(multipart, { limits: { fileSize: CONVERSATION_PHOTO_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 } });
    const uploadOptions = (preHandler: typeof customer, summary: string) => ({
      preHandler,
      schema: { tags: ['conversations'], summary, consumes: ['multipart/form-data'], params: threadParams, response: { 201: photoResponse } },
    });
    const store = (viewer: Viewer, request: Parameters<typeof uploadPhoto>[3], reply: { header(name: string, value: string): unknown }) =>
      uploadPhoto({ db, clock, encoder, uploadDir: config.uploadDir }, viewer, (request.params as { id: number }).id, request, () =>
        take('conversation-photo:hour', viewer.userId, PHOTOS_PER_HOUR, 3_600_000, reply),
      );
    const summary = 'Tải ảnh lên để gửi kèm tin nhắn (multipart, trường photo; JPEG/PNG/WebP ≤ 8 MB; chưa gửi sau 24 giờ thì bị xóa)';
    upload.post('/conversations/:id/photos', uploadOptions(customer, summary), async (request, reply) =>
      reply.code(201).send(ok(await store(customerViewer(request), request, reply), messages.photoUploaded)),
    );
    upload.post('/staff/conversations/:id/photos', uploadOptions(centrePeople, summary), async (request, reply) =>
      reply.code(201).send(ok(await store(centreViewer(request), request, reply), messages.photoUploaded)),
    );
  });
  await app.register(uploads);
});
