import type { SuggestedCheck } from 'shared-contracts/schemas';
import { checksOnChecklist, MODEL_TTL_MS, suggestionReasons } from '../../../src/modules/diagnostics/suggestedChecks';
import { forecastsOf, readPartsDemand } from '../../../src/modules/partsDemand/partsDemandQueries';
import { checklistCodesOf, componentOfChecklistCode } from '../../../src/modules/prediction/checklistComponents';
import { InspectionReading, loadComponentInspections, sameVisitInspection } from '../../../src/modules/prediction/inspectionQueries';
import type { Inspection } from '../../../src/modules/prediction/inspectionSteps';
import { vehicleInspections } from '../../../src/modules/prediction/vehicleForecastQueries';
import { latestWearModel, runWearTraining } from '../../../src/modules/prediction/wearTraining';
import { productionDatabase, useFloor } from '../../support/floorTestKit';
import { addProduct } from '../../support/inventoryTestKit';
import { closedOrdersKit, type ClosedOrdersKit } from '../../support/closedOrdersKit';

/**
 * A finding is keyed by its component, not by its checklist code (spec predictive.md §1): the specialised
 * services' items (the brake service's PADS, the tyre service's PRESSURE and TREAD…) are inspections of the
 * components the maintenance items name (BRAKE_PADS, TYRE_PRESSURE, TYRE_WEAR…); two items of one order about the
 * same component are one inspection at that visit; training, the customer's forecast and the parts demand read
 * them the same way; and a flagged component flags every checklist item that looks at it.
 */

const at = (iso: string) => Date.parse(iso);
const inspection = (result: Inspection['result'], repaired = false): Inspection => ({ at: at('2026-07-01T03:00:00.000Z'), odometerKm: 9_000, ageMonths: 24, result, repaired });

describe('the component of a checklist code', () => {
  it('maps the specialised services’ codes to the maintenance items’ components, and the rest to themselves', () => {
    expect(['PADS', 'LEVER', 'TREAD', 'PRESSURE', 'SEAL', 'CELL_VOLTAGE', 'BEARINGS', 'CABLE'].map(componentOfChecklistCode)).toEqual([
      'BRAKE_PADS',
      'BRAKE_FUNCTION',
      'TYRE_WEAR',
      'TYRE_PRESSURE',
      'CHARGE_PORT',
      'BATTERY_SOH',
      'MOTOR_NOISE',
      'CHARGER_OUTPUT',
    ]);
    expect(['BRAKE_PADS', 'BALANCE', 'RIM'].map(componentOfChecklistCode)).toEqual(['BRAKE_PADS', 'BALANCE', 'RIM']);
    expect(checklistCodesOf('BRAKE_PADS')).toEqual(['BRAKE_PADS', 'PADS']);
    expect(checklistCodesOf('LIGHTS')).toEqual(['LIGHTS']);
  });
});

describe('two answers about one component at one visit', () => {
  it('are one inspection: FAIL if either failed, else PASS if either passed, else NA; fixed if either FAIL was', () => {
    expect(sameVisitInspection(inspection('PASS'), inspection('FAIL')).result).toBe('FAIL');
    expect(sameVisitInspection(inspection('FAIL'), inspection('NA')).result).toBe('FAIL');
    expect(sameVisitInspection(inspection('NA'), inspection('PASS')).result).toBe('PASS');
    expect(sameVisitInspection(inspection('NA'), inspection('NA')).result).toBe('NA');
    expect(sameVisitInspection(inspection('FAIL', false), inspection('FAIL', true))).toMatchObject({ result: 'FAIL', repaired: true });
    expect(sameVisitInspection(inspection('FAIL', true), inspection('PASS'))).toMatchObject({ result: 'FAIL', repaired: true });
    expect(sameVisitInspection(inspection('FAIL', false), inspection('PASS'))).toMatchObject({ result: 'FAIL', repaired: false });
  });

  it('are merged by the reading whatever the order the items come in, one inspection per order and component', () => {
    const reading = new InspectionReading();
    const item = (orderId: number, code: string, result: 'PASS' | 'FAIL' | 'NA', closedAt: string, note: string | null = null, partIssued = false) => ({
      vehicleId: 7,
      orderId,
      code,
      result,
      note,
      partIssued,
      odometerKm: orderId * 1000,
      at: at(closedAt),
      modelYear: 2024,
    });
    expect(reading.add(item(2, 'PRESSURE', 'FAIL', '2026-07-01T03:00:00.000Z', 'Lốp non hơi, đã bơm lại'))).toBe(true);
    expect(reading.add(item(1, 'TYRE_PRESSURE', 'PASS', '2026-03-01T03:00:00.000Z'))).toBe(false);
    expect(reading.add(item(2, 'TYRE_PRESSURE', 'PASS', '2026-07-01T03:00:00.000Z'))).toBe(false);
    reading.add(item(2, 'TREAD', 'FAIL', '2026-07-01T03:00:00.000Z', null, true));
    reading.add(item(2, 'TYRE_WEAR', 'FAIL', '2026-07-01T03:00:00.000Z', 'Gai lốp mòn, khách hẹn thay sau'));
    const byComponent = reading.ofVehicle(7);
    expect([...byComponent.keys()].sort()).toEqual(['TYRE_PRESSURE', 'TYRE_WEAR']);
    expect(byComponent.get('TYRE_PRESSURE')!.map(({ result, repaired, odometerKm }) => ({ result, repaired, odometerKm }))).toEqual([
      { result: 'FAIL', repaired: false, odometerKm: 2000 },
      { result: 'PASS', repaired: false, odometerKm: 1000 },
    ]);
    expect(byComponent.get('TYRE_WEAR')).toEqual([expect.objectContaining({ result: 'FAIL', repaired: true })]);
    expect(reading.histories().map((history) => history.component)).toEqual(['TYRE_PRESSURE', 'TYRE_WEAR']);
  });
});

