import { customerInspectionSchema, envelopeSchema, maintenanceRecordDetailResponseSchema } from 'shared-contracts/schemas';
import { createUser, type TestUser } from '../../support/serviceTestKit';
import { productionDatabase, useParts } from '../../support/partsTestKit';

const inspectionResponse = envelopeSchema(customerInspectionSchema);

/**
 * GET /api/appointments/:id/inspection: the customer sees their car's inspection while it is at the centre — PASS
 * or FAIL per item, the technician's notes and photos, what was put right at this visit, and the advice for next
 * time (a FAIL left unfixed, a PASS the technician remarked on). The same advice stays on the maintenance record.
 * Only the appointment's owner sees it: anyone else gets 404.
 */
describe.each(productionDatabase())('the customer’s inspection of their car on $label', (target) => {
  const parts = useParts(target);
  const floor = parts.floor;

  const inspection = (user: TestUser | null, appointmentId: number | string) => floor.request(user, 'GET', `/api/appointments/${appointmentId}/inspection`);

  async function answer(itemId: number, result: 'PASS' | 'FAIL' | 'NA', note: string | null, technician: TestUser) {
    await floor.db
      .updateTable('service_order_checklist_items')
      .set({ result, note, checked_by: technician.id, checked_at: floor.service.clock.now().toISOString() })
      .where('id', '=', itemId)
      .execute();
  }

  it('shows each finding with its note and photos, what was fixed, and the advice for next time, then keeps the advice on the record', async () => {
    const booked = await floor.bookToday({ time: '16:30' });
    const early = await inspection(floor.users.customer, booked.appointmentId);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toMatchObject({ success: false, code: 'INSPECTION_NOT_FOUND', message: 'Chưa có kết quả kiểm tra cho lịch hẹn này.' });

    const pad = await parts.addPart({ price: 420_000 });
    await parts.stock(pad.id, 3);
    const { order, technician } = await parts.startedOrder();
    const untouched = inspectionResponse.parse((await inspection(floor.users.customer, order.appointmentId)).json()).data;
    expect(untouched).toMatchObject({ appointmentId: order.appointmentId, serviceOrderCode: order.code, status: 'IN_PROGRESS', answered: 0, advice: [] });
    expect(untouched.total).toBe(order.checklistItems.length);
    expect(untouched.items.every((item) => item.result === null && !item.fixed)).toBe(true);

    const items = await floor.db.selectFrom('service_order_checklist_items').select(['id', 'code', 'label']).where('service_order_id', '=', order.id).orderBy('sort_order').orderBy('id').execute();
    const brakes = items.find((item) => item.code === 'BRAKE_PADS')!;
    const [charging, tyres, lamp, ...rest] = items.filter((item) => item.id !== brakes.id);
    // a FAIL fixed with a part issued for it
    await answer(brakes.id, 'FAIL', 'Má phanh trước mòn quá giới hạn.', technician);
    await floor.db.insertInto('checklist_photos').values({ item_id: brakes.id, file: `dvi${order.id}a.webp`, width: 1600, height: 1200, uploaded_by: technician.id }).execute();
    const request = await parts.requestPart(order.id, technician, pad.id, 1, { checklistItemId: brakes.id });
    expect((await parts.act(request.id, 'decision', { action: 'inScope' })).statusCode).toBe(200);
    expect((await parts.act(request.id, 'issue')).statusCode).toBe(200);
    // a FAIL left for next time, a PASS near its limit, a FAIL the note says was replaced
    await answer(charging!.id, 'FAIL', 'Gioăng cổng sạc nứt, nên thay ở lần bảo dưỡng tới.', technician);
    await floor.db.insertInto('checklist_photos').values({ item_id: charging!.id, file: `dvi${order.id}b.webp`, width: 1200, height: 900, uploaded_by: technician.id }).execute();
    await answer(tyres!.id, 'PASS', 'Má phanh sau còn 2 mm, nên thay ở lần bảo dưỡng tới.', technician);
    await answer(lamp!.id, 'FAIL', 'Bóng đèn hậu cháy, đã thay bóng mới.', technician);

    const midway = inspectionResponse.parse((await inspection(floor.users.customer, order.appointmentId)).json()).data;
    expect(midway.answered).toBe(4);
    const byLabel = new Map(midway.items.map((item) => [item.label, item]));
    expect(byLabel.get(brakes.label)).toEqual({
      label: brakes.label,
      result: 'FAIL',
      note: 'Má phanh trước mòn quá giới hạn.',
      photos: [`/api/media/checklist-photos/dvi${order.id}a.webp`],
      fixed: true,
    });
    expect(byLabel.get(charging!.label)).toMatchObject({ result: 'FAIL', fixed: false, photos: [`/api/media/checklist-photos/dvi${order.id}b.webp`] });
    expect(byLabel.get(tyres!.label)).toMatchObject({ result: 'PASS', fixed: false, photos: [] });
    expect(byLabel.get(lamp!.label)).toMatchObject({ result: 'FAIL', fixed: true });
    const advice = [
      { label: charging!.label, kind: 'REPAIR', note: 'Gioăng cổng sạc nứt, nên thay ở lần bảo dưỡng tới.' },
      { label: tyres!.label, kind: 'WATCH', note: 'Má phanh sau còn 2 mm, nên thay ở lần bảo dưỡng tới.' },
    ];
    expect(midway.advice).toEqual(advice);

    // finished and invoiced: the maintenance record carries the same advice
    for (const item of rest) await answer(item.id, 'PASS', null, technician);
    expect((await floor.act(order.id, 'finish', technician)).statusCode).toBe(200);
    expect((await floor.request(floor.users.staff, 'POST', `/api/service-orders/${order.id}/invoice`)).statusCode).toBe(201);
    const record = await floor.db.selectFrom('maintenance_records').select('id').where('appointment_id', '=', order.appointmentId).executeTakeFirstOrThrow();
    const detail = maintenanceRecordDetailResponseSchema.parse((await floor.request(floor.users.customer, 'GET', `/api/maintenance-records/${record.id}`)).json()).data;
    expect(detail.advice).toEqual(advice);
    expect(inspectionResponse.parse((await inspection(floor.users.customer, order.appointmentId)).json()).data).toMatchObject({ status: 'INVOICED', answered: items.length, advice });
  });

  it('shows nothing to anyone but the appointment’s customer', async () => {
    const order = await floor.openOrder({ time: '17:00' });
    expect((await inspection(floor.users.customer, order.appointmentId)).statusCode).toBe(200);

    const stranger = await createUser(floor.db, 'customer', 'Người Lạ');
    for (const user of [stranger, floor.users.staff, floor.users.technician, floor.users.manager, floor.users.admin]) {
      const response = await inspection(user, order.appointmentId);
      expect({ role: user.role, status: response.statusCode }).toEqual({ role: user.role, status: 404 });
    }
    expect((await inspection(null, order.appointmentId)).statusCode).toBe(401);
    expect((await inspection(floor.users.customer, 999_999)).statusCode).toBe(404);
    const bad = await inspection(floor.users.customer, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[ạảãáàâấầẩẫậăắằẳẵặđêếềểễệôốồổỗộơớờởỡợưứừửữựíìỉĩịóòỏõọúùủũụýỳỷỹỵ]/i);
  });
});
