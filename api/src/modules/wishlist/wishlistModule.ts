import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { startScheduledJob, type ScheduledJob } from '../../jobs/scheduledJob';
import { announcePending } from '../notifications';
import { WISHLIST_ALERT_SCHEDULE, sendWishlistAlerts } from './wishlistAlerts';
import { wishlistRoutes } from './wishlistRoutes';
import { named } from '../../http/pluginName';

/**
 * The wishlist's routes and — once the server listens — the job that tells "báo khi giảm giá" / "báo khi có
 * hàng" through the notification centre (every 10 minutes, once across instances; tests drive sendWishlistAlerts directly).
 */
export const wishlistModule: FastifyPluginAsync<{ context: AppContext }> = named('wishlistModule', async (app, { context }) => {
  await app.register(wishlistRoutes, { context });

  let job: ScheduledJob | null = null;
  const log = app.log.child({ module: 'wishlist' });
  // After each alert's commit the customer's open pages learn of its notification (a failure is logged, never the job's).
  const announce = (userId: number) =>
    announcePending({ db: context.db, events: context.events, now: context.clock.now() }, userId).catch((error: unknown) => log.error({ err: error }, 'wishlist notification not announced'));
  app.addHook('onListen', async () => {
    job ??= startScheduledJob({
      name: 'wishlist alerts',
      pattern: WISHLIST_ALERT_SCHEDULE,
      run: () => sendWishlistAlerts(context.db, context.clock, { publicUrl: context.config.publicUrl, announce }),
      log,
      db: context.db,
      clock: context.clock,
    });
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
});
