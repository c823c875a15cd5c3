import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { partsRequestContextOf } from '../partsRequests';
import { approvalsRoutes } from './approvalsRoutes';
import { named } from '../../http/pluginName';

/** The customer's approval of extra work (/api/me/approvals). */
export const approvalsModule: FastifyPluginAsync<{ context: AppContext }> = named('approvalsModule', async (app, { context }) => {
  await app.register(approvalsRoutes, { ctx: partsRequestContextOf(context, app.log.child({ module: 'parts-requests' })) });
});
