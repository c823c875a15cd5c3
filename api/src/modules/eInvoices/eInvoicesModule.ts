import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { named } from '../../http/pluginName';
import { eInvoiceRoutes } from './eInvoiceRoutes';
import { createEInvoiceWorker, type EInvoiceWorker } from './eInvoiceWorker';
import { standInEInvoiceProvider } from './providers/standInEInvoice';

/**
 * An e-invoice per sale, issued from the ledger's events by a durable queue. Outside production the local stand-in
 * issues them; production issues none until a provider is configured.
 */
export const eInvoicesModule: FastifyPluginAsync<{ context: AppContext }> = named('eInvoicesModule', async (app, { context }) => {
  const { config } = context;
  await app.register(eInvoiceRoutes, { context });
  if (config.nodeEnv === 'production') return;
  const provider = standInEInvoiceProvider(context.db, { sellerTaxCode: config.seller.taxCode ?? '', publicUrl: config.publicUrl, now: () => context.clock.now() });
  let worker: EInvoiceWorker | null = null;
  app.addHook('onListen', async () => {
    worker ??= createEInvoiceWorker({ db: context.db, provider, config, clock: context.clock, log: app.log });
    worker.start();
  });
  app.addHook('onClose', async () => worker?.stop());
});