describe('the suggestions named by the order’s checklist', () => {
  const check = (component: string, probability: number): SuggestedCheck => ({ component, label: `nhãn ${component}`, probability, reason: 'Lý do.' });

  it('flag every item that looks at a suggested component, in its place, and leave the others as they are', () => {
    const brakeService = [
      { code: 'PADS', label: 'Độ mòn má phanh' },
      { code: 'DISC', label: 'Độ dày, độ đảo đĩa phanh' },
      { code: 'LEVER', label: 'Hành trình tay phanh' },
    ];
    expect(checksOnChecklist([check('BRAKE_PADS', 0.9), check('SUSPENSION', 0.4), check('BRAKE_FUNCTION', 0.2)], brakeService)).toEqual([
      { component: 'PADS', label: 'Độ mòn má phanh', probability: 0.9, reason: 'Lý do.' },
      check('SUSPENSION', 0.4),
      { component: 'LEVER', label: 'Hành trình tay phanh', probability: 0.2, reason: 'Lý do.' },
    ]);
    // Maintenance and brake service on one order: both items, the component's own first.
    const both = [{ code: 'BRAKE_PADS', label: 'Độ mòn má phanh trước/sau' }, ...brakeService];
    expect(checksOnChecklist([check('BRAKE_PADS', 0.9)], both).map((suggestion) => [suggestion.component, suggestion.label])).toEqual([
      ['BRAKE_PADS', 'nhãn BRAKE_PADS'],
      ['PADS', 'Độ mòn má phanh'],
    ]);
    // An item flagged twice keeps its most likely suggestion.
    expect(checksOnChecklist([check('BRAKE_PADS', 0.9), check('PADS', 0.5)], brakeService).map((suggestion) => [suggestion.component, suggestion.probability])).toEqual([['PADS', 0.9]]);
    expect(checksOnChecklist([], brakeService)).toEqual([]);
  });
});

