import { appointmentResponseSchema, availabilityResponseSchema } from 'shared-contracts/schemas';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { book, createCentre, occupancy, serviceId, startServiceApp, statusOf, type ServiceApp } from '../../support/serviceTestKit';
import { emailOutbox } from '../../support/emailOutbox';

const guest = (email: string) => ({
  vehicle: { type: 'scooter', brand: 'VinFast', model: 'Feliz S', licensePlate: '59-x3 123.45' },
  contact: { fullName: 'Lê Thị Vãng Lai', phone: '+84 912 345 678', email },
});

describe.each(productionDatabase())('guest booking on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let centreId: number;
  let basic: number;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    centreId = await createCentre(scratch.db, { bays: 1 });
    basic = await serviceId(scratch.db, 'bao-duong-co-ban');
  });
  afterAll(() => service.close());

  async function codeSentTo(email: string): Promise<string> {
    const row = await emailOutbox(scratch.db)
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .where('kind', '=', 'appointment_guest_code')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(row.text_body)?.[1];
    expect(row.subject).toBe(`Mã xác thực lịch hẹn EV Service: ${code}`);
    return code!;
  }

  async function freeAt(time: string): Promise<boolean> {
    const response = await service.app.inject({ method: 'GET', url: `/api/centres/${centreId}/availability?date=2026-11-20&durationMinutes=45` });
    return availabilityResponseSchema.parse(response.json()).data.slots.find((slot) => slot.time === time)!.available;
  }

  it('needs the contact and an inline vehicle, and no saved vehicle or package credit', async () => {
    const response = await book(service.app, null, { vehicleId: 1, packageCreditId: 3, serviceIds: [basic], centreId, start: '2026-11-20T09:00:00+07:00' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'vehicleId', message: 'Vui lòng đăng nhập để chọn xe đã lưu, hoặc nhập thông tin xe.' },
      { field: 'contact', message: 'Vui lòng nhập họ tên, số điện thoại và email để nhận mã xác thực.' },
      { field: 'packageCreditId', message: 'Vui lòng đăng nhập để dùng lượt dịch vụ trong gói.' },
    ]);
  });

  it('holds the slot, emails a code, and the code confirms the appointment', async () => {
    const email = 'vanglai@example.vn';
    const response = await book(service.app, null, { ...guest(email), serviceIds: [basic], centreId, start: '2026-11-20T09:00:00+07:00' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Vui lòng nhập mã xác thực đã gửi tới email để hoàn tất đặt lịch.');
    const held = appointmentResponseSchema.parse(response.json()).data;
    expect(held).toMatchObject({
      status: 'AWAITING_VERIFICATION',
      statusLabel: 'Chờ xác thực email',
      vehicle: { id: null, licensePlate: '59X3-123.45', type: 'scooter' },
      contact: { fullName: 'Lê Thị Vãng Lai', phone: '0912345678', email },
    });
    expect(await freeAt('09:00')).toBe(false);
    const code = await codeSentTo(email);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await service.app.inject({ method: 'POST', url: `/api/appointments/${held.code}/verify`, payload: { email, otpCode: wrongCode } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('OTP_INVALID');
    const otherEmail = await service.app.inject({ method: 'POST', url: `/api/appointments/${held.code}/verify`, payload: { email: 'ai.do@example.vn', otpCode: code } });
    expect(otherEmail.statusCode).toBe(404);

    const verified = await service.app.inject({ method: 'POST', url: `/api/appointments/${held.code.toLowerCase()}/verify`, payload: { email: 'VANGLAI@example.vn', otpCode: code } });
    expect(verified.statusCode).toBe(200);
    expect(appointmentResponseSchema.parse(verified.json()).data).toMatchObject({ id: held.id, status: 'PENDING', statusLabel: 'Chờ xác nhận' });
    const confirmation = await emailOutbox(scratch.db).select('subject').where('to_address', '=', email).where('kind', '=', 'appointment_confirmation').executeTakeFirstOrThrow();
    expect(confirmation.subject).toBe(`Đặt lịch thành công – ${held.code}`);

    // Fifteen minutes later the appointment stays: it is verified.
    service.clock.advance(16 * 60_000);
    expect(await freeAt('09:00')).toBe(false);
    const again = await service.app.inject({ method: 'POST', url: `/api/appointments/${held.code}/verify`, payload: { email, otpCode: code } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('APPOINTMENT_ALREADY_VERIFIED');
  });

  it('gives the slot back when the code is not entered within 15 minutes', async () => {
    const email = 'cham@example.vn';
    const held = appointmentResponseSchema.parse((await book(service.app, null, { ...guest(email), serviceIds: [basic], centreId, start: '2026-11-20T14:00:00+07:00' })).json()).data;
    const code = await codeSentTo(email);
    expect(await freeAt('14:00')).toBe(false);

    service.clock.advance(14 * 60_000);
    expect(await freeAt('14:00')).toBe(false);
    service.clock.advance(60_000);
    expect(await freeAt('14:00')).toBe(true);
    expect(await statusOf(scratch.db, held.id)).toBe('CANCELLED');
    expect((await occupancy(scratch.db, centreId))[new Date('2026-11-20T14:00:00+07:00').toISOString()]).toBeUndefined();

    const late = await service.app.inject({ method: 'POST', url: `/api/appointments/${held.code}/verify`, payload: { email, otpCode: code } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'GUEST_HOLD_EXPIRED', message: 'Mã xác thực đã hết hạn và khung giờ đã được trả lại. Vui lòng đặt lịch lại.' });
  });

  it('cancels the hold after 5 wrong codes', async () => {
    const email = 'saima@example.vn';
    const held = appointmentResponseSchema.parse((await book(service.app, null, { ...guest(email), serviceIds: [basic], centreId, start: '2026-11-20T15:00:00+07:00' })).json()).data;
    const code = await codeSentTo(email);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push((await service.app.inject({ method: 'POST', url: `/api/appointments/${held.code}/verify`, payload: { email, otpCode: wrongCode } })).json().code);
    }
    expect(answers).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_LOCKED']);
    expect(await statusOf(scratch.db, held.id)).toBe('CANCELLED');
    expect(await freeAt('15:00')).toBe(true);
    const right = await service.app.inject({ method: 'POST', url: `/api/appointments/${held.code}/verify`, payload: { email, otpCode: code } });
    expect(right.statusCode).toBe(409);
  });

  it('limits guest bookings: 5 codes to one email and 10 bookings from one address an hour; a slot that was full does not count', async () => {
    const limited = await startServiceApp(scratch.db); // its own counters
    try {
      const centre = await createCentre(scratch.db, { bays: 1 });
      // The basic service takes 45 minutes (two 30-minute steps): one booking an hour, over two days.
      const bookAs = (email: string, day: string, time: string) =>
        book(limited.app, null, { ...guest(email), serviceIds: [basic], centreId: centre, start: `2026-11-${day}T${time}:00+07:00` });
      const email = 'nhieu-lan@example.vn';
      expect((await bookAs(email, '21', '08:00')).statusCode).toBe(201);
      expect((await bookAs(email, '21', '08:00')).statusCode).toBe(409); // the slot is full: not counted
      for (const time of ['09:00', '10:00', '11:00', '12:00']) expect((await bookAs(email, '21', time)).statusCode).toBe(201);

      const sixth = await bookAs(email, '21', '13:00');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers['retry-after']).toBe('3600');
      expect(sixth.json()).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: 'Bạn đã đặt lịch quá nhiều lần khi chưa đăng nhập. Vui lòng thử lại sau 60 phút hoặc đăng nhập để đặt lịch.',
      });

      for (const [index, time] of ['08:00', '09:00', '10:00', '11:00', '12:00'].entries()) {
        expect((await bookAs(`khach-${index}@example.vn`, '22', time)).statusCode).toBe(201);
      }
      expect((await bookAs('khach-moi@example.vn', '22', '13:00')).statusCode).toBe(429); // the 11th from this address

      limited.clock.advance(61 * 60_000);
      expect((await bookAs('khach-moi@example.vn', '22', '13:00')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
