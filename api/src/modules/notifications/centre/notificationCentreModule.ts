import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../appContext';
import type { BusMessage } from '../../../events/eventBus';
import { messageBatches } from './messageBatches';
import { notificationsOf } from './notificationEvents';
import { notificationEventsRoutes } from './notificationEventsRoutes';
import { notificationRoutes } from './notificationRoutes';
import { announcePendingOf, notify } from './notify';
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
  // The messages published meanwhile, a batch at a time in publish order: a burst of orders is a few batches of a
  // few statements each, rather than a small job per order holding its reads, rows and promises until it is done.
  const batches = messageBatches<BusMessage>(
    async (messages) => {
      const deps = { db: context.db, events: context.events, now: context.clock.now() };
      // What the changes told their owners in their transactions (customerFacts.ts) reaches their open pages now they are committed.
      const owners = messages.flatMap((message) => ('userId' in message && typeof message.userId === 'number' ? [message.userId] : []));
      if (owners.length > 0) await announcePendingOf(deps, owners);
      const inputs = await notificationsOf(context.db, messages);
      if (inputs.length > 0) await notify(deps, inputs);
    },
    (error, message) => log.error({ err: error, type: message?.type ?? 'batch' }, 'notification not written'),
  );
  const stop = context.events.onPublished((message) => {
    if (message.type === 'floor-changed' || message.type === 'personal') return;
    batches.add(message);
  });
  app.addHook('onClose', async () => {
    stop();
    await batches.idle();
  });
});
