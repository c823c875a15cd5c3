import type { FastifyPluginAsync } from 'fastify';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodicJob';
import type { AccountsContext } from '../auth/accountsPlugin';
import { diagnosticsRoutes } from '../diagnostics/diagnosticsRoutes';
import { onAcceptedTraining, startForecastReminders, type ForecastReminderJob } from './forecastReminders';
import { predictionRoutes } from './predictionRoutes';
import { createWearTrainer } from './wearTrainer';
import { TrainingInProgressError } from './wearTraining';

const DAY_MS = 86_400_000;
/** The nightly run: 02:00 in Vietnam (19:00 UTC), when the centres are closed. */
const NIGHTLY_UTC_HOUR = 19;

export function msUntilNightlyRun(now: Date): number {
  const next = new Date(now);
  next.setUTCHours(NIGHTLY_UTC_HOUR, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setTime(next.getTime() + DAY_MS);
  return next.getTime() - now.getTime();
}

/**
 * Failure prediction and diagnostics (spec predictive.md §2–§4): their routes, the trainer's process and its
 * nightly run, and the customers' forecast reminder emails (daily, and after each accepted training). The
 * trainer opens its own connection to the API's database (the same configuration).
 */
export const predictionPlugin: FastifyPluginAsync<{ accounts: AccountsContext }> = async (app, { accounts }) => {
  const log = app.log.child({ module: 'prediction' });
  let reminders: ForecastReminderJob | null = null;
  // A newly accepted version may put components over the reminder threshold: the reminders run at once.
  const trainer = onAcceptedTraining(
    createWearTrainer({ db: accounts.db, database: accounts.config, clock: accounts.clock, log }),
    accounts.db,
    () => void reminders?.runSoon(),
    log,
  );
  let nightly: PeriodicJob | null = null;
  app.addHook('onListen', async () => {
    // The customers' reminder emails (forecastReminders.ts): daily at 08:00 in Vietnam, and after each accepted training.
    reminders = startForecastReminders({ db: accounts.db, clock: accounts.clock, log, publicUrl: accounts.config.publicUrl });
    nightly = startPeriodicJob({
      name: 'wear model training',
      log,
      intervalMs: DAY_MS,
      firstRunMs: msUntilNightlyRun(accounts.clock.now()),
      run: async () => {
        try {
          await trainer.start(null);
          await trainer.idle();
          return 1;
        } catch (error) {
          if (error instanceof TrainingInProgressError) return 0;
          throw error;
        }
      },
    });
  });
  app.addHook('onClose', async () => {
    await nightly?.stop();
    await trainer.close();
    await reminders?.stop();
  });
  await app.register(predictionRoutes, { accounts, trainer });
  await app.register(diagnosticsRoutes, { accounts });
};