describe.each(productionDatabase())('findings keyed by component, on $label', (target) => {
  const floor = useFloor(target);
  let car = 0;
  let kit: ClosedOrdersKit;

  beforeAll(async () => {
    kit = await closedOrdersKit(floor.db);
    car = (await floor.addCar(floor.users.customer, 21_000)).id;
    // Maintenance.
    await kit.addVisit(car, {
      closedAt: '2026-03-02T03:00:00.000Z',
      odometerKm: 6_000,
      items: [
        { code: 'BRAKE_PADS', result: 'PASS' },
        { code: 'TYRE_PRESSURE', result: 'PASS' },
        { code: 'TYRE_WEAR', result: 'PASS' },
      ],
    });
    // Maintenance + the tyre service on one order: PRESSURE FAIL and TYRE_PRESSURE PASS are one FAIL; the tyres
    // declined on the maintenance item and replaced by the tyre service are one FAIL, fixed.
    await kit.addVisit(car, {
      closedAt: '2026-07-01T03:00:00.000Z',
      odometerKm: 12_000,
      items: [
        { code: 'BRAKE_PADS', result: 'PASS' },
        { code: 'TYRE_PRESSURE', result: 'PASS' },
        { code: 'TYRE_WEAR', result: 'FAIL', note: 'Gai lốp mòn sát giới hạn, khách hẹn thay sau.' },
        { code: 'TREAD', result: 'FAIL', note: 'Gai lốp còn dưới 1 mm, đã thay lốp mới.' },
        { code: 'BALANCE', result: 'PASS' },
        { code: 'PRESSURE', result: 'FAIL', note: 'Lốp non hơi, đã bơm lại đúng áp suất.' },
      ],
    });
    // The brake service alone: its PADS found worn, the customer will come back for them.
    await kit.addVisit(car, {
      closedAt: '2026-10-01T03:00:00.000Z',
      odometerKm: 18_000,
      items: [
        { code: 'PADS', result: 'FAIL', note: 'Má phanh mòn quá vạch giới hạn, khách hẹn thay lần sau.' },
        { code: 'LEVER', result: 'PASS' },
      ],
    });
  });

  it('reads one inspection per visit and component, the same for training, the forecast and the parts demand', async () => {
    const histories = (await loadComponentInspections(floor.db)).filter((history) => history.family === 'VF 8');
    expect(histories.map((history) => history.component)).toEqual(['BALANCE', 'BRAKE_FUNCTION', 'BRAKE_PADS', 'TYRE_PRESSURE', 'TYRE_WEAR']);
    const training = new Map(histories.map((history) => [history.component, history.inspections]));
    const results = (component: string) => training.get(component)!.map(({ result, repaired, odometerKm }) => `${odometerKm} ${result}${repaired ? ' fixed' : ''}`);
    expect(results('TYRE_PRESSURE')).toEqual(['6000 PASS', '12000 FAIL']);
    expect(results('TYRE_WEAR')).toEqual(['6000 PASS', '12000 FAIL fixed']);
    expect(results('BRAKE_PADS')).toEqual(['6000 PASS', '12000 PASS', '18000 FAIL']);
    expect(results('BRAKE_FUNCTION')).toEqual(['18000 PASS']);

    const vehicle = await floor.db.selectFrom('vehicles').selectAll().where('id', '=', car).executeTakeFirstOrThrow();
    const forecastReading = await vehicleInspections(floor.db, vehicle);
    expect(new Map([...forecastReading].sort(([a], [b]) => a.localeCompare(b)))).toEqual(training);
  });

  it('trains no model of its own for PRESSURE, PADS, TREAD or LEVER: their inspections are their components’', async () => {
    await runWearTraining(floor.db, { clock: floor.service.clock });
    const version = (await latestWearModel(floor.db))!;
    const trained = version.components.map((component) => component.component);
    expect(trained).toEqual(expect.arrayContaining(['BRAKE_PADS', 'BRAKE_FUNCTION', 'TYRE_PRESSURE', 'TYRE_WEAR']));
    for (const code of ['PRESSURE', 'PADS', 'TREAD', 'LEVER']) expect(trained).not.toContain(code);
    // 11 answered items, 4 of them FAIL; 9 inspections (2 + 2 + 3 + 1 + 1), 3 of them failed: the second visit's
    // PRESSURE and TREAD are its TYRE_PRESSURE's and TYRE_WEAR's.
    expect({ observations: version.observations, failures: version.failures }).toEqual({ observations: 9, failures: 3 });

    // The parts demand's reading: last inspected by component, and the forecast the customer sees.
    const vehicle = await floor.db.selectFrom('vehicles').selectAll().where('id', '=', car).executeTakeFirstOrThrow();
    const { forecasts, lastInspected } = await forecastsOf(floor.db, [vehicle], version, floor.service.clock.now());
    expect(lastInspected.get(`${car}|TYRE_PRESSURE`)).toBe(at('2026-07-01T03:00:00.000Z'));
    expect(lastInspected.get(`${car}|BRAKE_PADS`)).toBe(at('2026-10-01T03:00:00.000Z'));
    expect(lastInspected.has(`${car}|PADS`)).toBe(false);
    const statuses = new Map(forecasts.get(car)!.map((forecast) => [forecast.component, forecast.status]));
    expect(statuses.get('BRAKE_PADS')).toBe('NEEDS_ATTENTION_NOW');
    expect(statuses.get('TYRE_PRESSURE')).toBe('NEEDS_ATTENTION_NOW');
    expect(statuses.get('TYRE_WEAR')).not.toBe('NEEDS_ATTENTION_NOW');
  });

  it('flags the brake service’s PADS item when the brake pads are to be checked, and both items on a combined order', async () => {
    // The model trained by the previous test serves once the detail looks it up again.
    floor.service.clock.advance(MODEL_TTL_MS + 1_000);
    const brakes = await floor.openOrder({ vehicleId: car, serviceSlugs: ['bao-duong-phanh'], time: '10:00', checkIn: { odometerKm: 21_500 } });
    expect(brakes.checklistItems.map((item) => item.code)).toEqual(['PADS', 'DISC', 'FLUID', 'LEVER']);
    const pads = brakes.suggestedChecks!.find((suggestion) => suggestion.component === 'PADS');
    expect(pads).toEqual({ component: 'PADS', label: 'Độ mòn má phanh', probability: 0.9, reason: `${suggestionReasons.openFailure}.` });
    expect(brakes.suggestedChecks!.map((suggestion) => suggestion.component)).not.toContain('BRAKE_PADS');
    // The tyre pressure is on no item of this order: a check beyond its checklist, as before.
    expect(brakes.suggestedChecks!.map((suggestion) => suggestion.component)).toContain('TYRE_PRESSURE');

    await floor.assign(brakes.id, { technicianId: floor.users.technician.id });
    expect((await floor.detail(brakes.id, floor.users.technician)).suggestedChecks).toEqual(brakes.suggestedChecks);

    const combined = await floor.openOrder({ vehicleId: car, serviceSlugs: ['bao-duong-co-ban', 'dich-vu-lop'], time: '13:00', checkIn: { odometerKm: 21_600 } });
    const flagged = combined.suggestedChecks!.map((suggestion) => suggestion.component);
    expect(flagged).toEqual(expect.arrayContaining(['BRAKE_PADS', 'TYRE_PRESSURE', 'PRESSURE']));
    expect(flagged.indexOf('PRESSURE')).toBe(flagged.indexOf('TYRE_PRESSURE') + 1);
    expect(combined.suggestedChecks!.find((suggestion) => suggestion.component === 'PRESSURE')!.label).toBe('Áp suất lốp');
  });

  it('plans the parts of a booked brake service by component: its PADS check the BRAKE_PADS, one failure per order', async () => {
    // Another VF 8's pads, found worn on both the maintenance's and the brake service's item of one order and
    // replaced once (the part issued against the PADS item): one failure, one unit.
    const pads = await addProduct(floor.db, { name: 'Má phanh VF 8 (thử)' });
    const other = (await floor.addCar(floor.users.customer, 30_000)).id;
    const order = await kit.addVisit(other, {
      closedAt: '2026-09-01T03:00:00.000Z',
      odometerKm: 28_000,
      items: [
        { code: 'BRAKE_PADS', result: 'FAIL', note: 'Má phanh mòn quá vạch giới hạn.' },
        { code: 'PADS', result: 'FAIL', note: 'Má phanh mòn quá vạch giới hạn, đã thay má phanh mới.' },
      ],
    });
    const item = await floor.db.selectFrom('service_order_checklist_items').select('id').where('service_order_id', '=', order).where('code', '=', 'PADS').executeTakeFirstOrThrow();
    const centre = await floor.db.selectFrom('service_orders').select('centre_id').where('id', '=', order).executeTakeFirstOrThrow();
    await floor.db
      .insertInto('parts_requests')
      .values({
        service_order_id: order,
        centre_id: centre.centre_id,
        product_id: pads.id,
        quantity: 1,
        unit_price: 100_000,
        reason: 'Thay thế phụ tùng hỏng',
        checklist_item_id: item.id,
        requested_by: null,
        status: 'ISSUED',
        issued_qty: 1,
        returned_qty: 0,
      } as never)
      .execute();
    // The car whose PADS were found worn and put off books the brake service alone, tomorrow.
    await floor.bookToday({ vehicleId: car, date: '2026-11-20', time: '09:00', serviceSlugs: ['bao-duong-phanh'] });

    const demand = await readPartsDemand(floor.db, floor.centreA.id, 14, floor.service.clock.now());
    // BRAKE_PADS needs attention now (p = 1) × 1 unit / 2 failures (the car's PADS FAIL, the other's order) = 0.5.
    expect(demand.items.find((entry) => entry.productId === pads.id)).toMatchObject({ expectedDemand: 0.5, components: [{ code: 'BRAKE_PADS', label: 'Má phanh' }], appointmentCount: 1 });
  });
});
