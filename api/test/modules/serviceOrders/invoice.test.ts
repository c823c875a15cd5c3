import sharp from 'sharp';
import {
  envelopeSchema,
  invoicePreviewSchema,
  maintenanceRecordDetailResponseSchema,
  maintenanceRecordListResponseSchema,
  serviceInvoiceSchema,
  serviceOrderEventSchema,
  type ServiceInvoice,
  type ServiceOrderDetail,
} from 'shared-contracts/schemas';
import { remindersFor } from '../../../src/modules/vehicles/reminderData';
import type { TestUser } from '../../support/serviceTestKit';
import { listen, openEventStream } from '../../support/sseClient';
import { START_ODOMETER_KM, testDatabases, useFloor, type BookTodayOptions, type FloorRole } from '../../support/floorTestKit';

const invoiceResponse = envelopeSchema(serviceInvoiceSchema);
const previewResponse = envelopeSchema(invoicePreviewSchema);

/**
 * The invoice (WORK_DONE → INVOICED) and the payment (INVOICED → CLOSED): the preview is the invoice's own
 * computation (lines, package discount, total); issuing is idempotent (one invoice per order, the same one answered
 * to every call, ≥ 10 in parallel included); the appointment completes and the vehicle's maintenance record is
 * written once with its checklist and FAIL photos (the customer's history and reminders read it); confirming the
 * payment closes the order once.
 */
