import type { FloorChangedEvent, Order, WebOrderDetail, WebOrderList } from 'shared-contracts/schemas';
import { createCentre, startServiceApp, type ServiceApp } from '../../support/serviceTestKit';
import { centreAvailable, createProduct, createUser, deliveryTo, orderOf, pickupAt, postOrder, recordTransferFor, stockCentre, type TestUser } from '../../support/shopTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { emailOutbox } from '../../support/emailOutbox';

/**
 * The web-order desk (shop-operations §4): the centre's staff and manager see the web orders of their centre
 * (picked up there, or shipped: the shipping centre is the first one by default), admins every centre's;
 * actions follow the order machine and carry the version read; the customer sees the same timeline.
 */
describe.each(testDatabases())('web-order desk on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let shipping: number;
  let other: number;
  const people = {} as Record<'customer' | 'staff' | 'manager' | 'otherStaff' | 'admin' | 'unassigned', TestUser>;

  const assign = (user: TestUser, centreId: number) =>
    scratch.db.insertInto('staff_assignments').values({ user_id: user.id, centre_id: centreId, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    shipping = (await scratch.db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow()).id;
    other = await createCentre(scratch.db, { bays: 2 });
    const app = service.app;
    people.customer = await createUser(app, scratch.db);
    people.staff = await createUser(app, scratch.db, { role: 'staff' });
    people.manager = await createUser(app, scratch.db, { role: 'manager' });
    people.otherStaff = await createUser(app, scratch.db, { role: 'staff' });
    people.admin = await createUser(app, scratch.db, { role: 'admin' });
    people.unassigned = await createUser(app, scratch.db, { role: 'staff' });
    await assign(people.staff, shipping);
    await assign(people.manager, shipping);
    await assign(people.otherStaff, other);
  });
  afterAll(() => service.close());

  const place = async (body: Partial<Parameters<typeof postOrder>[2]> = {}, customer = people.customer): Promise<Order> => {
    const product = await createProduct(scratch.db, { price: 450_000, stock: 10, name: 'Má phanh trước VF 8' });
    if (body.fulfilment?.method === 'pickup') await stockCentre(scratch.db, body.fulfilment.centreId, product.id, 10);
    const response = await postOrder(service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 2 }], ...body });
    expect(response.statusCode).toBe(201);
    return orderOf(response);
  };
  const list = (user: TestUser | null, query = '') =>
    service.app.inject({ method: 'GET', url: `/api/staff/web-orders${query}`, headers: user ? user.headers : {} });
  const listOf = async (user: TestUser, query = ''): Promise<WebOrderList> => {
    const response = await list(user, query);
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: WebOrderList }).data;
  };
  const detail = (user: TestUser, code: string) => service.app.inject({ method: 'GET', url: `/api/staff/web-orders/${code}`, headers: user.headers });
  const detailOf = async (user: TestUser, code: string): Promise<WebOrderDetail> => (detail(user, code).then((r) => (r.json() as { data: WebOrderDetail }).data));
  const act = (user: TestUser, code: string, payload: Record<string, unknown>) =>
    service.app.inject({ method: 'POST', url: `/api/staff/web-orders/${code}/actions`, headers: user.headers, payload });
  const step = async (user: TestUser, code: string, payload: Record<string, unknown>): Promise<WebOrderDetail> => {
    const { version } = await detailOf(user, code);
    const response = await act(user, code, { version, ...payload });
    expect({ status: response.statusCode, body: response.statusCode === 200 ? null : response.json() }).toEqual({ status: 200, body: null });
    return (response.json() as { data: WebOrderDetail }).data;
  };
  const subjects = async (customer: TestUser, code: string) =>
    (await emailOutbox(scratch.db).select('subject').where('to_address', '=', customer.email).orderBy('id').execute())
      .map((row) => row.subject)
      .filter((subject) => subject.includes(code));

  describe('who sees what', () => {
    it('lists a shipped order and a pick-up order to their centre only; admin sees both; others 401/403/404', async () => {
      const shipped = await place();
      const pickedUpElsewhere = await place({ fulfilment: pickupAt(other), paymentMethod: 'PAY_AT_PICKUP' });
      const codes = (data: WebOrderList) => data.items.map((item) => item.code);

      for (const user of [people.staff, people.manager]) {
        const data = await listOf(user, '?pageSize=100');
        expect(codes(data)).toContain(shipped.code);
        expect(codes(data)).not.toContain(pickedUpElsewhere.code);
        expect((await detail(user, pickedUpElsewhere.code)).statusCode).toBe(404);
        expect((await act(user, pickedUpElsewhere.code, { action: 'confirm', version: 0 })).statusCode).toBe(404);
      }
      const elsewhere = await listOf(people.otherStaff, '?pageSize=100');
      expect(codes(elsewhere)).toEqual([pickedUpElsewhere.code]);
      expect((await detail(people.otherStaff, shipped.code)).statusCode).toBe(404);
      expect((await list(people.otherStaff, `?centreId=${shipping}`)).statusCode).toBe(404);

      const all = await listOf(people.admin, '?pageSize=100');
      expect(codes(all)).toEqual(expect.arrayContaining([shipped.code, pickedUpElsewhere.code]));
      expect(codes(await listOf(people.admin, `?centreId=${other}&pageSize=100`))).toEqual([pickedUpElsewhere.code]);
      expect((await detail(people.admin, pickedUpElsewhere.code)).statusCode).toBe(200);

      expect((await list(null)).statusCode).toBe(401);
      expect((await list(people.customer)).statusCode).toBe(403);
      expect((await detail(people.customer, shipped.code)).statusCode).toBe(403);
      expect((await act(people.customer, shipped.code, { action: 'confirm', version: 0 })).statusCode).toBe(403);
      const unassigned = await list(people.unassigned);
      expect(unassigned.statusCode).toBe(403);
      expect(unassigned.json().code).toBe('NO_CENTRE');
    });

    it('counts per status, filters and finds by code, phone and a name typed without accents', async () => {
      const order = await place({ recipientName: 'Nguyễn Thị Hằng', phone: '0933 221 100' });
      const data = await listOf(people.staff, '?status=PLACED&pageSize=100');
      expect(data.items.every((item) => item.status === 'PLACED')).toBe(true);
      expect(data.counts.find((entry) => entry.status === 'PLACED')).toMatchObject({ label: 'Đã đặt hàng', count: data.total });
      expect((await listOf(people.staff, `?q=${order.code}`)).items.map((item) => item.code)).toEqual([order.code]);
      expect((await listOf(people.staff, '?q=0933221100')).items.map((item) => item.code)).toEqual([order.code]);
      expect((await listOf(people.staff, `?q=${encodeURIComponent('nguyen thi hang')}`)).items.map((item) => item.code)).toEqual([order.code]);
      expect((await listOf(people.staff, '?paymentMethod=VIETQR&q=0933221100')).items).toEqual([]);
      expect((await listOf(people.staff, '?fulfilment=delivery&q=0933221100')).items).toHaveLength(1);
      expect((await listOf(people.staff, '?from=2000-01-01&to=2000-01-02')).items).toEqual([]);
      const firstPage = await listOf(people.staff, '?pageSize=1');
      expect(firstPage).toMatchObject({ hasMore: true, total: firstPage.counts.reduce((sum, entry) => sum + entry.count, 0) });
    });

    it('finds by the start of a phone number, typed with +84 or spaces, up to the last digit', async () => {
      const nines = await place({ recipientName: 'Lê Văn Chín', phone: '0944 229 999' });
      const next = await place({ recipientName: 'Lê Văn Mười', phone: '0944 230 000' });
      const found = async (q: string) => (await listOf(people.staff, `?q=${encodeURIComponent(q)}&pageSize=100`)).items.map((item) => item.code);
      expect(await found('0944229')).toEqual([nines.code]);
      expect(await found('0944 229 999')).toEqual([nines.code]);
      expect(await found('+84944229999')).toEqual([nines.code]);
      expect(await found('0944230000')).toEqual([next.code]);
      expect(await found('094423')).toEqual([next.code]);
      expect(await found('09442')).toEqual(expect.arrayContaining([nines.code, next.code]));
    });
  });

  describe('the order machine', () => {
    it('confirms, packs, ships with a tracking link, delivers (COD paid) and completes; emails and the same timeline for the customer', async () => {
      const product = await createProduct(scratch.db, { price: 1_200_000, stock: 3 });
      const order = orderOf(await postOrder(service.app, people.customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], fulfilment: deliveryTo() }));
      const placed = await detailOf(people.staff, order.code);
      expect(placed.availableActions).toEqual(['confirm', 'cancel']);

      await step(people.staff, order.code, { action: 'confirm' });
      const packed = await step(people.staff, order.code, { action: 'pack' });
      expect(packed.availableActions).toEqual(['ship', 'cancel']);
      expect(packed.packingSlip.lines).toEqual([{ sku: expect.stringMatching(/^TEST-/), name: expect.any(String), quantity: 1 }]);
      const shipped = await step(people.manager, order.code, { action: 'ship', carrier: 'GHN', trackingCode: 'GHN123456VN' });
      expect(shipped.shipment).toMatchObject({ carrier: 'GHN', trackingCode: 'GHN123456VN', trackingUrl: 'https://donhang.ghn.vn/?order_code=GHN123456VN' });
      expect(shipped.availableActions).toEqual(['deliver']);
      const delivered = await step(people.staff, order.code, { action: 'deliver' });
      expect(delivered.order).toMatchObject({ status: 'DELIVERED', paymentStatus: 'PAID' });
      const completed = await step(people.staff, order.code, { action: 'complete' });
      expect(completed.order.status).toBe('COMPLETED');
      expect(completed.availableActions).toEqual([]);
      expect(completed.timeline.map((entry) => [entry.action, entry.status, entry.actor.kind])).toEqual([
        ['placed', 'PLACED', 'customer'],
        ['confirm', 'CONFIRMED', 'staff'],
        ['pack', 'PACKED', 'staff'],
        ['ship', 'SHIPPING', 'staff'],
        ['deliver', 'DELIVERED', 'staff'],
        ['complete', 'COMPLETED', 'staff'],
      ]);
      expect(completed.timeline[1]!.actor.name).toBe('Trần Thị Mua Hàng');

      // The order's own emails (the COD money's "Đã nhận thanh toán" is the payment's fact, told by the centre after the commit).
      expect((await subjects(people.customer, order.code)).filter((subject) => !subject.startsWith('Đã nhận thanh toán'))).toEqual([
        `Xác nhận đơn hàng ${order.code} – EV Service`,
        `Đơn hàng ${order.code}: Đã xác nhận – EV Service`,
        `Đơn hàng ${order.code}: Đang giao hàng – EV Service`,
        `Đơn hàng ${order.code}: Hoàn thành – EV Service`,
      ]);
      const shipEmail = await emailOutbox(scratch.db).select('text_body').where('subject', '=', `Đơn hàng ${order.code}: Đang giao hàng – EV Service`).executeTakeFirstOrThrow();
      expect(shipEmail.text_body).toContain('https://donhang.ghn.vn/?order_code=GHN123456VN');

      const mine = orderOf(await service.app.inject({ method: 'GET', url: `/api/orders/${order.code}`, headers: people.customer.headers }));
      expect(mine.shipment).toMatchObject({ carrierLabel: 'GHN (Giao Hàng Nhanh)', trackingUrl: 'https://donhang.ghn.vn/?order_code=GHN123456VN' });
      expect(mine.timeline!.map((entry) => entry.statusLabel)).toEqual(['Đã đặt hàng', 'Đã xác nhận', 'Đã đóng gói', 'Đang giao hàng', 'Đã giao hàng', 'Hoàn thành']);
      expect(mine.timeline!.every((entry) => entry.actor.name === null)).toBe(true);
    });

    it('hands a pick-up order over at its centre, with an email when it is ready', async () => {
      const order = await place({ fulfilment: pickupAt(shipping), paymentMethod: 'PAY_AT_PICKUP' });
      await step(people.staff, order.code, { action: 'confirm' });
      await step(people.staff, order.code, { action: 'pack' });
      const ready = await step(people.staff, order.code, { action: 'readyForPickup' });
      expect(ready.availableActions).toEqual(['handOver', 'cancel']);
      const handed = await step(people.staff, order.code, { action: 'handOver' });
      expect(handed.order).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
      expect(await subjects(people.customer, order.code)).toContain(`Đơn hàng ${order.code}: Sẵn sàng nhận tại cửa hàng – EV Service`);
    });

    it('answers a stale version and an action the status does not allow with a Vietnamese 409', async () => {
      const order = await place();
      const stale = await act(people.staff, order.code, { action: 'confirm', version: 7 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'WEB_ORDER_STALE', message: expect.stringContaining('vừa được người khác cập nhật (hiện: "Đã đặt hàng")') });
      const skipped = await act(people.staff, order.code, { action: 'ship', version: 0, carrier: 'GHTK' });
      expect(skipped.statusCode).toBe(409);
      expect(skipped.json()).toMatchObject({ code: 'WEB_ORDER_ACTION_NOT_ALLOWED', message: 'Không thể "Giao cho đơn vị vận chuyển" khi đơn hàng đang ở trạng thái "Đã đặt hàng".' });
      await step(people.staff, order.code, { action: 'confirm' });
      const twice = await act(people.staff, order.code, { action: 'confirm', version: 0 });
      expect(twice.statusCode).toBe(409);
    });

    it('cancels a paid order with a reason: stock back, "Cần hoàn tiền" with the amount, then the refund recorded', async () => {
      const product = await createProduct(scratch.db, { price: 800_000, stock: 0 });
      await stockCentre(scratch.db, shipping, product.id, 4);
      const order = orderOf(
        await postOrder(service.app, people.customer, { items: [{ kind: 'product', refId: product.id, quantity: 2 }], paymentMethod: 'VIETQR', fulfilment: pickupAt(shipping) }),
      );
      expect(await centreAvailable(scratch.db, shipping, product.id)).toBe(2);
      expect((await recordTransferFor(service.app, people.staff, order.code, order.total, service.clock.now())).json()).toMatchObject({ data: { outcome: 'MATCHED' } });
      await step(people.staff, order.code, { action: 'confirm' });
      const cancelled = await step(people.staff, order.code, { action: 'cancel', reason: 'Hàng lỗi từ nhà cung cấp' });
      expect(cancelled.order).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUND_DUE', paymentStatusLabel: 'Cần hoàn tiền' });
      expect(cancelled.payment.refundDue).toBe(order.total);
      expect(cancelled.availableActions).toEqual(['refund']);
      expect(await centreAvailable(scratch.db, shipping, product.id)).toBe(4);

      const tooMuch = await act(people.staff, order.code, { action: 'refund', version: cancelled.version, amount: order.total + 1, method: 'CASH' });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().errors[0].field).toBe('amount');
      const noReference = await act(people.staff, order.code, { action: 'refund', version: cancelled.version, amount: order.total, method: 'BANK_TRANSFER' });
      expect(noReference.json().errors[0]).toEqual({ field: 'reference', message: 'Vui lòng nhập mã giao dịch ngân hàng của khoản hoàn tiền.' });
      const refunded = await step(people.staff, order.code, { action: 'refund', amount: order.total, method: 'BANK_TRANSFER', reference: 'FT2611190001' });
      expect(refunded.order.paymentStatus).toBe('REFUNDED');
      expect(refunded.refund).toMatchObject({ amount: order.total, method: 'BANK_TRANSFER', reference: 'FT2611190001', by: 'Trần Thị Mua Hàng' });
      expect(refunded.availableActions).toEqual([]);
      const mail = await subjects(people.customer, order.code);
      expect(mail).toEqual(expect.arrayContaining([`Đơn hàng ${order.code} đã được hủy – EV Service`, `Đã hoàn tiền đơn hàng ${order.code} – EV Service`]));
    });

    it('keeps internal notes on the desk, never on the customer page', async () => {
      const order = await place();
      const response = await service.app.inject({ method: 'POST', url: `/api/staff/web-orders/${order.code}/notes`, headers: people.staff.headers, payload: { text: 'Khách dặn gọi trước 30 phút' } });
      expect(response.statusCode).toBe(200);
      expect((response.json() as { data: WebOrderDetail }).data.notes).toEqual([{ text: 'Khách dặn gọi trước 30 phút', author: 'Trần Thị Mua Hàng', at: expect.any(String) }]);
      const mine = orderOf(await service.app.inject({ method: 'GET', url: `/api/orders/${order.code}`, headers: people.customer.headers }));
      expect(JSON.stringify(mine)).not.toContain('gọi trước');
    });
  });

  describe('bad input', () => {
    it.each([
      ['/actions', { version: 0 }, 'action'],
      ['/actions', { action: 'confirm' }, 'version'],
      ['/actions', { action: 'ship', version: 0, carrier: 'DHL' }, 'carrier'],
      ['/actions', { action: 'ship', version: 0, carrier: 'GHN', trackingCode: 'mã <script>' }, 'trackingCode'],
      ['/actions', { action: 'cancel', version: 0, reason: 'x' }, 'reason'],
      ['/actions', { action: 'refund', version: 0, amount: -5, method: 'CASH' }, 'amount'],
      ['/notes', { text: '' }, 'text'],
    ])('POST %s %j: a Vietnamese 400 naming %s', async (path, payload, field) => {
      const order = await place();
      const response = await service.app.inject({ method: 'POST', url: `/api/staff/web-orders/${order.code}${path}`, headers: people.staff.headers, payload });
      expect(response.statusCode).toBe(400);
      const body = response.json() as { message: string; errors: Array<{ field: string; message: string }> };
      expect(body.errors.map((error) => error.field)).toContain(field);
      expect(body.message).toMatch(/[àáảãạăâđèéêìíòóôơùúưỳý]/i);
    });

    it.each([
      ['?status=LOST', 'status'],
      ['?pageSize=1000', 'pageSize'],
      ['?from=19-11-2026', 'from'],
      ['?from=2026-11-20&to=2026-11-19', 'from'],
      ['?q=' + 'x'.repeat(61), 'q'],
    ])('GET %s: a Vietnamese 400 naming %s', async (query, field) => {
      const response = await list(people.staff, query);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { errors: Array<{ field: string }> }).errors.map((error) => error.field)).toContain(field);
    });

    it('answers a malformed code 400 and an unknown one 404', async () => {
      expect((await detail(people.staff, 'nope')).statusCode).toBe(400);
      expect((await detail(people.staff, 'EV2611199999999')).statusCode).toBe(404);
    });
  });

  describe('live and concurrent', () => {
    it("tells the centre's desk when an order is placed and when it moves", async () => {
      const seen: FloorChangedEvent[] = [];
      const stop = service.events.subscribeCentre(shipping, (event) => seen.push(event));
      try {
        const order = await place();
        await step(people.staff, order.code, { action: 'confirm' });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(seen.filter((event) => event.kind === 'web-order').length).toBeGreaterThanOrEqual(2);
      } finally {
        stop();
      }
    });

    it("lets exactly one of a confirmation and the customer's cancellation win, ten times over", async () => {
      const orders = await Promise.all(Array.from({ length: 10 }, () => place()));
      const outcomes = await Promise.all(
        orders.map(async (order) => {
          const [confirm, cancel] = await Promise.all([
            act(people.staff, order.code, { action: 'confirm', version: 0 }),
            service.app.inject({ method: 'POST', url: `/api/orders/${order.code}/cancel`, headers: people.customer.headers, payload: { reason: 'Đổi ý', version: 0 } }),
          ]);
          return { code: order.code, confirm: confirm.statusCode, cancel: cancel.statusCode };
        }),
      );
      for (const outcome of outcomes) {
        expect([outcome.confirm, outcome.cancel].filter((status) => status === 200)).toHaveLength(1);
        const row = await scratch.db.selectFrom('orders').select(['status', 'version']).where('code', '=', outcome.code).executeTakeFirstOrThrow();
        expect(row.status).toBe(outcome.confirm === 200 ? 'CONFIRMED' : 'CANCELLED');
        expect(Number(row.version)).toBe(1);
        const events = await scratch.db
          .selectFrom('web_order_events')
          .innerJoin('orders', 'orders.id', 'web_order_events.order_id')
          .select('web_order_events.action')
          .where('orders.code', '=', outcome.code)
          .execute();
        expect(events.map((event) => event.action)).toEqual(['placed', outcome.confirm === 200 ? 'confirm' : 'cancel']);
      }
    });
  });
});
