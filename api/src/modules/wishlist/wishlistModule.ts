import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { startScheduledJob, type ScheduledJob } from '../../jobs/scheduledJob';
import { notify, type NotifyInput } from '../notifications';
import { WISHLIST_ALERT_SCHEDULE, sendWishlistAlerts } from './wishlistAlerts';
import { wishlistRoutes } from './wishlistRoutes';
import { named } from '../../http/pluginName';

/**
 * The wishlist's routes and — once the server listens — the job that sends "báo khi giảm giá" / "báo khi có
 * hàng" emails (every 10 minutes, once across instances; tests drive sendWishlistAlerts directly).
 */
export const wishlistModule: FastifyPluginAsync<{ context: AppContext }> = named('wishlistModule', async (app, { context }) => {
  await app.register(wishlistRoutes, { context });

  let job: ScheduledJob | null = null;
  const log = app.log.child({ module: 'wishlist' });
  // Each alert also goes under the customer's bell (marketing topic: sent on no channel unless they opted in).
  const toBell = (input: NotifyInput) =>
    notify({ db: context.db, events: context.events, now: context.clock.now() }, input).catch((error: unknown) => log.error({ err: error }, 'wishlist notification not written'));
  app.addHook('onListen', async () => {
    job ??= startScheduledJob({
      name: 'wishlist alerts',
      pattern: WISHLIST_ALERT_SCHEDULE,
      run: () => sendWishlistAlerts(context.db, context.clock, { publicUrl: context.config.publicUrl, notify: toBell }),
      log,
      db: context.db,
      clock: context.clock,
    });
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
});
