import { Redis } from 'ioredis';

/** The longest a publish may wait for Redis: past it the caller falls back (local delivery, a logged failure). */
export const REDIS_PUBLISH_TIMEOUT_MS = 1_000;
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

/** A subscriber connection: ioredis reconnects and subscribes again by itself, for as long as the process lives. */
export function redisSubscriber(url: string): Redis {
  return new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
}

/**
 * Closes connections without hanging on a dead Redis: QUIT when it answers within REDIS_QUIT_TIMEOUT_MS, else the
 * socket is dropped and reconnecting stops (a reconnect loop would keep the process alive after shutdown).
 */
export async function closeRedis(...connections: readonly Redis[]): Promise<void> {
  await Promise.all(
    connections.map(async (redis) => {
      if (redis.status === 'end' || redis.status === 'wait') {
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
