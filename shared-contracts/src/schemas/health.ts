import { z } from 'zod';
import { envelopeSchema } from './envelope';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    reachable: z.boolean(),
    latencyMs: z.number().nonnegative().nullable(),
  }),
});

export type Health = z.infer<typeof healthSchema>;
export const healthResponseSchema = envelopeSchema(healthSchema);
