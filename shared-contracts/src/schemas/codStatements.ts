import { z } from 'zod';
import { INTEGRATED_CARRIERS } from '../pricing/shipmentMachine';
import { isoInstantSchema, vndSchema } from './catalogue';
import { envelopeSchema } from './envelope';
import { textInput } from './primitives';
import { calendarDateSchema } from './service';

/**
 * Carriers' COD statements (đối soát COD, issue 65 §5): the carrier's export imported once per (carrier, reference),
 * each line matched by tracking code to a shipment whose COD the ledger expects; the others go to the payments
 * exceptions queue.
 */
export const COD_STATEMENT_MAX_LINES = 5_000;
export const COD_STATEMENT_MAX_BYTES = 2 * 1024 * 1024;

export const COD_LINE_OUTCOMES = ['MATCHED', 'MISMATCH', 'UNKNOWN'] as const;
export type CodLineOutcome = (typeof COD_LINE_OUTCOMES)[number];
export const COD_LINE_OUTCOME_LABELS: Record<CodLineOutcome, string> = {
  MATCHED: 'Khớp, đã nhận tiền',
  MISMATCH: 'Lệch số tiền',
  UNKNOWN: 'Không tìm thấy vận đơn',
};

/** POST /api/admin/shipments/cod-statements?carrier=GHN&reference=…: the file is the body (text/csv) or a multipart `file`. */
export const codStatementImportQuerySchema = z.object({
  carrier: z.enum(INTEGRATED_CARRIERS, { error: 'Vui lòng chọn đơn vị vận chuyển của bảng đối soát.' }),
  reference: textInput({ trim: true, error: 'Vui lòng nhập mã bảng đối soát.' })
    .min(1, 'Vui lòng nhập mã bảng đối soát.')
    .max(100, 'Mã bảng đối soát tối đa 100 ký tự.'),
  periodFrom: calendarDateSchema.optional(),
  periodTo: calendarDateSchema.optional(),
});
export type CodStatementImportQuery = z.infer<typeof codStatementImportQuerySchema>;

export const codStatementSchema = z.object({
  id: z.number().int().positive(),
  carrier: z.enum(INTEGRATED_CARRIERS),
  carrierLabel: z.string(),
  reference: z.string(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  importedAt: isoInstantSchema,
  importedBy: z.string().nullable(),
  lineCount: z.number().int().nonnegative(),
  matchedCount: z.number().int().nonnegative(),
  mismatchCount: z.number().int().nonnegative(),
  unknownCount: z.number().int().nonnegative(),
  totalCod: vndSchema,
  totalFee: vndSchema,
});
export type CodStatement = z.infer<typeof codStatementSchema>;

export const codStatementLineSchema = z.object({
  lineNo: z.number().int().positive(),
  trackingCode: z.string(),
  codAmount: vndSchema,
  fee: vndSchema,
  outcome: z.enum(COD_LINE_OUTCOMES),
  outcomeLabel: z.string(),
  orderCode: z.string().nullable(),
  /** The COD the ledger expected for that parcel, when one was found. */
  expectedAmount: vndSchema.nullable(),
  /** The payments exception queued for the line (MISMATCH, UNKNOWN). */
  exceptionId: z.number().int().positive().nullable(),
});
export type CodStatementLine = z.infer<typeof codStatementLineSchema>;

export const codStatementImportSchema = z.object({
  statement: codStatementSchema,
  /** The same (carrier, reference) was imported before: nothing changed, its first import answered. */
  alreadyImported: z.boolean(),
  /** The lines that did not reconcile (MISMATCH, UNKNOWN), in file order. */
  exceptions: z.array(codStatementLineSchema),
});
export type CodStatementImport = z.infer<typeof codStatementImportSchema>;

export const codStatementImportResponseSchema = envelopeSchema(codStatementImportSchema);
export const codStatementListResponseSchema = envelopeSchema(z.object({ statements: z.array(codStatementSchema) }));
