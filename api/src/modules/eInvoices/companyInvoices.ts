import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { markVatRequestInvoiced, type InvoiceParty } from '../invoices';

type Db = Kysely<Database>;

/** Company requests turned into replacements per round (they are few: one per sale at most). */
const REQUESTS_PER_ROUND = 50;

/** Our key of the replacement that carries company request `requestId` to the sale's invoice `invoiceId`. */
const companyKeyOf = (requestId: number, invoiceId: number) => `evshop-company-${requestId}-${invoiceId}`;

/**
 * A company's VAT-invoice request made after the sale's invoice was issued without it (the consumer's): the invoice is
 * replaced by one in the company's name (Decree 123 Art. 19: a wrong buyer is corrected by a replacement), with the
 * company named in the reason. Only the chain's last invoice, issued and neither replaced nor adjusted (an adjusted
 * one waits for the owner: the providers refuse to replace it), and once per request (a request corrected after its
 * replacement is the owner's to replace again). A request made before the invoice was issued needs nothing: the
 * invoice is issued from the sale, which carries the company. Answers the replacements queued.
 */
export async function queueCompanyReplacements(db: Db, now: Date): Promise<number> {
  const columns = ['vat_invoice_requests.id as request_id', 'vat_invoice_requests.company_name', 'vat_invoice_requests.tax_code', 'e_invoices.id as invoice_id', 'e_invoices.order_id', 'e_invoices.service_invoice_id', 'e_invoices.provider', 'e_invoices.gross'] as const;
  const [webOrders, services] = await Promise.all([
    db
      .selectFrom('vat_invoice_requests')
      .innerJoin('e_invoices', 'e_invoices.order_id', 'vat_invoice_requests.order_id')
      .select([...columns])
      .where('vat_invoice_requests.status', '=', 'REQUESTED')
      .where('e_invoices.kind', 'in', ['ORIGINAL', 'REPLACEMENT'])
      .where('e_invoices.status', '=', 'ISSUED')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('e_invoices as correction').select('correction.id').whereRef('correction.corrects_id', '=', 'e_invoices.id').where('correction.status', '!=', 'CANCELLED'))))
      .orderBy('vat_invoice_requests.id')
      .limit(REQUESTS_PER_ROUND)
      .execute(),
    db
      .selectFrom('vat_invoice_requests')
      .innerJoin('service_invoices', 'service_invoices.service_order_id', 'vat_invoice_requests.service_order_id')
      .innerJoin('e_invoices', 'e_invoices.service_invoice_id', 'service_invoices.id')
      .select([...columns])
      .where('vat_invoice_requests.status', '=', 'REQUESTED')
      .where('e_invoices.kind', 'in', ['ORIGINAL', 'REPLACEMENT'])
      .where('e_invoices.status', '=', 'ISSUED')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('e_invoices as correction').select('correction.id').whereRef('correction.corrects_id', '=', 'e_invoices.id').where('correction.status', '!=', 'CANCELLED'))))
      .orderBy('vat_invoice_requests.id')
      .limit(REQUESTS_PER_ROUND)
      .execute(),
  ]);
  let queued = 0;
  const nowIso = now.toISOString();
  for (const candidate of [...webOrders, ...services]) {
    const earlier = await db.selectFrom('e_invoices').select('id').where('request_key', 'like', `evshop-company-${candidate.request_id}-%`).executeTakeFirst();
    if (earlier) continue;
    const inserted = await db
      .insertInto('e_invoices')
      .values({
        order_id: candidate.order_id,
        service_invoice_id: candidate.service_invoice_id,
        kind: 'REPLACEMENT',
        corrects_id: candidate.invoice_id,
        refund_id: null,
        provider: candidate.provider,
        request_key: companyKeyOf(candidate.request_id, candidate.invoice_id),
        reason: `Lập lại hóa đơn cho đơn vị mua theo yêu cầu: ${candidate.company_name}, MST ${candidate.tax_code}`.slice(0, 500),
        gross: Number(candidate.gross),
        next_attempt_at: nowIso,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) queued += 1;
  }
  return queued;
}

/**
 * Within the transaction that records an issued invoice: the sale's company request it carried is answered (the
 * invoices module's command). An adjustment answers none: it is not the company's invoice.
 */
export async function answerCompanyRequest(
  trx: Db,
  row: { kind: string; order_id: number | null; service_invoice_id: number | null },
  company: InvoiceParty | null,
  issued: { series: string; number: number; issuedAt: string },
): Promise<void> {
  if (company === null || row.kind === 'ADJUSTMENT') return;
  let sale: { orderId: number } | { serviceOrderId: number };
  if (row.order_id !== null) sale = { orderId: row.order_id };
  else {
    const invoice = await trx.selectFrom('service_invoices').select('service_order_id').where('id', '=', row.service_invoice_id!).executeTakeFirstOrThrow();
    sale = { serviceOrderId: invoice.service_order_id };
  }
  await markVatRequestInvoiced(trx, sale, { taxCode: company.taxCode, name: company.name, address: company.address }, issued);
}
