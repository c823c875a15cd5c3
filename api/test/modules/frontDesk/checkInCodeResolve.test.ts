import { checkInCodeSchema, resolvedCheckInCodeSchema } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { testDatabases, TOMORROW, useFloor, type BookTodayOptions } from '../../support/floorTestKit';

/**
 * Issue 49 §4, the counter's side of QR check-in: POST /staff/check-in-codes/resolve turns a scanned code into the
 * day view's check-in of that appointment, for the people of its centre. A forged or altered code is 400, another
 * centre's 404, a cancelled or already received booking 409, another day's 409 (the check-in refuses it too), each
 * with a Vietnamese message and never a 500.
 */
describe.each(testDatabases())('resolving a scanned check-in code on $label', (target) => {
  const floor = useFloor(target);

  /** A booking of the floor's customer and its code, as the customer's page shows it. */
  async function bookedCode(options: BookTodayOptions = {}): Promise<{ appointmentId: number; code: string }> {
    const booked = await floor.bookToday(options);
    const response = await floor.request(floor.users.customer, 'GET', `/api/appointments/${booked.appointmentId}/check-in-code`);
    expect(response.statusCode).toBe(200);
    return { appointmentId: booked.appointmentId, code: checkInCodeSchema.parse(response.json().data).code };
  }

  const resolve = (code: unknown, user: TestUser = floor.users.staff) => floor.request(user, 'POST', '/api/staff/check-in-codes/resolve', code === undefined ? {} : { code });

  it("opens today's appointment for the staff, manager and admin: the day view's check-in path", async () => {
    const { appointmentId, code } = await bookedCode({ time: '10:00' });
    for (const user of [floor.users.staff, floor.users.manager, floor.users.admin]) {
      const response = await resolve(code, user);
      expect(response.statusCode).toBe(200);
      expect(resolvedCheckInCodeSchema.parse(response.json().data)).toEqual({
        appointmentId,
        centreId: floor.centreA.id,
        checkInPath: `/staff/appointments?checkIn=${appointmentId}`,
      });
    }
    // a USB scanner's stray spaces and a caps-locked prefix still read
    expect((await resolve(`  evci1.${code.slice('EVCI1.'.length)}\n`)).statusCode).toBe(200);
    // the code opens the check-in; it does not check the car in
    expect((await floor.db.selectFrom('appointments').select('status').where('id', '=', appointmentId).executeTakeFirstOrThrow()).status).toBe('CONFIRMED');
  });

  it('refuses a forged signature, an altered appointment or centre id and unreadable text with 400 "Mã QR không hợp lệ."', async () => {
    const { appointmentId, code } = await bookedCode({ time: '10:30' });
    const other = await bookedCode({ time: '11:00' });
    const signature = code.split('.')[3]!;
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const candidates = [
      `EVCI1.${appointmentId}.${floor.centreA.id}.${flipped}`,
      `EVCI1.${other.appointmentId}.${floor.centreA.id}.${signature}`,
      `EVCI1.${appointmentId}.${floor.centreB.id}.${signature}`,
      `EVCI1.${appointmentId}.${floor.centreA.id}.${signature.slice(0, 20)}`,
      `EVCI1.${appointmentId}.${floor.centreA.id}.${signature.toLowerCase()}`,
      'EVCI1.',
      'LH261119ABCDE',
      `${code}x`,
    ];
    for (const candidate of candidates) {
      const response = await resolve(candidate);
      expect({ candidate, status: response.statusCode, message: response.json().message }).toEqual({ candidate, status: 400, message: 'Mã QR không hợp lệ.' });
    }
  });

  it('validates the body: empty, missing, not text or too long is a Vietnamese 4xx', async () => {
    for (const body of [undefined, '', '   ', 42, 'E'.repeat(201)]) {
      const response = await resolve(body);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().message).toMatch(/[ĐđÃãáàạảôơưệịọụ]|Mã|Vui lòng|Dữ liệu/);
    }
    const empty = await floor.request(floor.users.staff, 'POST', '/api/staff/check-in-codes/resolve');
    expect(empty.statusCode).toBe(400);
  });

  it("answers 404 to another centre's people for this centre's code, and to this centre's people for theirs", async () => {
    const { code } = await bookedCode({ time: '11:30' });
    for (const user of [floor.users.staffB, floor.users.managerB]) {
      const response = await resolve(code, user);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Mã QR này là lịch hẹn của trung tâm khác.');
    }
    const atB = await bookedCode({ time: '12:00', centreId: floor.centreB.id });
    expect((await resolve(atB.code)).statusCode).toBe(404);
    expect((await resolve(atB.code, floor.users.staffB)).statusCode).toBe(200);
  });

  it('refuses technicians and customers (403) and signed-out callers (401)', async () => {
    const { code } = await bookedCode({ time: '12:30' });
    expect((await resolve(code, floor.users.technician)).statusCode).toBe(403);
    expect((await resolve(code, floor.users.customer)).statusCode).toBe(403);
    expect((await floor.request(null, 'POST', '/api/staff/check-in-codes/resolve', { code })).statusCode).toBe(401);
  });

  it('explains a cancelled, already received, no-show or another day\'s booking with a Vietnamese 409', async () => {
    const cancelled = await bookedCode({ time: '13:00' });
    await floor.db.updateTable('appointments').set({ status: 'CANCELLED' }).where('id', '=', cancelled.appointmentId).execute();
    const cancelledAnswer = await resolve(cancelled.code);
    expect([cancelledAnswer.statusCode, cancelledAnswer.json().message]).toEqual([409, 'Lịch hẹn đã bị hủy.']);

    const received = await bookedCode({ time: '13:30' });
    expect((await floor.checkIn(received.appointmentId)).statusCode).toBe(201);
    const receivedAnswer = await resolve(received.code);
    expect([receivedAnswer.statusCode, receivedAnswer.json().message]).toEqual([409, 'Lịch hẹn đã được tiếp nhận.']);

    const noShow = await bookedCode({ time: '14:00' });
    await floor.db.updateTable('appointments').set({ status: 'NO_SHOW' }).where('id', '=', noShow.appointmentId).execute();
    expect((await resolve(noShow.code)).statusCode).toBe(409);

    const tomorrow = await bookedCode({ time: '09:00', date: TOMORROW });
    const tomorrowAnswer = await resolve(tomorrow.code);
    expect([tomorrowAnswer.statusCode, tomorrowAnswer.json().code, tomorrowAnswer.json().message]).toEqual([
      409,
      'NOT_APPOINTMENT_DAY',
      'Lịch hẹn này vào ngày 20/11/2026; chỉ tiếp nhận xe trong ngày hẹn.',
    ]);
  });

  it('answers the same to concurrent scans of one code (a double read of the scanner)', async () => {
    const { appointmentId, code } = await bookedCode({ time: '14:30' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => resolve(code)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.json().data.appointmentId))).toEqual(new Set([appointmentId]));
  });
});
