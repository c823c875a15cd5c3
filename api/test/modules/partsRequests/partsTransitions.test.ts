import {
  availablePartsRequestActions,
  PARTS_REQUEST_STATUS_LABELS,
  PARTS_REQUEST_STATUSES,
  PARTS_REQUEST_TRANSITIONS,
  type PartsRequestAction,
  type PartsRequestStatus,
} from 'shared-contracts/schemas';
import { requestResponse, productionDatabase, useParts } from '../../support/partsTestKit';

/** The desk's actions and how each is asked of the API. */
const DESK_ACTIONS: Record<string, { route: 'decision' | 'customer-decision' | 'withdraw' | 'reserve' | 'issue' | 'return' | 'release'; body: Record<string, unknown> }> = {
  reject: { route: 'decision', body: { action: 'reject', reason: 'Không cần thay lúc này.' } },
  inScope: { route: 'decision', body: { action: 'inScope' } },
  sendToCustomer: { route: 'decision', body: { action: 'sendToCustomer' } },
  recordApprove: { route: 'customer-decision', body: { decision: 'approve', note: 'Khách đồng ý qua điện thoại.' } },
  recordDecline: { route: 'customer-decision', body: { decision: 'decline', note: 'Khách từ chối qua điện thoại.' } },
  withdraw: { route: 'withdraw', body: {} },
  reserve: { route: 'reserve', body: {} },
  issue: { route: 'issue', body: {} },
  return: { route: 'return', body: { quantity: 1 } },
  release: { route: 'release', body: {} },
};

/** Where an allowed desk action leaves a request (the shelf has stock, so approvals reserve at once). */
const LANDS: Partial<Record<PartsRequestAction, PartsRequestStatus>> = {
  reject: 'REJECTED',
  inScope: 'RESERVED',
  sendToCustomer: 'AWAITING_CUSTOMER',
  recordApprove: 'RESERVED',
  recordDecline: 'DECLINED',
  withdraw: 'WITHDRAWN',
  issue: 'ISSUED',
  return: 'ISSUED',
  release: 'RELEASED',
};

/**
 * The parts request machine through the API (spec §2): from every status, every desk action the machine allows
 * lands where it says (with its side effects), and every other one answers 409 INVALID_STATUS_TRANSITION in the
 * house's words with the current status in data, leaving the request as it was; the actions the detail offers
 * staff are exactly the allowed ones.
 */
