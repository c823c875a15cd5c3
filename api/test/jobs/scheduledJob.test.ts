import type { Kysely } from 'kysely';
import { toIsoUtc } from '../../src/db/portable';
import type { Database } from '../../src/db/schema';
import { nextOccurrence, startScheduledJob, type ArmTimer, type JobRunEvent, type ScheduledJob, type ScheduledJobOptions } from '../../src/jobs/scheduledJob';
import { manualClock, type ManualClock } from '../../src/security/clock';
import { processMetricsRegistry } from '../../src/modules/metrics/processMetrics';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/**
 * Timers on a hand-moved clock, shared by the "instances" of a test: advanceTo fires every timer due on the
 * way in time order (the clock set to each one's due time), those due at the same instant all at once, and
 * awaits their occurrences — the claims of two instances race in the database as they would in production.
 */
function manualTimers(clock: ManualClock) {
  let pending: { due: number; fire: () => Promise<void> }[] = [];
  const timer: ArmTimer = (fire, delayMs) => {
    const entry = { due: clock.now().getTime() + delayMs, fire };
    pending.push(entry);
    return () => {
      pending = pending.filter((other) => other !== entry);
    };
  };
  return {
    timer,
    get pending() {
      return pending.length;
    },
    async advanceTo(instant: string): Promise<void> {
      const target = new Date(instant).getTime();
      for (;;) {
        const due = pending.filter((entry) => entry.due <= target);
        if (due.length === 0) break;
        const first = Math.min(...due.map((entry) => entry.due));
        const now = pending.filter((entry) => entry.due === first);
        pending = pending.filter((entry) => entry.due !== first);
        if (first > clock.now().getTime()) clock.set(new Date(first));
        await Promise.all(now.map((entry) => entry.fire()));
      }
      clock.set(new Date(target));
    },
  };
}

const quietLog = () => ({ info: jest.fn(), error: jest.fn() });

describe('the occurrences', () => {
  it('are read on Vietnam’s wall clock, UTC+7 all year (no daylight saving time)', () => {
    // 02:00 in Vietnam is 19:00 UTC the day before, in winter and in summer alike.
    expect(nextOccurrence('0 2 * * *', new Date('2026-01-15T07:00:00Z'))).toEqual(new Date('2026-01-15T19:00:00Z'));
    expect(nextOccurrence('0 2 * * *', new Date('2026-07-15T07:00:00Z'))).toEqual(new Date('2026-07-15T19:00:00Z'));
    // Across the European and American DST switches (late March, early November) nothing moves.
    expect(nextOccurrence('0 2 * * *', new Date('2026-03-29T12:00:00Z'))).toEqual(new Date('2026-03-29T19:00:00Z'));
    expect(nextOccurrence('0 2 * * *', new Date('2026-11-01T12:00:00Z'))).toEqual(new Date('2026-11-01T19:00:00Z'));
    expect(nextOccurrence('0 8 * * *', new Date('2026-03-10T00:30:00Z'))).toEqual(new Date('2026-03-10T01:00:00Z'));
    // Strictly after: at an occurrence, the next is the following day's.
    expect(nextOccurrence('0 2 * * *', new Date('2026-07-15T19:00:00Z'))).toEqual(new Date('2026-07-16T19:00:00Z'));
    expect(nextOccurrence('*/5 * * * *', new Date('2026-07-15T19:02:10Z'))).toEqual(new Date('2026-07-15T19:05:00Z'));
  });
});

