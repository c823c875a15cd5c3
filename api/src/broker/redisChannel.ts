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
  let handlers: { onMessage: (message: string) => void; onResync?: () => void; onLost?: () => void } | null = null;
  let subscribed: Promise<void> | null = null;
  /** Subscribed on the current connection (false from a 'close' until subscribed again). */
  let listening = false;

  return {
    kind: 'redis',
    async publish(message) {
      await publisher.publish(channel, message);
    },
    isListening: () => listening,
    listen(onMessage, onResync, onLost) {
      if (!handlers) {
        handlers = { onMessage, onResync, onLost };
        subscriber.on('message', (from: string, payload: string) => {
          if (from === channel) handlers?.onMessage(payload);
        });
        let connectedOnce = false;
        subscriber.on('close', () => {
          if (!listening) return;
          listening = false;
          handlers?.onLost?.();
        });
        subscriber.on('ready', () => {
          if (!connectedOnce) {
            connectedOnce = true;
            return;
          }
          // A reconnection: subscribe again, then resync what was missed meanwhile; a failure waits for the next 'ready'.
          subscriber.subscribe(channel).then(
            () => {
              listening = true;
              handlers?.onResync?.();
            },
            (error: unknown) => log.warn({ err: error }, `${label}: cannot subscribe again on Redis`),
          );
        });
      }
      subscribed ??= subscriber.subscribe(channel).then(
        () => {
          listening = true;
        },
        (error: unknown) => {
          subscribed = null;
          log.error({ err: error }, `${label}: cannot subscribe on Redis`);
          handlers?.onLost?.();
        },
      );
      return subscribed;
    },
    async close() {
      await closeRedis(subscriber, publisher);
    },
  };
}
