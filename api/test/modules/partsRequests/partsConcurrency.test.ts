import type { PartsRequest } from 'shared-contracts/schemas';
import { memoryEventBus } from '../../../src/events/eventBus';
import type { PartsRequestContext } from '../../../src/modules/partsRequests/partsRequestContext';
import { expireAwaitingApprovals } from '../../../src/modules/partsRequests/partsRequestExpiry';
import { requestResponse, testDatabases, useParts } from '../../support/partsTestKit';

const silentLog = { warn: () => undefined, error: () => undefined };

/**
 * Concurrency rules 2, 3 and 4 of the spec (§4), each fired with ≥ 10 parallel requests through the API on
 * SQLite and PostgreSQL, with exact counts: the last unit reserved once whoever asks; issue against release of
 * one reservation won by one; the customer's answer against staff withdrawing and the expiry job won by one,
 * the same answer repeated recorded once.
 */
describe.each(testDatabases())('parts requests under concurrency on $label', (target) => {
  const parts = useParts(target);
  const floor = parts.floor;

  /** The expiry job as the server runs it (its bus is its own: nobody listens in these tests). */
  const jobContext = (): PartsRequestContext =>
    ({ db: floor.db, clock: floor.service.clock, events: memoryEventBus(), log: silentLog, publicUrl: 'http://localhost:3000', vietQr: floor.service.config.vietQr, booking: {} }) as unknown as PartsRequestContext;

  const countBy = (values: readonly unknown[]) => values.reduce<Record<string, number>>((counts, value) => ({ ...counts, [String(value)]: (counts[String(value)] ?? 0) + 1 }), {});

  async function approvedRequests(count: number, productId: number): Promise<PartsRequest[]> {
    const { order, technician } = await parts.startedOrder();
    const requests: PartsRequest[] = [];
    for (let index = 0; index < count; index += 1) {
      const request = await parts.requestPart(order.id, technician, productId, 1);
      // The shelf is empty: approved, not reserved (waitingParts).
      const approved = await parts.act(request.id, 'decision', { action: 'inScope' });
      requests.push(requestResponse.parse(approved.json()).data);
    }
    expect(requests.every((request) => request.status === 'APPROVED')).toBe(true);
    return requests;
  }

  async function putOnShelf(productId: number, onHand: number): Promise<void> {
    await floor.db.updateTable('centre_stock').set({ on_hand: onHand }).where('centre_id', '=', floor.centreA.id).where('product_id', '=', productId).execute();
  }

  it('rule 2: 12 reservations of the last unit on different requests → exactly one RESERVED, the rest 409 INSUFFICIENT_STOCK', async () => {
    const part = await parts.addPart();
    await parts.stock(part.id, 0);
    const requests = await approvedRequests(12, part.id);
    await putOnShelf(part.id, 1);

    const answers = await Promise.all(requests.map((request) => floor.request(floor.users.staff, 'POST', `/api/staff/parts-requests/${request.id}/reserve`, { version: request.version })));
    expect(countBy(answers.map((answer) => answer.statusCode))).toEqual({ 200: 1, 409: 11 });
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', message: `Không đủ tồn kho: còn 0 ${part.name}.`, data: { available: 0 } });
    }
    const statuses = await floor.db.selectFrom('parts_requests').select('status').where('id', 'in', requests.map((request) => request.id)).execute();
    expect(countBy(statuses.map((row) => row.status))).toEqual({ RESERVED: 1, APPROVED: 11 });
    expect(await parts.figures(part.id)).toEqual({ onHand: 1, reserved: 1 });
  });

  it('rule 2: 3 units and 12 reservations at once (staff, manager, automatic approvals) → exactly 3 reserved, reserved ≤ on hand', async () => {
    const part = await parts.addPart();
    await parts.stock(part.id, 0);
    const requests = await approvedRequests(8, part.id);
    // Four more waiting for the customer's phone yes, which reserves at once.
    const { order, technician } = await parts.startedOrder();
    const awaiting: PartsRequest[] = [];
    for (let index = 0; index < 4; index += 1) {
      const request = await parts.requestPart(order.id, technician, part.id, 1);
      awaiting.push(requestResponse.parse((await parts.act(request.id, 'decision', { action: 'sendToCustomer' })).json()).data);
    }
    await putOnShelf(part.id, 3);

    const answers = await Promise.all([
      ...requests.map((request, index) =>
        floor.request(index % 2 === 0 ? floor.users.staff : floor.users.manager, 'POST', `/api/staff/parts-requests/${request.id}/reserve`, { version: request.version }),
      ),
      ...awaiting.map((request) =>
        floor.request(floor.users.staff, 'POST', `/api/staff/parts-requests/${request.id}/customer-decision`, { decision: 'approve', note: 'Khách đồng ý qua điện thoại.', version: request.version }),
      ),
    ]);
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
    const ids = [...requests, ...awaiting].map((request) => request.id);
    const statuses = await floor.db.selectFrom('parts_requests').select('status').where('id', 'in', ids).execute();
    expect(statuses.filter((row) => row.status === 'RESERVED')).toHaveLength(3);
    // An explicit reserve answers 200 exactly when it reserved, else 409 INSUFFICIENT_STOCK.
    const explicit = answers.slice(0, 8);
    for (const answer of explicit.filter((candidate) => candidate.statusCode === 409)) expect(answer.json().code).toBe('INSUFFICIENT_STOCK');
    // Every phone yes is recorded (an approval stands even with an empty shelf), and says whether it reserved.
    const phone = answers.slice(8).map((answer) => requestResponse.parse(answer.json()).data);
    expect(answers.slice(8).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(phone.every((request) => request.customerDecision?.via === 'staff_phone')).toBe(true);
    const reservedByPhone = phone.filter((request) => request.status === 'RESERVED').length;
    expect(explicit.filter((answer) => answer.statusCode === 200).length + reservedByPhone).toBe(3);
    expect(phone.filter((request) => request.status === 'APPROVED')).toHaveLength(4 - reservedByPhone);
    const stock = await parts.figures(part.id);
    expect(stock).toEqual({ onHand: 3, reserved: 3 });
  });

  it('rule 2: the same request reserved by 10 clicks at once is reserved once', async () => {
    const part = await parts.addPart();
    await parts.stock(part.id, 0);
    const [request] = await approvedRequests(1, part.id);
    await putOnShelf(part.id, 10);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => floor.request(floor.users.staff, 'POST', `/api/staff/parts-requests/${request!.id}/reserve`, { version: request!.version })),
    );
    expect(countBy(answers.map((answer) => answer.statusCode))).toEqual({ 200: 1, 409: 9 });
    expect(await parts.figures(part.id)).toEqual({ onHand: 10, reserved: 1 });
    const history = await floor.db.selectFrom('parts_request_history').select('action').where('parts_request_id', '=', request!.id).where('action', '=', 'reserve').execute();
    expect(history).toHaveLength(1);
  });

  it('rule 3: 5 issues and 5 releases of one reservation at once → one wins, the other 9 get 409 with the status it left', async () => {
    for (let round = 0; round < 2; round += 1) {
      const { request, part } = await parts.requestIn('RESERVED', { quantity: 2, stock: 4 });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          floor.request(index % 2 === round ? floor.users.staff : floor.users.manager, 'POST', `/api/staff/parts-requests/${request.id}/${index % 2 === 0 ? 'issue' : 'release'}`, {
            version: request.version,
          }),
        ),
      );
      expect(countBy(answers.map((answer) => answer.statusCode))).toEqual({ 200: 1, 409: 9 });
      const winner = requestResponse.parse(answers.find((answer) => answer.statusCode === 200)!.json()).data;
      for (const loser of answers.filter((answer) => answer.statusCode === 409)) {
        expect(loser.json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', data: { status: winner.status, statusLabel: winner.statusLabel } });
      }
      const lines = await floor.db.selectFrom('service_order_lines').select(['quantity', 'line_total']).where('parts_request_id', '=', request.id).execute();
      if (winner.status === 'ISSUED') {
        expect(await parts.figures(part.id)).toEqual({ onHand: 2, reserved: 0 });
        expect(lines).toEqual([{ quantity: 2, line_total: 2 * part.price }]);
      } else {
        expect(winner.status).toBe('RELEASED');
        expect(await parts.figures(part.id)).toEqual({ onHand: 4, reserved: 0 });
        expect(lines).toEqual([]);
      }
      const movements = await floor.db.selectFrom('stock_movements').select('kind').where('parts_request_id', '=', request.id).execute();
      expect(movements.map((movement) => movement.kind)).toEqual(winner.status === 'ISSUED' ? ['ISSUE'] : []);
    }
  });

  it('rule 4: the customer approving 10 times at once is recorded once (all 200); the opposite afterwards is 409 DECISION_ALREADY_RECORDED', async () => {
    const { request, part } = await parts.requestIn('AWAITING_CUSTOMER', { stock: 3 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => floor.request(floor.users.customer, 'POST', `/api/me/approvals/${request.id}`, { decision: 'approve' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(countBy(answers.map((answer) => answer.json().message))).toEqual({
      'Đã ghi nhận: bạn đồng ý thay phụ tùng.': 1,
      'Quyết định của bạn đã được ghi nhận trước đó.': 9,
    });
    const history = await floor.db.selectFrom('parts_request_history').select('action').where('parts_request_id', '=', request.id).orderBy('id').execute();
    expect(history.map((entry) => entry.action)).toEqual(['request', 'sendToCustomer', 'customerApprove', 'reserve']);
    expect(await parts.figures(part.id)).toEqual({ onHand: 3, reserved: 1 });

    const opposite = await floor.request(floor.users.customer, 'POST', `/api/me/approvals/${request.id}`, { decision: 'decline' });
    expect(opposite.statusCode).toBe(409);
    expect(opposite.json().code).toBe('DECISION_ALREADY_RECORDED');
    expect(await parts.row(request.id)).toMatchObject({ status: 'RESERVED', customer_decision: 'approve' });
  });

  it('rule 4: declines and approvals at once from two tabs → one decision, the others 200 unchanged (same) or 409 (opposite)', async () => {
    const { request } = await parts.requestIn('AWAITING_CUSTOMER', { stock: 3 });
    const decisions = Array.from({ length: 12 }, (_, index) => (index % 3 === 0 ? 'decline' : 'approve'));
    const answers = await Promise.all(decisions.map((decision) => floor.request(floor.users.customer, 'POST', `/api/me/approvals/${request.id}`, { decision })));
    const recorded = (await parts.row(request.id)).customer_decision!;
    answers.forEach((answer, index) => {
      if (decisions[index] === recorded) expect(answer.statusCode).toBe(200);
      else expect([answer.statusCode, answer.json().code]).toEqual([409, 'DECISION_ALREADY_RECORDED']);
    });
    const decided = await floor.db
      .selectFrom('parts_request_history')
      .select('action')
      .where('parts_request_id', '=', request.id)
      .where('action', 'in', ['customerApprove', 'customerDecline'])
      .execute();
    expect(decided).toHaveLength(1);
  });

  it('rule 4: the customer approving while staff withdraw (12 at once, before the deadline) → exactly one of them wins', async () => {
    for (let round = 0; round < 2; round += 1) {
      const { request } = await parts.requestIn('AWAITING_CUSTOMER', { stock: 3 });
      const calls = Array.from({ length: 12 }, (_, index) =>
        (index + round) % 2 === 0
          ? floor.request(floor.users.customer, 'POST', `/api/me/approvals/${request.id}`, { decision: 'approve' })
          : floor.request(floor.users.staff, 'POST', `/api/staff/parts-requests/${request.id}/withdraw`, { version: request.version }),
      );
      const [answers, expired] = await Promise.all([Promise.all(calls), expireAwaitingApprovals(jobContext(), floor.service.clock.now())]);
      expect(expired).toBe(0);
      const customer = answers.filter((_, index) => (index + round) % 2 === 0);
      const staff = answers.filter((_, index) => (index + round) % 2 === 1);
      const row = await parts.row(request.id);
      if (row.status === 'WITHDRAWN') {
        expect(countBy(staff.map((answer) => answer.statusCode))).toEqual({ 200: 1, 409: 5 });
        expect(customer.map((answer) => [answer.statusCode, answer.json().code])).toEqual(Array(6).fill([409, 'INVALID_STATUS_TRANSITION']));
        expect(row.customer_decision).toBeNull();
      } else {
        expect(row).toMatchObject({ status: 'RESERVED', customer_decision: 'approve' });
        expect(customer.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
        expect(staff.map((answer) => answer.statusCode)).toEqual(Array(6).fill(409));
      }
      const moves = await floor.db
        .selectFrom('parts_request_history')
        .select('action')
        .where('parts_request_id', '=', request.id)
        .where('action', 'in', ['customerApprove', 'withdraw', 'expire'])
        .execute();
      expect(moves).toHaveLength(1);
    }
  });

  it('rule 4: at the deadline the expiry job and the customer race → the job withdraws once, the customer gets 409 APPROVAL_EXPIRED', async () => {
    const { request } = await parts.requestIn('AWAITING_CUSTOMER', { stock: 3 });
    const row = await parts.row(request.id);
    floor.service.clock.set(new Date(new Date(row.expires_at!).getTime()));
    try {
      const [answers, runs] = await Promise.all([
        Promise.all(Array.from({ length: 10 }, () => floor.request(floor.users.customer, 'POST', `/api/me/approvals/${request.id}`, { decision: 'approve' }))),
        Promise.all(Array.from({ length: 3 }, () => expireAwaitingApprovals(jobContext(), floor.service.clock.now()))),
      ]);
      expect(answers.map((answer) => [answer.statusCode, answer.json().code, answer.json().message])).toEqual(
        Array(10).fill([409, 'APPROVAL_EXPIRED', 'Yêu cầu đã hết hạn, vui lòng liên hệ trung tâm.']),
      );
      expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
      expect(await parts.row(request.id)).toMatchObject({ status: 'WITHDRAWN', customer_decision: null });
      const expiredEntries = await floor.db.selectFrom('parts_request_history').select('action').where('parts_request_id', '=', request.id).where('action', '=', 'expire').execute();
      expect(expiredEntries).toHaveLength(1);
    } finally {
      floor.service.clock.set(new Date('2026-11-19T01:00:00.000Z'));
    }
  });
});
