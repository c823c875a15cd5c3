import { backOfficeErrorSchema, errorEnvelopeSchema } from 'shared-contracts/schemas';

/** The error answers of a back-office read: the house's 400/401/403, and 404/422 with the spec's codes. */
export const backOfficeReadErrors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: backOfficeErrorSchema,
  422: backOfficeErrorSchema,
} as const;

/** …and of a back-office write, which may also answer 409 (a rule, a stale version). */
export const backOfficeErrors = { ...backOfficeReadErrors, 409: backOfficeErrorSchema } as const;
