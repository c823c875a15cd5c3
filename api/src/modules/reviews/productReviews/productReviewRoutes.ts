import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../appContext';

export const productReviewRoutes: FastifyPluginAsync<{ context: AppContext }> = async () => {};
