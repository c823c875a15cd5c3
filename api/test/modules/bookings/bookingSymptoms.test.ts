import { DIAGNOSIS_SYMPTOMS_MAX, SYMPTOMS } from 'shared-contracts/diagnostics';
import { appointmentListResponseSchema, appointmentResponseSchema } from 'shared-contracts/schemas';
import { countingDb } from '../../support/countingDb';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { addScooter, authHeader, book, createCentre, createUser, occupancy, serviceId, startServiceApp, type ServiceApp, type TestUser } from '../../support/serviceTestKit';
import { emailOutbox } from '../../support/emailOutbox';

/**
 * The symptoms a customer picks when booking (spec predictive.md §3 "Where symptoms are recorded", §5 bad
 * input): POST /appointments takes `symptoms` (codes of the vocabulary, at most DIAGNOSIS_SYMPTOMS_MAX), records
 * them with source 'customer' in the booking's transaction, and every answer of the appointment carries them.
 */

// The clock: Thursday 19/11/2026 08:00 in Vietnam. Each booking (45 minutes: two 30-minute steps of the centre's
// one bay) takes an hour of its own on Friday 20/11 or Monday 23/11; the refused ones ask for Tuesday 24/11.
const at = (date: string, time: string) => `${date}T${time}:00+07:00`;
const FREE_STARTS = ['2026-11-20', '2026-11-23'].flatMap((date) => ['08', '09', '10', '11', '12', '13', '14', '15'].map((hour) => at(date, `${hour}:00`)));
const REFUSED_START = at('2026-11-24', '09:00');

const label = (code: string) => SYMPTOMS.find((symptom) => symptom.code === code)!.label;

