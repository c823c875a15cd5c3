import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../appContext';

export const serviceRatingRoutes: FastifyPluginAsync<{ context: AppContext }> = async () => {};
