import { serviceOrderDetailSchema, staffDaySchema, type ServiceOrderDetail } from 'shared-contracts/schemas';
import { recordAppointmentSymptoms } from '../../../src/modules/diagnostics/appointmentSymptoms';
import { rankComponents } from '../../../src/modules/prediction/diagnosisRanking';
import { MODEL_TTL_MS, suggestionReasons } from '../../../src/modules/diagnostics/suggestedChecks';
import { runWearTraining } from '../../../src/modules/prediction/wearTraining';
import { closedOrdersKit } from '../../support/closedOrdersKit';
import { TODAY, productionDatabase, useFloor } from '../../support/floorTestKit';

/**
 * Spec predictive.md §3–§4 at the counter and on the floor: staff confirm the customer's symptoms at check-in and
 * add their own; the order's detail (the staff drawer, the technician's checklist) carries the symptoms and the
 * components to check closely, ranked by the diagnostics' path with the vehicle's forecast.
 */
describe.each(productionDatabase())('symptoms at check-in and the suggested checks, on $label', (target) => {
  const floor = useFloor(target);

  const detailOf = (response: { json(): unknown }): ServiceOrderDetail => serviceOrderDetailSchema.parse((response.json() as { data: unknown }).data);
  const symptomRows = (appointmentId: number) =>
    floor.db.selectFrom('appointment_symptoms').select(['code', 'source', 'recorded_by']).where('appointment_id', '=', appointmentId).orderBy('code').execute();

  it('shows the customer’s symptoms on the front desk’s day row, for check-in to pre-tick', async () => {
    const booked = await floor.bookToday({ time: '10:00' });
    await recordAppointmentSymptoms(floor.db, booked.appointmentId, ['VIBRATION', 'BRAKE_NOISE'], 'customer', booked.userId);
    const response = await floor.request(floor.users.staff, 'GET', `/api/staff/appointments?date=${TODAY}`);
    expect(response.statusCode).toBe(200);
    const day = staffDaySchema.parse(response.json().data);
    expect(day.appointments.find((row) => row.id === booked.appointmentId)!.symptoms).toEqual([
      { code: 'BRAKE_NOISE', label: 'Tiếng kêu khi phanh', source: 'customer' },
      { code: 'VIBRATION', label: 'Xe rung, lắc khi chạy', source: 'customer' },
    ]);
    const board = await floor.request(floor.users.staff, 'GET', '/api/service-orders/board');
    const waiting = (board.json().data.waiting as { id: number; symptoms?: unknown[] }[]).find((row) => row.id === booked.appointmentId)!;
    expect(waiting.symptoms).toHaveLength(2);
  });

  it('records what staff confirm: the customer’s kept as theirs, staff’s added as staff’s, the unticked dropped', async () => {
    const booked = await floor.bookToday();
    await recordAppointmentSymptoms(floor.db, booked.appointmentId, ['BRAKE_NOISE', 'VIBRATION'], 'customer', booked.userId);
    const response = await floor.checkIn(booked.appointmentId, { symptoms: ['BRAKE_WEAK', 'BRAKE_NOISE', 'BRAKE_WEAK'] });
    expect(response.statusCode).toBe(201);
    expect(await symptomRows(booked.appointmentId)).toEqual([
      { code: 'BRAKE_NOISE', source: 'customer', recorded_by: booked.userId },
      { code: 'BRAKE_WEAK', source: 'staff', recorded_by: floor.users.staff.id },
    ]);

    const order = detailOf(response);
    expect(order.symptoms).toEqual([
      { code: 'BRAKE_NOISE', label: 'Tiếng kêu khi phanh', source: 'customer' },
      { code: 'BRAKE_WEAK', label: 'Phanh kém, phải bóp sâu', source: 'staff' },
    ]);
    // The diagnostics' ranking (no closed case and no model on this floor: the knowledge base alone), most likely first.
    const expected = rankComponents(['BRAKE_NOISE', 'BRAKE_WEAK']).ranked;
    expect(order.suggestedChecks!.map((check) => check.component)).toEqual(expected.map((result) => result.component));
    expect(order.suggestedChecks!.map((check) => check.component).slice(0, 2)).toEqual(['BRAKE_PADS', 'BRAKE_FUNCTION']);
    expect(order.suggestedChecks![0]).toEqual({
      component: 'BRAKE_PADS',
      label: 'Má phanh',
      probability: expected[0]!.probability,
      reason: `${suggestionReasons.symptoms(['Tiếng kêu khi phanh', 'Phanh kém, phải bóp sâu'])}.`,
    });
    const probabilities = order.suggestedChecks!.map((check) => check.probability);
    expect([...probabilities].sort((a, b) => b - a)).toEqual(probabilities);

    // The technician assigned to it reads the same on the checklist screen.
    await floor.assign(order.id, { technicianId: floor.users.technician.id });
    const seen = await floor.detail(order.id, floor.users.technician);
    expect(seen.symptoms).toEqual(order.symptoms);
    expect(seen.suggestedChecks).toEqual(order.suggestedChecks);
  });

  it('keeps the booking’s symptoms when check-in sends none, and drops them all when staff untick them all', async () => {
    const kept = await floor.bookToday();
    await recordAppointmentSymptoms(floor.db, kept.appointmentId, ['RANGE_DROP'], 'customer', kept.userId);
    const order = detailOf(await floor.checkIn(kept.appointmentId, {}));
    expect(order.symptoms).toEqual([{ code: 'RANGE_DROP', label: 'Quãng đường đi được giảm', source: 'customer' }]);
    expect(order.suggestedChecks![0]).toMatchObject({ component: 'BATTERY_SOH', label: 'Tình trạng pin (SOH)' });

    const unticked = await floor.bookToday();
    await recordAppointmentSymptoms(floor.db, unticked.appointmentId, ['RANGE_DROP'], 'customer', unticked.userId);
    const bare = detailOf(await floor.checkIn(unticked.appointmentId, { symptoms: [] }));
    expect(await symptomRows(unticked.appointmentId)).toEqual([]);
    // No symptom and no model: nothing to suggest.
    expect(bare).toMatchObject({ symptoms: [], suggestedChecks: [] });
  });

  it('refuses an unknown symptom or too many with a Vietnamese 400, and writes nothing', async () => {
    const booked = await floor.bookToday();
    await recordAppointmentSymptoms(floor.db, booked.appointmentId, ['BRAKE_NOISE'], 'customer', booked.userId);
    const cases: [unknown, string][] = [
      [['BRAKE_NOISE', 'FLUX_CAPACITOR'], 'Triệu chứng không có trong danh sách.'],
      ['BRAKE_NOISE', 'Danh sách triệu chứng không hợp lệ.'],
      [
        ['NOT_CHARGING', 'FAST_DRAIN', 'RANGE_DROP', 'SLOW_CHARGING', 'CHARGER_FAULT', 'WATER_IN_PORT', 'BRAKE_NOISE', 'BRAKE_WEAK', 'VIBRATION', 'TYRE_LOW', 'MOTOR_ERROR'],
        'Chọn tối đa 10 triệu chứng.',
      ],
    ];
    for (const [symptoms, message] of cases) {
      const response = await floor.checkIn(booked.appointmentId, { symptoms } as never);
      expect({ symptoms, status: response.statusCode, code: response.json().code }).toEqual({ symptoms, status: 400, code: 'VALIDATION_ERROR' });
      expect(((response.json() as { errors?: { message: string }[] }).errors ?? []).map((error) => error.message)).toContain(message);
    }
    expect(await symptomRows(booked.appointmentId)).toEqual([{ code: 'BRAKE_NOISE', source: 'customer', recorded_by: booked.userId }]);
    expect(await floor.db.selectFrom('service_orders').select('id').where('appointment_id', '=', booked.appointmentId).execute()).toEqual([]);
    expect((await floor.db.selectFrom('appointments').select('status').where('id', '=', booked.appointmentId).executeTakeFirstOrThrow()).status).toBe('CONFIRMED');

    // Another centre's staff cannot check it in (404), symptoms or not: nothing written either.
    const foreign = await floor.checkIn(booked.appointmentId, { symptoms: ['VIBRATION'] }, floor.users.staffB);
    expect(foreign.statusCode).toBe(404);
    expect(await symptomRows(booked.appointmentId)).toEqual([{ code: 'BRAKE_NOISE', source: 'customer', recorded_by: booked.userId }]);
  });

  it('keeps the order, its symptoms and suggestions within the centre: 404 for another centre’s technician, 403 for a customer', async () => {
    const order = await floor.openOrder({ checkIn: { symptoms: ['NOT_CHARGING'] } });
    expect(order.suggestedChecks!.length).toBeGreaterThan(0);
    const foreign = await floor.request(floor.users.technicianB, 'GET', `/api/service-orders/${order.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('NOT_CHARGING');
    expect((await floor.request(floor.users.staffB, 'GET', `/api/service-orders/${order.id}`)).statusCode).toBe(404);
    const customer = await floor.request(floor.users.customer, 'GET', `/api/service-orders/${order.id}`);
    expect(customer.statusCode).toBe(403);
    expect(customer.body).not.toContain('NOT_CHARGING');
  });

  it('adds the vehicle’s forecast flags once a model serves: a FAIL left unfixed is to be checked, with its reason', async () => {
    // The vehicle's last visit found the tyres worn and they were not replaced.
    const car = await floor.addCar(floor.users.customer);
    const kit = await closedOrdersKit(floor.db);
    await kit.addVisit(car.id, { closedAt: '2026-06-02T03:00:00.000Z', odometerKm: 8000, items: [{ code: 'BRAKE_PADS', result: 'PASS' }] });
    await kit.addVisit(car.id, { closedAt: '2026-10-02T03:00:00.000Z', odometerKm: 11_000, items: [{ code: 'TYRE_WEAR', result: 'FAIL', note: 'Lốp mòn, khách hẹn thay sau' }] });
    await runWearTraining(floor.db, { clock: floor.service.clock });
    // The detail looks the model up again at most every MODEL_TTL_MS.
    floor.service.clock.advance(MODEL_TTL_MS + 1_000);

    const flagged = await floor.openOrder({ vehicleId: car.id, checkIn: { symptoms: ['BRAKE_NOISE'] } });
    const tyres = flagged.suggestedChecks!.find((check) => check.component === 'TYRE_WEAR');
    expect(tyres).toEqual({ component: 'TYRE_WEAR', label: 'Lốp (độ mòn)', probability: 0.9, reason: `${suggestionReasons.openFailure}.` });
    expect(flagged.suggestedChecks!.find((check) => check.component === 'BRAKE_PADS')!.reason).toContain('Tiếng kêu khi phanh');
    const probabilities = flagged.suggestedChecks!.map((check) => check.probability);
    expect([...probabilities].sort((a, b) => b - a)).toEqual(probabilities);

    // Without any symptom, the forecast's flag alone.
    const quiet = await floor.openOrder({ vehicleId: car.id, time: '11:00' });
    expect(quiet.symptoms).toEqual([]);
    expect(quiet.suggestedChecks).toEqual([tyres]);

    // Another vehicle, with no history and no symptom: nothing.
    const other = await floor.openOrder({ time: '11:30' });
    expect(other.suggestedChecks).toEqual([]);
  });
});
