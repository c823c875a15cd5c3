import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { EInvoiceRow } from '../../db/eInvoiceSchema';
import { toIsoUtc } from '../../db/portable';
import { vietnamDateOfInstant } from './eInvoiceDates';
import type { Database } from '../../db/schema';
import { discountLines, serviceOrderDocument, webOrderDocument, type InvoiceDocument, type InvoiceParty } from '../invoices';
import { answerCompanyRequest } from './companyInvoices';
import { EInvoiceRefused, type EInvoiceKind, type EInvoiceProvider, type EInvoiceRequest, type IssuedEInvoice } from './eInvoiceProvider';
import { tellInvoiceIssued } from './eInvoiceNotices';
import { adjustmentLineName, E_INVOICE_MAX_ATTEMPTS, eInvoiceRetryDelayMs } from './eInvoiceRules';

type Db = Kysely<Database>;

/** How long a claimed invoice is hidden from other workers while it is sent: longer than any issue may take. */
export const E_INVOICE_CLAIM_LEASE_MS = 2 * 60_000;
/** A provider that has not answered in this time has not answered (the invoice is sent again, with its key). */
export const E_INVOICE_SEND_TIMEOUT_MS = 20_000;

/**
 * Claims up to `limit` due invoices, one statement: each becomes SENDING with its try counted and a lease, so a crash
 * leaves it due again when the lease lapses (and it is sent again with the same key: the provider issues it once).
 */
export async function claimDueInvoices(db: Db, now: Date, limit: number): Promise<EInvoiceRow[]> {
  const nowIso = now.toISOString();
  const due = await db.selectFrom('e_invoices').select('id').where('next_attempt_at', '<=', nowIso).where('status', 'in', ['DRAFT', 'SENDING', 'FAILED']).orderBy('next_attempt_at').limit(limit).execute();
  if (due.length === 0) return [];
  return db
    .updateTable('e_invoices')
    .set((eb) => ({ status: 'SENDING', attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + E_INVOICE_CLAIM_LEASE_MS).toISOString(), updated_at: nowIso }))
    .where('id', 'in', due.map((row) => row.id))
    .where('next_attempt_at', '<=', nowIso)
    .where('status', 'in', ['DRAFT', 'SENDING', 'FAILED'])
    .returningAll()
    .execute();
}

/** The sale's document as its receipt prints it, dated `at` (the invoice's date: hand-over or completion). */
async function saleDocument(db: Db, config: Pick<Config, 'seller' | 'publicUrl'>, row: EInvoiceRow, at: Date): Promise<InvoiceDocument> {
  if (row.order_id !== null) {
    const order = await db.selectFrom('orders').selectAll().where('id', '=', row.order_id).executeTakeFirstOrThrow();
    return { ...(await webOrderDocument(db, config, order)), issuedAt: at };
  }
  const invoice = await db.selectFrom('service_invoices').selectAll().where('id', '=', row.service_invoice_id!).executeTakeFirstOrThrow();
  const order = await db.selectFrom('service_orders').selectAll().where('id', '=', invoice.service_order_id).executeTakeFirstOrThrow();
  return { ...(await serviceOrderDocument(db, config, order, invoice)), issuedAt: at };
}