describe.each(testDatabases())('scheduled jobs, on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });
  let second: Kysely<Database>;
  const jobs: ScheduledJob[] = [];

  // The second instance's own connection, closed before the scratch database is dropped.
  beforeEach(() => {
    second = scratch.connect();
  });
  afterEach(async () => {
    await Promise.all(jobs.splice(0).map((job) => job.stop()));
    await second.destroy();
    await scratch.db.deleteFrom('scheduled_job_runs').execute();
  });

  const historyOf = (name: string) =>
    scratch.db
      .selectFrom('scheduled_job_runs')
      .select(['occurrence_at', 'instance_id', 'outcome', 'count', 'error', 'finished_at'])
      .where('job_name', '=', name)
      .orderBy('occurrence_at')
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, occurrence_at: toIsoUtc(row.occurrence_at), finished: row.finished_at !== null, finished_at: undefined })));

  function start(options: Omit<ScheduledJobOptions, 'name' | 'log'> & { name?: string; log?: ScheduledJobOptions['log'] }): ScheduledJob {
    const job = startScheduledJob({ name: 'nightly', log: quietLog(), ...options });
    jobs.push(job);
    return job;
  }

  it('runs a 02:00 job once per occurrence at 02:00 Vietnam time across two instances started at 14:00', async () => {
    const clock = manualClock('2026-11-24T07:00:00.000Z'); // 14:00 in Vietnam
    const timers = manualTimers(clock);
    const ranAt: string[] = [];
    const events: (JobRunEvent & { instance: string })[] = [];
    const run = async () => {
      ranAt.push(clock.now().toISOString());
      return 3;
    };
    for (const [instance, db] of [['A', scratch.db], ['B', second]] as const) {
      start({ db, clock, run, pattern: '0 2 * * *', timer: timers.timer, instanceId: instance, onRun: (event) => events.push({ ...event, instance }) });
    }
    expect(jobs.map((job) => job.nextOccurrence)).toEqual([new Date('2026-11-24T19:00:00Z'), new Date('2026-11-24T19:00:00Z')]);

    await timers.advanceTo('2026-11-24T18:59:59.999Z');
    expect(ranAt).toEqual([]);
    await timers.advanceTo('2026-11-26T07:00:00.000Z');
    expect(ranAt).toEqual(['2026-11-24T19:00:00.000Z', '2026-11-25T19:00:00.000Z']);
    // Each occurrence: one instance ran it, the other heard it was taken.
    expect(events.map(({ outcome }) => outcome).sort()).toEqual(['ok', 'ok', 'skipped', 'skipped']);
    expect(events.every((event) => event.name === 'nightly' && event.durationMs >= 0)).toBe(true);
    const history = await historyOf('nightly');
    expect(history).toEqual([
      expect.objectContaining({ occurrence_at: '2026-11-24T19:00:00.000Z', outcome: 'ok', count: 3, error: null, finished: true }),
      expect.objectContaining({ occurrence_at: '2026-11-25T19:00:00.000Z', outcome: 'ok', count: 3, error: null, finished: true }),
    ]);
    expect(['A', 'B']).toContain(history[0]!.instance_id);
    expect(jobs.map((job) => job.nextOccurrence)).toEqual([new Date('2026-11-26T19:00:00Z'), new Date('2026-11-26T19:00:00Z')]);
  });

  it('does not run at the restart time: an instance restarted at 14:00 waits for 02:00', async () => {
    const clock = manualClock('2026-11-24T07:00:00.000Z');
    const timers = manualTimers(clock);
    const ranAt: string[] = [];
    const run = async () => {
      ranAt.push(clock.now().toISOString());
      return 0;
    };
    const first = start({ db: scratch.db, clock, run, pattern: '0 2 * * *', timer: timers.timer });
    await timers.advanceTo('2026-11-25T07:00:00.000Z');
    expect(ranAt).toEqual(['2026-11-24T19:00:00.000Z']);
    // Restarted at 14:00 the next day: nothing then, nor at 14:00 the day after, only at each 02:00.
    await first.stop();
    expect(timers.pending).toBe(0);
    const restarted = start({ db: second, clock, run, pattern: '0 2 * * *', timer: timers.timer });
    expect(restarted.nextOccurrence).toEqual(new Date('2026-11-25T19:00:00Z'));
    await timers.advanceTo('2026-11-26T07:00:00.000Z');
    await timers.advanceTo('2026-11-26T07:30:00.000Z');
    expect(ranAt).toEqual(['2026-11-24T19:00:00.000Z', '2026-11-25T19:00:00.000Z']);
  });

  it('records a failed run, logs it and still runs the next occurrence', async () => {
    const clock = manualClock('2026-11-24T07:00:00.000Z');
    const timers = manualTimers(clock);
    const log = quietLog();
    const outcomes: string[] = [];
    let calls = 0;
    const run = async () => {
      calls += 1;
      if (calls === 1) throw new Error('cơ sở dữ liệu bận');
      return 1;
    };
    const name = `flaky-${target.dialect}`;
    const runsOf = async (outcome: string) => {
      const metric = await processMetricsRegistry().getSingleMetric('evshop_job_runs_total')!.get();
      return metric.values.find((value) => value.labels.job === name && value.labels.outcome === outcome)?.value ?? 0;
    };
    start({ name, db: scratch.db, clock, run, log, pattern: '0 2 * * *', timer: timers.timer, onRun: ({ outcome }) => outcomes.push(outcome) });
    await timers.advanceTo('2026-11-26T07:00:00.000Z');
    expect(outcomes).toEqual(['failed', 'ok']);
    // The process's Prometheus metrics count each run by its outcome (GET /api/admin/metrics).
    expect([await runsOf('failed'), await runsOf('ok')]).toEqual([1, 1]);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), `${name} failed`);
    expect(await historyOf(name)).toEqual([
      expect.objectContaining({ occurrence_at: '2026-11-24T19:00:00.000Z', outcome: 'failed', error: 'cơ sở dữ liệu bận', count: null, finished: true }),
      expect.objectContaining({ occurrence_at: '2026-11-25T19:00:00.000Z', outcome: 'ok', count: 1, finished: true }),
    ]);
  });

  it('runs one occurrence at a time in a process, and stop() waits for the run in progress', async () => {
    const clock = manualClock('2026-11-24T07:00:30.000Z');
    const timers = manualTimers(clock);
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let active = 0;
    let mostAtOnce = 0;
    const run = async () => {
      active += 1;
      mostAtOnce = Math.max(mostAtOnce, active);
      await blocked;
      active -= 1;
      return 0;
    };
    const job = start({ name: 'slow', db: scratch.db, clock, run, pattern: '* * * * *', timer: timers.timer });
    // The 07:01 run hangs: the clock moves on past 07:05 while it runs, no second timer is armed meanwhile.
    const advancing = timers.advanceTo('2026-11-24T07:01:00.000Z');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(active).toBe(1);
    expect(timers.pending).toBe(0);
    expect(job.nextOccurrence).toBeNull();
    clock.set('2026-11-24T07:05:20.000Z');
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    await advancing;
    expect(mostAtOnce).toBe(1);
    // Stopped: nothing is armed again, and the missed minutes are not run.
    expect(timers.pending).toBe(0);
    expect((await historyOf('slow')).map((row) => row.occurrence_at)).toEqual(['2026-11-24T07:01:00.000Z']);
  });

  it('catches up the latest occurrence after start only when no instance has run it', async () => {
    const clock = manualClock('2026-11-24T07:05:00.000Z'); // 14:05 in Vietnam: the 14:00 run is the latest
    const timers = manualTimers(clock);
    const ranAt: string[] = [];
    const run = async () => {
      ranAt.push(clock.now().toISOString());
      return 0;
    };
    const options = { name: 'hourly', clock, run, pattern: '0 * * * *', timer: timers.timer, catchUpAfterMs: 10_000 };
    start({ ...options, db: scratch.db, instanceId: 'A' });
    await timers.advanceTo('2026-11-24T07:05:10.000Z');
    expect(ranAt).toEqual(['2026-11-24T07:05:10.000Z']);
    // A second instance starting in the same hour finds the 14:00 occurrence taken; both then meet at 15:00.
    const outcomes: string[] = [];
    start({ ...options, db: second, instanceId: 'B', onRun: ({ outcome }) => outcomes.push(outcome) });
    await timers.advanceTo('2026-11-24T08:00:00.000Z');
    expect(ranAt).toEqual(['2026-11-24T07:05:10.000Z', '2026-11-24T08:00:00.000Z']);
    expect(outcomes).toHaveLength(2);
    expect(outcomes[0]).toBe('skipped');
    expect((await historyOf('hourly')).map(({ occurrence_at, instance_id }) => [occurrence_at, instance_id])).toEqual([
      ['2026-11-24T07:00:00.000Z', 'A'],
      ['2026-11-24T08:00:00.000Z', expect.stringMatching(/^[AB]$/)],
    ]);
  });

  it('keeps a month of history: a run deletes its job’s older rows', async () => {
    const clock = manualClock('2026-11-24T07:00:00.000Z');
    const timers = manualTimers(clock);
    await scratch.db
      .insertInto('scheduled_job_runs')
      .values([
        { job_name: 'pruned', occurrence_at: '2026-10-01T19:00:00.000Z', instance_id: 'old', started_at: '2026-10-01T19:00:00.000Z' },
        { job_name: 'pruned', occurrence_at: '2026-11-01T19:00:00.000Z', instance_id: 'old', started_at: '2026-11-01T19:00:00.000Z' },
        { job_name: 'other', occurrence_at: '2026-09-01T19:00:00.000Z', instance_id: 'old', started_at: '2026-09-01T19:00:00.000Z' },
      ])
      .execute();
    start({ name: 'pruned', db: scratch.db, clock, run: async () => 0, pattern: '0 2 * * *', timer: timers.timer });
    await timers.advanceTo('2026-11-24T19:00:00.000Z');
    expect((await historyOf('pruned')).map((row) => row.occurrence_at)).toEqual(['2026-11-01T19:00:00.000Z', '2026-11-24T19:00:00.000Z']);
    expect(await historyOf('other')).toHaveLength(1);
  });
});
