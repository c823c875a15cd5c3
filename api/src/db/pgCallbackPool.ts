import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Pool, PoolClient } from 'pg';

/**
 * The pg pool as Kysely's PostgresDialect takes it, with each query run through pg's callback form instead of the
 * promise `Client#query` returns.
 *
 * Why (measured, docs/architecture.md "Memory"): read through the promise form, a 100,000-row report left about
 * 50 MB of its rows in V8's old generation per download (--max-semi-space-size=8), through Kysely or through a bare
 * `client.query` loop alike; through the callback form (as `pool.query` does internally), none. A full collection
 * finds none of those rows reachable, so nothing holds them: they survive the scavenges that follow them and are
 * promoted, and the old generation grows by the whole file before a mark-compact frees it — pages the process then
 * keeps (bench:reports, PostgreSQL: RSS +100 MB over the first two downloads). The same query resolved from pg's
 * callback by a promise of our own dies young.
 *
 * Only `query(text, values)` is wrapped: Kysely calls the cursor form only for `.stream()` with a `cursor` in its
 * dialect's settings, which the API does not use.
 */
export function callbackQueryPool(pool: Pool): PostgresPool {
  // One wrapper per pg client, as long as the client lives: Kysely keeps its connection state per client object.
  const wrappers = new WeakMap<PoolClient, PostgresPoolClient>();
  const wrapperOf = (client: PoolClient) => {
    let wrapper = wrappers.get(client);
    if (!wrapper) wrappers.set(client, (wrapper = callbackQueryClient(client)));
    return wrapper;
  };
  return {
    connect: async () => wrapperOf(await pool.connect()),
    end: () => pool.end(),
    // What Kysely opens its control connection with, to cancel a query: the pool's own Client class and settings.
    Client: (pool as Pool & Pick<PostgresPool, 'Client'>).Client,
    options: pool.options,
  };
}

function callbackQueryClient(client: PoolClient): PostgresPoolClient {
  const query = <R>(text: string, values: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> =>
    new Promise((resolve, reject) => {
      client.query(text, values as unknown[], (error, result) => (error ? reject(error) : resolve(result as unknown as PostgresQueryResult<R>)));
    });
  return {
    query: query as PostgresPoolClient['query'],
    release: (destroy?: boolean) => client.release(destroy),
    // Kysely reads the backend's pid (pg's undocumented `processID`) to cancel a query; without it, it asks the server.
    get processID() {
      return (client as PoolClient & { processID?: number }).processID;
    },
  } as PostgresPoolClient;
}
