import type { FastifyBaseLogger } from 'fastify';

export type BrokerLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * One channel of the broker the API instances share: a string published by one instance reaches every instance
 * listening, the publisher included.
 *
 * - Redis pub/sub (REDIS_URL): a publisher connection and a subscriber connection (broker/redisConnections.ts);
 * - PostgreSQL LISTEN/NOTIFY (the database is PostgreSQL and there is no Redis): a dedicated pg client listens
 *   (a pooled connection cannot) and reconnects with back-off, NOTIFY goes through the Kysely pool.
 */
export interface BrokerChannel {
  readonly kind: 'redis' | 'postgres';
  /** Sends `message` to every listening instance; rejects when the broker is unreachable (the caller falls back). */
  publish(message: string): Promise<void>;
  /**
   * Starts listening: the handlers of the first call are kept, a later call returns the current readiness
   * (trying again at once when the last attempt failed or the connection was lost). Resolves once subscribed,
   * or once a failed attempt is logged (a reconnect is then scheduled). `onResync` is called when a lost
   * connection is back: messages may have been missed meanwhile. `onLost` is called when an attempt fails or the
   * subscription is lost (messages are being missed until `onResync`).
   */
  listen(onMessage: (message: string) => void, onResync?: () => void, onLost?: () => void): Promise<void>;
  /** Whether the subscription is in place now (messages published now reach this instance). */
  isListening(): boolean;
  close(): Promise<void>;
}
