import { z } from 'zod';
import { taxCodeMessages, validateVietnameseTaxCode } from '../invoices/taxCode';
import { emailSchema } from './auth';
import { isoInstantSchema } from './catalogue';
import { envelopeSchema } from './envelope';
import { idInput, textInput } from './primitives';

/**
 * Receipts and company VAT invoices (shop-operations §6): the request a customer (or the counter, for a walk-in)
 * makes for a company's VAT invoice of a web order or a service order, and what staff see of it.
 */
export { amountInVietnameseWords, taxCodeCheckDigit, taxCodeMessages, validateVietnameseTaxCode, type TaxCodeCheck } from '../invoices';

export const VAT_INVOICE_REQUEST_STATUSES = ['REQUESTED', 'ISSUED'] as const;
export type VatInvoiceRequestStatus = (typeof VAT_INVOICE_REQUEST_STATUSES)[number];
export const VAT_INVOICE_REQUEST_STATUS_LABELS: Record<VatInvoiceRequestStatus, string> = {
  REQUESTED: 'Đã yêu cầu',
  ISSUED: 'Đã xuất hóa đơn',
};

export const VAT_COMPANY_NAME_MAX = 200;
export const VAT_ADDRESS_MAX = 300;

/** A tax code as typed (spaces, dots, with or without the branch hyphen) → "0123456789" or "0123456789-001". */
export const taxCodeInputSchema = textInput({ trim: true, error: taxCodeMessages.required })
  .max(20, taxCodeMessages.shape)
  .transform((value, ctx) => {
    const check = validateVietnameseTaxCode(value);
    if (!check.valid) {
      ctx.addIssue({ code: 'custom', message: check.message });
      return z.NEVER;
    }
    return check.taxCode;
  });

/** POST /orders/:code/vat-invoice-request and POST /service-orders/:id/vat-invoice-request. */
export const vatInvoiceRequestInputSchema = z.object({
  companyName: textInput({ trim: true, error: 'Vui lòng nhập tên công ty.' })
    .min(1, 'Vui lòng nhập tên công ty.')
    .max(VAT_COMPANY_NAME_MAX, `Tên công ty tối đa ${VAT_COMPANY_NAME_MAX} ký tự.`),
  taxCode: taxCodeInputSchema,
  address: textInput({ trim: true, error: 'Vui lòng nhập địa chỉ công ty.' })
    .min(1, 'Vui lòng nhập địa chỉ công ty.')
    .max(VAT_ADDRESS_MAX, `Địa chỉ tối đa ${VAT_ADDRESS_MAX} ký tự.`),
  email: emailSchema,
});
export type VatInvoiceRequestInput = z.input<typeof vatInvoiceRequestInputSchema>;

export const vatInvoiceRequestSchema = z.object({
  id: z.number().int(),
  /** The web order's code, or null for a service order's request. */
  orderCode: z.string().nullable(),
  serviceOrderId: z.number().int().nullable(),
  serviceOrderCode: z.string().nullable(),
  companyName: z.string(),
  taxCode: z.string(),
  address: z.string(),
  email: z.string(),
  status: z.enum(VAT_INVOICE_REQUEST_STATUSES),
  statusLabel: z.string(),
  createdAt: isoInstantSchema,
  issuedAt: isoInstantSchema.nullable(),
  providerRef: z.string().nullable(),
});
export type VatInvoiceRequest = z.infer<typeof vatInvoiceRequestSchema>;
export const vatInvoiceRequestResponseSchema = envelopeSchema(vatInvoiceRequestSchema);
/** GET /orders/:code/vat-invoice-request: the owner's request, or null when none was made. */
export const vatInvoiceRequestOrNullResponseSchema = envelopeSchema(vatInvoiceRequestSchema.nullable());

/** GET /vat-invoice-requests: a centre's requests, newest first (staff, manager; admin any centre). */
export const vatInvoiceRequestListQuerySchema = z.object({
  status: z.enum(VAT_INVOICE_REQUEST_STATUSES, { error: 'Trạng thái yêu cầu không hợp lệ.' }).optional(),
  orderCode: textInput({ trim: true }).toUpperCase().max(40, 'Mã đơn hàng không hợp lệ.').optional(),
  serviceOrderId: idInput('Mã phiếu không hợp lệ.').optional(),
  centreId: idInput('Trung tâm không hợp lệ.').optional(),
});
export const VAT_INVOICE_REQUEST_LIST_MAX = 100;
export const vatInvoiceRequestListResponseSchema = envelopeSchema(z.array(vatInvoiceRequestSchema));
