import { envelopeSchema, freePartLineSchema } from 'shared-contracts/schemas';
import { z } from 'zod';
import { TODAY, requestResponse, testDatabases, useParts } from '../../support/partsTestKit';

const lineResponse = envelopeSchema(freePartLineSchema);
const linesResponse = envelopeSchema(z.array(freePartLineSchema));

/**
 * Parts outside the catalogue (issue 36): the technician describes a part ("gioăng cổng sạc"); the parts desk
 * sees it marked 'Ngoài danh mục' and links it to a product (it becomes a request that reserves like any) or
 * orders it specially (bad input: 400 VALIDATION_ERROR from the schema, 422 from the rules, as the requests). A described part reserves nothing until it is linked; linking is atomic.
 */
describe.each(testDatabases())('parts outside the catalogue on $label', (target) => {
  const parts = useParts(target);
  const floor = parts.floor;

  async function failedItem(orderId: number) {
    const item = await floor.db.selectFrom('service_order_checklist_items').select('id').where('service_order_id', '=', orderId).orderBy('id').executeTakeFirstOrThrow();
    await floor.db.updateTable('service_order_checklist_items').set({ result: 'FAIL', note: 'Gioăng cổng sạc rách, nước lọt vào.' }).where('id', '=', item.id).execute();
    return item.id;
  }

  const describePart = (orderId: number, technician: Parameters<typeof parts.create>[1], body: Record<string, unknown>) =>
    floor.request(technician, 'POST', `/api/technician/service-orders/${orderId}/parts-free-lines`, body);

  const version = async (id: number) => (await floor.db.selectFrom('parts_free_lines').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

  it('takes a described part for a FAIL item, refuses bad input in Vietnamese, and shows it to the desk marked "Ngoài danh mục"', async () => {
    const { order, technician } = await parts.startedOrder();
    const itemId = await failedItem(order.id);

    const tooLong = await describePart(order.id, technician, { description: 'g'.repeat(201), quantity: 1, checklistItemId: itemId });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'description', message: 'Mô tả phụ tùng tối đa 200 ký tự.' })]));
    const empty = await describePart(order.id, technician, { description: '  ', quantity: 1, checklistItemId: itemId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'description', message: 'Vui lòng mô tả phụ tùng cần (ít nhất 3 ký tự).' })]));
    const zero = await describePart(order.id, technician, { description: 'Gioăng cổng sạc', quantity: 0, checklistItemId: itemId });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'quantity', message: 'Số lượng phải là số nguyên từ 1 đến 99.' })]));
    const noReason = await describePart(order.id, technician, { description: 'Gioăng cổng sạc', quantity: 1 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ field: 'reason', message: 'Vui lòng nhập lý do cần phụ tùng (hoặc chọn mục kiểm tra không đạt).' }]);
    const notMine = await describePart(order.id, floor.users.technician, { description: 'Gioăng cổng sạc', quantity: 1, checklistItemId: itemId });
    expect(notMine.statusCode).toBe(403);
    expect(await floor.db.selectFrom('parts_free_lines').select('id').where('service_order_id', '=', order.id).execute()).toHaveLength(0);

    const created = await describePart(order.id, technician, { description: 'Gioăng cổng sạc', quantity: 2, note: 'Loại tròn, đường kính khoảng 6 cm', checklistItemId: itemId });
    expect(created.statusCode).toBe(201);
    const line = lineResponse.parse(created.json()).data;
    expect(line).toMatchObject({
      mark: 'Ngoài danh mục',
      description: 'Gioăng cổng sạc',
      quantity: 2,
      note: 'Loại tròn, đường kính khoảng 6 cm',
      reason: 'Gioăng cổng sạc rách, nước lọt vào.',
      checklistItemId: itemId,
      status: 'OPEN',
      statusLabel: 'Chờ quầy phụ tùng xử lý',
      serviceOrder: { id: order.id, code: order.code },
      partsRequestId: null,
    });

    const desk = await floor.request(floor.users.staff, 'GET', '/api/staff/parts-free-lines');
    expect(desk.statusCode).toBe(200);
    const listed = linesResponse.parse(desk.json()).data.find((entry) => entry.id === line.id);
    expect(listed).toMatchObject({ status: 'OPEN', availableActions: ['link', 'specialOrder'] });
    const otherCentre = await floor.request(floor.users.staffB, 'GET', '/api/staff/parts-free-lines');
    expect(linesResponse.parse(otherCentre.json()).data.some((entry) => entry.id === line.id)).toBe(false);
    // no product, no parts request: nothing on the shelf can be held for it
    expect(await floor.db.selectFrom('parts_requests').select('id').where('service_order_id', '=', order.id).execute()).toHaveLength(0);
  });

  it('linked to a product it becomes a request that reserves like any; ten desks linking at once make one request', async () => {
    const part = await parts.addPart({ name: 'Gioăng cổng sạc VF 8', price: 120_000 });
    await parts.stock(part.id, 3);
    const { order, technician } = await parts.startedOrder();
    const itemId = await failedItem(order.id);
    const line = lineResponse.parse((await describePart(order.id, technician, { description: 'gioăng cổng sạc', quantity: 1, checklistItemId: itemId })).json()).data;

    const seen = await version(line.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => floor.request(floor.users.staff, 'POST', `/api/staff/parts-free-lines/${line.id}/link`, { productId: part.id, version: seen })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const lost of answers.filter((answer) => answer.statusCode === 409)) {
      expect(lost.json()).toMatchObject({ code: 'FREE_PART_LINE_CHANGED', message: 'Dòng phụ tùng này vừa được xử lý (Đã gắn sản phẩm), vui lòng tải lại.' });
    }
    const requests = await floor.db.selectFrom('parts_requests').selectAll().where('service_order_id', '=', order.id).execute();
    expect(requests).toHaveLength(1);
    const won = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(won).toMatchObject({ message: 'Đã gắn với sản phẩm: yêu cầu phụ tùng đã được tạo.', data: { status: 'LINKED', partsRequestId: requests[0]!.id } });
    expect(requests[0]).toMatchObject({ product_id: part.id, unit_price: 120_000, quantity: 1, checklist_item_id: itemId, requested_by: technician.id, status: 'REQUESTED' });

    const approved = await parts.act(requests[0]!.id, 'decision', { action: 'inScope' });
    expect(requestResponse.parse(approved.json()).data).toMatchObject({ status: 'RESERVED', product: { id: part.id } });
    expect(await parts.figures(part.id)).toEqual({ onHand: 3, reserved: 1 });
  });

  it('ordered specially: supplier and a date not in the past are required; once resolved it cannot be linked too', async () => {
    const { order, technician } = await parts.startedOrder();
    const line = lineResponse.parse((await describePart(order.id, technician, { description: 'Ốp gương chiếu hậu trái', quantity: 1, reason: 'Ốp gương nứt do va quệt.' })).json()).data;
    const url = `/api/staff/parts-free-lines/${line.id}/special-order`;

    const noSupplier = await floor.request(floor.users.staff, 'POST', url, { expectedDate: TODAY, version: await version(line.id) });
    expect(noSupplier.statusCode).toBe(400);
    expect(noSupplier.json().errors).toEqual([{ field: 'supplierNote', message: 'Vui lòng ghi nhà cung cấp và thông tin đặt hàng.' }]);
    const past = await floor.request(floor.users.staff, 'POST', url, { supplierNote: 'Đại lý VinFast Long Biên, báo giá 450.000 ₫', expectedDate: '2026-11-01', version: await version(line.id) });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual([{ field: 'expectedDate', message: 'Ngày dự kiến về hàng không được trước hôm nay.' }]);
    const byTechnician = await floor.request(technician, 'POST', url, { supplierNote: 'Đại lý VinFast Long Biên', expectedDate: '2026-11-25', version: await version(line.id) });
    expect(byTechnician.statusCode).toBe(403);

    const ordered = await floor.request(floor.users.staff, 'POST', url, { supplierNote: 'Đại lý VinFast Long Biên, báo giá 450.000 ₫', expectedDate: '2026-11-25', version: await version(line.id) });
    expect(ordered.statusCode).toBe(200);
    expect(lineResponse.parse(ordered.json())).toMatchObject({
      message: 'Đã ghi nhận đặt hàng riêng.',
      data: { status: 'SPECIAL_ORDER', statusLabel: 'Đặt hàng riêng', supplierNote: 'Đại lý VinFast Long Biên, báo giá 450.000 ₫', expectedDate: '2026-11-25', resolvedBy: 'Trần Nhân Viên', availableActions: [] },
    });
    const part = await parts.addPart();
    const link = await floor.request(floor.users.staff, 'POST', `/api/staff/parts-free-lines/${line.id}/link`, { productId: part.id, version: await version(line.id) });
    expect(link.statusCode).toBe(409);
    expect(link.json()).toMatchObject({ code: 'FREE_PART_LINE_CHANGED', data: { status: 'SPECIAL_ORDER' } });
    expect(await floor.db.selectFrom('parts_requests').select('id').where('service_order_id', '=', order.id).execute()).toHaveLength(0);
  });
  it('an unresolved line holds up finishing the order (409 PARTS_PENDING naming it); once ordered specially the order finishes', async () => {
    const { order, technician } = await parts.startedOrder();
    const line = lineResponse.parse((await describePart(order.id, technician, { description: 'Gioăng cổng sạc', quantity: 1, reason: 'Gioăng rách, nước lọt vào cổng sạc.' })).json()).data;
    await floor.db
      .updateTable('service_order_checklist_items')
      .set({ result: 'PASS', checked_at: floor.service.clock.now().toISOString() })
      .where('service_order_id', '=', order.id)
      .where('result', 'is', null)
      .execute();

    const pending = await floor.act(order.id, 'finish', technician);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({
      code: 'PARTS_PENDING',
      message: 'Chưa thể hoàn thành: còn 1 yêu cầu phụ tùng chưa xử lý xong: Ngoài danh mục: Gioăng cổng sạc (Chờ quầy phụ tùng xử lý).',
      data: { requests: [{ id: line.id, name: 'Ngoài danh mục: Gioăng cổng sạc', status: 'OPEN', statusLabel: 'Chờ quầy phụ tùng xử lý', freeLine: true }] },
    });
    expect((await floor.orderRow(order.id)).status).toBe('IN_PROGRESS');

    const ordered = await floor.request(floor.users.staff, 'POST', `/api/staff/parts-free-lines/${line.id}/special-order`, {
      supplierNote: 'Đại lý VinFast Long Biên',
      expectedDate: TODAY,
      version: await version(line.id),
    });
    expect(ordered.statusCode).toBe(200);
    const finished = await floor.act(order.id, 'finish', technician);
    expect(finished.statusCode).toBe(200);
    expect((await floor.orderRow(order.id)).status).toBe('WORK_DONE');
  });

  it('lists my described parts with their state for me only, the technician', async () => {
    const { order, technician } = await parts.startedOrder();
    const line = lineResponse.parse((await describePart(order.id, technician, { description: 'Nắp che cổng sạc', quantity: 1, reason: 'Nắp che bị gãy bản lề.' })).json()).data;

    const mine = await floor.request(technician, 'GET', '/api/technician/parts-free-lines');
    expect(mine.statusCode).toBe(200);
    expect(linesResponse.parse(mine.json()).data).toEqual([
      expect.objectContaining({ id: line.id, mark: 'Ngoài danh mục', description: 'Nắp che cổng sạc', status: 'OPEN', statusLabel: 'Chờ quầy phụ tùng xử lý', serviceOrder: expect.objectContaining({ id: order.id, vehicleModel: order.vehicleModel }) }),
    ]);
    const other = await floor.request(floor.users.technician, 'GET', '/api/technician/parts-free-lines');
    expect(linesResponse.parse(other.json()).data.some((entry) => entry.id === line.id)).toBe(false);
    expect((await floor.request(floor.users.staff, 'GET', '/api/technician/parts-free-lines')).statusCode).toBe(403);
  });
});
