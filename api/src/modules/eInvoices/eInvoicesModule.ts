import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { named } from '../../http/pluginName';
import { objectStoreAt } from '../../objectStorage';
import { announcePending } from '../notifications';
import { eInvoiceRoutes } from './eInvoiceRoutes';
import { createEInvoiceWorker, type EInvoiceWorker } from './eInvoiceWorker';
import { eInvoiceProviderOf } from './eInvoiceProviderOf';

/**
 * An e-invoice per sale, issued from the ledger's events by a durable queue through the provider E_INVOICE_PROVIDER
 * chose (outside production the local stand-in by default; production issues none until one is configured).
 */
export const eInvoicesModule: FastifyPluginAsync<{ context: AppContext }> = named('eInvoicesModule', async (app, { context }) => {
  const { config } = context;
  await app.register(eInvoiceRoutes, { context });
  const provider = eInvoiceProviderOf(context.db, config, context.clock);
  if (!provider) return;
  let worker: EInvoiceWorker | null = null;
  app.addHook('onListen', async () => {
    worker ??= createEInvoiceWorker({
      db: context.db,
      provider,
      config,
      clock: context.clock,
      store: objectStoreAt(config.uploadDir),
      announce: (userId) => announcePending({ db: context.db, events: context.events, now: context.clock.now() }, userId),
      log: app.log,
    });
    worker.start();
  });
  app.addHook('onClose', async () => worker?.stop());
});
