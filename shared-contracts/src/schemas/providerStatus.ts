import { z } from 'zod';
import { isoInstantSchema } from './catalogue';
import { envelopeSchema } from './envelope';

/** The outside providers the shop calls (api/src/outbound), as the owner's status panel lists them. */
export const OUTSIDE_PROVIDERS = ['payos', 'zalo', 'esms', 'webpush', 'smtp', 's3', 'google', 'misa', 'viettel', 'vnpt', 'ghn', 'ghtk'] as const;
export type OutsideProvider = (typeof OUTSIDE_PROVIDERS)[number];

/**
 * How a provider is set up: 'live' calls the real provider, 'stand-in' the development stand-in, 'local' does without
 * it (photos in the server's folder, emails in the dev outbox), 'off' not configured (its feature is off).
 */
export const providerSetupSchema = z.enum(['live', 'stand-in', 'local', 'off']);
/**
 * 'ok': calls go; 'down': its breaker is open (failures in a row: calls stop until `openUntil`); 'retrying': it failed
 * and its breaker's pause is over, the next call tries it again.
 */
export const providerConditionSchema = z.enum(['ok', 'down', 'retrying']);

export const providerStatusSchema = z.object({
  provider: z.enum(OUTSIDE_PROVIDERS),
  name: z.string(),
  setup: providerSetupSchema,
  condition: providerConditionSchema,
  /** When the breaker last opened (condition down/retrying) or null. */
  since: isoInstantSchema.nullable(),
  openUntil: isoInstantSchema.nullable(),
  /** The failure that opened it (provider's words, bounded). */
  lastError: z.string().nullable(),
  /** Messages waiting in the outbox for this provider's channel (null: not a message channel). */
  waiting: z.number().int().nonnegative().nullable(),
  /** The oldest of them, by when it was queued. */
  oldestWaitingSince: isoInstantSchema.nullable(),
});
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

export const providerStatusListSchema = z.object({ providers: z.array(providerStatusSchema), checkedAt: isoInstantSchema });
export type ProviderStatusList = z.infer<typeof providerStatusListSchema>;
export const providerStatusResponseSchema = envelopeSchema(providerStatusListSchema);
