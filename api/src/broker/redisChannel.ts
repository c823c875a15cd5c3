import type { BrokerChannel, BrokerLog } from './brokerChannel';
import { closeRedis, redisPublisher, redisSubscriber } from './redisConnections';

/**
 * Redis pub/sub on `channel`: a publisher connection (a publish fails fast when Redis does not answer) and a
 * subscriber connection (ioredis reconnects; the channel subscribes again on each reconnection). listen() resolves once the
 * subscription is made: while Redis is unreachable it waits for Redis to come back.
 */
export function redisChannel(options: { url: string; channel: string; label: string; log: BrokerLog }): BrokerChannel {
  const { url, channel, label, log } = options;
  const publisher = redisPublisher(url);
  const subscriber = redisSubscriber(url);
  publisher.on('error', (error: Error) => log.warn({ err: error }, `${label}: Redis publisher error`));
  subscriber.on('error', (error: Error) => log.warn({ err: error }, `${label}: Redis subscriber error`));
  let handlers: { onMessage: (message: string) => void; onResync?: () => void } | null = null;
  let subscribed: Promise<void> | null = null;

  return {
    kind: 'redis',
    async publish(message) {
      await publisher.publish(channel, message);
    },
    listen(onMessage, onResync) {
      if (!handlers) {
        handlers = { onMessage, onResync };
        subscriber.on('message', (from: string, payload: string) => {
          if (from === channel) handlers?.onMessage(payload);
        });
        let connectedOnce = false;
        subscriber.on('ready', () => {
          if (!connectedOnce) {
            connectedOnce = true;
            return;
          }
          // A reconnection: subscribe again, then resync what was missed meanwhile; a failure waits for the next 'ready'.
          subscriber.subscribe(channel).then(
            () => handlers?.onResync?.(),
            (error: unknown) => log.warn({ err: error }, `${label}: cannot subscribe again on Redis`),
          );
        });
      }
      subscribed ??= subscriber.subscribe(channel).then(
        () => undefined,
        (error: unknown) => {
          subscribed = null;
          log.error({ err: error }, `${label}: cannot subscribe on Redis`);
        },
      );
      return subscribed;
    },
    async close() {
      await closeRedis(subscriber, publisher);
    },
  };
}
