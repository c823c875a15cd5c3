import { manualClock } from '../../../src/security/clock';
import { loadComponentInspections, saysReplaced } from '../../../src/modules/prediction/inspectionQueries';
import type { ComponentInspections } from '../../../src/modules/prediction/trainWearModels';
import {
  beatWearTraining,
  beginWearTraining,
  INTERRUPTED_MESSAGE,
  latestWearModel,
  runWearTraining,
  STALE_HEARTBEAT_MS,
  STALE_TRAINING_MS,
  TrainingInProgressError,
} from '../../../src/modules/prediction/wearTraining';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { closedOrdersKit } from '../../support/closedOrdersKit';
import { simulateFleet } from '../../support/wearSimulation';

const simulatedBrakes = async (): Promise<ComponentInspections[]> =>
  simulateFleet({ vehicles: 400, truth: { shape: 3, scale: 22, ageing: 0 }, seed: 21 }).map((inspections) => ({
    component: 'BRAKE_PADS',
    family: 'VinFast Feliz S',
    vehicleType: 'scooter',
    inspections,
  }));

describe('a FAIL’s note', () => {
  it('says the part was replaced only when it was, not when it needs or will get replacing', () => {
    expect(saysReplaced('Má phanh mòn hết, ĐÃ THAY mới')).toBe(true);
    expect(saysReplaced('da thay lop sau')).toBe(true);
    expect(saysReplaced('Pads replaced')).toBe(true);
    expect(saysReplaced('Cần thay má phanh')).toBe(false);
    expect(saysReplaced('Lốp mòn, khách hẹn thay sau')).toBe(false);
    expect(saysReplaced(null)).toBe(false);
  });
});

