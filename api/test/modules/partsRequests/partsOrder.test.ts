import {
  customerApprovalSchema,
  customerServiceOrderSchema,
  envelopeSchema,
  invoicePreviewSchema,
  partsProductSchema,
  serviceInvoiceSchema,
  serviceOrderBoardSchema,
  serviceOrderDetailSchema,
  staffSummarySchema,
} from 'shared-contracts/schemas';
import { z } from 'zod';
import { requestResponse, productionDatabase, useParts } from '../../support/partsTestKit';
import { createUser } from '../../support/serviceTestKit';
import { emailOutbox } from '../../support/emailOutbox';

const approvalsResponse = envelopeSchema(z.array(customerApprovalSchema));
const approvalResponse = envelopeSchema(customerApprovalSchema);
const previewResponse = envelopeSchema(invoicePreviewSchema);
const invoiceResponse = envelopeSchema(serviceInvoiceSchema);

/**
 * What parts do to the service order (spec §2, §5, §6): the finish and cancel guards, the part lines, the invoice
 * equal to the estimate the customer approved (returns reduce it), the maintenance record's parts once, the
 * board's labels and today's counters, the customer's 'Cần bạn duyệt (n)' card with the finding and the new
 * estimate, the email, the part search, and bad input answered in Vietnamese and never half written.
 */
