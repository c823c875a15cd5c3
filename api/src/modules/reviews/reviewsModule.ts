import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { startScheduledJob, type ScheduledJob } from '../../jobs/scheduledJob';
import { announcePending } from '../notifications';
import { productReviewRoutes } from './productReviews/productReviewRoutes';
import { RATING_REQUEST_SCHEDULE, sendRatingRequests } from './serviceRatings/serviceRatingRequests';
import { serviceRatingRoutes } from './serviceRatings/serviceRatingRoutes';
import { named } from '../../http/pluginName';

/** What customers say: product reviews (with moderation) and service ratings (with follow-ups and KPIs). */
export const reviewsModule: FastifyPluginAsync<{ context: AppContext }> = named('reviewsModule', async (app, { context }) => {
  await app.register(productReviewRoutes, { context });
  await app.register(serviceRatingRoutes, { context });

  // Once the server listens: the "đánh giá lượt dịch vụ" requests, told by the notification centre (every 10 minutes, once across instances).
  let ratingRequests: ScheduledJob | null = null;
  const log = app.log.child({ module: 'service-ratings' });
  const announce = (userId: number) =>
    announcePending({ db: context.db, events: context.events, now: context.clock.now() }, userId).catch((error: unknown) => log.error({ err: error }, 'rating request not announced'));
  app.addHook('onListen', async () => {
    ratingRequests ??= startScheduledJob({
      name: 'service rating requests',
      pattern: RATING_REQUEST_SCHEDULE,
      run: () => sendRatingRequests(context.db, context.clock, { publicUrl: context.config.publicUrl, announce }),
      log,
      db: context.db,
      clock: context.clock,
    });
  });
  app.addHook('onClose', async () => {
    await ratingRequests?.stop();
  });
});