describe.each(productionDatabase())('wear model training runs, on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });

  it('reads the answered items of closed orders only, with the repair taken from the note', async () => {
    const kit = await closedOrdersKit(scratch.db);
    const feliz = await kit.addVehicle('VinFast Feliz S', { year: 2023 });
    const vf8 = await kit.addVehicle('VinFast VF 8', { type: 'car', year: 2024 });
    await kit.addVisit(feliz, { closedAt: '2025-03-01T03:00:00.000Z', odometerKm: 4200, items: [{ code: 'BRAKE_PADS', result: 'PASS' }, { code: 'LIGHTS', result: 'NA' }] });
    await kit.addVisit(feliz, { closedAt: '2025-09-01T03:00:00.000Z', odometerKm: 9100, items: [{ code: 'BRAKE_PADS', result: 'FAIL', note: 'Má phanh mòn hết, đã thay mới' }] });
    await kit.addVisit(vf8, { closedAt: '2025-10-01T03:00:00.000Z', odometerKm: 15000, items: [{ code: 'TYRE_WEAR', result: 'FAIL', note: 'Gai lốp mòn, khách hẹn lần sau' }] });
    // Not closed: not an observation yet.
    await kit.addVisit(feliz, { closedAt: '2025-11-01T03:00:00.000Z', odometerKm: 9900, items: [{ code: 'BRAKE_PADS', result: 'PASS' }] }, 'IN_PROGRESS');

    const histories = await loadComponentInspections(scratch.db);
    const byKey = new Map(histories.map((history) => [`${history.family}|${history.component}`, history]));
    expect([...byKey.keys()].sort()).toEqual(['VinFast Feliz S|BRAKE_PADS', 'VinFast Feliz S|LIGHTS', 'VinFast VF 8|TYRE_WEAR']);
    const brakes = byKey.get('VinFast Feliz S|BRAKE_PADS')!;
    expect(brakes.vehicleType).toBe('scooter');
    expect(brakes.inspections.map(({ result, repaired, odometerKm }) => ({ result, repaired, odometerKm }))).toEqual([
      { result: 'PASS', repaired: false, odometerKm: 4200 },
      { result: 'FAIL', repaired: true, odometerKm: 9100 },
    ]);
    // Age from the model year (1 July 2023 → 1 March 2025: 20 months).
    expect(brakes.inspections[0]!.ageMonths).toBeCloseTo(20, 0);
    expect(byKey.get('VinFast VF 8|TYRE_WEAR')!.inspections[0]).toMatchObject({ result: 'FAIL', repaired: false });
    expect(byKey.get('VinFast Feliz S|LIGHTS')!.inspections[0]!.result).toBe('NA');
    expect(await loadComponentInspections(scratch.db, { before: new Date('2025-06-01T00:00:00Z') })).toHaveLength(2);
  });

  it('stores a run as a version: ACCEPTED with its backtest and parameters, served as the latest', async () => {
    const clock = manualClock('2026-11-24T19:00:00.000Z');
    expect(await latestWearModel(scratch.db)).toBeNull();
    const id = await runWearTraining(scratch.db, { clock, load: simulatedBrakes, requestedBy: null });
    const version = (await latestWearModel(scratch.db))!;
    expect(version.id).toBe(id);
    expect(version.observations).toBeGreaterThan(1000);
    expect(version.failures).toBeGreaterThan(50);
    const [brakes] = version.components;
    expect(brakes!.component).toBe('BRAKE_PADS');
    expect(brakes!.accepted).toBe(true);
    expect(brakes!.backtest!.model.brier).toBeLessThan(brakes!.backtest!.baseline.brier);
    expect(brakes!.familyPool['VinFast Feliz S']).toEqual({ level: 'family', key: 'VinFast Feliz S' });
    expect(brakes!.models[0]!.shape).toBeGreaterThan(2);
  });

  it('allows one run at a time; a failed run leaves the previous version serving', async () => {
    const clock = manualClock('2026-11-24T19:00:00.000Z');
    const previous = (await latestWearModel(scratch.db))!;
    const running = await beginWearTraining(scratch.db, clock);
    await expect(beginWearTraining(scratch.db, clock)).rejects.toBeInstanceOf(TrainingInProgressError);
    await scratch.db.updateTable('prediction_models').set({ status: 'FAILED' }).where('id', '=', running).execute();

    await expect(
      runWearTraining(scratch.db, {
        clock,
        load: async () => {
          throw new Error('đọc dữ liệu thất bại');
        },
      }),
    ).rejects.toThrow('đọc dữ liệu thất bại');
    const failed = await scratch.db.selectFrom('prediction_models').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'FAILED', error: 'đọc dữ liệu thất bại' });
    expect((await latestWearModel(scratch.db))!.id).toBe(previous.id);
  });

  it('treats a run that has been TRAINING too long as interrupted (its process died) and starts a new one', async () => {
    const clock = manualClock('2026-11-24T20:00:00.000Z');
    const dead = await beginWearTraining(scratch.db, clock);
    clock.advance(STALE_TRAINING_MS - 1000);
    await expect(beginWearTraining(scratch.db, clock)).rejects.toBeInstanceOf(TrainingInProgressError);
    clock.advance(2000);
    const next = await beginWearTraining(scratch.db, clock);
    expect(next).toBeGreaterThan(dead);
    const row = await scratch.db.selectFrom('prediction_models').select(['status', 'error']).where('id', '=', dead).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'FAILED', error: INTERRUPTED_MESSAGE });
  });

  it('treats a run whose owner stopped beating for STALE_HEARTBEAT_MS as interrupted, a beating one as running', async () => {
    const clock = manualClock('2026-11-25T20:00:00.000Z');
    const owned = await beginWearTraining(scratch.db, clock, null, { heartbeat: true });
    // Beating: never stale, however long it trains.
    for (let beat = 0; beat < 3; beat += 1) {
      clock.advance(STALE_HEARTBEAT_MS - 1000);
      await beatWearTraining(scratch.db, clock, owned);
      await expect(beginWearTraining(scratch.db, clock)).rejects.toBeInstanceOf(TrainingInProgressError);
    }
    // Its owner dies: once the heartbeat is STALE_HEARTBEAT_MS old, the next start fails it and goes ahead.
    clock.advance(STALE_HEARTBEAT_MS - 1000);
    await expect(beginWearTraining(scratch.db, clock)).rejects.toBeInstanceOf(TrainingInProgressError);
    clock.advance(2000);
    const next = await beginWearTraining(scratch.db, clock);
    const row = await scratch.db.selectFrom('prediction_models').select(['status', 'error', 'finished_at']).where('id', '=', owned).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'FAILED', error: INTERRUPTED_MESSAGE });
    expect(new Date(row.finished_at!).toISOString()).toBe(clock.now().toISOString());
    // A beat after the end changes nothing.
    await beatWearTraining(scratch.db, clock, owned);
    expect((await scratch.db.selectFrom('prediction_models').select('status').where('id', '=', owned).executeTakeFirstOrThrow()).status).toBe('FAILED');
    await scratch.db.updateTable('prediction_models').set({ status: 'FAILED', error: 'x' }).where('id', '=', next).execute();
  });
});
