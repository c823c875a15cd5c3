import { getPriority } from 'node:os';
import { manualClock } from '../../../src/security/clock';
import { createWearTrainer, TRAINING_DIED_MESSAGE } from '../../../src/modules/prediction/wearTrainer';
import { beginWearTraining, INTERRUPTED_MESSAGE, latestWearModel, STALE_HEARTBEAT_MS, TrainingInProgressError } from '../../../src/modules/prediction/wearTraining';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { closedOrdersKit } from '../../support/closedOrdersKit';

const quietLog = { info: () => undefined, error: () => undefined };

describe.each(testDatabases())('the wear trainer’s process, on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });

  it('trains in a process of its own at a lower priority and stores an ACCEPTED version', async () => {
    const kit = await closedOrdersKit(scratch.db);
    const vehicle = await kit.addVehicle('VinFast Evo200');
    await kit.addVisit(vehicle, { closedAt: '2025-05-02T03:00:00.000Z', odometerKm: 3000, items: [{ code: 'BRAKE_PADS', result: 'PASS' }] });
    await kit.addVisit(vehicle, { closedAt: '2025-11-02T03:00:00.000Z', odometerKm: 8000, items: [{ code: 'BRAKE_PADS', result: 'FAIL', note: 'đã thay' }] });

    const trainer = createWearTrainer({ db: scratch.db, database: scratch.config, clock: manualClock('2026-11-24T19:00:00.000Z'), log: quietLog });
    try {
      const runId = await trainer.start(null);
      expect(trainer.pid).toBeGreaterThan(0);
      expect(trainer.pid).not.toBe(process.pid);
      expect(getPriority(trainer.pid)).toBe(10);
      await expect(trainer.start(null)).rejects.toBeInstanceOf(TrainingInProgressError);
      await trainer.idle();
      const version = (await latestWearModel(scratch.db))!;
      expect(version.id).toBe(runId);
      expect(version.observations).toBe(2);
      expect(version.failures).toBe(1);
      // Two inspections are far below the minimum evidence: no model, not shown.
      expect(version.components).toEqual([expect.objectContaining({ component: 'BRAKE_PADS', accepted: false, models: [] })]);
    } finally {
      await trainer.close();
    }
  });

  it('marks a killed run FAILED and keeps the previous version serving', async () => {
    const previous = (await latestWearModel(scratch.db))!;
    const trainer = createWearTrainer({ db: scratch.db, database: scratch.config, clock: manualClock('2026-11-24T20:00:00.000Z'), log: quietLog });
    try {
      const runId = await trainer.start(null);
      process.kill(trainer.pid!, 'SIGKILL');
      await trainer.idle();
      const row = await scratch.db.selectFrom('prediction_models').select(['status', 'error']).where('id', '=', runId).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'FAILED', error: TRAINING_DIED_MESSAGE });
      expect((await latestWearModel(scratch.db))!.id).toBe(previous.id);
      // The next run may start at once.
      const next = await trainer.start(null);
      await trainer.idle();
      expect((await latestWearModel(scratch.db))!.id).toBe(next);
    } finally {
      await trainer.close();
    }
  });

  it('starts at once after a crash of the API left its run TRAINING, and fails that run', async () => {
    // The API that forked run `crashed` died 40 s ago with its child: the row stays TRAINING, its heartbeat stops.
    const crashClock = manualClock('2026-11-24T21:00:00.000Z');
    const crashed = await beginWearTraining(scratch.db, crashClock, null, { heartbeat: true });
    const clock = manualClock('2026-11-24T21:00:40.000Z');
    const trainer = createWearTrainer({ db: scratch.db, database: scratch.config, clock, log: quietLog });
    try {
      const runId = await trainer.start(null);
      const stale = await scratch.db.selectFrom('prediction_models').select(['status', 'error']).where('id', '=', crashed).executeTakeFirstOrThrow();
      expect(stale).toEqual({ status: 'FAILED', error: INTERRUPTED_MESSAGE });
      await trainer.idle();
      expect((await latestWearModel(scratch.db))!.id).toBe(runId);
    } finally {
      await trainer.close();
    }
  });

  it('keeps a live run’s heartbeat fresh, so another instance’s start still finds it running', async () => {
    const clock = manualClock('2026-11-24T22:00:00.000Z');
    const trainer = createWearTrainer({ db: scratch.db, database: scratch.config, clock, log: quietLog, heartbeatMs: 20 });
    const elsewhere = createWearTrainer({ db: scratch.db, database: scratch.config, clock, log: quietLog });
    try {
      const runId = await trainer.start(null);
      // The child is held still (alive, not training) while its run's time goes by.
      process.kill(trainer.pid!, 'SIGSTOP');
      clock.advance(10 * STALE_HEARTBEAT_MS);
      const beatAt = clock.now().toISOString();
      let heartbeat: string | null = null;
      for (let attempt = 0; attempt < 100 && heartbeat !== beatAt; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const row = await scratch.db.selectFrom('prediction_models').select('heartbeat_at').where('id', '=', runId).executeTakeFirstOrThrow();
        heartbeat = row.heartbeat_at === null ? null : new Date(row.heartbeat_at).toISOString();
      }
      expect(heartbeat).toBe(beatAt);
      await expect(elsewhere.start(null)).rejects.toBeInstanceOf(TrainingInProgressError);
      process.kill(trainer.pid!, 'SIGCONT');
      await trainer.idle();
      expect((await latestWearModel(scratch.db))!.id).toBe(runId);
    } finally {
      if (trainer.pid !== undefined) process.kill(trainer.pid, 'SIGCONT');
      await trainer.close();
      await elsewhere.close();
    }
  });
});