describe.each(testDatabases())('invoice and payment on $label', (target) => {
  const floor = useFloor(target);
  let slot = 0;
  const prices = new Map<string, number>();

  beforeAll(async () => {
    for (const row of await floor.db.selectFrom('services').select(['slug', 'price']).execute()) prices.set(row.slug, row.price);
  });

  /** The next free time of the day (one running clock per technician: each order gets its own technician). */
  function nextTime(): string {
    slot += 1;
    return `${String(7 + (slot % 12)).padStart(2, '0')}:${slot % 2 === 0 ? '00' : '30'}`;
  }

  async function finished(options: BookTodayOptions = {}): Promise<{ order: ServiceOrderDetail; technician: TestUser }> {
    const technician = await floor.addMember('technician');
    const order = await floor.finishedOrder({ time: nextTime(), ...options, technician });
    return { order, technician };
  }

  const invoiceUrl = (orderId: number) => `/api/service-orders/${orderId}/invoice`;
  const previewUrl = (orderId: number) => `/api/service-orders/${orderId}/invoice-preview`;
  const confirmUrl = (orderId: number) => `/api/service-orders/${orderId}/payment/confirm`;
  const invoiceRows = (orderId: number) => floor.db.selectFrom('service_invoices').selectAll().where('service_order_id', '=', orderId).execute();
  const history = (orderId: number) =>
    floor.db.selectFrom('service_order_status_history').select(['from_status', 'to_status', 'changed_by']).where('service_order_id', '=', orderId).orderBy('id').execute();
  const recordsOf = (appointmentId: number) => floor.db.selectFrom('maintenance_records').selectAll().where('appointment_id', '=', appointmentId).execute();

  it('previews the invoice from the lines, then issues the same invoice once (201, then 200 with the same code)', async () => {
    const { order } = await finished({ serviceSlugs: ['bao-duong-co-ban', 'kiem-tra-pin-bms'] });
    const basic = prices.get('bao-duong-co-ban')!;
    const battery = prices.get('kiem-tra-pin-bms')!;

    const previewAnswer = await floor.request(floor.users.staff, 'GET', previewUrl(order.id));
    expect(previewAnswer.statusCode).toBe(200);
    const preview = previewResponse.parse(previewAnswer.json()).data;
    expect(preview).toMatchObject({ subtotalServices: basic + battery, subtotalParts: 0, packageDiscount: 0, total: basic + battery });
    expect(preview.lines.map((line) => [line.kind, line.quantity, line.unitPrice, line.lineTotal, line.source])).toEqual([
      ['service', 1, basic, basic, 'booked'],
      ['service', 1, battery, battery, 'booked'],
    ]);

    const issued = await floor.request(floor.users.staff, 'POST', invoiceUrl(order.id));
    expect(issued.statusCode).toBe(201);
    const invoice = invoiceResponse.parse(issued.json()).data;
    expect(invoice).toMatchObject({
      subtotalServices: preview.subtotalServices,
      subtotalParts: 0,
      packageDiscount: 0,
      total: preview.total,
      paymentMethod: null,
      paymentStatus: 'UNPAID',
      issuedAt: floor.service.clock.now().toISOString(),
      paidAt: null,
    });
    expect(invoice.code).toMatch(/^HD261119[A-Z2-9]{4}$/);
    // The VietQR picture of the total, with the invoice code as the transfer content.
    expect(invoice.vietQr).toEqual({ imageDataUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/), content: invoice.code });

    const again = await floor.request(floor.users.manager, 'POST', invoiceUrl(order.id));
    expect(again.statusCode).toBe(200);
    expect(invoiceResponse.parse(again.json()).data).toEqual(invoice);

    // The preview still equals it; the detail shows it; one invoice, one INVOICED step in the history.
    expect(previewResponse.parse((await floor.request(floor.users.staff, 'GET', previewUrl(order.id))).json()).data.total).toBe(invoice.total);
    const detail = await floor.detail(order.id);
    expect(detail.status).toBe('INVOICED');
    expect(detail.invoice).toEqual(invoice);
    expect(await invoiceRows(order.id)).toHaveLength(1);
    expect((await history(order.id)).filter((step) => step.to_status === 'INVOICED')).toEqual([{ from_status: 'WORK_DONE', to_status: 'INVOICED', changed_by: floor.users.staff.id }]);

    // The appointment completed, with its history.
    const appointment = await floor.db.selectFrom('appointments').select(['status']).where('id', '=', order.appointmentId).executeTakeFirstOrThrow();
    expect(appointment.status).toBe('COMPLETED');
    const steps = await floor.db.selectFrom('appointment_status_history').select(['from_status', 'to_status']).where('appointment_id', '=', order.appointmentId).orderBy('id').execute();
    expect(steps.at(-1)).toEqual({ from_status: 'IN_PROGRESS', to_status: 'COMPLETED' });
  });

  it('subtracts the service paid by a package credit (package discount) in the preview and the invoice', async () => {
    const credit = await floor.addPackageCredit(floor.users.customer, 'bao-duong-nang-cao');
    const { order } = await finished({ serviceSlugs: ['bao-duong-nang-cao', 'cap-nhat-phan-mem'], packageCreditId: credit });
    const advanced = prices.get('bao-duong-nang-cao')!;
    const software = prices.get('cap-nhat-phan-mem')!;

    const preview = previewResponse.parse((await floor.request(floor.users.manager, 'GET', previewUrl(order.id))).json()).data;
    expect(preview).toMatchObject({ subtotalServices: advanced + software, packageDiscount: advanced, total: software });
    const invoice = invoiceResponse.parse((await floor.request(floor.users.manager, 'POST', invoiceUrl(order.id))).json()).data;
    expect(invoice).toMatchObject({ subtotalServices: advanced + software, packageDiscount: advanced, total: software });

    // Fully paid by the package: nothing to transfer, no VietQR.
    const onlyCredit = await floor.addPackageCredit(floor.users.customer, 'bao-duong-nang-cao');
    const free = (await finished({ serviceSlugs: ['bao-duong-nang-cao'], packageCreditId: onlyCredit })).order;
    const freeInvoice = invoiceResponse.parse((await floor.request(floor.users.staff, 'POST', invoiceUrl(free.id))).json()).data;
    expect(freeInvoice).toMatchObject({ subtotalServices: advanced, packageDiscount: advanced, total: 0, vietQr: null });
  });

  it('answers 10 parallel invoice calls with one invoice: one row, one transition, one maintenance record, the same code to all', async () => {
    const { order } = await finished();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_unused, index) => floor.request(index % 2 === 0 ? floor.users.staff : floor.users.manager, 'POST', invoiceUrl(order.id))),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const codes = new Set(responses.map((response) => invoiceResponse.parse(response.json()).data.code));
    expect(codes.size).toBe(1);
    const rows = await invoiceRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code).toBe([...codes][0]);
    expect((await history(order.id)).filter((step) => step.to_status === 'INVOICED')).toHaveLength(1);
    expect(await recordsOf(order.appointmentId)).toHaveLength(1);
  });

  it('refuses an order that is not done yet (409) and answers staff and managers of the centre only: route × role × centre', async () => {
    const technician = await floor.addMember('technician');
    const started = await floor.startedOrder({ time: nextTime(), technician });
    const early = await floor.request(floor.users.staff, 'POST', invoiceUrl(started.id));
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('INVALID_STATUS_TRANSITION');
    expect(await invoiceRows(started.id)).toEqual([]);
    expect((await floor.request(floor.users.staff, 'POST', invoiceUrl(999_999))).statusCode).toBe(404);

    const { order } = await finished();
    const preview: Array<[FloorRole | null, number]> = [
      [null, 401],
      ['customer', 403],
      ['technician', 403],
      ['staffB', 404],
      ['managerB', 404],
      ['admin', 200],
      ['manager', 200],
      ['staff', 200],
    ];
    for (const [role, status] of preview) {
      const response = await floor.request(role ? floor.users[role] : null, 'GET', previewUrl(order.id));
      expect({ role, status: response.statusCode }).toEqual({ role, status });
    }
    const issue: Array<[FloorRole | null, number]> = [
      [null, 401],
      ['customer', 403],
      ['technician', 403],
      ['admin', 403],
      ['staffB', 404],
      ['managerB', 404],
      ['manager', 201],
      ['staff', 200],
    ];
    for (const [role, status] of issue) {
      const response = await floor.request(role ? floor.users[role] : null, 'POST', invoiceUrl(order.id));
      expect({ role, status: response.statusCode }).toEqual({ role, status });
    }
    expect(await invoiceRows(order.id)).toHaveLength(1);
  });

  it('writes the maintenance record once, with the checklist and the FAIL photos; the customer sees it and the reminders count from it', async () => {
    const technician = await floor.addMember('technician', undefined, 'Lý Thợ Giỏi');
    const started = await floor.startedOrder({ time: nextTime(), technician, checkIn: { customerConcern: 'Phanh kêu khi đi mưa' } });
    const [failing, passing, ...rest] = started.checklistItems;
    const answer = (itemId: number, body: unknown) => floor.request(technician, 'PUT', `/api/service-orders/${started.id}/checklist/${itemId}`, body);
    expect((await answer(failing!.id, { result: 'FAIL', note: 'Má phanh trước mòn, cần thay' })).statusCode).toBe(200);
    expect((await answer(passing!.id, { result: 'PASS' })).statusCode).toBe(200);
    for (const item of rest) expect((await answer(item.id, { result: 'NA' })).statusCode).toBe(200);
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 90, b: 90 } } }).jpeg().toBuffer();
    const photoFiles: string[] = [];
    for (const itemId of [failing!.id, failing!.id, passing!.id]) {
      const boundary = `----evinvoice${photoFiles.length}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="phanh.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        jpeg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await floor.app.inject({
        method: 'POST',
        url: `/api/service-orders/${started.id}/checklist/${itemId}/photos`,
        headers: { ...(await floor.headers(technician)), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(response.statusCode).toBe(201);
      photoFiles.push((response.json().data.url as string).split('/').pop()!);
    }
    expect((await floor.act(started.id, 'finish', technician)).statusCode).toBe(200);

    const first = invoiceResponse.parse((await floor.request(floor.users.staff, 'POST', invoiceUrl(started.id))).json()).data;
    // A retry changes nothing.
    expect((await floor.request(floor.users.staff, 'POST', invoiceUrl(started.id))).statusCode).toBe(200);

    const records = await recordsOf(started.appointmentId);
    expect(records).toHaveLength(1);
    const record = records[0]!;
    const booked = await floor.db.selectFrom('appointments').select('vehicle_id').where('id', '=', started.appointmentId).executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      vehicle_id: booked.vehicle_id,
      centre_id: floor.centreA.id,
      odometer_km: START_ODOMETER_KM + 500,
      cost: first.total,
      technician_id: technician.id,
      technician_name: 'Lý Thợ Giỏi',
      notes: 'Yêu cầu của khách: Phanh kêu khi đi mưa',
    });
    expect(JSON.parse(record.service_names)).toEqual(['Bảo dưỡng cơ bản']);
    expect(JSON.parse(record.service_slugs)).toEqual(['bao-duong-co-ban']);
    expect(await floor.db.selectFrom('maintenance_record_parts').select('id').where('record_id', '=', record.id).execute()).toEqual([]);
    const items = await floor.db.selectFrom('maintenance_checklist_items').selectAll().where('record_id', '=', record.id).orderBy('sort_order').execute();
    expect(items).toHaveLength(started.checklistItems.length);
    expect(items[0]).toMatchObject({ label: failing!.label, result: 'FAIL', note: 'Má phanh trước mòn, cần thay' });
    expect(JSON.parse(items[0]!.photo_files!)).toEqual(photoFiles.slice(0, 2));
    // Only FAIL photos go to the record.
    expect(items[1]).toMatchObject({ label: passing!.label, result: 'PASS', photo_files: null });
    expect(items.slice(2).every((item) => item.result === 'NA')).toBe(true);

    // The customer's history shows it, with the FAIL photos as URLs that serve the pictures.
    const headers = await floor.headers(floor.users.customer);
    const list = maintenanceRecordListResponseSchema.parse((await floor.app.inject({ method: 'GET', url: '/api/maintenance-records', headers })).json()).data;
    expect(list.find((entry) => entry.id === record.id)).toMatchObject({
      cost: first.total,
      odometerKm: START_ODOMETER_KM + 500,
      services: ['Bảo dưỡng cơ bản'],
      technicianName: 'Lý Thợ Giỏi',
      checklistSummary: { pass: 1, fail: 1, na: started.checklistItems.length - 2 },
      // the visit, whose e-invoices the history's record offers
      appointmentId: started.appointmentId,
    });
    const detail = maintenanceRecordDetailResponseSchema.parse((await floor.app.inject({ method: 'GET', url: `/api/maintenance-records/${record.id}`, headers })).json()).data;
    const photos = photoFiles.slice(0, 2).map((file) => `/api/media/checklist-photos/${file}`);
    expect(detail.checklist[0]).toEqual({ label: failing!.label, result: 'FAIL', note: 'Má phanh trước mòn, cần thay', photos });
    expect(detail.checklist[1]).toEqual({ label: passing!.label, result: 'PASS', note: null });
    expect((await floor.app.inject({ method: 'GET', url: photos[0]! })).statusCode).toBe(200);

    // The reminders count the next basic maintenance from this one (date and odometer of the record).
    const vehicle = await floor.db.selectFrom('vehicles').selectAll().where('id', '=', booked.vehicle_id!).executeTakeFirstOrThrow();
    const reminder = (await remindersFor(floor.db, [vehicle], floor.service.clock.now())).get(vehicle.id)!;
    expect(reminder.dueKey).toBe(`co-ban@2026-11-19/${START_ODOMETER_KM + 500}`);
    expect(reminder.dueKm).toBe(START_ODOMETER_KM + 500 + 6_000);
  });

  it('invoices a guest’s order without a maintenance record (no vehicle of an account)', async () => {
    const { order } = await finished({ customer: null });
    const response = await floor.request(floor.users.staff, 'POST', invoiceUrl(order.id));
    expect(response.statusCode).toBe(201);
    expect(await recordsOf(order.appointmentId)).toEqual([]);
  });

  it('confirms a cash payment: the order closes, the invoice is PAID; repeated it changes nothing, another method is refused', async () => {
    const { order } = await finished();
    expect((await floor.request(floor.users.staff, 'POST', confirmUrl(order.id), { method: 'CASH' })).statusCode).toBe(409);
    const invoice = invoiceResponse.parse((await floor.request(floor.users.staff, 'POST', invoiceUrl(order.id))).json()).data;

    floor.service.clock.advance(10 * 60_000);
    const confirmed = await floor.request(floor.users.staff, 'POST', confirmUrl(order.id), { method: 'CASH' });
    expect(confirmed.statusCode).toBe(200);
    const paid: ServiceInvoice = invoiceResponse.parse(confirmed.json()).data;
    expect(paid).toEqual({ ...invoice, paymentMethod: 'CASH', paymentStatus: 'PAID', paidAt: floor.service.clock.now().toISOString(), vietQr: null });
    const row = (await invoiceRows(order.id))[0]!;
    expect(row).toMatchObject({ payment_status: 'PAID', payment_method: 'CASH', confirmed_by: floor.users.staff.id });
    const detail = await floor.detail(order.id);
    expect(detail.status).toBe('CLOSED');
    expect(detail.invoice).toEqual(paid);
    expect((await history(order.id)).at(-1)).toEqual({ from_status: 'INVOICED', to_status: 'CLOSED', changed_by: floor.users.staff.id });

    const repeated = await floor.request(floor.users.manager, 'POST', confirmUrl(order.id), { method: 'CASH' });
    expect(repeated.statusCode).toBe(200);
    expect(invoiceResponse.parse(repeated.json()).data).toEqual(paid);
    const other = await floor.request(floor.users.staff, 'POST', confirmUrl(order.id), { method: 'VIETQR' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('PAYMENT_ALREADY_CONFIRMED');
    expect((await history(order.id)).filter((step) => step.to_status === 'CLOSED')).toHaveLength(1);

    // A closed (or invoiced) order can no longer be cancelled.
    const cancel = await floor.act(order.id, 'cancel', floor.users.staff, { reason: 'Khách đổi ý không trả tiền' });
    expect(cancel.statusCode).toBe(409);
    expect((await floor.orderRow(order.id)).status).toBe('CLOSED');
  });

  it('closes the order once under 10 parallel confirmations (all answered the paid invoice)', async () => {
    const { order } = await finished();
    expect((await floor.request(floor.users.staff, 'POST', invoiceUrl(order.id))).statusCode).toBe(201);
    const responses = await Promise.all(Array.from({ length: 10 }, () => floor.request(floor.users.staff, 'POST', confirmUrl(order.id), { method: 'VIETQR' })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(10).fill(200));
    const answers = responses.map((response) => invoiceResponse.parse(response.json()).data);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toMatchObject({ paymentStatus: 'PAID', paymentMethod: 'VIETQR' });
    expect((await history(order.id)).filter((step) => step.to_status === 'CLOSED')).toHaveLength(1);
    expect(await invoiceRows(order.id)).toHaveLength(1);
  });

  it('takes payment confirmations from staff and managers of the centre only, with a known method', async () => {
    const { order } = await finished();
    expect((await floor.request(floor.users.staff, 'POST', invoiceUrl(order.id))).statusCode).toBe(201);
    const bad = await floor.request(floor.users.staff, 'POST', confirmUrl(order.id), { method: 'BITCOIN' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const cases: Array<[FloorRole | null, number]> = [
      [null, 401],
      ['customer', 403],
      ['technician', 403],
      ['admin', 403],
      ['staffB', 404],
      ['managerB', 404],
      ['manager', 200],
    ];
    for (const [role, status] of cases) {
      const response = await floor.request(role ? floor.users[role] : null, 'POST', confirmUrl(order.id), { method: 'CASH' });
      expect({ role, status: response.statusCode }).toEqual({ role, status });
    }
    expect((await invoiceRows(order.id))[0]).toMatchObject({ payment_status: 'PAID', confirmed_by: floor.users.manager.id });
  });

  it('tells the customer (service-order and appointment status) and the centre when the order is invoiced and paid', async () => {
    const { order } = await finished();
    const baseUrl = await listen(floor.app);
    const tokenOf = async (user: TestUser) => (await floor.headers(user)).authorization.slice('Bearer '.length);
    const customer = await openEventStream(baseUrl, await tokenOf(floor.users.customer));
    const centre = await openEventStream(baseUrl, await tokenOf(floor.users.staff), '/api/staff/events');
    try {
      expect((await floor.request(floor.users.staff, 'POST', invoiceUrl(order.id))).statusCode).toBe(201);
      const events = [await customer.next(2_000), await customer.next(2_000)];
      const serviceOrder = events.find((event) => event.event === 'service-order')!;
      expect(serviceOrderEventSchema.parse(JSON.parse(serviceOrder.data))).toMatchObject({
        appointmentId: order.appointmentId,
        serviceOrderId: order.id,
        status: 'INVOICED',
        statusLabel: 'Xe đã xong – chờ thanh toán',
      });
      const appointment = events.find((event) => event.event !== 'service-order')!;
      expect(JSON.parse(appointment.data)).toMatchObject({ appointmentId: order.appointmentId, status: 'COMPLETED' });
      expect(JSON.parse((await centre.next(2_000)).data)).toMatchObject({ centreId: floor.centreA.id, serviceOrderId: order.id });

      expect((await floor.request(floor.users.staff, 'POST', confirmUrl(order.id), { method: 'CASH' })).statusCode).toBe(200);
      const closed = await customer.next(2_000);
      expect(closed.event).toBe('service-order');
      expect(JSON.parse(closed.data)).toMatchObject({ serviceOrderId: order.id, status: 'CLOSED', statusLabel: 'Đã thanh toán' });
    } finally {
      customer.close();
      centre.close();
    }
  });
});
