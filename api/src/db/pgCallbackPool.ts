import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Pool, PoolClient } from 'pg';

/**
 * The pg pool as Kysely's PostgresDialect takes it, with each query run through pg's callback form instead of the
 * promise `Client#query` returns.
 *
 * Why: read through the promise form, a large report's rows were promoted to V8's old generation, through Kysely or
 * a bare `client.query` loop alike, though nothing holds them; the old generation then grew by the whole file before
 * a mark-compact freed it, pages the process keeps. Through the callback form (as `pool.query` does internally),
 * resolved by a promise of our own, they die young (docs/decisions/0018-pg-callback-query-pool.md; figures in
 * docs/performance.md, bench:reports).
 *
 * Only `query(text, values)` is wrapped: Kysely calls the cursor form only for `.stream()` with a `cursor` in its
 * dialect's settings, which the API does not use.
 */
/**
 * Statement texts run as named prepared statements (preparedQuery's, the floor's hot writes): pg parses each once
 * per connection and the server neither parses nor plans it again, one round trip's worth of work less per run.
 */
const statementNames = new Map<string, string>();

/** Runs `text` as a named prepared statement on every connection of callbackQueryPool from now on. */
export function prepareOnPostgres(text: string): void {
  if (!statementNames.has(text)) statementNames.set(text, `ev_prepared_${statementNames.size + 1}`);
}

/**
 * Any other text with parameters becomes a named prepared statement at its AUTO_PREPARE_AFTER-th run, as pgjdbc's
 * prepareThreshold does: a statement run again and again (the checkout's product and customer reads, the outbox's
 * due query) is then neither parsed nor planned anew each time, while a text run once or twice is never kept. At most
 * AUTO_PREPARED_MAX texts (each connection keeps their plans), counted among at most RUNS_COUNTED_MAX texts at a time.
 */
export const AUTO_PREPARE_AFTER = 5;
const AUTO_PREPARED_MAX = 500;
const RUNS_COUNTED_MAX = 5_000;
const runsOf = new Map<string, number>();
let autoPrepared = 0;

/** The prepared statement's name `text` runs under, if it has one (now or from this run on). */
function statementNameOf(text: string, parameterCount: number): string | undefined {
  const name = statementNames.get(text);
  if (name !== undefined || parameterCount === 0 || autoPrepared >= AUTO_PREPARED_MAX) return name;
  const runs = (runsOf.get(text) ?? 0) + 1;
  if (runs < AUTO_PREPARE_AFTER) {
    if (runsOf.size >= RUNS_COUNTED_MAX && runs === 1) runsOf.clear();
    runsOf.set(text, runs);
    return undefined;
  }
  runsOf.delete(text);
  autoPrepared += 1;
  prepareOnPostgres(text);
  return statementNames.get(text);
}

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
      const done = (error: Error | null, result: unknown) => (error ? reject(error) : resolve(result as PostgresQueryResult<R>));
      const name = statementNameOf(text, values.length);
      if (name) client.query({ name, text, values: values as unknown[] }, done);
      else client.query(text, values as unknown[], done);
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
