import type { FloorChangedEvent, PaymentExceptionDetail, PaymentExceptionList } from 'shared-contracts/schemas';
import { setWarehouseStock } from '../../../../src/modules/stockLocations/onlineStock';
import { shippingCentreId } from '../../../../src/modules/orders/deskCentre';
import { expireUnpaidOrders } from '../../../../src/modules/orders/orderLifecycle';
import { createCentre, startServiceApp, type ServiceApp } from '../../../support/serviceTestKit';
import { createProduct, createUser, deliveryTo, orderOf, postOrder, stockOf, type TestUser } from '../../../support/shopTestKit';
import { testDatabases, useScratchDatabase } from '../../../support/testDatabases';
import { emailOutbox } from '../../../support/emailOutbox';

/**
 * The payments exceptions queue (issue 35 §3): a transfer that did not pay an order by itself waits for the desk
 * of the order it names (or, naming none, the desk that ships online orders); staff match it to an unpaid order of
 * the same total, refund it (a payment_refunds record) or dismiss it, each action audited and versioned.
 */
describe.each(testDatabases())('payments exceptions queue on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let service: ServiceApp;
  let shipping: number;
  let other: number;
  let sequence = 0;
  const people = {} as Record<'customer' | 'technician' | 'staff' | 'staff2' | 'manager' | 'otherStaff' | 'admin' | 'unassigned', TestUser>;

  const assign = (user: TestUser, centreId: number) =>
    scratch.db.insertInto('staff_assignments').values({ user_id: user.id, centre_id: centreId, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();

  beforeAll(async () => {
    shipping = await createCentre(scratch.db, { bays: 2 });
    other = await createCentre(scratch.db, { bays: 2 });
    service = await startServiceApp(scratch.db, { configOverrides: { shippingCentreId: shipping } });
    const app = service.app;
    for (const [name, role] of [
      ['customer', 'customer'],
      ['technician', 'technician'],
      ['staff', 'staff'],
      ['staff2', 'staff'],
      ['manager', 'manager'],
      ['otherStaff', 'staff'],
      ['admin', 'admin'],
      ['unassigned', 'staff'],
    ] as const) {
      people[name] = await createUser(app, scratch.db, { role });
    }
    for (const user of [people.staff, people.staff2, people.manager, people.technician]) await assign(user, shipping);
    await assign(people.otherStaff, other);
  });
  afterAll(() => service.close());

  /** An order straight in the database: VietQR, waiting for its transfer unless told otherwise. */
  async function insertOrder(options: { total: number; desk?: number; status?: string; paymentStatus?: string }) {
    sequence += 1;
    const code = `EV261119${String(900_000 + sequence + Math.floor(Math.random() * 1000) * 1000)}`;
    const row = await scratch.db
      .insertInto('orders')
      .values({
        code,
        user_id: people.customer.id,
        status: options.status ?? 'PENDING_PAYMENT',
        payment_method: 'VIETQR',
        payment_status: options.paymentStatus ?? 'UNPAID',
        subtotal: options.total,
        total: options.total,
        fulfilment_method: 'delivery',
        province: 'Hà Nội',
        ward: 'Phường Hoàn Kiếm',
        street: '1 Tràng Tiền',
        recipient_name: 'Trần Thị Mua Hàng',
        phone: '0912345678',
        idempotency_key: `pe-${code}`,
        request_hash: 'a'.repeat(64),
        desk_centre_id: options.desk ?? shipping,
        created_at: '2026-11-19T00:00:00.000Z',
        updated_at: '2026-11-19T00:00:00.000Z',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  }

  /** A transfer the webhooks recorded as an exception (or as matched). */
  async function insertTransfer(options: {
    amount: number;
    content?: string;
    orderId?: number | null;
    codeFound?: string | null;
    reason?: string | null;
    outcome?: 'MATCHED' | 'EXCEPTION';
    receivedAt?: string;
  }) {
    sequence += 1;
    return scratch.db
      .insertInto('payment_transactions')
      .values({
        provider: 'SEPAY',
        provider_ref: `sepay-${process.pid}-${sequence}-${Math.random()}`,
        order_id: options.orderId ?? null,
        order_code_found: options.codeFound ?? null,
        amount: options.amount,
        content: options.content ?? 'CK tien hang',
        bank_reference: `FT${sequence}`,
        transferred_at: options.receivedAt ?? '2026-11-19T00:30:00.000Z',
        received_at: options.receivedAt ?? '2026-11-19T00:30:05.000Z',
        raw_payload: JSON.stringify({ id: sequence, content: options.content ?? 'CK tien hang' }),
        outcome: options.outcome ?? 'EXCEPTION',
        exception_reason: options.outcome === 'MATCHED' ? null : (options.reason ?? 'UNKNOWN_CODE'),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const get = (user: TestUser | null, url: string) => service.app.inject({ method: 'GET', url, headers: user ? user.headers : {} });
  const post = (user: TestUser | null, url: string, payload: unknown) =>
    service.app.inject({ method: 'POST', url, headers: user ? user.headers : {}, payload: payload as Record<string, unknown> });
  const listOf = async (user: TestUser, query = ''): Promise<PaymentExceptionList> => {
    const response = await get(user, `/api/payment-exceptions${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: PaymentExceptionList }).data;
  };
  const detailOf = async (user: TestUser, id: number): Promise<PaymentExceptionDetail> => {
    const response = await get(user, `/api/payment-exceptions/${id}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: PaymentExceptionDetail }).data;
  };
  const orderRow = (id: number) => scratch.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('who may do what', () => {
    it('shows an unnamed transfer to the shipping desk and admin only; others 401/403/404 on every route', async () => {
      const transfer = await insertTransfer({ amount: 123_000, content: 'chuyen tien EV2611l9' });
      const routes: Array<[string, string, unknown]> = [
        ['GET', '/api/payment-exceptions', undefined],
        ['GET', `/api/payment-exceptions/${transfer.id}`, undefined],
        ['POST', `/api/payment-exceptions/${transfer.id}/match`, { orderCode: 'EV2611190000001', version: 1 }],
        ['POST', `/api/payment-exceptions/${transfer.id}/reinstate`, { version: 1 }],
        ['POST', `/api/payment-exceptions/${transfer.id}/refund`, { amount: 1000, method: 'CASH', reason: 'Khách chuyển nhầm', version: 1 }],
        ['POST', `/api/payment-exceptions/${transfer.id}/dismiss`, { note: 'Chuyển khoản nội bộ', version: 1 }],
        ['GET', '/api/reconciliation?from=2026-11-01&to=2026-11-30', undefined],
        ['GET', '/api/reconciliation.csv?from=2026-11-01&to=2026-11-30', undefined],
      ];
      const call = (user: TestUser | null, [method, url, body]: [string, string, unknown]) => (method === 'GET' ? get(user, url) : post(user, url, body));
      for (const route of routes) {
        expect([route[1], (await call(null, route)).statusCode]).toEqual([route[1], 401]);
        for (const user of [people.customer, people.technician]) expect([route[1], (await call(user, route)).statusCode]).toEqual([route[1], 403]);
      }
      for (const route of routes.slice(0, 6)) {
        const unassigned = await call(people.unassigned, route);
        expect([route[1], unassigned.statusCode, unassigned.json().code]).toEqual([route[1], 403, 'NO_CENTRE']);
      }
      for (const route of routes.slice(1, 6)) expect([route[1], (await call(people.otherStaff, route)).statusCode]).toEqual([route[1], 404]);
      for (const route of routes.slice(6)) {
        for (const user of [people.staff, people.manager]) expect([route[1], (await call(user, route)).statusCode]).toEqual([route[1], 403]);
        expect((await call(people.admin, route)).statusCode).toBe(200);
      }

      expect((await listOf(people.otherStaff)).items.map((item) => item.id)).not.toContain(transfer.id);
      for (const user of [people.staff, people.manager, people.admin]) {
        const item = (await listOf(user, '?page=1')).items.find((entry) => entry.id === transfer.id);
        expect(item).toMatchObject({ reason: 'UNKNOWN_CODE', reasonLabel: 'Không tìm thấy mã đơn', amount: 123_000, resolution: null, availableActions: ['match', 'refund', 'dismiss'] });
      }
    });

    it("puts a transfer naming another centre's order on that centre's desk only", async () => {
      const order = await insertOrder({ total: 310_000, desk: other, status: 'PLACED', paymentStatus: 'PAID' });
      const transfer = await insertTransfer({ amount: 310_000, orderId: order.id, codeFound: order.code, reason: 'ALREADY_PAID' });
      expect((await listOf(people.otherStaff)).items.find((item) => item.id === transfer.id)).toMatchObject({
        reasonLabel: 'Đơn đã thanh toán',
        order: { code: order.code, paymentStatus: 'PAID' },
        orderSuggested: false,
      });
      expect((await listOf(people.staff)).items.map((item) => item.id)).not.toContain(transfer.id);
      expect((await get(people.staff, `/api/payment-exceptions/${transfer.id}`)).statusCode).toBe(404);
      expect((await get(people.admin, `/api/payment-exceptions/${transfer.id}`)).statusCode).toBe(200);
    });
  });

  describe('match', () => {
    it('matches a typo-coded transfer to the order it suggests: the order is paid, the desk told, the action audited', async () => {
      const order = await insertOrder({ total: 1_234_567 });
      const transfer = await insertTransfer({ amount: 1_234_567, content: `Thanh toan don ${order.code.replace('EV', 'EW')}` });
      const before = await detailOf(people.staff, transfer.id);
      expect(before.order).toMatchObject({ code: order.code, total: 1_234_567 });
      expect(before.orderSuggested).toBe(true);
      expect(before.rawPayload).toContain('Thanh toan don');

      const seen: FloorChangedEvent[] = [];
      const stop = service.events.subscribeCentre(shipping, (event) => seen.push(event));
      try {
        const response = await post(people.staff, `/api/payment-exceptions/${transfer.id}/match`, { orderCode: ` ${order.code.toLowerCase()} `, version: before.version });
        expect(response.statusCode).toBe(200);
        const after = (response.json() as { data: PaymentExceptionDetail }).data;
        expect(after).toMatchObject({ resolution: 'MATCHED', resolutionLabel: 'Đã ghép vào đơn', resolvedBy: 'Trần Thị Mua Hàng', order: { code: order.code, paymentStatus: 'PAID' }, availableActions: [] });
        expect(after.events).toEqual([expect.objectContaining({ action: 'match', actionLabel: 'Ghép vào đơn', note: order.code })]);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(seen.map((event) => event.kind)).toEqual(expect.arrayContaining(['payment-exception', 'web-order']));
      } finally {
        stop();
      }

      const paid = await orderRow(order.id);
      expect(paid).toMatchObject({ status: 'PLACED', payment_status: 'PAID' });
      const payment = await scratch.db.selectFrom('web_order_events').selectAll().where('order_id', '=', order.id).where('action', '=', 'payment').execute();
      expect(payment).toEqual([expect.objectContaining({ amount: 1_234_567, reference: transfer.bank_reference, actor_kind: 'staff' })]);
      const audit = await scratch.db.selectFrom('payment_exception_events').selectAll().where('transaction_id', '=', transfer.id).executeTakeFirstOrThrow();
      expect(JSON.parse(audit.before_json)).toMatchObject({ resolution: null, orderId: null });
      expect(JSON.parse(audit.after_json)).toMatchObject({ resolution: 'MATCHED', orderId: order.id });
      const emails = await emailOutbox(scratch.db).select('subject').where('to_address', '=', people.customer.email).where('subject', 'like', `%${order.code}%`).execute();
      expect(emails.map((email) => email.subject)).toEqual([expect.stringContaining('Đã nhận thanh toán')]);

      expect((await listOf(people.staff)).items.map((item) => item.id)).not.toContain(transfer.id);
      expect((await listOf(people.staff, '?status=resolved')).items.map((item) => item.id)).toContain(transfer.id);
      const again = await post(people.staff, `/api/payment-exceptions/${transfer.id}/match`, { orderCode: order.code, version: after(before.version) });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('Đã ghép vào đơn');
    });

    it('refuses another amount (422 naming both), a paid or cancelled order (409), an unknown or out-of-scope order (404), a stale version (409)', async () => {
      const order = await insertOrder({ total: 500_000 });
      const transfer = await insertTransfer({ amount: 450_000, reason: 'PARTIAL', orderId: order.id, codeFound: order.code });
      const match = (user: TestUser, body: Record<string, unknown>) => post(user, `/api/payment-exceptions/${transfer.id}/match`, { version: 1, ...body });

      const mismatch = await match(people.staff, { orderCode: order.code });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json()).toMatchObject({ code: 'AMOUNT_MISMATCH', errors: [{ field: 'orderCode' }] });
      expect(mismatch.json().message).toMatch(/450\.000.*500\.000/);

      const paidOrder = await insertOrder({ total: 450_000, status: 'PLACED', paymentStatus: 'PAID' });
      expect((await match(people.staff, { orderCode: paidOrder.code })).json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE' });
      const cancelled = await insertOrder({ total: 450_000, status: 'CANCELLED' });
      expect((await match(people.staff, { orderCode: cancelled.code })).statusCode).toBe(409);
      const elsewhere = await insertOrder({ total: 450_000, desk: other });
      expect((await match(people.staff, { orderCode: elsewhere.code })).statusCode).toBe(404);
      expect((await match(people.staff, { orderCode: 'EV2611199999999' })).statusCode).toBe(404);
      const fitting = await insertOrder({ total: 450_000 });
      const stale = await match(people.staff, { orderCode: fitting.code, version: 7 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('PAYMENT_EXCEPTION_STALE');

      expect((await orderRow(fitting.id)).payment_status).toBe('UNPAID');
      expect((await orderRow(order.id)).payment_status).toBe('UNPAID');
      expect((await detailOf(people.staff, transfer.id)).resolution).toBeNull();
      // The right order at the right version: paid.
      expect((await match(people.manager, { orderCode: fitting.code })).statusCode).toBe(200);
      expect((await orderRow(fitting.id)).payment_status).toBe('PAID');
    });

    it('lets one of two staff matching the same transfer at once win, five times over; each order paid once', async () => {
      for (let round = 0; round < 5; round += 1) {
        const [first, second] = [await insertOrder({ total: 99_000 }), await insertOrder({ total: 99_000 })];
        const transfer = await insertTransfer({ amount: 99_000 });
        const [a, b] = await Promise.all([
          post(people.staff, `/api/payment-exceptions/${transfer.id}/match`, { orderCode: first.code, version: 1 }),
          post(people.staff2, `/api/payment-exceptions/${transfer.id}/match`, { orderCode: second.code, version: 1 }),
        ]);
        expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
        const paid = await scratch.db.selectFrom('orders').select('id').where('id', 'in', [first.id, second.id]).where('payment_status', '=', 'PAID').execute();
        expect(paid).toHaveLength(1);
        const events = await scratch.db.selectFrom('payment_exception_events').select('id').where('transaction_id', '=', transfer.id).execute();
        expect(events).toHaveLength(1);
      }
    });
  });

  describe('refund and dismiss', () => {
    it('records a refund (amount, method, reference, reason, who) and resolves the transfer; a larger amount or a transfer without reference is refused', async () => {
      const transfer = await insertTransfer({ amount: 200_000, reason: 'OVERPAID' });
      const refund = (body: Record<string, unknown>) =>
        post(people.manager, `/api/payment-exceptions/${transfer.id}/refund`, { method: 'BANK_TRANSFER', bankReference: 'FT-HOAN-1', reason: 'Khách chuyển nhầm', version: 1, ...body });
      const tooMuch = await refund({ amount: 200_001 });
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json()).toMatchObject({ code: 'REFUND_TOO_LARGE', errors: [{ field: 'amount' }] });
      expect(tooMuch.json().message).toContain('200.000');
      expect((await refund({ amount: 100_000, bankReference: '' })).json()).toMatchObject({ code: 'REFUND_REFERENCE_REQUIRED' });
      expect(await scratch.db.selectFrom('payment_refunds').select('id').where('transaction_id', '=', transfer.id).execute()).toEqual([]);

      const done = await refund({ amount: 200_000 });
      expect(done.statusCode).toBe(200);
      const detail = (done.json() as { data: PaymentExceptionDetail }).data;
      expect(detail).toMatchObject({ resolution: 'REFUNDED', resolutionNote: 'Khách chuyển nhầm' });
      expect(detail.refunds).toEqual([
        expect.objectContaining({ amount: 200_000, method: 'BANK_TRANSFER', methodLabel: 'Chuyển khoản ngân hàng', bankReference: 'FT-HOAN-1', reason: 'Khách chuyển nhầm' }),
      ]);
      const row = await scratch.db.selectFrom('payment_refunds').selectAll().where('transaction_id', '=', transfer.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ amount: 200_000, actor_id: people.manager.id, order_id: null });
      const dismiss = await post(people.staff, `/api/payment-exceptions/${transfer.id}/dismiss`, { note: 'Không phải khách', version: detail.version });
      expect(dismiss.statusCode).toBe(409);
    });

    it('dismisses a transfer that is not a customer payment, with its note; a cash refund needs no reference', async () => {
      const transfer = await insertTransfer({ amount: 5_000_000, content: 'Chuyen von noi bo' });
      const short = await post(people.staff, `/api/payment-exceptions/${transfer.id}/dismiss`, { note: 'ab', version: 1 });
      expect(short.statusCode).toBe(400);
      const dismissed = await post(people.staff, `/api/payment-exceptions/${transfer.id}/dismiss`, { note: 'Chuyển vốn nội bộ', version: 1 });
      expect(dismissed.statusCode).toBe(200);
      expect(dismissed.json().data).toMatchObject({ resolution: 'DISMISSED', resolutionLabel: 'Đã bỏ qua', resolutionNote: 'Chuyển vốn nội bộ' });

      const cash = await insertTransfer({ amount: 70_000 });
      const refunded = await post(people.staff, `/api/payment-exceptions/${cash.id}/refund`, { amount: 70_000, method: 'CASH', reason: 'Trả lại tại quầy', version: 1 });
      expect(refunded.statusCode).toBe(200);
    });

    it('answers bad input with a Vietnamese 4xx, never a 500', async () => {
      const transfer = await insertTransfer({ amount: 10_000 });
      const base = `/api/payment-exceptions/${transfer.id}`;
      const cases: Array<[string, unknown]> = [
        [`${base}/match`, {}],
        [`${base}/match`, { orderCode: 'x'.repeat(41), version: 1 }],
        [`${base}/match`, { orderCode: 'EV1', version: -1 }],
        [`${base}/match`, { orderCode: ['EV1'], version: '1' }],
        [`${base}/refund`, { amount: 0, method: 'CASH', reason: 'Khách chuyển nhầm', version: 1 }],
        [`${base}/refund`, { amount: 1.5, method: 'CASH', reason: 'Khách chuyển nhầm', version: 1 }],
        [`${base}/refund`, { amount: 99_999_999_999, method: 'CASH', reason: 'Khách chuyển nhầm', version: 1 }],
        [`${base}/refund`, { amount: 100, method: 'BITCOIN', reason: 'Khách chuyển nhầm', version: 1 }],
        [`${base}/refund`, { amount: 100, method: 'CASH', reason: 'x'.repeat(301), version: 1 }],
        [`${base}/refund`, { amount: 100, method: 'BANK_TRANSFER', bankReference: 'y'.repeat(101), reason: 'Khách chuyển nhầm', version: 1 }],
        [`${base}/dismiss`, { note: 'bad\u0000note', version: 1 }],
        [`${base}/reinstate`, { version: 'abc' }],
        ['/api/payment-exceptions/abc/dismiss', { note: 'Chuyển vốn nội bộ', version: 1 }],
        ['/api/payment-exceptions/99999999999/dismiss', { note: 'Chuyển vốn nội bộ', version: 1 }],
        ['/api/payment-exceptions/2147483647/dismiss', { note: 'Chuyển vốn nội bộ', version: 1 }],
      ];
      for (const [url, body] of cases) {
        const response = await post(people.staff, url, body);
        expect([url, response.statusCode >= 400 && response.statusCode < 500]).toEqual([url, true]);
        expect(response.json().message).toMatch(/[ạ-ỹđĐàáâãèéêìíòóôõùúýăơư]/i);
      }
      for (const query of ['?status=all', '?page=0', '?page=abc']) expect((await get(people.staff, `/api/payment-exceptions${query}`)).statusCode).toBe(400);
      expect((await detailOf(people.staff, transfer.id)).resolution).toBeNull();
    });
  });

  describe('the web-order desk refund', () => {
    it('is a payment_refunds record too', async () => {
      const order = await insertOrder({ total: 640_000, status: 'CANCELLED', paymentStatus: 'REFUND_DUE' });
      // The desk's answer shows the order's lines: one line, as every web order has.
      await scratch.db
        .insertInto('order_lines')
        .values({ order_id: order.id, kind: 'product', ref_id: 999_999, slug: 'ma-phanh', name: 'Má phanh trước', unit_price: 640_000, quantity: 1, line_total: 640_000 })
        .execute();
      const response = await post(people.staff, `/api/staff/web-orders/${order.code}/actions`, {
        action: 'refund',
        version: 0,
        amount: 640_000,
        method: 'BANK_TRANSFER',
        reference: 'FT-DESK-1',
      });
      expect(response.statusCode).toBe(200);
      const rows = await scratch.db.selectFrom('payment_refunds').selectAll().where('order_id', '=', order.id).execute();
      expect(rows).toEqual([expect.objectContaining({ amount: 640_000, method: 'BANK_TRANSFER', bank_reference: 'FT-DESK-1', transaction_id: null, actor_id: people.staff.id })]);
    });
  });
});

/** The version after one action. */
function after(version: number): number {
  return version + 1;
}

/**
 * Reinstating (issue 35 §3): a transfer for the whole total of an order the payment window cancelled brings the
 * order back, paid, with its stock reserved again at its location; not enough stock left is a 409 that says to
 * refund, and nothing changes.
 */
describe.each(testDatabases())('reinstating an expired order on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let staff: TestUser;
  let customer: TestUser;
  let sequence = 0;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    customer = await createUser(service.app, scratch.db);
    staff = await createUser(service.app, scratch.db, { role: 'staff' });
    const desk = await shippingCentreId(scratch.db, service.config);
    await scratch.db.insertInto('staff_assignments').values({ user_id: staff.id, centre_id: desk!, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: null }).execute();
  });
  afterAll(() => service.close());

  /** A VietQR order of two units, expired by the payment window (stock released), and its late transfer. */
  async function expiredOrderWithLateTransfer(amountOffset = 0) {
    const product = await createProduct(scratch.db, { price: 450_000, stock: 3 });
    const placed = await postOrder(service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 2 }], paymentMethod: 'VIETQR', fulfilment: deliveryTo() });
    expect(placed.statusCode).toBe(201);
    const order = orderOf(placed);
    expect(await stockOf(scratch.db, product.id)).toBe(1);
    const later = new Date(service.clock.now().getTime() + (service.config.vietQr.paymentHours + 1) * 3_600_000);
    expect(await expireUnpaidOrders({ db: scratch.db, clock: service.clock, config: service.config, events: service.events }, later)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(scratch.db, product.id)).toBe(3);
    const row = await scratch.db.selectFrom('orders').selectAll().where('code', '=', order.code).executeTakeFirstOrThrow();
    sequence += 1;
    const transfer = await scratch.db
      .insertInto('payment_transactions')
      .values({
        provider: 'SEPAY',
        provider_ref: `late-${process.pid}-${sequence}`,
        order_id: row.id,
        order_code_found: row.code,
        amount: Number(row.total) + amountOffset,
        content: `Thanh toan ${row.code}`,
        bank_reference: `FT-LATE-${sequence}`,
        transferred_at: later.toISOString(),
        received_at: later.toISOString(),
        raw_payload: '{}',
        outcome: 'EXCEPTION',
        exception_reason: 'ORDER_EXPIRED',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { product, row, transfer };
  }
  const reinstate = (id: number, version = 1) => service.app.inject({ method: 'POST', url: `/api/payment-exceptions/${id}/reinstate`, headers: staff.headers, payload: { version } });

  it('brings the order back to PLACED and PAID with its units reserved again', async () => {
    const { product, row, transfer } = await expiredOrderWithLateTransfer();
    const detail = await service.app.inject({ method: 'GET', url: `/api/payment-exceptions/${transfer.id}`, headers: staff.headers });
    expect(detail.json().data).toMatchObject({ reasonLabel: 'Đơn đã hết hạn', availableActions: ['match', 'reinstate', 'refund', 'dismiss'] });

    const response = await reinstate(transfer.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ resolution: 'REINSTATED', resolutionLabel: 'Đã khôi phục đơn', order: { code: row.code, status: 'PLACED', paymentStatus: 'PAID' } });
    const order = await scratch.db.selectFrom('orders').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'PLACED', payment_status: 'PAID', cancel_reason: null });
    expect(await stockOf(scratch.db, product.id)).toBe(1);
    expect((await reinstate(transfer.id, 2)).statusCode).toBe(409);
  });

  it("refuses with 409 'hãy hoàn tiền' when the units were sold meanwhile, changing nothing; then the transfer is refunded", async () => {
    const { product, row, transfer } = await expiredOrderWithLateTransfer();
    await setWarehouseStock(scratch.db, product.id, 1);
    const response = await reinstate(transfer.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'REINSTATE_OUT_OF_STOCK' });
    expect(response.json().message).toContain('Không đủ hàng để khôi phục đơn, hãy hoàn tiền');
    expect(await scratch.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual({ status: 'CANCELLED', payment_status: 'UNPAID' });
    expect(await stockOf(scratch.db, product.id)).toBe(1);
    const open = await service.app.inject({ method: 'GET', url: `/api/payment-exceptions/${transfer.id}`, headers: staff.headers });
    expect(open.json().data).toMatchObject({ resolution: null, version: 1 });

    const refund = await service.app.inject({
      method: 'POST',
      url: `/api/payment-exceptions/${transfer.id}/refund`,
      headers: staff.headers,
      payload: { amount: Number(row.total), method: 'BANK_TRANSFER', bankReference: 'FT-HOAN-9', reason: 'Hết hàng, hoàn tiền cho khách', version: 1 },
    });
    expect(refund.statusCode).toBe(200);
    expect(await scratch.db.selectFrom('payment_refunds').select(['order_id', 'amount']).where('transaction_id', '=', transfer.id).execute()).toEqual([{ order_id: row.id, amount: Number(row.total) }]);
  });

  it('refuses a late transfer of another amount (422) and an order a person cancelled (409)', async () => {
    const { transfer } = await expiredOrderWithLateTransfer(-1_000);
    expect((await reinstate(transfer.id)).statusCode).toBe(422);
    const product = await createProduct(scratch.db, { price: 300_000, stock: 2 });
    const order = orderOf(await postOrder(service.app, customer, { items: [{ kind: 'product', refId: product.id, quantity: 1 }], paymentMethod: 'VIETQR', fulfilment: deliveryTo() }));
    const cancelled = await service.app.inject({ method: 'POST', url: `/api/orders/${order.code}/cancel`, headers: customer.headers, payload: { reason: 'Đổi ý' } });
    expect(cancelled.statusCode).toBe(200);
    const row = await scratch.db.selectFrom('orders').selectAll().where('code', '=', order.code).executeTakeFirstOrThrow();
    const byCustomer = await scratch.db
      .insertInto('payment_transactions')
      .values({
        provider: 'SEPAY',
        provider_ref: `late-cancelled-${process.pid}`,
        order_id: row.id,
        order_code_found: row.code,
        amount: Number(row.total),
        content: row.code,
        bank_reference: null,
        transferred_at: '2026-11-19T03:00:00.000Z',
        received_at: '2026-11-19T03:00:00.000Z',
        raw_payload: '{}',
        outcome: 'EXCEPTION',
        exception_reason: 'ORDER_CANCELLED',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await reinstate(byCustomer.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PAYMENT_EXCEPTION_ACTION_NOT_ALLOWED');
  });
});