describe.each(testDatabases())('symptoms picked when booking on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let centreId: number;
  let basic: number;
  let customer: TestUser;
  let vehicleId: number;
  let nextTime = 0;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
    centreId = await createCentre(scratch.db, { bays: 1, open: '08:00', close: '17:00' });
    basic = await serviceId(scratch.db, 'bao-duong-co-ban');
    customer = await createUser(scratch.db, 'customer', 'Phạm Văn Triệu');
    vehicleId = (await addScooter(service.app, customer)).id;
  });
  afterAll(() => service.close());

  const slot = () => FREE_STARTS[nextTime++]!;
  const bookAsCustomer = (extra: Record<string, unknown>) => book(service.app, customer, { vehicleId, serviceIds: [basic], centreId, start: slot(), ...extra });

  async function symptomRows(appointmentId: number) {
    return scratch.db
      .selectFrom('appointment_symptoms')
      .select(['code', 'source', 'recorded_by'])
      .where('appointment_id', '=', appointmentId)
      .orderBy('code')
      .execute();
  }

  async function counts() {
    const appointments = await scratch.db.selectFrom('appointments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const symptoms = await scratch.db.selectFrom('appointment_symptoms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { appointments: Number(appointments.n), symptoms: Number(symptoms.n), occupancy: await occupancy(scratch.db, centreId) };
  }

  it('records them with source customer, each once, and answers them with their labels in the vocabulary order', async () => {
    const response = await bookAsCustomer({ symptoms: ['BRAKE_NOISE', 'FAST_DRAIN', 'BRAKE_NOISE'], note: 'Phanh kêu, pin tụt' });
    expect(response.statusCode).toBe(201);
    const appointment = appointmentResponseSchema.parse(response.json()).data;
    const expected = [
      { code: 'FAST_DRAIN', label: 'Tụt pin nhanh', source: 'customer' },
      { code: 'BRAKE_NOISE', label: 'Tiếng kêu khi phanh', source: 'customer' },
    ];
    expect(appointment.symptoms).toEqual(expected);
    expect(await symptomRows(appointment.id)).toEqual([
      { code: 'BRAKE_NOISE', source: 'customer', recorded_by: customer.id },
      { code: 'FAST_DRAIN', source: 'customer', recorded_by: customer.id },
    ]);

    // the customer's reads carry them too
    const headers = await authHeader(service.app, customer);
    const detail = await service.app.inject({ method: 'GET', url: `/api/appointments/${appointment.id}`, headers });
    expect(appointmentResponseSchema.parse(detail.json()).data.symptoms).toEqual(expected);
    const list = await service.app.inject({ method: 'GET', url: '/api/appointments?scope=all', headers });
    expect(appointmentListResponseSchema.parse(list.json()).data.find((entry) => entry.id === appointment.id)?.symptoms).toEqual(expected);
  });

  it('answers an empty list for a booking without symptoms (a client built before the field)', async () => {
    const response = await bookAsCustomer({});
    expect(response.statusCode).toBe(201);
    const appointment = appointmentResponseSchema.parse(response.json()).data;
    expect(appointment.symptoms).toEqual([]);
    expect(await symptomRows(appointment.id)).toEqual([]);
    const detail = await service.app.inject({ method: 'GET', url: `/api/appointments/${appointment.id}`, headers: await authHeader(service.app, customer) });
    expect(appointmentResponseSchema.parse(detail.json()).data.symptoms).toEqual([]);
    const none = await bookAsCustomer({ symptoms: [] });
    expect(none.statusCode).toBe(201);
    expect(appointmentResponseSchema.parse(none.json()).data.symptoms).toEqual([]);
  });

  it('refuses a code outside the vocabulary with a Vietnamese 400, and writes nothing', async () => {
    const before = await counts();
    const start = REFUSED_START;
    for (const symptoms of [['BRAKE_NOISE', 'NOT_A_SYMPTOM'], ['brake_noise'], [''], [42], [null], 'BRAKE_NOISE', { code: 'BRAKE_NOISE' }]) {
      const response = await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId, start, symptoms });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ success: false });
      const fields = (body.errors as Array<{ field: string; message: string }>).filter((error) => error.field.startsWith('symptoms'));
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.some((error) => /^(Triệu chứng không có trong danh sách\.|Danh sách triệu chứng không hợp lệ\.)$/.test(error.message))).toBe(true);
    }
    const unknown = await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId, start, symptoms: ['BRAKE_NOISE', 'NOT_A_SYMPTOM'] });
    expect(unknown.json().errors).toContainEqual({ field: 'symptoms.1', message: 'Triệu chứng không có trong danh sách.' });
    expect(await counts()).toEqual(before);
  });

  it(`refuses more than ${DIAGNOSIS_SYMPTOMS_MAX} symptoms with a Vietnamese 400, and takes exactly ${DIAGNOSIS_SYMPTOMS_MAX}`, async () => {
    const before = await counts();
    const codes = SYMPTOMS.map((symptom) => symptom.code);
    const tooMany = await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId, start: REFUSED_START, symptoms: codes.slice(0, DIAGNOSIS_SYMPTOMS_MAX + 1) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toContainEqual({ field: 'symptoms', message: `Chọn tối đa ${DIAGNOSIS_SYMPTOMS_MAX} triệu chứng.` });
    expect(await counts()).toEqual(before);

    const most = await bookAsCustomer({ symptoms: codes.slice(0, DIAGNOSIS_SYMPTOMS_MAX) });
    expect(most.statusCode).toBe(201);
    const appointment = appointmentResponseSchema.parse(most.json()).data;
    expect(appointment.symptoms?.map((symptom) => symptom.code)).toEqual(codes.slice(0, DIAGNOSIS_SYMPTOMS_MAX));
    expect(await symptomRows(appointment.id)).toHaveLength(DIAGNOSIS_SYMPTOMS_MAX);
  });

  it('records nothing when the booking itself fails (the slot is taken)', async () => {
    const start = slot();
    expect((await book(service.app, customer, { vehicleId, serviceIds: [basic], centreId, start })).statusCode).toBe(201);
    const before = await counts();
    const other = await createUser(scratch.db);
    const otherVehicle = (await addScooter(service.app, other)).id;
    const full = await book(service.app, other, { vehicleId: otherVehicle, serviceIds: [basic], centreId, start, symptoms: ['WONT_START'] });
    expect(full.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it("records a guest's symptoms (recorded by nobody) and the verified appointment carries them", async () => {
    const email = 'khach.trieuchung@example.vn';
    const response = await book(service.app, null, {
      vehicle: { type: 'scooter', brand: 'VinFast', model: 'Feliz S', licensePlate: '29MĐ1-777.01' },
      contact: { fullName: 'Lê Thị Vãng Lai', phone: '0912345678', email },
      serviceIds: [basic],
      centreId,
      start: slot(),
      symptoms: ['NOT_CHARGING', 'WATER_IN_PORT'],
    });
    expect(response.statusCode).toBe(201);
    const held = appointmentResponseSchema.parse(response.json()).data;
    expect(held.status).toBe('AWAITING_VERIFICATION');
    const expected = [
      { code: 'NOT_CHARGING', label: label('NOT_CHARGING'), source: 'customer' },
      { code: 'WATER_IN_PORT', label: label('WATER_IN_PORT'), source: 'customer' },
    ];
    expect(held.symptoms).toEqual(expected);
    expect(await symptomRows(held.id)).toEqual([
      { code: 'NOT_CHARGING', source: 'customer', recorded_by: null },
      { code: 'WATER_IN_PORT', source: 'customer', recorded_by: null },
    ]);
    const mail = await emailOutbox(scratch.db).select('text_body').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const otpCode = /\b(\d{6})\b/.exec(mail.text_body)![1];
    const verified = await service.app.inject({ method: 'POST', url: `/api/appointments/${held.code}/verify`, payload: { email, otpCode } });
    expect(verified.statusCode).toBe(200);
    expect(appointmentResponseSchema.parse(verified.json()).data.symptoms).toEqual(expected);
  });

  it("staff read them in the status change's answer", async () => {
    const booked = appointmentResponseSchema.parse((await bookAsCustomer({ symptoms: ['TYRE_LOW'] })).json()).data;
    const admin = await createUser(scratch.db, 'admin');
    const confirmed = await service.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${booked.id}/status`,
      headers: await authHeader(service.app, admin),
      payload: { status: 'CONFIRMED' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(appointmentResponseSchema.parse(confirmed.json()).data).toMatchObject({
      status: 'CONFIRMED',
      symptoms: [{ code: 'TYRE_LOW', label: label('TYRE_LOW'), source: 'customer' }],
    });
  });

  it('reads the symptoms of a list in one query, whatever the number of appointments', async () => {
    const counted = countingDb(scratch.db);
    const app = await startServiceApp(counted.db);
    try {
      const reader = await createUser(scratch.db, 'customer', 'Đỗ Thị Đếm');
      const readerVehicle = (await addScooter(app.app, reader)).id;
      const headers = await authHeader(app.app, reader);
      const queriesOfList = async () => {
        const start = counted.queries();
        const response = await app.app.inject({ method: 'GET', url: '/api/appointments?scope=all', headers });
        expect(response.statusCode).toBe(200);
        return { queries: counted.queries() - start, appointments: appointmentListResponseSchema.parse(response.json()).data };
      };
      const bookReader = async (symptoms: string[]) =>
        expect((await book(app.app, reader, { vehicleId: readerVehicle, serviceIds: [basic], centreId, start: slot(), symptoms })).statusCode).toBe(201);

      await bookReader(['VIBRATION']);
      const one = await queriesOfList();
      await bookReader(['LIGHTS_OUT', 'MOTOR_NOISE']);
      await bookReader(['POWER_LOSS']);
      const three = await queriesOfList();
      expect(three.appointments).toHaveLength(3);
      expect(three.appointments.every((appointment) => (appointment.symptoms?.length ?? 0) > 0)).toBe(true);
      expect(three.queries).toBe(one.queries);
    } finally {
      await app.close();
    }
  });
});
