import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../appContext';

/** STUB (issue 49): preferences, push subscriptions and the push key routes; the deliveries' worker; the stand-ins' outboxes. */
export const notificationChannelsModule: FastifyPluginAsync<{ context: AppContext }> = async () => {};
