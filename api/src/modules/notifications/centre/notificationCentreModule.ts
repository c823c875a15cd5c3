import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../appContext';
import { notificationsOf } from './notificationEvents';
import { notificationEventsRoutes } from './notificationEventsRoutes';
import { notificationRoutes } from './notificationRoutes';
import { announcePending, notify } from './notify';
import { named } from '../../../http/pluginName';

/**
 * The notification centre (issue 49 §2): the bell's routes and the personal stream, and the bus → notification
 * hook. The hook listens to this instance's own publishes only (EventBus.onPublished), so each event is turned
 * into notifications once however many instances run; the work runs detached from the request that published
 * (it never fails nor slows it), its errors logged, and the server waits for it when it closes.
 */
export const notificationCentreModule: FastifyPluginAsync<{ context: AppContext }> = named('notificationCentreModule', async (app, { context }) => {
  await app.register(notificationRoutes, { context });
  await app.register(notificationEventsRoutes, { events: context.events });

  const log = app.log.child({ module: 'notification-centre' });
  // One message's notifications at a time, in publish order: a burst of orders queues its small jobs here
  // rather than running them all at once (each holds its reads, rows and promises until it is done).
  let queue: Promise<void> = Promise.resolve();
  const stop = context.events.onPublished((message) => {
    if (message.type === 'floor-changed' || message.type === 'personal') return;
    queue = queue.then(async () => {
      try {
        const deps = { db: context.db, events: context.events, now: context.clock.now() };
        // What the change told its owner in its transaction (customerFacts.ts) reaches their open pages now it is committed.
        if ('userId' in message && typeof message.userId === 'number') await announcePending(deps, message.userId);
        const inputs = await notificationsOf(context.db, message);
        if (inputs.length > 0) await notify(deps, inputs);
      } catch (error) {
        log.error({ err: error, type: message.type }, 'notification not written');
      }
    });
  });
  app.addHook('onClose', async () => {
    stop();
    await queue;
  });
});
