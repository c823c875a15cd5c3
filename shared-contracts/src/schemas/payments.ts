import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { DB_INTEGER_MAX } from './primitives';

/**
 * Payments that confirm themselves (shop-operations §5): the payOS payment link of an order and the providers'
 * webhooks as their documents give them (docs/payments.md cites them). Bodies are bounded (64 KB by the route,
 * each field here) so a hostile caller cannot make the API store or fold megabytes.
 */

/** A webhook body larger than this is refused (413) before it is parsed. */
export const PAYMENT_WEBHOOK_BODY_LIMIT = 64 * 1024;

/** POST /orders/:code/payos-link → where the customer pays. */
export const payOsLinkSchema = z.object({ checkoutUrl: z.string().url() });
export type PayOsLink = z.infer<typeof payOsLinkSchema>;
export const payOsLinkResponseSchema = envelopeSchema(payOsLinkSchema);

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => z.string().max(max).nullish();

/** payOS webhook (https://payos.vn/docs/tich-hop-webhook/): the payment's data, signed with the checksum key. */
export const payOsWebhookSchema = z.object({
  code: text(10),
  desc: text(500),
  success: z.boolean().optional(),
  data: z
    .object({
      orderCode: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
      amount: z.number().int().nonnegative().max(DB_INTEGER_MAX),
      description: text(500),
      accountNumber: optionalText(50),
      reference: text(100),
      transactionDateTime: text(40),
      currency: optionalText(10),
      paymentLinkId: optionalText(100),
      code: text(10),
      desc: optionalText(500),
    })
    .passthrough(),
  signature: text(128),
});
export type PayOsWebhook = z.infer<typeof payOsWebhookSchema>;

/** SePay webhook (https://developer.sepay.vn/vi/sepay-webhooks/tich-hop-webhook): one bank transaction. */
export const sepayWebhookSchema = z
  .object({
    id: z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(100)]),
    gateway: optionalText(100),
    transactionDate: text(40),
    accountNumber: optionalText(50),
    code: optionalText(100),
    content: z.string().max(1000).nullish(),
    transferType: z.enum(['in', 'out']),
    transferAmount: z.number().int().nonnegative().max(DB_INTEGER_MAX),
    accumulated: z.number().nullish(),
    subAccount: optionalText(100),
    referenceCode: optionalText(100),
    description: z.string().max(2000).nullish(),
  })
  .passthrough();
export type SepayWebhook = z.infer<typeof sepayWebhookSchema>;

/** What a provider is answered: SePay wants `success: true` with 200/201; payOS any 2xx. */
export const paymentWebhookAckSchema = envelopeSchema(z.object({ outcome: z.enum(['MATCHED', 'EXCEPTION', 'IGNORED', 'REPLAYED']) }));
