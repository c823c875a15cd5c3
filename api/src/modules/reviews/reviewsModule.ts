import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { productReviewRoutes } from './productReviews/productReviewRoutes';
import { serviceRatingRoutes } from './serviceRatings/serviceRatingRoutes';

/** What customers say: product reviews (with moderation) and service ratings (with follow-ups and KPIs). */
export const reviewsModule: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  await app.register(productReviewRoutes, { context });
  await app.register(serviceRatingRoutes, { context });
};