describe.each(productionDatabase())('parts on the service order on $label', (target) => {
  const parts = useParts(target);
  const floor = parts.floor;

  const answerAll = (orderId: number) =>
    floor.db.updateTable('service_order_checklist_items').set({ result: 'PASS', checked_at: floor.service.clock.now().toISOString() }).where('service_order_id', '=', orderId).where('result', 'is', null).execute();

  it('refuses to finish while a request is open (409 PARTS_PENDING with the requests), then finishes once it is issued or ended', async () => {
    const part = await parts.addPart();
    await parts.stock(part.id, 5);
    const { order, technician } = await parts.startedOrder();
    const request = await parts.requestPart(order.id, technician, part.id, 1);
    await answerAll(order.id);
    const pending = await floor.act(order.id, 'finish', technician);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'PARTS_PENDING', message: `Chưa thể hoàn thành: còn 1 yêu cầu phụ tùng chưa xử lý xong: ${part.name} (Chờ duyệt).`, data: { requests: [{ id: request.id, name: part.name, status: 'REQUESTED' }] } });
    expect((await floor.orderRow(order.id)).status).toBe('IN_PROGRESS');

    await parts.act(request.id, 'decision', { action: 'inScope' });
    const reserved = await floor.act(order.id, 'finish', technician);
    expect(reserved.json()).toMatchObject({ code: 'PARTS_PENDING', data: { requests: [{ id: request.id, status: 'RESERVED' }] } });
    expect((await parts.act(request.id, 'issue')).statusCode).toBe(200);
    const finished = await floor.act(order.id, 'finish', technician);
    expect(finished.statusCode).toBe(200);
    expect(serviceOrderDetailSchema.parse(finished.json().data)).toMatchObject({ status: 'WORK_DONE', partsRequests: [{ id: request.id, status: 'ISSUED' }] });
  });

  it('refuses to cancel an order with parts issued and not returned; once returned, cancelling releases the reservations and withdraws the rest', async () => {
    const { order, technician } = await parts.startedOrder();
    const [issuedPart, reservedPart, waitingPart] = [await parts.addPart(), await parts.addPart(), await parts.addPart()];
    for (const part of [issuedPart, reservedPart, waitingPart]) await parts.stock(part.id, 4);
    const issued = await parts.requestPart(order.id, technician, issuedPart.id, 2);
    await parts.act(issued.id, 'decision', { action: 'inScope' });
    await parts.act(issued.id, 'issue');
    const reserved = await parts.requestPart(order.id, technician, reservedPart.id, 1);
    await parts.act(reserved.id, 'decision', { action: 'inScope' });
    const waiting = await parts.requestPart(order.id, technician, waitingPart.id, 1);
    await parts.act(waiting.id, 'decision', { action: 'sendToCustomer' });
    const requested = await parts.requestPart(order.id, technician, waitingPart.id, 1);

    const refused = await floor.act(order.id, 'cancel', floor.users.staff, { reason: 'Khách đổi ý, không làm nữa.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PARTS_ISSUED', message: 'Không thể hủy phiếu: còn 2 phụ tùng đã xuất kho chưa nhập trả. Vui lòng nhập trả trước khi hủy.' });
    expect((await floor.orderRow(order.id)).status).toBe('IN_PROGRESS');
    expect((await parts.row(reserved.id)).status).toBe('RESERVED');
    expect(await parts.figures(reservedPart.id)).toEqual({ onHand: 4, reserved: 1 });

    expect((await parts.act(issued.id, 'return', { quantity: 2, reason: 'Khách không làm nữa.' })).statusCode).toBe(200);
    const cancelled = await floor.act(order.id, 'cancel', floor.users.staff, { reason: 'Khách đổi ý, không làm nữa.' });
    expect(cancelled.statusCode).toBe(200);
    const statuses = await floor.db.selectFrom('parts_requests').select(['id', 'status']).where('service_order_id', '=', order.id).orderBy('id').execute();
    expect(statuses.map((row) => row.status)).toEqual(['ISSUED', 'RELEASED', 'WITHDRAWN', 'WITHDRAWN']);
    expect(statuses.map((row) => row.id)).toEqual([issued.id, reserved.id, waiting.id, requested.id]);
    expect(await parts.figures(reservedPart.id)).toEqual({ onHand: 4, reserved: 0 });
    expect(await parts.figures(issuedPart.id)).toEqual({ onHand: 4, reserved: 0 });
    expect(await floor.db.selectFrom('service_order_lines').select('id').where('service_order_id', '=', order.id).where('kind', '=', 'part').execute()).toEqual([]);
  });

  it('invoices exactly the estimate the customer approved; a return takes its part off the invoice; the record lists the parts fitted once', async () => {
    const booked = (await floor.db.selectFrom('services').select('price').where('slug', '=', 'bao-duong-co-ban').executeTakeFirstOrThrow()).price;
    const padPart = await parts.addPart({ price: 420_000 });
    const discPart = await parts.addPart({ price: 1_150_000 });
    await parts.stock(padPart.id, 6);
    await parts.stock(discPart.id, 2);
    const { order, technician } = await parts.startedOrder();
    const item = await floor.db.selectFrom('service_order_checklist_items').select(['id', 'label']).where('service_order_id', '=', order.id).where('code', '=', 'BRAKE_PADS').executeTakeFirstOrThrow();
    await floor.db.updateTable('service_order_checklist_items').set({ result: 'FAIL', note: 'Má phanh trước mòn còn 2 mm.' }).where('id', '=', item.id).execute();
    await floor.db.insertInto('checklist_photos').values({ item_id: item.id, file: `pr${order.id}a.webp`, width: 1600, height: 1200, uploaded_by: technician.id }).execute();

    // In scope: 1 pad (approved by staff, counted in the estimate); sent to the customer: 2 more pads and a disc.
    const inScope = await parts.requestPart(order.id, technician, padPart.id, 1);
    await parts.act(inScope.id, 'decision', { action: 'inScope' });
    const pads = await parts.requestPart(order.id, technician, padPart.id, 2, { checklistItemId: item.id, reason: null });
    expect(pads.reason).toBe('Má phanh trước mòn còn 2 mm.');
    const disc = await parts.requestPart(order.id, technician, discPart.id, 1, { checklistItemId: item.id });
    await parts.act(pads.id, 'decision', { action: 'sendToCustomer' });
    await parts.act(disc.id, 'decision', { action: 'sendToCustomer' });

    const card = approvalsResponse.parse((await floor.request(floor.users.customer, 'GET', '/api/me/approvals')).json()).data.filter((entry) => entry.serviceOrderId === order.id);
    expect(card.map((entry) => entry.requestId)).toEqual([pads.id, disc.id]);
    expect(card[0]).toMatchObject({
      part: { productId: padPart.id, name: padPart.name },
      quantity: 2,
      unitPrice: 420_000,
      lineTotal: 840_000,
      reason: 'Má phanh trước mòn còn 2 mm.',
      finding: { id: item.id, label: item.label, result: 'FAIL', note: 'Má phanh trước mòn còn 2 mm.', photos: [{ url: `/api/media/checklist-photos/pr${order.id}a.webp`, width: 1600, height: 1200 }] },
      currentEstimate: booked + 420_000,
      newEstimate: booked + 420_000 + 840_000,
      expiresAt: '2026-11-20T01:00:00.000Z',
      status: 'AWAITING_CUSTOMER',
      decision: null,
    });
    expect(card[1]).toMatchObject({ currentEstimate: booked + 420_000, newEstimate: booked + 420_000 + 1_150_000 });
    const mine = customerServiceOrderSchema.parse((await floor.request(floor.users.customer, 'GET', `/api/appointments/${order.appointmentId}/service-order`)).json().data);
    expect(mine).toMatchObject({ pendingApprovals: 2, statusLabel: 'Cần bạn duyệt (2)' });

    // The customer agrees to the pads and declines the disc: the estimate shown is what will be invoiced.
    const approved = approvalResponse.parse((await floor.request(floor.users.customer, 'POST', `/api/me/approvals/${pads.id}`, { decision: 'approve' })).json()).data;
    expect(approved).toMatchObject({ status: 'RESERVED', decision: { decision: 'approve', via: 'web' }, currentEstimate: booked + 420_000, newEstimate: booked + 1_260_000 });
    const declined = await floor.request(floor.users.customer, 'POST', `/api/me/approvals/${disc.id}`, { decision: 'decline', reason: 'Để lần bảo dưỡng sau.' });
    expect(approvalResponse.parse(declined.json()).data).toMatchObject({ status: 'DECLINED', decision: { decision: 'decline' } });
    expect(customerServiceOrderSchema.parse((await floor.request(floor.users.customer, 'GET', `/api/appointments/${order.appointmentId}/service-order`)).json().data)).toMatchObject({
      pendingApprovals: 0,
      statusLabel: 'Đang thực hiện',
    });
    expect(await parts.figures(discPart.id)).toEqual({ onHand: 2, reserved: 0 });

    await parts.act(inScope.id, 'issue');
    await parts.act(pads.id, 'issue');
    const preview = previewResponse.parse((await floor.request(floor.users.staff, 'GET', `/api/service-orders/${order.id}/invoice-preview`)).json()).data;
    expect(preview.total).toBe(approved.newEstimate);
    expect(preview.lines.filter((line) => line.kind === 'part').map((line) => [line.name, line.quantity, line.unitPrice, line.lineTotal, line.source])).toEqual([
      [padPart.name, 1, 420_000, 420_000, 'parts_request'],
      [padPart.name, 2, 420_000, 840_000, 'parts_request'],
    ]);

    // One pad comes back unused: off the shelf count and the invoice.
    expect((await parts.act(pads.id, 'return', { quantity: 1, reason: 'Lắp thừa, trả lại kho.' })).statusCode).toBe(200);
    expect(await parts.figures(padPart.id)).toEqual({ onHand: 4, reserved: 0 });
    await answerAll(order.id);
    expect((await floor.act(order.id, 'finish', technician)).statusCode).toBe(200);
    const after = previewResponse.parse((await floor.request(floor.users.staff, 'GET', `/api/service-orders/${order.id}/invoice-preview`)).json()).data;
    expect(after).toMatchObject({ subtotalParts: 840_000, total: approved.newEstimate - 420_000 });
    const invoices = await Promise.all([1, 2].map(() => floor.request(floor.users.staff, 'POST', `/api/service-orders/${order.id}/invoice`)));
    const invoice = invoiceResponse.parse(invoices[0]!.json()).data;
    expect(invoice).toMatchObject({ subtotalParts: 840_000, total: after.total });
    expect(invoiceResponse.parse(invoices[1]!.json()).data.code).toBe(invoice.code);

    const records = await floor.db.selectFrom('maintenance_records').select(['id', 'cost']).where('appointment_id', '=', order.appointmentId).execute();
    expect(records).toEqual([{ id: expect.any(Number), cost: after.total }]);
    const recordParts = await floor.db.selectFrom('maintenance_record_parts').select(['product_id', 'name', 'quantity', 'unit_price']).where('record_id', '=', records[0]!.id).execute();
    expect(recordParts).toEqual([{ product_id: padPart.id, name: padPart.name, quantity: 2, unit_price: 420_000 }]);
  });

  it("shows the board's labels and today's counters: waiting for the customer, waiting for parts", async () => {
    const { request: awaiting, order: awaitingOrder } = await parts.requestIn('AWAITING_CUSTOMER');
    const { request: approved, order: approvedOrder } = await parts.requestIn('APPROVED');
    const board = serviceOrderBoardSchema.parse((await floor.request(floor.users.staff, 'GET', '/api/service-orders/board')).json().data);
    const cardOf = (id: number) => board.orders.find((card) => card.id === id)!;
    expect(cardOf(awaitingOrder.id)).toMatchObject({ waitingApproval: true, waitingParts: false });
    expect(cardOf(approvedOrder.id)).toMatchObject({ waitingApproval: false, waitingParts: true });
    const summary = staffSummarySchema.parse((await floor.request(floor.users.staff, 'GET', '/api/staff/summary')).json().data);
    const awaitingOrders = await floor.db.selectFrom('parts_requests').select('service_order_id').distinct().where('centre_id', '=', floor.centreA.id).where('status', '=', 'AWAITING_CUSTOMER').execute();
    const approvedOrders = await floor.db.selectFrom('parts_requests').select('service_order_id').distinct().where('centre_id', '=', floor.centreA.id).where('status', '=', 'APPROVED').execute();
    expect(summary).toMatchObject({ waitingApproval: awaitingOrders.length, waitingParts: approvedOrders.length });
    expect(summary.waitingApproval).toBeGreaterThan(0);

    // Withdrawn and reserved: the labels go.
    await parts.act(awaiting.id, 'withdraw');
    await floor.db.updateTable('centre_stock').set({ on_hand: 1 }).where('centre_id', '=', floor.centreA.id).where('product_id', '=', approved.product.id).execute();
    expect((await parts.act(approved.id, 'reserve')).statusCode).toBe(200);
    const later = serviceOrderBoardSchema.parse((await floor.request(floor.users.staff, 'GET', '/api/service-orders/board')).json().data);
    expect(later.orders.find((card) => card.id === awaitingOrder.id)).toMatchObject({ waitingApproval: false, waitingParts: false });
    expect(later.orders.find((card) => card.id === approvedOrder.id)).toMatchObject({ waitingApproval: false, waitingParts: false });
  });

  it('emails the customer who chose email a link to /dashboard when a request is sent to them (a guest is called instead)', async () => {
    // The notification centre tells the request once, on the customer's channel: the approval email for an email-only customer.
    const customer = await createUser(floor.db, 'customer', 'Khách Chỉ Dùng Email');
    await floor.db.updateTable('users').set({ phone_number: null }).where('id', '=', customer.id).execute();
    const { request, order } = await parts.requestIn('AWAITING_CUSTOMER', { customer });
    const emails = await emailOutbox(floor.db).select(['to_address', 'subject', 'text_body', 'html_body']).where('kind', '=', 'parts_approval_request').where('text_body', 'like', `%${order.code}%`).execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to_address: customer.email, subject: `Cần bạn duyệt phụ tùng cho xe ${order.licensePlate}` });
    expect(emails[0]!.text_body).toContain('http://localhost:3000/dashboard#can-ban-duyet');
    expect(emails[0]!.text_body).toContain(request.product.name);
    expect(emails[0]!.html_body).toContain('<a href="http://localhost:3000/dashboard#can-ban-duyet">');

    // A customer reached on Zalo is asked there, not by email too.
    const { order: zaloOrder } = await parts.requestIn('AWAITING_CUSTOMER');
    expect(await emailOutbox(floor.db).select('id').where('kind', '=', 'parts_approval_request').where('text_body', 'like', `%${zaloOrder.code}%`).execute()).toEqual([]);

    const { order: guestOrder } = await parts.requestIn('AWAITING_CUSTOMER', { customer: null });
    const guestEmails = await emailOutbox(floor.db).select('id').where('kind', '=', 'parts_approval_request').where('text_body', 'like', `%${guestOrder.code}%`).execute();
    expect(guestEmails).toEqual([]);
  });

  it("finds parts for the order's vehicle: compatible models first, only active ones, with the centre's availability", async () => {
    const marker = `Lọc gió điều hòa mã ${Date.now() % 100_000}`;
    const other = await parts.addPart({ name: `${marker} xe máy`, models: ['Yadea Odora'], vehicleTypes: ['scooter'] });
    const fits = await parts.addPart({ name: `${marker} VF 8`, models: ['VinFast VF 8', 'VinFast VF 9'] });
    const inactive = await parts.addPart({ name: `${marker} ngừng bán`, active: false });
    await parts.stock(fits.id, 3);
    const { order } = await parts.startedOrder();
    const response = await floor.request(floor.users.staff, 'GET', `/api/service-orders/${order.id}/parts?q=${encodeURIComponent(marker)}`);
    expect(response.statusCode).toBe(200);
    const found = z.array(partsProductSchema).parse(response.json().data);
    expect(found.map((product) => product.id)).toEqual([fits.id, other.id]);
    expect(found[0]).toMatchObject({ compatible: true, availability: { onHand: 3, reserved: 0, available: 3 } });
    expect(found[1]).toMatchObject({ compatible: false, availability: { onHand: 0, reserved: 0, available: 0 } });
    expect(found.some((product) => product.id === inactive.id)).toBe(false);
  });

  describe('bad input', () => {
    it('answers a bad quantity, product or reason in Vietnamese and writes nothing', async () => {
      const part = await parts.addPart();
      const inactive = await parts.addPart({ active: false });
      const { order, technician } = await parts.startedOrder();
      const count = async () => (await floor.db.selectFrom('parts_requests').select('id').where('service_order_id', '=', order.id).execute()).length;
      for (const quantity of [0, -1, 1.5, 100, '2', null]) {
        const response = await parts.create(order.id, technician, { productId: part.id, quantity, reason: 'Cần thay má phanh.' });
        expect([quantity, response.statusCode, response.json().code]).toEqual([quantity, 400, 'VALIDATION_ERROR']);
        expect(response.json().errors).toEqual([expect.objectContaining({ field: 'quantity' })]);
      }
      const range = await parts.create(order.id, technician, { productId: part.id, quantity: 100, reason: 'Cần thay má phanh.' });
      expect(range.json().errors[0].message).toBe('Số lượng phải là số nguyên từ 1 đến 99.');
      const stopped = await parts.create(order.id, technician, { productId: inactive.id, quantity: 1, reason: 'Cần thay má phanh.' });
      expect(stopped.statusCode).toBe(422);
      expect(stopped.json()).toMatchObject({ code: 'PRODUCT_UNAVAILABLE', message: 'Phụ tùng này hiện không còn kinh doanh, vui lòng chọn phụ tùng khác.', errors: [{ field: 'productId' }] });
      expect((await parts.create(order.id, technician, { productId: 99_999_999, quantity: 1, reason: 'Cần thay má phanh.' })).json().code).toBe('PRODUCT_UNAVAILABLE');
      const noReason = await parts.create(order.id, technician, { productId: part.id, quantity: 1 });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().errors).toEqual([{ field: 'reason', message: 'Vui lòng nhập lý do cần phụ tùng (hoặc chọn mục kiểm tra không đạt).' }]);
      const passItem = await floor.db.selectFrom('service_order_checklist_items').select('id').where('service_order_id', '=', order.id).executeTakeFirstOrThrow();
      await floor.db.updateTable('service_order_checklist_items').set({ result: 'PASS' }).where('id', '=', passItem.id).execute();
      const notFail = await parts.create(order.id, technician, { productId: part.id, quantity: 1, checklistItemId: passItem.id });
      expect(notFail.statusCode).toBe(422);
      expect(notFail.json()).toMatchObject({ code: 'CHECKLIST_ITEM_INVALID', message: 'Chỉ liên kết với một mục kiểm tra "Không đạt" của phiếu này.' });
      const tooLong = await parts.create(order.id, technician, { productId: part.id, quantity: 1, reason: 'x'.repeat(301) });
      expect(tooLong.statusCode).toBe(400);
      expect(await count()).toBe(0);

      const opened = await floor.openOrder({ checkIn: { technicianId: technician.id }, time: '19:30' });
      const notStarted = await parts.create(opened.id, technician, { productId: part.id, quantity: 1, reason: 'Cần thay má phanh.' });
      expect(notStarted.statusCode).toBe(409);
      expect(notStarted.json()).toMatchObject({ code: 'ORDER_NOT_IN_PROGRESS', message: 'Chỉ yêu cầu phụ tùng khi phiếu đang làm (phiếu đang ở trạng thái "Đã tiếp nhận").' });
    });

    it("answers the desk's and the customer's bad input in Vietnamese and changes nothing", async () => {
      const { request } = await parts.requestIn('REQUESTED');
      const before = await parts.row(request.id);
      const desk = (action: string, body: Record<string, unknown>) => floor.request(floor.users.staff, 'POST', `/api/staff/parts-requests/${request.id}/${action}`, body);
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['decision', { action: 'approveAll', version: before.version }, 'action'],
        ['decision', { action: 'reject', version: before.version }, 'reason'],
        ['decision', { action: 'reject', reason: 'no', version: before.version }, 'reason'],
        ['decision', { action: 'inScope' }, 'version'],
        ['customer-decision', { decision: 'approve', version: before.version }, 'note'],
        ['customer-decision', { decision: 'maybe', note: 'Khách gọi lại.', version: before.version }, 'decision'],
        ['return', { quantity: 0, version: before.version }, 'quantity'],
        ['reserve', { version: 'abc' }, 'version'],
      ];
      for (const [action, body, field] of cases) {
        const response = await desk(action, body);
        expect([action, response.statusCode, response.json().code]).toEqual([action, 400, 'VALIDATION_ERROR']);
        expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
        expect(response.json().message).toMatch(/[À-ỹ]/);
      }
      expect(await parts.row(request.id)).toEqual(before);

      const { request: awaiting } = await parts.requestIn('AWAITING_CUSTOMER');
      const bad = await floor.request(floor.users.customer, 'POST', `/api/me/approvals/${awaiting.id}`, { decision: 'maybe' });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(bad.json().errors).toEqual([{ field: 'decision', message: 'Vui lòng chọn Đồng ý hoặc Từ chối.' }]);
      expect((await floor.request(floor.users.customer, 'POST', `/api/me/approvals/abc`, { decision: 'approve' })).statusCode).toBe(400);
      expect((await floor.request(floor.users.customer, 'POST', `/api/me/approvals/99999999`, { decision: 'approve' })).statusCode).toBe(404);

      // Past the deadline (the job has not run yet): 409 APPROVAL_EXPIRED, and the request stays as it was.
      const waitingRow = await parts.row(awaiting.id);
      floor.service.clock.set(new Date(new Date(waitingRow.expires_at!).getTime() + 1_000));
      try {
        const late = await floor.request(floor.users.customer, 'POST', `/api/me/approvals/${awaiting.id}`, { decision: 'approve' });
        expect(late.statusCode).toBe(409);
        expect(late.json()).toMatchObject({ code: 'APPROVAL_EXPIRED', message: 'Yêu cầu đã hết hạn, vui lòng liên hệ trung tâm.' });
        const phoneLate = await parts.act(awaiting.id, 'customer-decision', { decision: 'approve', note: 'Khách gọi lại quá hạn.' });
        expect(phoneLate.json().code).toBe('APPROVAL_EXPIRED');
        const list = approvalsResponse.parse((await floor.request(floor.users.customer, 'GET', '/api/me/approvals')).json()).data;
        expect(list.some((entry) => entry.requestId === awaiting.id)).toBe(false);
        expect(await parts.row(awaiting.id)).toEqual(waitingRow);
      } finally {
        floor.service.clock.set(new Date('2026-11-19T01:00:00.000Z'));
      }
    });
  });

  it('keeps a phone decision with its note in the history the detail shows', async () => {
    const { request, order } = await parts.requestIn('AWAITING_CUSTOMER', { customer: null });
    const recorded = await parts.act(request.id, 'customer-decision', { decision: 'approve', note: 'Anh Hùng đồng ý qua điện thoại lúc 9h.' });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().message).toBe('Đã ghi nhận khách đồng ý.');
    const detail = await floor.detail(order.id);
    const entry = detail.partsRequests!.find((candidate) => candidate.id === request.id)!;
    expect(entry.customerDecision).toEqual({ decision: 'approve', via: 'staff_phone', note: 'Anh Hùng đồng ý qua điện thoại lúc 9h.', at: floor.service.clock.now().toISOString() });
    expect(entry.history.map((step) => [step.label, step.by, step.note])).toEqual([
      ['Kỹ thuật viên yêu cầu phụ tùng', expect.any(String), null],
      ['Gửi khách duyệt', 'Trần Nhân Viên', null],
      ['Khách đồng ý (qua điện thoại)', 'Trần Nhân Viên', 'Anh Hùng đồng ý qua điện thoại lúc 9h.'],
      ['Giữ hàng trong kho', 'Trần Nhân Viên', null],
    ]);
    expect(requestResponse.parse(recorded.json()).data.status).toBe('RESERVED');
  });
});
