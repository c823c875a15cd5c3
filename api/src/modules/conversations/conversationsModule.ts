import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { startScheduledJob, type ScheduledJob } from '../../jobs/scheduledJob';
import { sweepPendingPhotos } from './conversationPhotos';
import { conversationRoutes } from './conversationRoutes';
import { named } from '../../http/pluginName';

/** Unsent photos are swept every hour (once across instances). */
export const PHOTO_SWEEP_SCHEDULE = '23 * * * *';

/** Threads between a customer and the staff of their centre: the routes, and the sweep of photos never sent. */
export const conversationsModule: FastifyPluginAsync<{ context: AppContext }> = named('conversationsModule', async (app, { context }) => {
  await app.register(conversationRoutes, { context });

  let sweep: ScheduledJob | null = null;
  app.addHook('onListen', async () => {
    sweep ??= startScheduledJob({
      name: 'conversation photo sweep',
      pattern: PHOTO_SWEEP_SCHEDULE,
      run: () => sweepPendingPhotos(context.db, context.clock, context.config.uploadDir),
      log: app.log.child({ module: 'conversations' }),
      db: context.db,
      clock: context.clock,
    });
  });
  app.addHook('onClose', async () => {
    await sweep?.stop();
  });
});
