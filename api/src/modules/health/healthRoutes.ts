import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { ERROR_CODES, errorEnvelopeSchema, healthResponseSchema, healthSchema, livenessResponseSchema, readinessResponseSchema, readinessSchema } from 'shared-contracts/schemas';
import { ok } from '../../http/envelope';
import { apiMessages } from '../../http/messages';
import type { Dialect } from '../../db/portable';
import { readHealth } from './healthService';
import { notReadyMessage, readReadiness } from './readiness';
import { named } from '../../http/pluginName';

export interface HealthRoutesOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's schema: Kysely<Database> is not assignable to Kysely<unknown>
  db: Kysely<any>;
  dialect: Dialect;
  version: string;
  /** How long the database may take to answer `select 1` (default 2 s). */
  databaseTimeoutMs?: number;
  /** The counters' Redis when the API is configured with one (REDIS_URL); null or absent: not checked. */
  redis?: Redis | null;
  /** The upload folder readiness writes a probe file into (UPLOAD_DIR). */
  uploadDir: string;
  /** Whether the instance drains before stopping: readiness then answers 503 (http/drain.ts). */
  isStopping?: () => boolean;
}

/** The 503 body: the error envelope plus the health report. */
export const healthUnavailableSchema = errorEnvelopeSchema.extend({ data: healthSchema });
/** The readiness 503 body: the error envelope plus every check. */
export const readinessUnavailableSchema = errorEnvelopeSchema.extend({ data: readinessSchema });

export const redisUnreachableMessage = 'Không kết nối được Redis.';

/**
 * GET /api/health/live (liveness: the process answers, nothing else is asked), GET /api/health/ready (readiness, what
 * a load balancer and the container's healthcheck ask: the database, the upload folder, the schema, and not stopping;
 * 503 NOT_READY naming what is not; Redis down is reported as `degraded` with 200, since customers are still served) and GET /api/health (the earlier report: database and Redis; 503 when
 * either is down).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = named('healthRoutes', async (app, options) => {
  app.get(
    '/health/live',
    {
      schema: { tags: ['health'], summary: 'Tiến trình API còn chạy (liveness)', response: { 200: livenessResponseSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ status: 'ok' as const, version: options.version, uptimeSeconds: Math.floor(process.uptime()) });
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'API sẵn sàng phục vụ (readiness): cơ sở dữ liệu, thư mục tải lên, migration; Redis hỏng chỉ là degraded (vẫn 200); 503 khi đang dừng',
        response: { 200: readinessResponseSchema, 503: readinessUnavailableSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await readReadiness({
        db: options.db,
        dialect: options.dialect,
        version: options.version,
        redis: options.redis ?? null,
        uploadDir: options.uploadDir,
        databaseTimeoutMs: options.databaseTimeoutMs,
        stopping: options.isStopping?.() ?? false,
      });
      reply.header('cache-control', 'no-store');
      if (readiness.status === 'unready') {
        return reply.code(503).send({ success: false as const, code: ERROR_CODES.NOT_READY, message: notReadyMessage(readiness), data: readiness });
      }
      return reply.code(200).send(ok(readiness));
    },
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Tình trạng API, cơ sở dữ liệu và Redis',
        response: { 200: healthResponseSchema, 503: healthUnavailableSchema },
      },
    },
    async (_request, reply) => {
      const health = await readHealth({
        db: options.db,
        dialect: options.dialect,
        version: options.version,
        timeoutMs: options.databaseTimeoutMs,
        redis: options.redis,
      });
      reply.header('cache-control', 'no-store');
      if (!health.database.reachable) {
        return reply.code(503).send({ success: false as const, code: ERROR_CODES.DATABASE_UNREACHABLE, message: apiMessages.databaseUnreachable, data: health });
      }
      if (health.redis && !health.redis.reachable) {
        return reply.code(503).send({ success: false as const, code: ERROR_CODES.REDIS_UNREACHABLE, message: redisUnreachableMessage, data: health });
      }
      return reply.code(200).send(ok(health));
    },
  );
});
