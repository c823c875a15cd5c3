import { Redis } from 'ioredis';

/** The longest a publish may wait for Redis: past it the caller falls back (local delivery, a logged failure). */
export const REDIS_PUBLISH_TIMEOUT_MS = 1_000;
/** The longest a throttling counter's command may wait for Redis: past it the request answers 503. */
export const REDIS_COUNTER_TIMEOUT_MS = 1_000;
/** How long close() waits for Redis to acknowledge QUIT before it drops the connection. */
export const REDIS_QUIT_TIMEOUT_MS = 500;

/** A publisher connection: a command fails within REDIS_PUBLISH_TIMEOUT_MS when Redis does not answer, so a request never waits on a dead broker. */
export function redisPublisher(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: REDIS_PUBLISH_TIMEOUT_MS,
    commandTimeout: REDIS_PUBLISH_TIMEOUT_MS,
  });
}

/**
 * A subscriber connection: ioredis reconnects by itself for as long as the process lives; the owner subscribes again
 * on each 'ready' (ioredis's own resubscription leaves its promise unhandled: a crash when Redis drops before it answers).
 */
export function redisSubscriber(url: string): Redis {
  return new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null, autoResubscribe: false });
}

/**
 * The throttling counters' connection, bounded so that a dead Redis answers within about a second (a 503) instead of
 * hanging or queueing: connect and each command time out, a command waits for at most one reconnection, and
 * reconnection is retried every second at most.
 */
export function countersRedis(url: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_COUNTER_TIMEOUT_MS,
    commandTimeout: REDIS_COUNTER_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    // Closing: a socket that never connected is dropped at once, not after ioredis's 2 s grace.
    disconnectTimeout: 100,
  });
  // Outages surface per request (503) and in /api/health/ready; without a listener ioredis prints every failed reconnection.
  redis.on('error', () => undefined);
  return redis;
}

/**
 * Closes connections without hanging on a dead Redis: a connection that is not up (never connected, reconnecting) is
 * dropped at once, since its QUIT could only wait for a reconnection; one that is up gets QUIT when it answers within
 * REDIS_QUIT_TIMEOUT_MS, else the socket is dropped and reconnecting stops (a reconnect loop would keep the process
 * alive after shutdown).
 */
export async function closeRedis(...connections: readonly Redis[]): Promise<void> {
  await Promise.all(
    connections.map(async (redis) => {
      if (redis.status !== 'ready') {
        redis.disconnect();
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), REDIS_QUIT_TIMEOUT_MS);
        timer.unref();
      });
      const quit = redis.quit().then(
        () => 'done' as const,
        () => 'late' as const,
      );
      const outcome = await Promise.race([quit, deadline]);
      clearTimeout(timer);
      if (outcome === 'late') redis.disconnect();
    }),
  );
}
