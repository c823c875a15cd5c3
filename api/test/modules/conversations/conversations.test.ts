import {
  conversationMessageEventSchema,
  conversationReadResultSchema,
  conversationMessageSchema,
  conversationPhotoSchema,
  conversationSummarySchema,
  conversationThreadSchema,
  errorEnvelopeSchema,
  floorChangedEventSchema,
  staffConversationListSchema,
  staffConversationReadResultSchema,
} from 'shared-contracts/schemas';
import { z } from 'zod';
import { sweepPendingPhotos } from '../../../src/modules/conversations';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { plainPng } from '../../support/hostileImages';
import { listen, openEventStream } from '../../support/sseClient';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { conversationsWorld, NOW, type ConversationsWorld, type Person } from './conversationsTestKit';

const REDIS_URL = 'redis://127.0.0.1:6379';
const data = <T extends z.ZodTypeAny>(schema: T) => z.object({ data: schema });
const messageOf = (response: { json(): unknown }) => errorEnvelopeSchema.parse(response.json()).message;
const VIETNAMESE = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;

function photoForm(bytes: Buffer) {
  const boundary = '----conversation-photo';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="anh.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabases())('conversations on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let world: ConversationsWorld;
  let png: Buffer;

  beforeAll(async () => {
    world = await conversationsWorld(scratch.db);
    png = await plainPng(64, 48);
  });
  afterAll(() => world.shop.close());
  beforeEach(() => world.shop.clock.set(NOW));

  const inject = (who: Person, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    world.shop.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const base = (who: Person) => (who.role === 'customer' ? '/api/conversations' : '/api/staff/conversations');
  const open = async (who: Person, kind: 'appointment' | 'service_order' | 'order', id: number) => {
    const response = await inject(who, 'POST', base(who), { subject: { kind, id } });
    expect([200, 201]).toContain(response.statusCode);
    return data(conversationSummarySchema).parse(response.json()).data;
  };
  const send = async (who: Person, threadId: number, text: string, photoIds: number[] = []) => {
    const response = await inject(who, 'POST', `${base(who)}/${threadId}/messages`, { text, photoIds });
    expect(response.statusCode).toBe(201);
    return data(conversationMessageSchema).parse(response.json()).data;
  };
  const upload = (who: Person, threadId: number) => {
    const form = photoForm(png);
    return world.shop.app.inject({ method: 'POST', url: `${base(who)}/${threadId}/photos`, headers: { ...who.headers, ...form.headers }, payload: form.payload });
  };
  const thread = async (who: Person, threadId: number) => {
    const response = await inject(who, 'GET', `${base(who)}/${threadId}`);
    expect(response.statusCode).toBe(200);
    return data(conversationThreadSchema).parse(response.json()).data;
  };
  const inbox = async (who: Person, query = '') => {
    const response = await inject(who, 'GET', `/api/staff/conversations${query}`);
    expect(response.statusCode).toBe(200);
    return data(staffConversationListSchema).parse(response.json()).data;
  };
  const staffRead = async (who: Person, threadId: number, lastMessageId: number) => {
    const response = await inject(who, 'PUT', `/api/staff/conversations/${threadId}/read`, { lastMessageId });
    expect(response.statusCode).toBe(200);
    return data(staffConversationReadResultSchema.strict()).parse(response.json()).data;
  };

  it("opens one thread per subject, at the subject's centre, from either side", async () => {
    const visit = await world.addVisit();
    const first = await inject(world.customer, 'POST', '/api/conversations', { subject: { kind: 'appointment', id: visit.appointmentId } });
    expect(first.statusCode).toBe(201);
    const summary = data(conversationSummarySchema).parse(first.json()).data;
    expect(summary).toMatchObject({ centreId: world.centreA, centreName: 'EV Service Hoàn Kiếm', customerName: 'Nguyễn Văn Khách', status: 'open', assignee: null, unreadCount: 0, lastMessage: null });
    expect(summary.subject.label).toMatch(/^Lịch hẹn 27\/11\/2026 10:00 · 30A-/);
    const again = await inject(world.staffA, 'POST', '/api/staff/conversations', { subject: { kind: 'appointment', id: visit.appointmentId } });
    expect(again.statusCode).toBe(200);
    expect(data(conversationSummarySchema).parse(again.json()).data.id).toBe(summary.id);
    const bySubject = await inject(world.customer, 'GET', `/api/conversations/by-subject?kind=appointment&id=${visit.appointmentId}`);
    expect(data(conversationSummarySchema.nullable()).parse(bySubject.json()).data?.id).toBe(summary.id);

    // Concurrent openings of one subject make one thread.
    const other = await world.addVisit();
    const opened = await Promise.all(Array.from({ length: 6 }, () => open(world.customer, 'service_order', other.serviceOrderId)));
    expect(new Set(opened.map((item) => item.id)).size).toBe(1);

    // A web order's thread is at its desk's centre.
    const order = await world.addOrder(world.customer, world.centreB);
    expect((await open(world.customer, 'order', order)).centreId).toBe(world.centreB);
  });

  it("answers 404 for another customer's subject, another centre's, and a technician not on the car", async () => {
    const visit = await world.addVisit();
    for (const [who, kind, id] of [
      [world.otherCustomer, 'appointment', visit.appointmentId],
      [world.otherCustomer, 'service_order', visit.serviceOrderId],
      [world.staffB, 'appointment', visit.appointmentId],
      [world.technicianA2, 'service_order', visit.serviceOrderId],
    ] as const) {
      const response = await inject(who, 'POST', base(who), { subject: { kind, id } });
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toMatch(VIETNAMESE);
    }
  });

  it("keeps a thread, its messages and its photos from anyone but its customer and its centre's people", async () => {
    const visit = await world.addVisit();
    const summary = await open(world.customer, 'appointment', visit.appointmentId);
    const uploaded = await upload(world.customer, summary.id);
    expect(uploaded.statusCode).toBe(201);
    const photo = data(conversationPhotoSchema).parse(uploaded.json()).data;
    const message = await send(world.customer, summary.id, 'Xe em kêu ở bánh trước ạ.', [photo.id]);
    expect(message.photos).toEqual([expect.objectContaining({ id: photo.id, url: `/api/conversations/${summary.id}/photos/${photo.id}` })]);

    const id = summary.id;
    const refused = [
      await inject(world.otherCustomer, 'GET', `/api/conversations/${id}`),
      await inject(world.otherCustomer, 'POST', `/api/conversations/${id}/messages`, { text: 'Chào' }),
      await inject(world.otherCustomer, 'PUT', `/api/conversations/${id}/read`, { lastMessageId: message.id }),
      await inject(world.otherCustomer, 'GET', `/api/conversations/${id}/photos/${photo.id}`),
      await upload(world.otherCustomer, id),
      await inject(world.staffB, 'GET', `/api/staff/conversations/${id}`),
      await inject(world.staffB, 'POST', `/api/staff/conversations/${id}/messages`, { text: 'Chào' }),
      await inject(world.staffB, 'PUT', `/api/staff/conversations/${id}/read`, { lastMessageId: message.id }),
      await inject(world.staffB, 'PUT', `/api/staff/conversations/${id}/assignee`, { assigneeId: null, version: summary.version }),
      await inject(world.staffB, 'PUT', `/api/staff/conversations/${id}/status`, { status: 'closed', version: summary.version }),
      await inject(world.staffB, 'GET', `/api/conversations/${id}/photos/${photo.id}`),
      await inject(world.technicianA2, 'GET', `/api/staff/conversations/${id}`),
      await inject(world.technicianA2, 'GET', `/api/staff/service-orders/${visit.serviceOrderId}/conversation`),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toMatch(VIETNAMESE);
    }
    expect((await inbox(world.staffB, '?filter=all')).items.map((item) => item.id)).not.toContain(id);

    // The car's technician and the centre's staff see it, and the photo.
    expect((await thread(world.technicianA, id)).messages.map((item) => item.text)).toEqual(['Xe em kêu ở bánh trước ạ.']);
    const viaOrder = await inject(world.technicianA, 'GET', `/api/staff/service-orders/${visit.serviceOrderId}/conversation`);
    expect(viaOrder.statusCode).toBe(200);
    const image = await inject(world.staffA, 'GET', `/api/conversations/${id}/photos/${photo.id}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(String(image.headers['cache-control'])).toMatch(/^private/);

    // Guessed message and photo ids of another thread answer 404 too.
    const mine = await open(world.otherCustomer, 'appointment', (await world.addVisit({ customer: world.otherCustomer })).appointmentId);
    expect((await inject(world.otherCustomer, 'PUT', `/api/conversations/${mine.id}/read`, { lastMessageId: message.id })).statusCode).toBe(404);
    expect((await inject(world.otherCustomer, 'GET', `/api/conversations/${mine.id}/photos/${photo.id}`)).statusCode).toBe(404);
  });

  it('refuses text over 2,000 characters, five photos and a photo that is not the poster’s, in Vietnamese', async () => {
    const summary = await open(world.customer, 'appointment', (await world.addVisit()).appointmentId);
    const long = await inject(world.customer, 'POST', `/api/conversations/${summary.id}/messages`, { text: 'a'.repeat(2001) });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    expect(messageOf(long) + JSON.stringify(long.json())).toContain('Tin nhắn tối đa 2.000 ký tự.');
    expect((await inject(world.customer, 'POST', `/api/conversations/${summary.id}/messages`, { text: `  ${'a'.repeat(2000)}\n ` })).statusCode).toBe(201);

    const five = await inject(world.customer, 'POST', `/api/conversations/${summary.id}/messages`, { text: 'Ảnh', photoIds: [1, 2, 3, 4, 5] });
    expect(five.statusCode).toBeGreaterThanOrEqual(400);
    expect(five.statusCode).toBeLessThan(500);
    expect(JSON.stringify(five.json())).toContain('Tối đa 4 ảnh mỗi tin nhắn.');

    const empty = await inject(world.customer, 'POST', `/api/conversations/${summary.id}/messages`, { text: '   ' });
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);

    // The staff's upload in this thread is not the customer's to send.
    const staffPhoto = data(conversationPhotoSchema).parse((await upload(world.staffA, summary.id)).json()).data;
    const foreign = await inject(world.customer, 'POST', `/api/conversations/${summary.id}/messages`, { text: 'Ảnh', photoIds: [staffPhoto.id] });
    expect(foreign.statusCode).toBe(422);
    expect(messageOf(foreign)).toBe('Ảnh không hợp lệ hoặc đã được gửi. Vui lòng tải ảnh lên lại.');
    // Nothing of the refused message was kept.
    expect((await thread(world.customer, summary.id)).messages).toHaveLength(1);
    // Sent once, a photo cannot be sent again.
    await send(world.staffA, summary.id, '', [staffPhoto.id]);
    expect((await inject(world.staffA, 'POST', `/api/staff/conversations/${summary.id}/messages`, { text: 'Lại', photoIds: [staffPhoto.id] })).statusCode).toBe(422);
  });

  it('counts unread exactly under 12 concurrent posts, and reads move forward only', async () => {
    const summary = await open(world.customer, 'appointment', (await world.addVisit()).appointmentId);
    const posted = await Promise.all(Array.from({ length: 12 }, (_, n) => send(world.customer, summary.id, `Tin nhắn ${n + 1}`)));
    const listed = (await inbox(world.staffA, '?filter=unread')).items.find((item) => item.id === summary.id);
    expect(listed?.unreadCount).toBe(12);
    expect(listed?.lastMessage?.side).toBe('customer');

    // Both sides at once: the customer's six add to the staff's count, the staff's six to the customer's.
    const mixed = await Promise.all(
      Array.from({ length: 12 }, (_, n) => (n % 2 === 0 ? send(world.customer, summary.id, `Khách ${n}`) : send(world.staffA, summary.id, `Trung tâm ${n}`))),
    );
    expect((await thread(world.staffA, summary.id)).conversation.unreadCount).toBe(18);
    expect((await thread(world.customer, summary.id)).conversation.unreadCount).toBe(6);

    const ids = posted.map((item) => item.id).sort((a, b) => a - b);
    const read = await inject(world.staffA, 'PUT', `/api/staff/conversations/${summary.id}/read`, { lastMessageId: ids[5] });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.unreadCount).toBe(12);
    const back = await inject(world.staffA, 'PUT', `/api/staff/conversations/${summary.id}/read`, { lastMessageId: ids[0] });
    expect(back.json().data.unreadCount).toBe(12);
    const last = Math.max(...mixed.map((item) => item.id));
    // Reads and posts at once: every post after the read is counted.
    const [, ...more] = await Promise.all([
      inject(world.staffA, 'PUT', `/api/staff/conversations/${summary.id}/read`, { lastMessageId: last }),
      ...Array.from({ length: 4 }, (_, n) => send(world.customer, summary.id, `Sau ${n}`)),
    ]);
    const after = (await thread(world.staffA, summary.id)).conversation.unreadCount;
    const expected = more.filter((item) => item.id > last).length;
    expect(after).toBe(expected);

    // The staff's read shows on the customer's messages as "Đã xem".
    const seen = (await thread(world.customer, summary.id)).messages.filter((item) => item.side === 'customer' && item.id <= last);
    expect(seen.every((item) => item.readByOtherSide)).toBe(true);
  });

  it("gives an admin the unread messages of every centre whichever centre the inbox shows, the centre's people their own", async () => {
    // the other customer: the world's has posted near the minute's limit in the tests before
    const customer = world.otherCustomer;
    const atA = await open(customer, 'appointment', (await world.addVisit({ customer })).appointmentId);
    const atB = await open(customer, 'appointment', (await world.addVisit({ customer, centreId: world.centreB, technician: null })).appointmentId);
    await send(customer, atA.id, 'Xe tôi xong chưa ạ?');
    await send(customer, atA.id, 'Em cảm ơn');
    for (const text of ['Chào trung tâm', 'Cho em hỏi giá', 'Em đợi ạ']) await send(customer, atB.id, text);

    // The centre's people: their scope is their centre (a technician's, the cars they work on), the inbox's figure.
    for (const who of [world.staffA, world.managerA, world.technicianA, world.staffB]) {
      const own = await inbox(who, '?filter=unread&pageSize=1');
      expect(own.scopeUnreadTotal).toBe(own.unreadTotal);
    }
    const centreA = (await inbox(world.staffA, '?filter=unread&pageSize=1')).unreadTotal;
    const centreB = (await inbox(world.staffB, '?filter=unread&pageSize=1')).unreadTotal;
    expect(centreA).toBeGreaterThanOrEqual(2);
    expect(centreB).toBeGreaterThanOrEqual(3);
    // Nobody but an admin reaches beyond their centre, by asking for another one either.
    expect((await inject(world.staffB, 'GET', `/api/staff/conversations?centreId=${world.centreA}`)).statusCode).toBe(404);

    // An admin: the inbox's figure is the centre shown, the scope's every service centre's (the sum of the inboxes').
    const centres = await scratch.db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').execute();
    let everyCentre = 0;
    for (const { id } of centres) everyCentre += (await inbox(world.admin, `?filter=unread&pageSize=1&centreId=${id}`)).unreadTotal;
    expect(everyCentre).toBeGreaterThanOrEqual(centreA + centreB);
    for (const [query, shown] of [[`?centreId=${world.centreB}`, centreB], [`?centreId=${world.centreA}`, centreA], ['?filter=unread&pageSize=1', undefined]] as const) {
      const answer = await inbox(world.admin, query);
      if (shown !== undefined) expect(answer.unreadTotal).toBe(shown);
      expect(answer.scopeUnreadTotal).toBe(everyCentre);
    }

    // Reading a thread lowers both: the admin's scope by what was read at B, staff's by what was read at A.
    const lastB = (await thread(world.admin, atB.id)).messages.at(-1)!;
    expect(await staffRead(world.admin, atB.id, lastB.id)).toEqual({ unreadCount: 0, unreadTotal: centreB - 3, scopeUnreadTotal: everyCentre - 3 });
    const lastA = (await thread(world.staffA, atA.id)).messages.at(-1)!;
    expect(await staffRead(world.staffA, atA.id, lastA.id)).toEqual({ unreadCount: 0, unreadTotal: centreA - 2, scopeUnreadTotal: centreA - 2 });
    expect((await inbox(world.admin, `?centreId=${world.centreB}`)).scopeUnreadTotal).toBe(everyCentre - 5);
    // The customer's read answer stays as it was.
    const customerRead = await inject(customer, 'PUT', `/api/conversations/${atA.id}/read`, { lastMessageId: lastA.id });
    expect(data(conversationReadResultSchema.strict()).parse(customerRead.json()).data.unreadCount).toBe(0);
  });

  it("streams every centre's conversation changes to an admin who asks for all centres, and to nobody else", async () => {
    const everyCentre = '/api/staff/events?centres=all';
    const url = await listen(world.shop.app);
    const statusOf = async (who: Person, path: string) => {
      const stream = await openEventStream(url, who.token, path);
      stream.close();
      return stream.status;
    };
    for (const who of [world.managerA, world.staffB, world.technicianA]) {
      expect(await statusOf(who, everyCentre)).toBe(403);
      const refused = await inject(who, 'GET', everyCentre);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(messageOf(refused)).toMatch(VIETNAMESE);
    }
    expect(await statusOf(world.admin, `${everyCentre}&centreId=${world.centreA}`)).toBe(400);

    const customer = world.otherCustomer;
    const atB = await open(customer, 'appointment', (await world.addVisit({ customer, centreId: world.centreB, technician: null })).appointmentId);
    // the inbox's stream (the centre it shows, A) beside the menu count's (every centre)
    const shown = await openEventStream(url, world.admin.token, `/api/staff/events?centreId=${world.centreA}`);
    const every = await openEventStream(url, world.admin.token, everyCentre);
    try {
      expect(every.status).toBe(200);
      // another kind of centre B's floor is not the count's business
      await world.shop.app.events.publishFloorChange(world.centreB, { kind: 'payment', appointmentId: null, serviceOrderId: null });
      await send(customer, atB.id, 'Trung tâm Cầu Giấy ơi, xe em xong chưa?');
      const message = floorChangedEventSchema.parse(JSON.parse((await every.next(2_000)).data));
      expect(message).toMatchObject({ centreId: world.centreB, kind: 'conversation', conversationId: atB.id });
      // centre B's staff read it: the count hears that too
      const last = (await thread(world.staffB, atB.id)).messages.at(-1)!;
      await staffRead(world.staffB, atB.id, last.id);
      expect(floorChangedEventSchema.parse(JSON.parse((await every.next(2_000)).data))).toMatchObject({ centreId: world.centreB, kind: 'conversation', conversationId: atB.id });
      // a centre opened after the stream: its messages are heard without reopening it
      const opened = await scratch.db
        .insertInto('service_centres')
        .values({ slug: `tt-conv-moi-${process.pid}`, name: 'EV Service Long Biên', city: 'Hà Nội', address: '2 Nguyễn Văn Cừ', phone: '024 0000 0001', email: 'lb@example.vn', open_time: '08:00', close_time: '18:00', service_bays: 2, created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      const atNew = await open(customer, 'appointment', (await world.addVisit({ customer, centreId: opened.id, technician: null })).appointmentId);
      await send(customer, atNew.id, 'Trung tâm mới ơi, em đặt lịch rồi ạ');
      // the thread opened, then its message
      for (let heard = 0; heard < 2; heard += 1) {
        expect(floorChangedEventSchema.parse(JSON.parse((await every.next(2_000)).data))).toMatchObject({ centreId: opened.id, kind: 'conversation', conversationId: atNew.id });
      }
      // the centre the inbox shows heard none of it
      expect(shown.pending()).toEqual([]);
      expect(every.pending()).toEqual([]);
    } finally {
      shown.close();
      every.close();
    }
  });

  it('answers 409 with the current values on a stale assignment, and reopens a closed thread on a message', async () => {
    const summary = await open(world.customer, 'appointment', (await world.addVisit()).appointmentId);
    const assignees = (await inject(world.staffA, 'GET', '/api/staff/conversations/assignees')).json().data as { id: number }[];
    expect(assignees.map((item) => item.id)).toEqual(expect.arrayContaining([world.staffA.id, world.technicianA.id, world.managerA.id]));
    expect(assignees.map((item) => item.id)).not.toContain(world.staffB.id);

    const assigned = await inject(world.staffA, 'PUT', `/api/staff/conversations/${summary.id}/assignee`, { assigneeId: world.staffA2.id, version: summary.version });
    expect(assigned.statusCode).toBe(200);
    const now = data(conversationSummarySchema).parse(assigned.json()).data;
    expect(now).toMatchObject({ assignee: { id: world.staffA2.id, fullName: 'Đào Thu Ngân' }, version: summary.version + 1 });

    const stale = await inject(world.managerA, 'PUT', `/api/staff/conversations/${summary.id}/assignee`, { assigneeId: world.managerA.id, version: summary.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, message: 'Cuộc trao đổi vừa được người khác cập nhật. Đã tải lại thông tin mới nhất, vui lòng xem lại rồi thao tác.' });
    expect(conversationSummarySchema.parse(stale.json().data.current)).toMatchObject({ version: now.version, assignee: { id: world.staffA2.id } });

    const foreign = await inject(world.staffA, 'PUT', `/api/staff/conversations/${summary.id}/assignee`, { assigneeId: world.staffB.id, version: now.version });
    expect(foreign.statusCode).toBe(422);
    expect((await inject(world.technicianA, 'PUT', `/api/staff/conversations/${summary.id}/status`, { status: 'closed', version: now.version })).statusCode).toBe(403);

    const closed = await inject(world.staffA, 'PUT', `/api/staff/conversations/${summary.id}/status`, { status: 'closed', version: now.version });
    expect(data(conversationSummarySchema).parse(closed.json()).data.status).toBe('closed');
    expect((await inbox(world.staffA, '?filter=closed')).items.map((item) => item.id)).toContain(summary.id);
    await send(world.customer, summary.id, 'Em hỏi thêm ạ');
    const reopened = (await thread(world.staffA, summary.id)).conversation;
    expect(reopened.status).toBe('open');
    expect(reopened.version).toBe(now.version + 2);
  });

  it('keeps one thread per visit: a service order opens its appointment thread, whoever opens it', async () => {
    const visit = await world.addVisit();
    const byTechnician = await open(world.staffA, 'service_order', visit.serviceOrderId);
    const byCustomer = await open(world.customer, 'appointment', visit.appointmentId);
    expect(byTechnician.id).toBe(byCustomer.id);
    expect(byCustomer.subject.kind).toBe('appointment');
  });

  it('finds threads by customer name, plate and code, and filters mine and unassigned', async () => {
    const visit = await world.addVisit();
    const summary = await open(world.staffA, 'service_order', visit.serviceOrderId);
    const plate = summary.subject.label.split(' · ')[1]!;
    expect((await inbox(world.staffA, `?filter=all&q=${encodeURIComponent('nguyen van khach')}`)).items.map((item) => item.id)).toContain(summary.id);
    expect((await inbox(world.staffA, `?filter=all&q=${encodeURIComponent(plate)}`)).items.map((item) => item.id)).toEqual([summary.id]);
    expect((await inbox(world.staffA, '?filter=unassigned')).items.map((item) => item.id)).toContain(summary.id);
    await inject(world.staffA, 'PUT', `/api/staff/conversations/${summary.id}/assignee`, { assigneeId: world.staffA.id, version: summary.version });
    expect((await inbox(world.staffA, '?filter=mine')).items.map((item) => item.id)).toContain(summary.id);
    expect((await inbox(world.staffA, '?filter=unassigned')).items.map((item) => item.id)).not.toContain(summary.id);
    // A technician's inbox holds the cars they work on only.
    const technicians = (await inbox(world.technicianA2, '?filter=all')).items.map((item) => item.id);
    expect(technicians).not.toContain(summary.id);
  });

  it('deletes photos never sent after 24 hours, and keeps sent ones', async () => {
    const summary = await open(world.customer, 'appointment', (await world.addVisit()).appointmentId);
    const pending = data(conversationPhotoSchema).parse((await upload(world.customer, summary.id)).json()).data;
    const sent = data(conversationPhotoSchema).parse((await upload(world.customer, summary.id)).json()).data;
    await send(world.customer, summary.id, '', [sent.id]);
    world.shop.clock.set(new Date(Date.parse(NOW) + 25 * 3_600_000).toISOString());
    expect(await sweepPendingPhotos(scratch.db, world.shop.clock, world.shop.config.uploadDir)).toBeGreaterThanOrEqual(1);
    const left = await scratch.db.selectFrom('conversation_photos').select('id').where('id', 'in', [pending.id, sent.id]).execute();
    expect(left.map((row) => row.id)).toEqual([sent.id]);
    world.shop.clock.set(NOW);
    expect((await inject(world.customer, 'GET', `/api/conversations/${summary.id}/photos/${sent.id}`)).statusCode).toBe(200);
  });

  /** Two API instances on one database and broker: staff answer on one, the customer's stream is open on the other. */
  it("delivers a message to the customer's personal stream and the centre's floor stream on a second instance", async () => {
    const overrides = { redisUrl: REDIS_URL, databaseUrl: scratch.config.databaseUrl, sqliteFile: scratch.config.sqliteFile };
    const secondDb = scratch.connect();
    const writing: AuthTestApp = await startAuthApp(scratch.db, { configOverrides: overrides });
    const streaming: AuthTestApp = await startAuthApp(secondDb, { configOverrides: overrides });
    try {
      const summary = await open(world.customer, 'appointment', (await world.addVisit()).appointmentId);
      const url = await listen(streaming.app);
      await streaming.app.events.ready();
      await writing.app.events.ready();
      const customerStream = await openEventStream(url, (await world.tokenFor(world.customer, streaming)).token, '/api/notifications/events');
      const floor = await openEventStream(url, (await world.tokenFor(world.staffA, streaming)).token, '/api/staff/events');
      try {
        const staff = await world.tokenFor(world.staffA, writing);
        const started = Date.now();
        const sent = await writing.app.inject({ method: 'POST', url: `/api/staff/conversations/${summary.id}/messages`, headers: staff.headers, payload: { text: 'Dạ, xe anh đã sẵn sàng ạ.' } });
        expect(sent.statusCode).toBe(201);
        let event = await customerStream.next(2_000);
        while (event.event !== 'conversation-message') event = await customerStream.next(2_000);
        const received = conversationMessageEventSchema.parse(JSON.parse(event.data));
        expect(received).toMatchObject({ conversationId: summary.id, unreadCount: 1, message: { side: 'centre', text: 'Dạ, xe anh đã sẵn sàng ạ.', authorName: 'Vũ Tiếp Nhận · Nhân viên' } });
        expect(Date.now() - started).toBeLessThan(1_000);
        let change = await floor.next(2_000);
        while (change.event !== 'floor-changed' || JSON.parse(change.data).kind !== 'conversation') change = await floor.next(2_000);
        expect(floorChangedEventSchema.parse(JSON.parse(change.data))).toMatchObject({ centreId: world.centreA, kind: 'conversation', conversationId: summary.id });
      } finally {
        customerStream.close();
        floor.close();
      }
    } finally {
      await streaming.close();
      await writing.close();
      await secondDb.destroy();
    }
  });
});
