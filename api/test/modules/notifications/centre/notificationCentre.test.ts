import type { Kysely } from 'kysely';
import { notificationEventSchema, notificationListSchema, UNREAD_COUNT_CAP, type NotificationKind } from 'shared-contracts/schemas';
import type { Database } from '../../../../src/db/schema';
import type { PersonalEvent } from '../../../../src/events/eventBus';
import { notify, type NotifyInput } from '../../../../src/modules/notifications';
import { useFloor } from '../../../support/floorTestKit';
import { authHeader, createUser, startServiceApp, type TestUser } from '../../../support/serviceTestKit';
import { createProduct, deskAction, orderOf, postOrder, createUser as createShopUser } from '../../../support/shopTestKit';
import { listen, openEventStream } from '../../../support/sseClient';
import { testDatabases } from '../../../support/testDatabases';

const REDIS_URL = 'redis://127.0.0.1:6379';
let keys = 0;

/** Polls `read` until `done` holds (the bus → notification work runs after the request answered). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function notificationsOf(db: Kysely<Database>, userId: number, kind?: NotificationKind) {
  let select = db.selectFrom('notifications').select(['id', 'kind', 'title', 'body', 'link', 'event_key', 'read_at']).where('user_id', '=', userId).orderBy('id');
  if (kind) select = select.where('kind', '=', kind);
  return select.execute();
}

/** The staff and managers (not disabled) of the centre whose desk has the order `code`. */
async function deskStaffOf(db: Kysely<Database>, code: string) {
  const desk = await db.selectFrom('orders').select('desk_centre_id').where('code', '=', code).executeTakeFirstOrThrow();
  return db
    .selectFrom('staff_assignments')
    .innerJoin('users', 'users.id', 'staff_assignments.user_id')
    .select('users.id')
    .where('staff_assignments.centre_id', '=', desk.desk_centre_id)
    .where('staff_assignments.ended_at', 'is', null)
    .where('users.role', 'in', ['staff', 'manager'])
    .where('users.disabled_at', 'is', null)
    .execute();
}

