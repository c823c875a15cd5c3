import {
  errorEnvelopeSchema,
  followUpListSchema,
  myServiceRatingsSchema,
  pendingServiceRatingsSchema,
  serviceRatingFollowUpSchema,
  serviceRatingSchema,
  staffServiceRatingPageSchema,
  staffServiceRatingSchema,
} from 'shared-contracts/schemas';
import { z } from 'zod';
import { sendRatingRequests } from '../../../src/modules/reviews';
import { outboxCount } from '../../support/authTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { NOW, ratingsWorld, type Person, type RatingsWorld } from './serviceRatingsTestKit';
import { emailOutbox } from '../../support/emailOutbox';

const DAY = 86_400_000;
const data = <T extends z.ZodTypeAny>(schema: T) => z.object({ data: schema });
const messageOf = (response: { json(): unknown }) => errorEnvelopeSchema.parse(response.json()).message;

describe.each(testDatabases())('service ratings on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let world: RatingsWorld;

  beforeAll(async () => {
    world = await ratingsWorld(scratch.db);
  });
  afterAll(() => world.shop.close());
  beforeEach(() => world.shop.clock.set(NOW));

  const inject = (who: Person | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    world.shop.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const rate = (who: Person, orderId: number, payload: Record<string, unknown>) => inject(who, 'PUT', `/api/service-orders/${orderId}/rating`, payload);
  const codeOf = async (orderId: number) => (await scratch.db.selectFrom('service_orders').select('code').where('id', '=', orderId).executeTakeFirstOrThrow()).code;
  /** What the notification centre told the customer of a kind: the bell's titles and the channels of its deliveries. */
  const toldOf = async (userId: number, kind: 'service_rating_request' | 'service_rating_moderated') => ({
    titles: (await scratch.db.selectFrom('notifications').select('title').where('user_id', '=', userId).where('kind', '=', kind).orderBy('id').execute()).map((row) => row.title),
    channels: (await scratch.db.selectFrom('notification_deliveries').select('channel').where('user_id', '=', userId).where('kind', '=', kind).orderBy('id').execute()).map((row) => row.channel),
  });
  const followUps = async (who: Person, query = '') => {
    const response = await inject(who, 'GET', `/api/service-rating-follow-ups${query}`);
    expect(response.statusCode).toBe(200);
    return data(followUpListSchema).parse(response.json()).data;
  };
  const followUpOf = async (orderId: number) =>
    scratch.db
      .selectFrom('service_rating_follow_ups as f')
      .innerJoin('service_ratings as r', 'r.id', 'f.rating_id')
      .select(['f.id', 'f.status', 'f.centre_id'])
      .where('r.service_order_id', '=', orderId)
      .execute();

  it('lets only the order\'s customer rate, only once it is CLOSED, and lists it as pending until then', async () => {
    const order = await world.addOrder();
    const working = await world.addOrder({ status: 'WORK_DONE' });
    const old = await world.addOrder({ closedAt: new Date(Date.parse(NOW) - 31 * DAY).toISOString() });

    const pending = data(pendingServiceRatingsSchema).parse((await inject(world.customer, 'GET', '/api/service-ratings/pending')).json()).data.items;
    const mineIds = pending.map((item) => item.serviceOrderId);
    expect(mineIds).toContain(order);
    expect(mineIds).not.toContain(working);
    expect(mineIds).not.toContain(old);
    expect(pending.find((item) => item.serviceOrderId === order)).toMatchObject({ centreName: 'EV Service Hoàn Kiếm', vehicleLabel: 'VinFast VF 8', technicianName: 'Phạm Văn Kỹ' });

    const stranger = await rate(world.otherCustomer, order, { stars: 5 });
    expect(stranger.statusCode).toBe(404);
    expect(messageOf(stranger)).toBe('Không tìm thấy phiếu dịch vụ.');
    const early = await rate(world.customer, working, { stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe('Chỉ có thể đánh giá khi lượt dịch vụ đã hoàn tất và thanh toán.');
    expect((await rate(world.customer, order, { stars: 6 })).statusCode).toBe(400);
    expect((await inject(null, 'PUT', `/api/service-orders/${order}/rating`, { stars: 5 })).statusCode).toBe(401);
    expect((await rate(world.staffA, order, { stars: 5 })).statusCode).toBe(403);

    const given = await rate(world.customer, order, { stars: 5, onTime: true, explainedClearly: false, carClean: null, technicianStars: 4, comment: '  Rất hài lòng  ' });
    expect(given.statusCode).toBe(201);
    const rating = data(serviceRatingSchema).parse(given.json()).data;
    expect(rating).toMatchObject({ serviceOrderId: order, stars: 5, onTime: true, explainedClearly: false, carClean: null, technicianStars: 4, comment: 'Rất hài lòng', hidden: false });
    expect(rating.technician).toEqual({ id: world.technicianA.id, fullName: 'Phạm Văn Kỹ' });
    expect(rating.editableUntil).toBe(new Date(Date.parse(NOW) + 7 * DAY).toISOString());

    const after = data(pendingServiceRatingsSchema).parse((await inject(world.customer, 'GET', '/api/service-ratings/pending')).json()).data.items;
    expect(after.map((item) => item.serviceOrderId)).not.toContain(order);
    const mine = data(myServiceRatingsSchema).parse((await inject(world.customer, 'GET', '/api/service-ratings/mine')).json()).data.items;
    expect(mine.map((item) => item.serviceOrderId)).toContain(order);
    expect(await followUpOf(order)).toEqual([]);
  });

  it('keeps one rating for 12 PUTs of the same order at the same moment', async () => {
    const order = await world.addOrder();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => rate(world.customer, order, { stars: (index % 5) + 1 })));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const rows = await scratch.db.selectFrom('service_ratings').select('id').where('service_order_id', '=', order).execute();
    expect(rows).toHaveLength(1);
    // Some of them were 1 or 2 stars: one follow-up at most.
    expect((await followUpOf(order)).length).toBeLessThanOrEqual(1);
  });

  it('lets the customer change the rating for 7 days and refuses it after', async () => {
    const order = await world.addOrder();
    expect((await rate(world.customer, order, { stars: 3 })).statusCode).toBe(201);
    world.shop.clock.advance(6 * DAY);
    const customer = await world.fresh(world.customer);
    const edited = await rate(customer, order, { stars: 4, comment: 'Sửa lại' });
    expect(edited.statusCode).toBe(200);
    expect(data(serviceRatingSchema).parse(edited.json()).data).toMatchObject({ stars: 4, comment: 'Sửa lại', createdAt: NOW });
    world.shop.clock.advance(DAY + 1000);
    const late = await rate(await world.fresh(customer), order, { stars: 1 });
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe('Đã quá hạn 7 ngày để sửa đánh giá.');
    const row = await scratch.db.selectFrom('service_ratings').select(['stars']).where('service_order_id', '=', order).executeTakeFirstOrThrow();
    expect(row.stars).toBe(4);
    expect(await followUpOf(order)).toEqual([]);
  });

  it('opens a follow-up at 2 stars or less, keeps it on an edit up, and opens one on an edit down', async () => {
    const low = await world.addOrder();
    await rate(world.customer, low, { stars: 2, comment: 'Chờ quá lâu' });
    expect(await followUpOf(low)).toEqual([expect.objectContaining({ status: 'OPEN', centre_id: world.centreA })]);
    await rate(world.customer, low, { stars: 5 });
    expect(await followUpOf(low)).toHaveLength(1);

    const mid = await world.addOrder();
    await rate(world.customer, mid, { stars: 3 });
    expect(await followUpOf(mid)).toHaveLength(0);
    await rate(world.customer, mid, { stars: 1 });
    expect(await followUpOf(mid)).toEqual([expect.objectContaining({ status: 'OPEN' })]);
  });

  it('scopes follow-ups to the centre and moves them OPEN → CONTACTED → CLOSED', async () => {
    const order = await world.addOrder();
    await rate(world.customer, order, { stars: 1, comment: 'Xe trả muộn, không ai gọi báo' });
    const [row] = await followUpOf(order);
    const id = row!.id;

    expect((await inject(world.staffA, 'GET', '/api/service-rating-follow-ups')).statusCode).toBe(403);
    expect((await inject(world.technicianA, 'GET', '/api/service-rating-follow-ups')).statusCode).toBe(403);
    expect((await inject(world.customer, 'GET', '/api/service-rating-follow-ups')).statusCode).toBe(403);
    expect((await inject(world.managerB, 'GET', `/api/service-rating-follow-ups?centreId=${world.centreA}`)).statusCode).toBe(404);
    const other = await inject(world.managerB, 'POST', `/api/service-rating-follow-ups/${id}/notes`, { text: 'Gọi thử' });
    expect(other.statusCode).toBe(404);
    expect((await followUps(world.managerB)).items.map((item) => item.id)).not.toContain(id);

    const list = await followUps(world.managerA);
    const item = list.items.find((entry) => entry.id === id)!;
    expect(item).toMatchObject({ status: 'OPEN', statusLabel: 'Cần gọi lại', notes: [], outcome: null });
    expect(item.rating).toMatchObject({ serviceOrderId: order, stars: 1, customerName: 'Nguyễn Văn Khách', followUpId: id });
    expect(list.openCount).toBeGreaterThanOrEqual(1);
    expect((await followUps(world.admin, `?centreId=${world.centreA}`)).items.map((entry) => entry.id)).toContain(id);

    expect((await inject(world.managerA, 'POST', `/api/service-rating-follow-ups/${id}/notes`, { text: '' })).statusCode).toBe(400);
    const noted = await inject(world.managerA, 'POST', `/api/service-rating-follow-ups/${id}/notes`, { text: 'Đã gọi, khách hẹn quay lại kiểm tra miễn phí.' });
    expect(noted.statusCode).toBe(200);
    expect(data(serviceRatingFollowUpSchema).parse(noted.json()).data).toMatchObject({ status: 'CONTACTED', notes: [{ text: 'Đã gọi, khách hẹn quay lại kiểm tra miễn phí.', authorName: 'Trần Quản Lý' }] });

    const closed = await inject(world.managerA, 'POST', `/api/service-rating-follow-ups/${id}/close`, { outcome: 'Khách đồng ý, đã tặng voucher bảo dưỡng.' });
    expect(closed.statusCode).toBe(200);
    expect(data(serviceRatingFollowUpSchema).parse(closed.json()).data).toMatchObject({ status: 'CLOSED', outcome: 'Khách đồng ý, đã tặng voucher bảo dưỡng.', closedByName: 'Trần Quản Lý', closedAt: NOW });
    for (const [action, body] of [['close', { outcome: 'Lần hai' }], ['notes', { text: 'Thêm' }]] as const) {
      const again = await inject(world.managerA, 'POST', `/api/service-rating-follow-ups/${id}/${action}`, body);
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe('Phiếu theo dõi đã đóng, không thể thay đổi.');
    }
    const closedList = await followUps(world.managerA, '?status=CLOSED');
    expect(closedList.items.map((entry) => entry.id)).toContain(id);
    expect((await followUps(world.managerA, '?status=OPEN')).items.map((entry) => entry.id)).not.toContain(id);
  });

  it('hides a rating with a reason (audited, the customer told on their channel), scoped to the centre, and shows it again', async () => {
    const order = await world.addOrder();
    const rating = data(serviceRatingSchema).parse((await rate(world.customer, order, { stars: 4, comment: 'Số điện thoại riêng 0912...' })).json()).data;
    expect((await inject(world.managerB, 'POST', `/api/service-ratings/${rating.id}/hide`, { reason: 'Lộ thông tin cá nhân' })).statusCode).toBe(404);
    expect((await inject(world.staffA, 'POST', `/api/service-ratings/${rating.id}/hide`, { reason: 'Lộ thông tin cá nhân' })).statusCode).toBe(403);
    expect((await inject(world.managerA, 'POST', `/api/service-ratings/${rating.id}/hide`, { reason: 'x' })).statusCode).toBe(400);

    const hidden = await inject(world.managerA, 'POST', `/api/service-ratings/${rating.id}/hide`, { reason: 'Lộ thông tin cá nhân' });
    expect(hidden.statusCode).toBe(200);
    expect(data(staffServiceRatingSchema).parse(hidden.json()).data).toMatchObject({ hidden: true, hiddenReason: 'Lộ thông tin cá nhân' });
    expect((await inject(world.managerA, 'POST', `/api/service-ratings/${rating.id}/hide`, { reason: 'Lộ thông tin cá nhân' })).statusCode).toBe(409);
    // Told through the notification centre: under the bell, and on Zalo (the customer has a phone), not by email.
    expect(await toldOf(world.customer.id, 'service_rating_moderated')).toEqual({ titles: [`Đánh giá phiếu ${await codeOf(order)} đã được ẩn`], channels: ['zalo'] });
    expect(await outboxCount(scratch.db, world.customer.email)).toBe(0);
    const mine = data(myServiceRatingsSchema).parse((await inject(world.customer, 'GET', '/api/service-ratings/mine')).json()).data.items;
    expect(mine.find((item) => item.id === rating.id)?.hidden).toBe(true);

    const shown = await inject(world.admin, 'POST', `/api/service-ratings/${rating.id}/unhide`);
    expect(shown.statusCode).toBe(200);
    expect(data(staffServiceRatingSchema).parse(shown.json()).data).toMatchObject({ hidden: false, hiddenReason: null });
    expect((await toldOf(world.customer.id, 'service_rating_moderated')).channels).toEqual(['zalo', 'zalo']);
    expect(await outboxCount(scratch.db, world.customer.email)).toBe(0);
    const audit = await scratch.db.selectFrom('service_rating_moderation').select(['action', 'reason', 'actor_id']).where('rating_id', '=', rating.id).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'HIDE', reason: 'Lộ thông tin cá nhân', actor_id: world.managerA.id },
      { action: 'UNHIDE', reason: null, actor_id: world.admin.id },
    ]);
  });

  it('lists a centre\'s ratings for its manager (filters, pages) and every centre for the admin', async () => {
    const orderB = await world.addOrder({ centreId: world.centreB, technician: world.technicianB });
    await rate(world.customer, orderB, { stars: 2 });
    const own = await inject(world.managerA, 'GET', '/api/service-ratings?maxStars=2');
    expect(own.statusCode).toBe(200);
    const page = data(staffServiceRatingPageSchema).parse(own.json()).data;
    expect(page.items.every((item) => item.centre.id === world.centreA && item.stars <= 2)).toBe(true);
    expect(page.items.map((item) => item.serviceOrderId)).not.toContain(orderB);
    expect((await inject(world.managerA, 'GET', `/api/service-ratings?centreId=${world.centreB}`)).statusCode).toBe(404);
    expect((await inject(world.technicianA, 'GET', '/api/service-ratings')).statusCode).toBe(403);
    expect((await inject(world.managerA, 'GET', '/api/service-ratings?from=2026-13-01')).statusCode).toBe(422);
    const all = data(staffServiceRatingPageSchema).parse((await inject(world.admin, 'GET', `/api/service-ratings?technicianId=${world.technicianB.id}`)).json()).data;
    expect(all.items.map((item) => item.serviceOrderId)).toEqual([orderB]);
    expect(all.items[0]).toMatchObject({ customerName: 'Nguyễn Văn Khách', technician: { id: world.technicianB.id, fullName: 'Bùi Văn Sửa' } });
  });

  it('asks for a rating once per closed order of a registered customer, by email to one who chose it', async () => {
    const publicUrl = 'https://evshop.test';
    const customer = await world.addPerson('customer', 'Phan Thị Mời');
    // Reached by email only: a verified address and no phone (the centre emails verified addresses only).
    await scratch.db.updateTable('users').set({ phone_number: null, email_verified_at: NOW }).where('id', '=', customer.id).execute();
    const onZalo = await world.addPerson('customer', 'Trần Văn Zalo');
    const zaloOrder = await world.addOrder({ customer: onZalo });
    const closed = await world.addOrder({ customer });
    await world.addOrder({ customer, status: 'IN_PROGRESS' });
    const rated = await world.addOrder({ customer });
    await rate(customer, rated, { stars: 5 });
    await world.addOrder({ customer, closedAt: new Date(Date.parse(NOW) - 40 * DAY).toISOString() });

    // Other tests' orders are asked about too: run until the job has nothing left, twice in parallel.
    await Promise.all([sendRatingRequests(scratch.db, world.shop.clock, { publicUrl, batch: 5 }), sendRatingRequests(scratch.db, world.shop.clock, { publicUrl, batch: 5 })]);
    while ((await sendRatingRequests(scratch.db, world.shop.clock, { publicUrl, batch: 5 })) > 0);
    expect(await outboxCount(scratch.db, customer.email, 'service_rating_request')).toBe(1);
    const email = await emailOutbox(scratch.db).select(['subject', 'text_body']).where('to_address', '=', customer.email).executeTakeFirstOrThrow();
    expect(email.text_body).toContain(`${publicUrl}/dashboard`);
    const code = await scratch.db.selectFrom('service_orders').select('code').where('id', '=', closed).executeTakeFirstOrThrow();
    expect(email.subject).toBe(`Bạn thấy lượt dịch vụ ${code.code} thế nào?`);
    expect(await sendRatingRequests(scratch.db, world.shop.clock, { publicUrl })).toBe(0);
    expect(await toldOf(customer.id, 'service_rating_request')).toEqual({ titles: [`Bạn thấy lượt dịch vụ ${code.code} thế nào?`], channels: ['email'] });
    // A customer with a phone: one Zalo message, no email; the bell once each.
    expect(await toldOf(onZalo.id, 'service_rating_request')).toEqual({ titles: [`Bạn thấy lượt dịch vụ ${await codeOf(zaloOrder)} thế nào?`], channels: ['zalo'] });
    expect(await outboxCount(scratch.db, onZalo.email)).toBe(0);
  });

  it('refuses an empty body and limits how often one account rates', async () => {
    const order = await world.addOrder();
    const empty = await world.shop.app.inject({ method: 'PUT', url: `/api/service-orders/${order}/rating`, headers: world.otherCustomer.headers });
    expect(empty.statusCode).toBe(422);
    const busy = await world.addPerson('customer', 'Khách Bấm Nhiều');
    const own = await world.addOrder({ customer: busy });
    const codes: number[] = [];
    for (let index = 0; index < 30; index += 1) codes.push((await rate(busy, own, { stars: 4 })).statusCode);
    expect(codes).toEqual([201, ...Array(29).fill(200)]);
    const last = await rate(busy, own, { stars: 4 });
    expect(last.statusCode).toBe(429);
    expect(messageOf(last)).toMatch(/^Bạn gửi đánh giá quá nhiều lần/);
  });
});
