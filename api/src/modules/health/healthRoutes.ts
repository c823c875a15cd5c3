import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { errorEnvelopeSchema, healthResponseSchema, healthSchema } from 'shared-contracts/schemas';
import { ErrorCodes } from '../../http/appError';
import { ok } from '../../http/envelope';
import { apiMessages } from '../../http/messages';
import type { Dialect } from '../../db/portable';
import { readHealth } from './healthService';

export interface HealthRoutesOptions {
  db: Kysely<any>;
  dialect: Dialect;
  version: string;
  /** How long the database may take to answer `select 1` (default 2 s). */
  databaseTimeoutMs?: number;
}

/** The 503 body: the error envelope plus the health report. */
export const healthUnavailableSchema = errorEnvelopeSchema.extend({ data: healthSchema });

/** GET /api/health: 200 with the report, 503 DATABASE_UNREACHABLE when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Tình trạng API và cơ sở dữ liệu',
        response: { 200: healthResponseSchema, 503: healthUnavailableSchema },
      },
    },
    async (_request, reply) => {
      const health = await readHealth({
        db: options.db,
        dialect: options.dialect,
        version: options.version,
        timeoutMs: options.databaseTimeoutMs,
      });
      reply.header('cache-control', 'no-store');
      if (!health.database.reachable) {
        return reply.code(503).send({
          success: false as const,
          code: ErrorCodes.DATABASE_UNREACHABLE,
          message: apiMessages.databaseUnreachable,
          data: health,
        });
      }
      return reply.code(200).send(ok(health));
    },
  );
};
