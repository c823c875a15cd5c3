import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../appContext';

/** STUB (issue 49): /api/notifications… routes, GET /api/notifications/events, the bus → notification hook. */
export const notificationCentreModule: FastifyPluginAsync<{ context: AppContext }> = async () => {};
