import { z } from 'zod';

/** Every API response: { success, message, data }. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** Every API error: { success: false, message, code, errors? } with a Vietnamese message. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string().min(1),
  code: z.string().min(1),
  errors: z.array(fieldErrorSchema).optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