describe.each(productionDatabase())('the parts request machine on $label', (target) => {
  const parts = useParts(target);

  it('matches the shared machine: the desk is offered exactly what the API accepts', () => {
    for (const status of PARTS_REQUEST_STATUSES) {
      const offered = availablePartsRequestActions(status, 'staff');
      const allowed = (Object.keys(DESK_ACTIONS) as PartsRequestAction[]).filter((action) => PARTS_REQUEST_TRANSITIONS[action].from.includes(status));
      expect(offered.sort()).toEqual(allowed.sort());
      expect(availablePartsRequestActions(status, 'technician')).toEqual([]);
      expect(availablePartsRequestActions(status, 'admin')).toEqual([]);
    }
    expect(availablePartsRequestActions('AWAITING_CUSTOMER', 'customer').sort()).toEqual(['customerApprove', 'customerDecline']);
    expect(availablePartsRequestActions('ISSUED', 'staff', { returnable: 0 })).toEqual([]);
  });

  for (const status of PARTS_REQUEST_STATUSES) {
    const allowed = (Object.keys(DESK_ACTIONS) as PartsRequestAction[]).filter((action) => PARTS_REQUEST_TRANSITIONS[action].from.includes(status));
    const refused = (Object.keys(DESK_ACTIONS) as PartsRequestAction[]).filter((action) => !allowed.includes(action));

    it(`refuses from ${status}: ${refused.join(', ')}`, async () => {
      const { request, technician } = await parts.requestIn(status, { quantity: 2 });
      // What the desk is offered (the technician, whose request it is, is offered nothing).
      const seen = async (user = parts.floor.users.staff) => requestResponse.parse((await parts.floor.request(user, 'GET', `/api/parts-requests/${request.id}`)).json()).data;
      expect((await seen()).availableActions.sort()).toEqual(availablePartsRequestActions(status, 'staff', { returnable: request.issuedQty - request.returnedQty }).sort());
      expect((await seen(technician)).availableActions).toEqual([]);
      const before = await parts.row(request.id);
      for (const action of refused) {
        const { route, body } = DESK_ACTIONS[action]!;
        const response = await parts.act(request.id, route, body);
        expect({ action, status: response.statusCode, code: response.json().code }).toEqual({ action, status: 409, code: 'INVALID_STATUS_TRANSITION' });
        expect(response.json().data).toMatchObject({ status, statusLabel: PARTS_REQUEST_STATUS_LABELS[status], version: before.version });
        expect(response.json().message).toMatch(new RegExp(`^Không thể .*"${PARTS_REQUEST_STATUS_LABELS[status]}"`));
      }
      expect(await parts.row(request.id)).toEqual(before);
    });

    for (const action of allowed) {
      it(`allows ${action} from ${status}`, async () => {
        const { request, part } = await parts.requestIn(status, { quantity: 2 });
        if (action === 'reserve') {
          // APPROVED with an empty shelf: refused with the count, and still APPROVED; with stock, reserved.
          const short = await parts.act(request.id, 'reserve');
          expect(short.statusCode).toBe(409);
          expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', message: `Không đủ tồn kho: còn 0 ${part.name}.`, data: { available: 0 } });
          expect((await parts.row(request.id)).status).toBe('APPROVED');
          await parts.floor.db.updateTable('centre_stock').set({ on_hand: 3 }).where('product_id', '=', part.id).execute();
          const reserved = await parts.act(request.id, 'reserve');
          expect(reserved.statusCode).toBe(200);
          expect(requestResponse.parse(reserved.json()).data).toMatchObject({ status: 'RESERVED', availability: { onHand: 3, reserved: 2, available: 1 } });
          return;
        }
        const { route, body } = DESK_ACTIONS[action]!;
        const response = await parts.act(request.id, route, body);
        expect(response.statusCode).toBe(200);
        const after = requestResponse.parse(response.json()).data;
        expect(after.status).toBe(LANDS[action]);
        expect(after.version).toBeGreaterThan(request.version);
        expect(after.history.at(-1)).toMatchObject({ toStatus: LANDS[action], by: 'Trần Nhân Viên' });
        if (action === 'return') expect(after).toMatchObject({ issuedQty: 2, returnedQty: 1, availability: { onHand: 4, reserved: 0 } });
        if (action === 'issue') expect(after).toMatchObject({ issuedQty: 2, availability: { onHand: 3, reserved: 0, available: 3 } });
        if (action === 'release') expect(after.availability).toMatchObject({ onHand: 5, reserved: 0 });
        if (action === 'sendToCustomer') expect(after.expiresAt).toBe(new Date(parts.floor.service.clock.now().getTime() + 24 * 3_600_000).toISOString());
        if (action === 'recordApprove' || action === 'recordDecline') {
          expect(after.customerDecision).toMatchObject({ via: 'staff_phone', decision: action === 'recordApprove' ? 'approve' : 'decline', note: DESK_ACTIONS[action]!.body.note });
        }
      });
    }
  }

  it('returns at most what was issued and not returned (422), and a stale version answers 409 PARTS_REQUEST_CHANGED', async () => {
    const { request } = await parts.requestIn('ISSUED', { quantity: 2 });
    const tooMany = await parts.act(request.id, 'return', { quantity: 3 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ code: 'RETURN_QUANTITY_INVALID', errors: [{ field: 'quantity', message: 'Chỉ có thể nhập trả tối đa 2 phụ tùng.' }] });
    expect((await parts.act(request.id, 'return', { quantity: 2 })).statusCode).toBe(200);
    const none = await parts.act(request.id, 'return', { quantity: 1 });
    expect(none.statusCode).toBe(422);
    expect(await parts.row(request.id)).toMatchObject({ status: 'ISSUED', issued_qty: 2, returned_qty: 2 });

    const { request: waiting } = await parts.requestIn('REQUESTED');
    const stale = await parts.floor.request(parts.floor.users.staff, 'POST', `/api/staff/parts-requests/${waiting.id}/decision`, { action: 'inScope', version: waiting.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PARTS_REQUEST_CHANGED', data: { status: 'REQUESTED', version: waiting.version } });
    expect((await parts.row(waiting.id)).status).toBe('REQUESTED');
  });
});
