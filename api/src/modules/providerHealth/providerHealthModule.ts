import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../appContext';
import { named } from '../../http/pluginName';
import { providerHealthRoutes } from './providerHealthRoutes';
import { recordProviderStates } from './providerStateRecorder';

/** The outside providers' breakers, recorded as they change and shown to the owner (/api/admin/provider-status). */
export const providerHealthModule: FastifyPluginAsync<{ context: AppContext }> = named('providerHealthModule', async (app, { context }) => {
  const stopRecording = recordProviderStates(context.db, app.log);
  app.addHook('onClose', async () => stopRecording());
  await app.register(providerHealthRoutes, { db: context.db, config: context.config, clock: context.clock });
});
