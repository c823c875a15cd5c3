import { z } from 'zod';
import { envelopeSchema } from './envelope';

/** Round trip of a ping to a dependency: reachable, and its latency in ms (null when it did not answer). */
const probeSchema = z.object({
  reachable: z.boolean(),
  latencyMs: z.number().nonnegative().nullable(),
});

/** GET /api/health: the database and, when the API uses one (REDIS_URL), Redis. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  database: probeSchema.extend({ dialect: z.enum(['sqlite', 'postgres']) }),
  redis: probeSchema.optional(),
});

export type Health = z.infer<typeof healthSchema>;
export const healthResponseSchema = envelopeSchema(healthSchema);

/** GET /api/health/live: the process answers (no dependency is asked). */
export const livenessSchema = z.object({ status: z.literal('ok'), version: z.string(), uptimeSeconds: z.number().nonnegative() });
export const livenessResponseSchema = envelopeSchema(livenessSchema);

/**
 * One check of GET /api/health/ready: `ok`, and when not, a short machine `reason` (an error code such as
 * ECONNREFUSED, 'timeout', 'pending'...) and a Vietnamese `message`; never a connection string or a stack.
 */
export const readinessCheckSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number().nonnegative().nullable().optional(),
  reason: z.string().optional(),
  message: z.string().optional(),
});

/**
 * GET /api/health/ready: what a load balancer asks before sending traffic to this instance. `ok`: every check
 * passed; `degraded`: customers are served but something is down (Redis: sign-in throttling, the live bus), 200 all
 * the same; `unready` (503): the database, the upload folder or the schema is not there, or the instance is stopping.
 */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unready']),
  /** The instance is draining before it stops (SIGTERM): it serves what reaches it, nothing new should be sent. */
  stopping: z.boolean().optional(),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  checks: z.object({
    database: readinessCheckSchema.extend({ dialect: z.enum(['sqlite', 'postgres']) }),
    /** Present when the API is configured with Redis (REDIS_URL). */
    redis: readinessCheckSchema.optional(),
    /** The upload folder (UPLOAD_DIR) exists or can be made, and a file can be written there. */
    uploads: readinessCheckSchema,
    /** Every migration this build knows is applied (`pending` names those that are not). */
    migrations: readinessCheckSchema.extend({ pending: z.array(z.string()) }),
  }),
});

export type Readiness = z.infer<typeof readinessSchema>;
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;
export const readinessResponseSchema = envelopeSchema(readinessSchema);
