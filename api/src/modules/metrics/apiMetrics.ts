import type { Redis } from 'ioredis';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { postgresPoolOf } from '../../db/directRead';
import type { Database } from '../../db/schema';
import { processMetricsRegistry } from './processMetrics';
import { withDeadline } from '../../async/withDeadline';

/** The route label of a request that matched no route (404s, scans): one label, whatever the URL. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** The outbox backlog is counted up to this many rows (a bounded scan of the pending index). */
export const OUTBOX_BACKLOG_CAP = 100_000;
/** How long counting the outbox backlog may take at a scrape before the gauge says NaN (unknown). */
export const OUTBOX_BACKLOG_TIMEOUT_MS = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics (registerMetrics): the server serves them on METRICS_PORT too. */
    metrics: ApiMetrics;
  }
}

export interface ApiMetrics {
  /** This app's registry (requests, pool, outbox); the process's (Node, jobs) is shown next to it. */
  registry: Registry;
  /** Counts a finished request under its route pattern (called from onResponse). */
  observeRequest(request: FastifyRequest, reply: FastifyReply): void;
  /** The Prometheus text of both registries, and its content type. */
  scrape(): Promise<{ contentType: string; text: string }>;
}

/** The route pattern of a request (`/api/products/:slug`), never its URL: label values stay bounded. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/** Messages waiting in the outbox (neither sent nor given up, any channel), counted through its due index, capped. */
async function countOutboxBacklog(db: Kysely<Database>): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from (select 1 as one from notification_deliveries where status = 'pending' limit ${OUTBOX_BACKLOG_CAP}) as pending`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The metrics of one app instance, in a registry of its own (tests build many apps in one process): request rate and
 * latency per route pattern, the PostgreSQL pool's connections, the outbox backlog (counted at each scrape).
 */
export function createApiMetrics({ db, redis = null }: { db: Kysely<Database>; redis?: Redis | null }): ApiMetrics {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'evshop_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'evshop_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const pool = postgresPoolOf(db);
  if (pool) {
    new Gauge({
      name: 'evshop_db_pool_connections',
      help: 'PostgreSQL connections open in the pool',
      registers: [registry],
      collect() {
        this.set(pool.totalCount);
      },
    });
    new Gauge({
      name: 'evshop_db_pool_idle_connections',
      help: 'PostgreSQL connections open and idle in the pool',
      registers: [registry],
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'evshop_db_pool_waiting_clients',
      help: 'Queries waiting for a PostgreSQL connection of the pool',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  if (redis) {
    // Redis down degrades (sign-in throttling, the cross-instance bus) without making the instance unready.
    new Gauge({
      name: 'evshop_redis_up',
      help: 'Whether the connection to Redis (REDIS_URL) is up: 1, or 0 while the API serves degraded without it',
      registers: [registry],
      collect() {
        this.set(redis.status === 'ready' ? 1 : 0);
      },
    });
  }

  new Gauge({
    name: 'evshop_outbox_backlog',
    help: `Messages waiting in the outbox (neither sent nor given up, any channel), counted up to ${OUTBOX_BACKLOG_CAP}; NaN when the database did not answer`,
    registers: [registry],
    async collect() {
      try {
        this.set(await withDeadline(countOutboxBacklog(db), OUTBOX_BACKLOG_TIMEOUT_MS));
      } catch {
        this.set(Number.NaN); // unknown, rather than a stale figure or a failed scrape
      }
    },
  });

  return {
    registry,
    observeRequest(request, reply) {
      const labels = { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    },
    async scrape() {
      const [processText, appText] = await Promise.all([processMetricsRegistry().metrics(), registry.metrics()]);
      return { contentType: registry.contentType, text: `${processText.trimEnd()}\n\n${appText}` };
    },
  };
}