describe.each(testDatabases())('the notification centre on $label', (target) => {
  const floor = useFloor(target);
  const note = (userId: number, overrides: Partial<NotifyInput> = {}): NotifyInput => ({
    userId,
    kind: 'order_shipped',
    title: 'Đơn hàng EV2611-0042 đã giao cho đơn vị vận chuyển',
    body: 'Đơn hàng đang trên đường đến bạn.',
    link: '/orders/EV2611-0042',
    eventKey: `test:${(keys += 1)}`,
    ...overrides,
  });
  const write = (inputs: NotifyInput | NotifyInput[]) => notify({ db: floor.db, events: floor.service.events, now: floor.service.clock.now() }, inputs);
  const get = async (user: TestUser, url: string) => floor.app.inject({ method: 'GET', url, headers: await authHeader(floor.app, user) });
  const markRead = async (user: TestUser, payload: unknown) => floor.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: await authHeader(floor.app, user), payload: payload as object });

  it("lists a user's own notifications newest first, a page at a time, with the exact unread count", async () => {
    const [mine, theirs] = [await createUser(floor.db), await createUser(floor.db)];
    for (let index = 1; index <= 3; index += 1) await write(note(mine.id, { title: `Thông báo ${index}` }));
    await write([note(theirs.id), note(theirs.id)]);

    const list = notificationListSchema.parse((await get(mine, '/api/notifications')).json().data);
    expect(list.items.map((item) => item.title)).toEqual(['Thông báo 3', 'Thông báo 2', 'Thông báo 1']);
    expect(list).toMatchObject({ hasMore: false, unreadCount: 3 });
    expect(list.items[0]).toMatchObject({ kind: 'order_shipped', topic: 'order', link: '/orders/EV2611-0042', readAt: null, createdAt: floor.service.clock.now().toISOString() });

    const first = notificationListSchema.parse((await get(mine, '/api/notifications?limit=2')).json().data);
    expect(first.items.map((item) => item.title)).toEqual(['Thông báo 3', 'Thông báo 2']);
    expect(first.hasMore).toBe(true);
    const rest = notificationListSchema.parse((await get(mine, `/api/notifications?limit=2&before=${first.items[1]!.id}`)).json().data);
    expect(rest.items.map((item) => item.title)).toEqual(['Thông báo 1']);
    expect(rest.hasMore).toBe(false);

    expect((await get(mine, '/api/notifications/unread-count')).json().data).toEqual({ unreadCount: 3 });
    expect((await get(theirs, '/api/notifications/unread-count')).json().data).toEqual({ unreadCount: 2 });
    expect((await floor.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    const tooMany = await get(mine, '/api/notifications?limit=500');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/[À-ỹ]/);
  });

  it("marks read only the user's own notifications: another's ids are left untouched", async () => {
    const [mine, theirs] = [await createUser(floor.db), await createUser(floor.db, 'staff')];
    await write([note(mine.id), note(mine.id), note(mine.id)]);
    await write([note(theirs.id), note(theirs.id)]);
    const [ownIds, otherIds] = [(await notificationsOf(floor.db, mine.id)).map((row) => row.id), (await notificationsOf(floor.db, theirs.id)).map((row) => row.id)];

    const marked = await markRead(mine, { ids: [ownIds[0], otherIds[0], otherIds[1]] });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toEqual({ unreadCount: 2 });
    expect((await notificationsOf(floor.db, theirs.id)).every((row) => row.read_at === null)).toBe(true);
    const unread = notificationListSchema.parse((await get(mine, '/api/notifications?unreadOnly=true')).json().data);
    expect(unread.items.map((item) => item.id)).toEqual([ownIds[2], ownIds[1]]);

    expect((await markRead(mine, { all: true })).json().data).toEqual({ unreadCount: 0 });
    expect((await get(theirs, '/api/notifications/unread-count')).json().data).toEqual({ unreadCount: 2 });
    // staff read theirs like anyone
    expect((await markRead(theirs, { ids: [otherIds[1]] })).json().data).toEqual({ unreadCount: 1 });

    const empty = await markRead(mine, {});
    expect([empty.statusCode, empty.json().message]).toEqual([422, 'Không có trường nào để cập nhật.']);
    for (const payload of [{ ids: [] }, { all: false }, { ids: ['x'] }]) {
      const refused = await markRead(mine, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().success).toBe(false);
    }
  });

  it("keeps the bell's count equal to the unread notifications while writes, repeats and reads race", async () => {
    const [customer, staff] = [await createUser(floor.db), await createUser(floor.db, 'staff')];
    const unreadRows = async (userId: number) => (await notificationsOf(floor.db, userId)).filter((row) => row.read_at === null).length;
    const countOf = async (user: TestUser) => (await get(user, '/api/notifications/unread-count')).json().data.unreadCount as number;
    await write(Array.from({ length: 5 }, () => note(staff.id)));
    const earlier = (await notificationsOf(floor.db, staff.id)).map((row) => row.id);

    const work: Promise<unknown>[] = [];
    const race = (keys += 1);
    for (let index = 0; index < 24; index += 1) {
      // A fact told to both (the same key told twice in a row: one notification each), and reads of either's.
      const key = `race:${race}:${Math.floor(index / 2)}`;
      work.push(write([note(customer.id, { eventKey: key }), note(staff.id, { eventKey: key })]));
      if (index % 6 === 3) work.push(markRead(staff, { ids: earlier.slice(0, 3) }));
      if (index % 8 === 5) work.push(markRead(customer, { all: true }));
    }
    await Promise.all(work);
    for (const user of [customer, staff]) expect(await countOf(user)).toBe(await unreadRows(user.id));
    expect(await unreadRows(staff.id)).toBe(2 + 12);
    const staffIds = (await notificationsOf(floor.db, staff.id)).map((row) => row.id);
    expect((await markRead(staff, { ids: [...staffIds.slice(-4), staffIds.at(-1)] })).json().data).toEqual({ unreadCount: 10 });
    expect((await markRead(staff, { ids: staffIds.slice(-4) })).json().data).toEqual({ unreadCount: 10 });
  });

  it(`counts unread notifications up to ${UNREAD_COUNT_CAP}: the bell's 99+ and the page's "hơn 99" from there`, async () => {
    const staff = await createUser(floor.db, 'staff');
    const told: PersonalEvent[] = [];
    const stop = floor.service.events.subscribePersonal(staff.id, (event) => told.push(event));
    try {
      await write(Array.from({ length: UNREAD_COUNT_CAP + 5 }, () => note(staff.id)));
      expect((await get(staff, '/api/notifications/unread-count')).json().data).toEqual({ unreadCount: UNREAD_COUNT_CAP });
      expect(notificationListSchema.parse((await get(staff, '/api/notifications?limit=1')).json().data).unreadCount).toBe(UNREAD_COUNT_CAP);
      await eventually(async () => told.length, (count) => count >= UNREAD_COUNT_CAP + 5);
      expect(notificationEventSchema.parse(told.at(-1)!.data).unreadCount).toBe(UNREAD_COUNT_CAP);
      // Under the cap the count is exact again.
      const ids = (await notificationsOf(floor.db, staff.id)).map((row) => row.id);
      expect((await markRead(staff, { ids: ids.slice(0, 10) })).json().data).toEqual({ unreadCount: UNREAD_COUNT_CAP - 5 });
    } finally {
      stop();
    }
  });

  it('writes one notification per user and event however many tell it at once, and tells the open pages once', async () => {
    const user = await createUser(floor.db);
    const told: PersonalEvent[] = [];
    const stop = floor.service.events.subscribePersonal(user.id, (event) => told.push(event));
    try {
      const same = note(user.id, { eventKey: 'order:EV2611-0042:shipped' });
      await Promise.all(Array.from({ length: 12 }, () => write(same)));
      expect(await notificationsOf(floor.db, user.id)).toHaveLength(1);
      await eventually(async () => told.length, (count) => count >= 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(told).toHaveLength(1);
      expect(told[0]!.name).toBe('notification');
      expect(notificationEventSchema.parse(told[0]!.data)).toMatchObject({ unreadCount: 1, notification: { title: same.title, link: same.link } });
    } finally {
      stop();
    }
  });

  it('bounds the title and the body', async () => {
    const user = await createUser(floor.db);
    await write(note(user.id, { title: 'T'.repeat(400), body: 'B'.repeat(2_000) }));
    const [row] = await notificationsOf(floor.db, user.id);
    expect(row!.title.length).toBeLessThanOrEqual(120);
    expect(row!.body.length).toBeLessThanOrEqual(500);
  });

  it('tells the customer their car was checked in and is ready, linking the dashboard', async () => {
    const customer = await createUser(floor.db);
    const order = await floor.finishedOrder({ customer });
    const rows = await eventually(
      () => notificationsOf(floor.db, customer.id),
      (found) => found.some((row) => row.kind === 'vehicle_ready'),
    );
    const { license_plate: plate } = await floor.db.selectFrom('service_orders').select('license_plate').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(rows.filter((row) => row.kind === 'vehicle_checked_in')).toEqual([expect.objectContaining({ title: `Xe ${plate} đã được tiếp nhận`, link: '/dashboard' })]);
    expect(rows.filter((row) => row.kind === 'vehicle_ready')).toEqual([expect.objectContaining({ title: `Xe ${plate} đã sẵn sàng`, link: '/dashboard', event_key: `service-order:${order.id}:ready` })]);
  });

  it("tells an order's owner it was shipped, linking its page, and the desk's staff of the new order", async () => {
    const admin = await createShopUser(floor.app, floor.db, { role: 'admin' });
    const buyer = await createShopUser(floor.app, floor.db);
    const product = await createProduct(floor.db, { price: 450_000, stock: 5 });
    const placed = await postOrder(floor.app, buyer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }] });
    expect(placed.statusCode).toBe(201);
    const { code } = orderOf(placed);
    for (const [action, extra] of [['confirm', {}], ['pack', {}], ['ship', { carrier: 'GHN' }]] as const) {
      expect((await deskAction(floor.app, admin, code, action, extra)).statusCode).toBe(200);
    }
    const rows = await eventually(
      () => notificationsOf(floor.db, buyer.id),
      (found) => found.some((row) => row.kind === 'order_shipped'),
    );
    expect(rows.map((row) => row.kind)).toEqual(['order_placed', 'order_confirmed', 'order_shipped']);
    expect(rows[2]).toMatchObject({ title: `Đơn hàng ${code} đã giao cho đơn vị vận chuyển`, link: `/orders/${code}` });

    const deskStaff = await deskStaffOf(floor.db, code);
    expect(deskStaff.length).toBeGreaterThan(0);
    const told = await floor.db.selectFrom('notifications').select(['user_id', 'title']).where('event_key', '=', `web-order:${code}:new`).execute();
    expect(told.map((row) => row.user_id).sort((a, b) => a - b)).toEqual(deskStaff.map((row) => row.id).sort((a, b) => a - b));
    expect(told[0]!.title).toBe(`Đơn hàng mới ${code}`);
    expect(await notificationsOf(floor.db, admin.id)).toEqual([]);
  });

  it("tells the desk's staff of every order of a burst once, and each buyer's open page of their own order", async () => {
    const product = await createProduct(floor.db, { price: 120_000, stock: 50 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createShopUser(floor.app, floor.db)));
    const url = await listen(floor.app);
    const streams = await Promise.all(buyers.map((buyer) => openEventStream(url, buyer.token, '/api/notifications/events')));
    try {
      expect(streams.map((stream) => stream.status)).toEqual(buyers.map(() => 200));
      const placed = await Promise.all(buyers.map((buyer) => postOrder(floor.app, buyer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }] })));
      expect(placed.map((answer) => answer.statusCode)).toEqual(buyers.map(() => 201));
      const codes = placed.map((answer) => orderOf(answer).code);

      const deskStaff = await deskStaffOf(floor.db, codes[0]!);
      expect(deskStaff.length).toBeGreaterThan(0);
      const newOrderRows = () => floor.db.selectFrom('notifications').select(['user_id', 'title']).where('kind', '=', 'staff_new_web_order').where('event_key', 'in', codes.map((code) => `web-order:${code}:new`)).execute();
      const told = await eventually(newOrderRows, (rows) => rows.length >= codes.length * deskStaff.length);
      expect(told).toHaveLength(codes.length * deskStaff.length);
      for (const staff of deskStaff) {
        expect(told.filter((row) => row.user_id === staff.id).map((row) => row.title).sort()).toEqual(codes.map((code) => `Đơn hàng mới ${code}`).sort());
      }

      // Each buyer's open page hears of its own order, with its own unread count, and of no one else's.
      for (const [index, stream] of streams.entries()) {
        const event = notificationEventSchema.parse(JSON.parse((await stream.next(3_000)).data));
        expect(event).toMatchObject({ unreadCount: 1, notification: { kind: 'order_placed', title: `Đã nhận đơn hàng ${codes[index]}` } });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(streams.flatMap((stream) => stream.pending())).toEqual([]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('answers the personal stream with the notification, made once, when two API instances share a broker', async () => {
    const secondDb = floor.scratch.connect();
    const overrides = { redisUrl: REDIS_URL, databaseUrl: floor.scratch.config.databaseUrl, sqliteFile: floor.scratch.config.sqliteFile };
    const streaming = await startServiceApp(floor.db, { configOverrides: overrides });
    const changing = await startServiceApp(secondDb, { configOverrides: overrides });
    try {
      const customer = await createUser(floor.db);
      const booked = await floor.bookToday({ customer, status: 'PENDING', time: '15:00' });
      const url = await listen(streaming.app);
      const stream = await openEventStream(url, (await authHeader(streaming.app, customer)).authorization.slice(7), '/api/notifications/events');
      try {
        expect(stream.status).toBe(200);
        const confirmed = await changing.app.inject({
          method: 'PATCH',
          url: `/api/appointments/${booked.appointmentId}/status`,
          headers: await authHeader(changing.app, floor.users.staff),
          payload: { status: 'CONFIRMED' },
        });
        expect(confirmed.statusCode).toBe(200);
        const received = await stream.next(3_000);
        expect(received.event).toBe('notification');
        const event = notificationEventSchema.parse(JSON.parse(received.data));
        expect(event).toMatchObject({ unreadCount: 1, notification: { kind: 'booking_confirmed', title: `Lịch hẹn ${booked.code} đã được xác nhận`, link: '/dashboard' } });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(stream.pending()).toEqual([]);
        expect(await notificationsOf(floor.db, customer.id)).toHaveLength(1);
      } finally {
        stream.close();
      }
    } finally {
      await streaming.close();
      await changing.close();
      await secondDb.destroy();
    }
  });
});