/** The request of an invoice row: the sale's document, or for an adjustment its amount spread over the original's VAT rates. */
export async function requestOf(db: Db, config: Pick<Config, 'seller' | 'publicUrl'>, row: EInvoiceRow, at: Date): Promise<EInvoiceRequest> {
  const document = await saleDocument(db, config, row, at);
  const kind = row.kind as EInvoiceKind;
  if (kind === 'ORIGINAL' || row.corrects_id === null) return { key: row.request_key, kind: 'ORIGINAL', document, corrects: null, reason: null };
  const original = await db.selectFrom('e_invoices').selectAll().where('id', '=', row.corrects_id).executeTakeFirstOrThrow();
  const corrects = {
    providerRef: original.provider_ref ?? '',
    series: original.series ?? '',
    number: original.number ?? 0,
    issuedOn: original.issued_at === null ? '' : vietnamDateOfInstant(original.issued_at),
    taxAuthorityCode: original.tax_authority_code,
  };
  if (kind === 'REPLACEMENT') return { key: row.request_key, kind, document, corrects, reason: row.reason };
  // The amount over the original's rates as the receipt's discount would be spread: the lines net to it exactly
  // (negative for a refund or a reduction, positive for an increase).
  const gross = Number(row.gross);
  const sign = gross < 0 ? 1 : -1;
  const lines = discountLines(document.lines, Math.abs(gross), '').map((line) => ({
    ...line,
    kind: 1 as const,
    name: adjustmentLineName(line.vatRate, corrects, gross > 0),
    unit: 'lần',
    unitPrice: sign * line.unitPrice,
    amount: sign * line.amount,
  }));
  return { key: row.request_key, kind, document: { ...document, title: 'HÓA ĐƠN ĐIỀU CHỈNH', lines }, corrects, reason: row.reason };
}

/**
 * Records the provider's answer on the row this worker claimed (a claim that lapsed to another worker is left to it);
 * an issued invoice answers the company request it carried and tells its customer in the same transaction. Answers
 * the customer told, if any.
 */
async function settle(db: Db, row: EInvoiceRow, now: Date, outcome: { issued: IssuedEInvoice; company: InvoiceParty | null } | { error: string; refused: boolean }): Promise<number | null> {
  const nowIso = now.toISOString();
  const claimed = (trx: Db = db) => trx.updateTable('e_invoices').where('id', '=', row.id).where('status', '=', 'SENDING').where('attempts', '=', row.attempts);
  if ('issued' in outcome) {
    const { issued } = outcome;
    return db.transaction().execute(async (trx) => {
      const updated = await claimed(trx)
      .set({
        status: 'ISSUED',
        series: issued.series,
        number: issued.number,
        tax_authority_code: issued.taxAuthorityCode,
        lookup_code: issued.lookupCode,
        lookup_url: issued.lookupUrl,
        provider_ref: issued.providerRef,
        raw_answer: issued.raw.slice(0, 4000),
        issued_at: toIsoUtc(issued.issuedAt),
        last_error: null,
        next_attempt_at: null,
        updated_at: nowIso,
      })
      .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return null;
      await answerCompanyRequest(trx, row, outcome.company, { series: issued.series, number: issued.number, issuedAt: toIsoUtc(issued.issuedAt) });
      return tellInvoiceIssued(trx, row, issued, now);
    });
  }
  // A refusal waits for the owner at once; a fault is tried again with back-off, then waits for the owner.
  const again = !outcome.refused && row.attempts < E_INVOICE_MAX_ATTEMPTS;
  await claimed()
    .set({ status: 'FAILED', last_error: outcome.error.slice(0, 1000), next_attempt_at: again ? new Date(now.getTime() + eInvoiceRetryDelayMs(row.attempts)).toISOString() : null, updated_at: nowIso })
    .execute();
  return null;
}

/** Issues one claimed invoice through the provider and records the outcome; `told` hears the customer told of it. */
export async function sendInvoice(
  db: Db,
  config: Pick<Config, 'seller' | 'publicUrl'>,
  provider: EInvoiceProvider,
  row: EInvoiceRow,
  now: () => Date,
  timeoutMs = E_INVOICE_SEND_TIMEOUT_MS,
  told: (userId: number) => void = () => undefined,
): Promise<'issued' | 'retry' | 'refused'> {
  try {
    const request = await requestOf(db, config, row, now());
    const issued = await provider.issue(request, AbortSignal.timeout(timeoutMs));
    const userId = await settle(db, row, now(), { issued, company: request.document.company });
    if (userId !== null) told(userId);
    return 'issued';
  } catch (error) {
    const refused = error instanceof EInvoiceRefused;
    await settle(db, row, now(), { error: error instanceof Error ? error.message : String(error), refused });
    return refused ? 'refused' : 'retry';
  }
}
