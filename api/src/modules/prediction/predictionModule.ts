import type { FastifyPluginAsync } from 'fastify';
import { startScheduledJob, type ScheduledJob } from '../../jobs/scheduledJob';
import type { AppContext } from '../../appContext';
import { onAcceptedTraining, startForecastReminders, type ForecastReminderJob } from './forecastReminders';
import { predictionRoutes } from './predictionRoutes';
import { createWearTrainer } from './wearTrainer';
import { failStaleTraining, TrainingInProgressError } from './wearTraining';
import { named } from '../../http/pluginName';
import { announcePending } from '../notifications';

/** The nightly run: 02:00 in Vietnam (19:00 UTC), when the centres are closed. */
export const NIGHTLY_TRAINING_SCHEDULE = '0 2 * * *';

/**
 * Failure prediction (spec predictive.md §2–§4): its routes, the trainer's process and its
 * nightly run, and the customers' forecast reminders through the notification centre (daily, and after each accepted training). The
 * trainer opens its own connection to the API's database (the same configuration).
 */
export const predictionModule: FastifyPluginAsync<{ context: AppContext }> = named('predictionModule', async (app, { context }) => {
  const log = app.log.child({ module: 'prediction' });
  let reminders: ForecastReminderJob | null = null;
  // A newly accepted version may put components over the reminder threshold: the reminders run at once.
  const trainer = onAcceptedTraining(
    createWearTrainer({ db: context.db, database: context.config, clock: context.clock, log }),
    context.db,
    () => void reminders?.runSoon(),
    log,
  );
  let nightly: ScheduledJob | null = null;
  app.addHook('onListen', async () => {
    // A run left TRAINING by a process that died (this API crashed mid-run) no longer blocks "train now".
    await failStaleTraining(context.db, context.clock).catch((error: unknown) => log.error({ err: error }, 'wear training: could not fail the stale runs'));
    // The customers' reminders (forecastReminders.ts), told by the notification centre: daily at 08:00 in Vietnam, and after each accepted training.
    // After each reminder's commit the owner's open pages learn of it (a failure is logged, never the job's).
    const announce = (userId: number) =>
      announcePending({ db: context.db, events: context.events, now: context.clock.now() }, userId).catch((error: unknown) => log.error({ err: error }, 'forecast reminder not announced'));
    reminders = startForecastReminders({ db: context.db, clock: context.clock, log, publicUrl: context.config.publicUrl, announce });
    nightly = startScheduledJob({
      name: 'wear model training',
      pattern: NIGHTLY_TRAINING_SCHEDULE,
      log,
      db: context.db,
      clock: context.clock,
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
  await app.register(predictionRoutes, { context, trainer });
});
