import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { startScheduledJob, type ScheduledJob } from '../../jobs/scheduledJob';
import { partsRequestContextOf } from './partsRequestContext';
import { expireAwaitingApprovals } from './partsRequestExpiry';
import { partsFreeLineRoutes } from './partsFreeLineRoutes';
import { partsRequestRoutes } from './partsRequestRoutes';
import { named } from '../../http/pluginName';

/** When the expiry job looks for requests past the customer's deadline: every minute. */
export const APPROVAL_EXPIRY_SCHEDULE = '* * * * *';

/**
 * Parts requests of the floor (technician, parts desk) and — once the server listens — the job that withdraws
 * requests whose customer deadline passed (every minute; tests drive expireAwaitingApprovals directly).
 */
export const partsRequestsModule: FastifyPluginAsync<{ context: AppContext }> = named('partsRequestsModule', async (app, { context }) => {
  const log = app.log.child({ module: 'parts-requests' });
  const ctx = partsRequestContextOf(context, log);
  await app.register(partsRequestRoutes, { ctx });
  await app.register(partsFreeLineRoutes, { ctx });

  let job: ScheduledJob | null = null;
  app.addHook('onListen', async () => {
    job ??= startScheduledJob({
      name: 'parts approvals expired',
      pattern: APPROVAL_EXPIRY_SCHEDULE,
      run: () => expireAwaitingApprovals(ctx, ctx.clock.now()),
      log,
      db: context.db,
      clock: context.clock,
    });
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
});
