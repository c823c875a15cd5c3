import { appointmentResponseSchema, checkInCodeSchema, type CheckInCode } from 'shared-contracts/schemas';
import { createUser, type TestUser } from '../../support/serviceTestKit';
import { productionDatabase, TOMORROW, useFloor } from '../../support/floorTestKit';
import { emailOutbox } from '../../support/emailOutbox';

/**
 * Issue 49 §4, the customer's side of QR check-in: the booking's customer reads its signed code (another
 * customer's booking answers 404, a cancelled, finished or already received one 409 in Vietnamese), the
 * confirmation email carries the code and its QR image, and that image is drawn only for a code the shop signed.
 */
describe.each(productionDatabase())('the customer check-in code on $label', (target) => {
  const floor = useFloor(target);
  let stranger: TestUser;

  beforeAll(async () => {
    stranger = await createUser(floor.db, 'customer', 'Người Lạ');
  });

  async function codeOf(appointmentId: number, user: TestUser = floor.users.customer) {
    return floor.request(user, 'GET', `/api/appointments/${appointmentId}/check-in-code`);
  }

  it('gives the booking customer a signed code naming the appointment and its centre, with its QR image', async () => {
    const booked = await floor.bookToday({ time: '14:00' });
    const response = await codeOf(booked.appointmentId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const code: CheckInCode = checkInCodeSchema.parse(response.json().data);
    expect(code.appointmentId).toBe(booked.appointmentId);
    expect(code.code).toMatch(new RegExp(`^EVCI1\\.${booked.appointmentId}\\.${booked.centreId}\\.[A-Za-z0-9_-]{43}$`));
    expect(code.qrImageDataUrl.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(code.qrImageDataUrl.split(',')[1]!, 'base64').toString('utf8')).toContain('<svg');
    // the same appointment always has the same code (the email's and the page's agree)
    expect(checkInCodeSchema.parse((await codeOf(booked.appointmentId)).json().data).code).toBe(code.code);
  });

  it("answers 404 for another customer's booking, for staff and for an unknown id; 401 signed out", async () => {
    const booked = await floor.bookToday({ time: '14:30' });
    for (const user of [stranger, floor.users.staff]) {
      const response = await codeOf(booked.appointmentId, user);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Không tìm thấy lịch hẹn.');
    }
    expect((await codeOf(999_999)).statusCode).toBe(404);
    expect((await floor.request(null, 'GET', `/api/appointments/${booked.appointmentId}/check-in-code`)).statusCode).toBe(401);
  });

  it('refuses a cancelled, no-show, checked-in or completed booking with a Vietnamese 409', async () => {
    const cancelled = await floor.bookToday({ time: '15:00', status: 'CANCELLED' });
    const cancelledAnswer = await codeOf(cancelled.appointmentId);
    expect(cancelledAnswer.statusCode).toBe(409);
    expect(cancelledAnswer.json().message).toBe('Lịch hẹn đã bị hủy, mã check-in không còn dùng được.');

    const noShow = await floor.bookToday({ time: '15:30', status: 'NO_SHOW' });
    expect((await codeOf(noShow.appointmentId)).statusCode).toBe(409);

    const checkedIn = await floor.bookToday({ time: '16:00' });
    expect((await floor.checkIn(checkedIn.appointmentId)).statusCode).toBe(201);
    const received = await codeOf(checkedIn.appointmentId);
    expect(received.statusCode).toBe(409);
    expect(received.json().message).toBe('Xe đã được tiếp nhận, không cần mã check-in nữa.');

    const done = await floor.bookToday({ time: '16:30' });
    await floor.db.updateTable('appointments').set({ status: 'COMPLETED' }).where('id', '=', done.appointmentId).execute();
    const completed = await codeOf(done.appointmentId);
    expect(completed.statusCode).toBe(409);
    expect(completed.json().message).toBe('Lịch hẹn đã hoàn thành, mã check-in không còn dùng được.');
  });

  it('puts the code and its QR image in the booking confirmation email; the image is drawn only for a signed code', async () => {
    // The notification centre tells each fact on the customer's first channel: one who chose email gets the email,
    // one reached on Zalo the Zalo message, each with the same code and QR image.
    const bookAs = async (customer: Awaited<ReturnType<typeof createUser>>) => {
      const car = await floor.addCar(customer);
      const response = await floor.request(customer, 'POST', '/api/appointments', {
        vehicleId: car.id,
        serviceIds: [await floor.serviceId('bao-duong-co-ban')],
        centreId: floor.centreA.id,
        start: `${TOMORROW}T10:00:00+07:00`,
      });
      expect(response.statusCode).toBe(201);
      const appointment = appointmentResponseSchema.parse(response.json()).data;
      return { appointment, code: checkInCodeSchema.parse((await codeOf(appointment.id, customer)).json().data).code };
    };
    const byEmail = await createUser(floor.db, 'customer', 'Khách Đặt Lịch');
    await floor.db.updateTable('users').set({ phone_number: null }).where('id', '=', byEmail.id).execute();
    const { appointment, code } = await bookAs(byEmail);

    const email = await emailOutbox(floor.db).select(['kind', 'text_body', 'html_body']).where('to_address', '=', byEmail.email).executeTakeFirstOrThrow();
    expect(email.kind).toBe('appointment_confirmation');
    expect(email.text_body).toContain(`Đưa mã này cho nhân viên khi đến trung tâm (mã QR check-in): ${code}`);
    const imageUrl = /<img src="([^"]+)"/.exec(email.html_body ?? '')?.[1];
    expect(imageUrl).toBe(`http://localhost:3000/api/check-in-codes/${encodeURIComponent(code)}/qr.png`);
    expect(email.html_body).toContain(`alt="Mã QR check-in lịch hẹn ${appointment.code}"`);
    // the Zalo confirmation carries the same code and QR image (ZNS template parameters)
    const byZalo = await createUser(floor.db, 'customer', 'Khách Dùng Zalo');
    const onZalo = await bookAs(byZalo);
    expect(await emailOutbox(floor.db).select('id').where('to_address', '=', byZalo.email).execute()).toEqual([]);
    const zalo = await floor.db.selectFrom('notification_deliveries').select(['channel', 'template_data']).where('user_id', '=', byZalo.id).where('kind', '=', 'booking_confirmed').executeTakeFirstOrThrow();
    expect(zalo.channel).toBe('zalo');
    expect(JSON.parse(zalo.template_data ?? 'null')).toEqual({ check_in_code: onZalo.code, check_in_qr: `http://localhost:3000/api/check-in-codes/${encodeURIComponent(onZalo.code)}/qr.png` });

    const image = await floor.request(null, 'GET', new URL(imageUrl!).pathname);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    const forged = `${code.slice(0, -2)}${code.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await floor.request(null, 'GET', `/api/check-in-codes/${encodeURIComponent(forged)}/qr.png`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Mã QR không hợp lệ.');
  });
});
