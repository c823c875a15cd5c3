import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { NotificationChannel as ChannelName } from 'shared-contracts/schemas';
import type { AppContext } from '../../../appContext';
import { channelRoutes } from './channelRoutes';
import { createDeliveryWorker, type DeliveryWorker } from './deliveryWorker';
import { createDevOutboxes } from './devOutboxes';
import type { NotificationChannel } from './notificationChannel';
import { emailChannel, type EmailChannel } from './providers/emailChannel';
import { devOutboxMailer, smtpMailer, type Mailer } from '../mailer';
import { esmsChannel } from './providers/esmsChannel';
import { publicPushSender, pushEndpointRules } from './providers/pushConnection';
import { webPushChannel } from './providers/webPushChannel';
import { zaloZnsChannel } from './providers/zaloZnsChannel';
import { channelStandIns, standInOutboxRoutes } from './standIns';
import type { DevOutboxes } from './devOutboxes';
import { named } from '../../../http/pluginName';
import { registerServerChannels } from './serverChannels';

/**
 * The mailer: SMTP when SMTP_URL is set; else the development mailbox (GET /api/dev/outbox), or none in production
 * (the emails wait in the outbox until SMTP_URL is set).
 */
export function createMailer(config: AppContext['config'], log?: Pick<FastifyBaseLogger, 'info'>): Mailer | null {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  return config.nodeEnv === 'production' ? null : devOutboxMailer(log);
}

/** The channels this server can send on, from its config (a channel left unconfigured in production is absent). */
export function createChannels(context: Pick<AppContext, 'db' | 'clock' | 'config' | 'fetch'>, outboxes: DevOutboxes | null, email: EmailChannel | null): Map<ChannelName, NotificationChannel> {
  const { db, clock, config } = context;
  const { vapid, pushStandIn, zalo, sms } = config.notificationChannels;
  const channels = new Map<ChannelName, NotificationChannel>();
  if (vapid || pushStandIn) {
    // Push goes to the addresses customers gave: never through context.fetch, only to public addresses (pushConnection).
    const rules = pushEndpointRules(config);
    channels.set('push', webPushChannel({ db, clock, vapid, standIn: outboxes?.push ?? null, sender: publicPushSender({ standInOrigin: rules.standInOrigin }), endpointAllowed: rules.allowed }));
  }
  if (zalo) channels.set('zalo', zaloZnsChannel({ config: zalo, clock, publicUrl: config.publicUrl, fetch: context.fetch }));
  if (sms) channels.set('sms', esmsChannel({ config: sms, publicUrl: config.publicUrl, fetch: context.fetch }));
  if (email) channels.set('email', email);
  return channels;
}

/**
 * Preferences, push subscriptions and the push key routes; the one outbox's worker (once the server listens) with the
 * mailer; the stand-ins and their outboxes in development.
 */
export const notificationChannelsModule: FastifyPluginAsync<{ context: AppContext }> = named('notificationChannelsModule', async (app, { context }) => {
  const { config } = context;
  const development = config.nodeEnv !== 'production';
  const outboxes = development ? createDevOutboxes() : null;
  const log = app.log.child({ module: 'notification-deliveries' });
  const mailer = createMailer(config, log);
  if (!mailer) log.warn('SMTP_URL is not set: emails (verification and reset codes) stay in the outbox until it is');
  const email = mailer && emailChannel({ mailer, publicUrl: config.publicUrl, from: config.mailFrom });
  const channels = createChannels(context, outboxes, email);
  // Deliveries are queued only on channels a server of this process sends on (serverChannels.ts).
  const unregisterChannels = registerServerChannels(['email', ...channels.keys()]);

  // Email is always a channel: without SMTP_URL in production its messages wait in the outbox until it is set.
  await app.register(channelRoutes, { context, available: (channel) => channel === 'email' || channels.has(channel) });
  if (outboxes) {
    await app.register(channelStandIns, { zalo: config.notificationChannels.zalo, sms: config.notificationChannels.sms, outboxes, clock: context.clock });
    if (config.devOutbox) await app.register(standInOutboxRoutes, { outboxes });
  }

  let worker: DeliveryWorker | null = null;
  app.addHook('onListen', async () => {
    worker ??= createDeliveryWorker({ db: context.db, channels, email, clock: context.clock, log });
    worker.start();
    log.info({ mailer: mailer?.description ?? null }, 'outbox worker started');
  });
  app.addHook('onClose', async () => {
    unregisterChannels();
    await worker?.stop();
    await mailer?.close();
  });
});
