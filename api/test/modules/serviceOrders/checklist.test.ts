import { CHECKLIST_FAIL_NOTE_MESSAGE, envelopeSchema, floorChangedEventSchema, serviceOrderChecklistItemSchema, type ServiceOrderDetail } from 'shared-contracts/schemas';
import { listen, openEventStream } from '../../support/sseClient';
import { productionDatabase, useFloor, type FloorRole } from '../../support/floorTestKit';

const itemResponse = envelopeSchema(serviceOrderChecklistItemSchema);

/**
 * PUT /api/service-orders/:id/checklist/:itemId: the assigned technician answers one item at a time while the order
 * is IN_PROGRESS (FAIL needs a reason of ≥ 5 characters, a note ≤ 300), editable back to another answer; everyone
 * else is refused (another technician 403 NOT_ASSIGNED, another centre 404, other roles 403), and nothing is
 * written by a refused answer.
 */
describe.each(productionDatabase())('checklist answers on $label', (target) => {
  const floor = useFloor(target);
  let order: ServiceOrderDetail;

  beforeAll(async () => {
    order = await floor.startedOrder({ serviceSlugs: ['bao-duong-nang-cao'] });
  });

  const url = (orderId: number, itemId: number) => `/api/service-orders/${orderId}/checklist/${itemId}`;
  const itemRow = (itemId: number) =>
    floor.db.selectFrom('service_order_checklist_items').select(['result', 'note', 'checked_by', 'checked_at']).where('id', '=', itemId).executeTakeFirstOrThrow();

  it('starts with the booked services’ items, none answered', () => {
    expect(order.status).toBe('IN_PROGRESS');
    expect(order.checklistItems.length).toBeGreaterThan(3);
    expect(order.checklistItems.every((item) => item.result === null)).toBe(true);
  });

  it('records PASS, FAIL with its reason and NA; an answer can be changed and cleared again', async () => {
    const [first, second, third] = order.checklistItems;
    const technician = floor.users.technician;

    const pass = await floor.request(technician, 'PUT', url(order.id, first!.id), { result: 'PASS' });
    expect(pass.statusCode).toBe(200);
    expect(itemResponse.parse(pass.json()).data).toEqual({
      id: first!.id,
      code: first!.code,
      label: first!.label,
      result: 'PASS',
      note: null,
      checkedAt: floor.service.clock.now().toISOString(),
      photos: [],
    });

    const fail = await floor.request(technician, 'PUT', url(order.id, second!.id), { result: 'FAIL', note: '  Má phanh mòn còn 1,5 mm  ' });
    expect(fail.statusCode).toBe(200);
    expect(itemResponse.parse(fail.json()).data).toMatchObject({ result: 'FAIL', note: 'Má phanh mòn còn 1,5 mm' });

    const na = await floor.request(technician, 'PUT', url(order.id, third!.id), { result: 'NA', note: null });
    expect(na.statusCode).toBe(200);

    // Back to another value, then to unanswered.
    const changed = await floor.request(technician, 'PUT', url(order.id, second!.id), { result: 'PASS' });
    expect(itemResponse.parse(changed.json()).data).toMatchObject({ result: 'PASS', note: null });
    const cleared = await floor.request(technician, 'PUT', url(order.id, third!.id), { result: null });
    expect(itemResponse.parse(cleared.json()).data).toMatchObject({ result: null, note: null, checkedAt: null });

    expect(await itemRow(first!.id)).toMatchObject({ result: 'PASS', checked_by: technician.id });
    expect(await itemRow(second!.id)).toMatchObject({ result: 'PASS', note: null });
    expect(await itemRow(third!.id)).toMatchObject({ result: null, checked_by: null, checked_at: null });

    // The board's card counts the answers; the order's version is not bumped by an answer.
    const detail = await floor.detail(order.id);
    expect(detail.checklist).toEqual({ answered: 2, total: order.checklistItems.length });
    expect(detail.version).toBe(order.version);
  });

  it('keeps the board’s answered count right after every answer, though the board is kept ready between changes', async () => {
    const technician = floor.users.technician2;
    const started = await floor.startedOrder({ serviceSlugs: ['bao-duong-co-ban'], technician });
    const [first, second] = started.checklistItems;
    const boardCount = async () => {
      const response = await floor.request(floor.users.staff, 'GET', '/api/service-orders/board');
      expect(response.statusCode).toBe(200);
      const card = (response.json().data.orders as Array<{ id: number; checklist: { answered: number } }>).find((entry) => entry.id === started.id)!;
      return card.checklist.answered;
    };
    expect(await boardCount()).toBe(0);
    await floor.request(technician, 'PUT', url(started.id, first!.id), { result: 'PASS' });
    expect(await boardCount()).toBe(1);
    await floor.request(technician, 'PUT', url(started.id, second!.id), { result: 'NA' });
    await floor.request(technician, 'PUT', url(started.id, first!.id), { result: 'FAIL', note: 'Lốp mòn không đều' });
    expect(await boardCount()).toBe(2);
    await floor.request(technician, 'PUT', url(started.id, second!.id), { result: null });
    expect(await boardCount()).toBe(1);
  });

  it('refuses a FAIL without a reason, a short reason, a note over 300 characters and an unknown result (422, nothing written)', async () => {
    const item = order.checklistItems[4]!;
    const technician = floor.users.technician;
    const cases: Array<[unknown, string]> = [
      [{ result: 'FAIL' }, CHECKLIST_FAIL_NOTE_MESSAGE],
      [{ result: 'FAIL', note: '   ' }, CHECKLIST_FAIL_NOTE_MESSAGE],
      [{ result: 'FAIL', note: 'mòn' }, CHECKLIST_FAIL_NOTE_MESSAGE],
      [{ result: 'PASS', note: 'x'.repeat(301) }, 'Ghi chú tối đa 300 ký tự.'],
      [{ result: 'FAIL', note: 'x'.repeat(301) }, 'Ghi chú tối đa 300 ký tự.'],
    ];
    for (const [body, message] of cases) {
      const response = await floor.request(technician, 'PUT', url(order.id, item.id), body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
      expect(response.json().errors).toEqual(expect.arrayContaining([{ field: 'note', message }]));
    }
    for (const body of [{}, { result: 'OK' }, { result: 1 }, { note: 'Không có kết quả' }]) {
      const response = await floor.request(technician, 'PUT', url(order.id, item.id), body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.json().errors[0].field).toBe('result');
    }
    expect(await itemRow(item.id)).toEqual({ result: null, note: null, checked_by: null, checked_at: null });
  });

  it('answers only the assigned technician of the centre: route × role × centre', async () => {
    const item = order.checklistItems[5]!;
    const expected: Array<[FloorRole | null, number, string]> = [
      [null, 401, 'UNAUTHENTICATED'],
      ['customer', 403, 'FORBIDDEN'],
      ['staff', 403, 'FORBIDDEN'],
      ['manager', 403, 'FORBIDDEN'],
      ['admin', 403, 'FORBIDDEN'],
      ['technician2', 403, 'NOT_ASSIGNED'],
      ['technicianB', 404, 'NOT_FOUND'],
      ['staffB', 403, 'FORBIDDEN'],
      ['technician', 200, ''],
    ];
    for (const [role, status, code] of expected) {
      const response = await floor.request(role ? floor.users[role] : null, 'PUT', url(order.id, item.id), { result: 'NA' });
      expect({ role, status: response.statusCode }).toEqual({ role, status });
      if (code) expect({ role, code: response.json().code }).toEqual({ role, code });
    }
  });

  it('answers 404 for an item of another order or an order that does not exist', async () => {
    // One running clock per technician: another order is started by another technician.
    const other = await floor.startedOrder({ time: '10:00', technician: await floor.addMember('technician') });
    const technician = floor.users.technician;
    const foreign = await floor.request(technician, 'PUT', url(order.id, other.checklistItems[0]!.id), { result: 'PASS' });
    expect(foreign.statusCode).toBe(404);
    expect((await itemRow(other.checklistItems[0]!.id)).result).toBeNull();
    const missing = await floor.request(technician, 'PUT', url(999_999, order.checklistItems[0]!.id), { result: 'PASS' });
    expect(missing.statusCode).toBe(404);
    const badId = await floor.request(technician, 'PUT', `/api/service-orders/abc/checklist/${order.checklistItems[0]!.id}`, { result: 'PASS' });
    expect(badId.statusCode).toBe(400);
  });

  it('is locked unless the order is IN_PROGRESS (409 CHECKLIST_LOCKED)', async () => {
    const technician = floor.users.technician;
    const opened = await floor.openOrder({ time: '11:00', checkIn: { technicianId: technician.id } });
    const early = await floor.request(technician, 'PUT', url(opened.id, opened.checklistItems[0]!.id), { result: 'PASS' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('CHECKLIST_LOCKED');

    const finisher = await floor.addMember('technician');
    const finished = await floor.finishedOrder({ time: '12:00', technician: finisher });
    const late = await floor.request(finisher, 'PUT', url(finished.id, finished.checklistItems[0]!.id), { result: 'FAIL', note: 'Phát hiện sau khi xong' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('CHECKLIST_LOCKED');
    expect((await itemRow(finished.checklistItems[0]!.id)).result).toBe('PASS');
  });

  it('tells the centre’s floor stream that the order changed', async () => {
    const baseUrl = await listen(floor.app);
    const token = (await floor.headers(floor.users.staff)).authorization.slice('Bearer '.length);
    const stream = await openEventStream(baseUrl, token, '/api/staff/events');
    try {
      const item = order.checklistItems[6]!;
      const response = await floor.request(floor.users.technician, 'PUT', url(order.id, item.id), { result: 'PASS' });
      expect(response.statusCode).toBe(200);
      const event = floorChangedEventSchema.parse(JSON.parse((await stream.next(2_000)).data));
      expect(event).toMatchObject({ centreId: floor.centreA.id, serviceOrderId: order.id });
    } finally {
      stream.close();
    }
  });
});
