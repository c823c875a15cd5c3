import type { FastifyPluginAsync } from 'fastify';
import { startScheduledJob, type ScheduledJob } from '../../jobs/scheduledJob';
import { approvalsRoutes } from '../approvals/approvalsRoutes';
import type { AccountsContext } from '../auth/accountsPlugin';
import type { EventBus } from '../../events/eventBus';
import { serviceOrderContextOf } from '../serviceOrders/serviceOrderContext';
import type { PartsRequestContext } from './partsRequestContext';
import { expireAwaitingApprovals } from './partsRequestExpiry';
import { partsRequestRoutes } from './partsRequestRoutes';

export interface PartsRequestsOptions {
  accounts: AccountsContext;
  /** The live bus shared with bookings and the service orders (customers' and centres' streams). */
  events: EventBus;
}

/** When the expiry job looks for requests past the customer's deadline: every minute. */
export const APPROVAL_EXPIRY_SCHEDULE = '* * * * *';

/**
 * Parts requests and the customer's approval of extra work (work package 2): the floor's routes (technician,
 * parts desk), the customer's /me/approvals, and — once the server listens — the job that withdraws requests
 * whose customer deadline passed (every minute; tests drive expireAwaitingApprovals directly).
 */
export const partsRequestsRoutes: FastifyPluginAsync<PartsRequestsOptions> = async (app, { accounts, events }) => {
  const ctx: PartsRequestContext = {
    ...serviceOrderContextOf(accounts, events, app.log.child({ module: 'parts-requests' })),
    publicUrl: accounts.config.publicUrl,
  };
  await app.register(partsRequestRoutes, { ctx });
  await app.register(approvalsRoutes, { ctx });

  let job: ScheduledJob | null = null;
  app.addHook('onListen', async () => {
    job ??= startScheduledJob({
      name: 'parts approvals expired',
      pattern: APPROVAL_EXPIRY_SCHEDULE,
      run: () => expireAwaitingApprovals(ctx, ctx.clock.now()),
      log: app.log.child({ module: 'parts-requests' }),
      db: accounts.db,
      clock: accounts.clock,
    });
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
};
