import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';

/** STUB (issue 49): the customers' and the staff's conversation routes. */
export const conversationsModule: FastifyPluginAsync<{ context: AppContext }> = async () => {};
