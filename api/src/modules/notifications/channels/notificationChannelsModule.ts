import type { FastifyPluginAsync } from 'fastify';
import type { NotificationChannel as ChannelName } from 'shared-contracts/schemas';
import type { AppContext } from '../../../appContext';
import { channelRoutes } from './channelRoutes';
import { createDeliveryWorker, type DeliveryWorker } from './deliveryWorker';
import { createDevOutboxes } from './devOutboxes';
import type { NotificationChannel } from './notificationChannel';
import { emailChannel } from './providers/emailChannel';
import { esmsChannel } from './providers/esmsChannel';
import { webPushChannel } from './providers/webPushChannel';
import { zaloZnsChannel } from './providers/zaloZnsChannel';
import { channelStandIns, standInOutboxRoutes } from './standIns';
import type { DevOutboxes } from './devOutboxes';
import { named } from '../../../http/pluginName';

/** The channels this server can send on, from its config (a channel left unconfigured in production is absent). */
export function createChannels(context: Pick<AppContext, 'db' | 'clock' | 'config' | 'fetch'>, outboxes: DevOutboxes | null): Map<ChannelName, NotificationChannel> {
  const { db, clock, config } = context;
  const { vapid, pushStandIn, zalo, sms } = config.notificationChannels;
  const channels = new Map<ChannelName, NotificationChannel>();
  if (vapid || pushStandIn) channels.set('push', webPushChannel({ db, clock, vapid, standIn: outboxes?.push ?? null, fetch: context.fetch }));
  if (zalo) channels.set('zalo', zaloZnsChannel({ config: zalo, clock, publicUrl: config.publicUrl, fetch: context.fetch }));
  if (sms) channels.set('sms', esmsChannel({ config: sms, publicUrl: config.publicUrl, fetch: context.fetch }));
  channels.set('email', emailChannel({ db, clock, publicUrl: config.publicUrl }));
  return channels;
}

/** Preferences, push subscriptions and the push key routes; the deliveries' worker (once the server listens); the stand-ins and their outboxes in development. */
export const notificationChannelsModule: FastifyPluginAsync<{ context: AppContext }> = named('notificationChannelsModule', async (app, { context }) => {
  const { config } = context;
  const development = config.nodeEnv !== 'production';
  const outboxes = development ? createDevOutboxes() : null;
  const channels = createChannels(context, outboxes);

  await app.register(channelRoutes, { context, available: (channel) => channels.has(channel) });
  if (outboxes) {
    await app.register(channelStandIns, { zalo: config.notificationChannels.zalo, sms: config.notificationChannels.sms, outboxes, clock: context.clock });
    if (config.devOutbox) await app.register(standInOutboxRoutes, { outboxes });
  }

  let worker: DeliveryWorker | null = null;
  app.addHook('onListen', async () => {
    worker ??= createDeliveryWorker({ db: context.db, channels, clock: context.clock, log: app.log.child({ module: 'notification-deliveries' }) });
    worker.start();
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
});
