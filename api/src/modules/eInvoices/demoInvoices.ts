import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { vietnamDateOf } from 'shared-contracts/schemas';
import { chunksOf } from '../../db/chunks';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { markVatRequestInvoiced } from '../invoices';
import { HANDED_OVER } from './eInvoiceRules';
import { originalKeyOf } from './saleInvoiceQueue';
import { standInLookupUrl, standInTaxAuthorityCode } from './providers/standInEInvoice';

/** The demo's invoice the stand-in refused, waiting for the owner (its sale then shows in the daily check). */
export const DEMO_REFUSED_INVOICE_ERROR = 'Mã số thuế người mua không tồn tại trên hệ thống của cơ quan thuế (giả lập). Vui lòng kiểm tra thông tin xuất hóa đơn rồi gửi lại.';

/**
 * The demo history's e-invoices (development only; the seed's sales are written as history, without the ledger's
 * events): every paid sale (a web order handed over, a paid service invoice) without its own invoice gets one issued by
 * the stand-in on the day it was paid, except the latest service sale paid more than two hours ago, which the stand-in
 * refused and waits in the owner's queue; a company's request on a sale so invoiced is answered by it. Idempotent;
 * answers the invoices written.
 */
export async function seedDemoEInvoices(db: Kysely<Database>, options: { publicUrl: string; now: Date }): Promise<number> {
  // Web orders and service invoices apart: each joins its invoice on its own indexed column.
  const webOrders = await db
    .selectFrom('sale_payments')
    .innerJoin('orders', 'orders.id', 'sale_payments.order_id')
    .leftJoin('e_invoices', (join) => join.onRef('e_invoices.order_id', '=', 'sale_payments.order_id').on('e_invoices.kind', '=', 'ORIGINAL'))
    .select(['sale_payments.order_id', 'sale_payments.service_invoice_id', 'sale_payments.amount', 'sale_payments.paid_at'])
    .where('e_invoices.id', 'is', null)
    .where('orders.status', 'in', [...HANDED_OVER])
    .execute();
  const services = await db
    .selectFrom('sale_payments')
    .leftJoin('e_invoices', (join) => join.onRef('e_invoices.service_invoice_id', '=', 'sale_payments.service_invoice_id').on('e_invoices.kind', '=', 'ORIGINAL'))
    .select(['sale_payments.order_id', 'sale_payments.service_invoice_id', 'sale_payments.amount', 'sale_payments.paid_at'])
    .where('sale_payments.service_invoice_id', 'is not', null)
    .where('e_invoices.id', 'is', null)
    .execute();
  const sales = [...webOrders, ...services].sort((a, b) => toIsoUtc(a.paid_at).localeCompare(toIsoUtc(b.paid_at)));
  if (sales.length === 0) return 0;
  const refusedBefore = options.now.getTime() - 2 * 3_600_000;
  const refused = sales.filter((sale) => sale.service_invoice_id !== null && Date.parse(toIsoUtc(sale.paid_at)) < refusedBefore).at(-1);
  const nowIso = options.now.toISOString();
  let written = 0;
  for (const chunk of chunksOf(sales.filter((sale) => sale !== refused))) {
    const rows = chunk.map((sale) => ({ sale, key: originalKeyOf(sale), paidAt: toIsoUtc(sale.paid_at), lookup: randomBytes(6).toString('hex').toUpperCase() }));
    const series = (paidAt: string) => `C${vietnamDateOf(new Date(paidAt)).slice(2, 4)}TYY`;
    await db
      .insertInto('e_invoice_standin')
      .values(rows.map((row) => ({ request_key: row.key, kind: 'ORIGINAL', series: series(row.paidAt), tax_authority_code: `pending-${row.key}`.slice(0, 40), lookup_code: row.lookup, gross: toNumber(row.sale.amount), xml: '', issued_at: row.paidAt })))
      .onConflict((conflict) => conflict.column('request_key').doNothing())
      .execute();
    const issued = await db.selectFrom('e_invoice_standin').select(['id', 'request_key', 'series', 'lookup_code']).where('request_key', 'in', rows.map((row) => row.key)).execute();
    const byKey = new Map(issued.map((row) => [row.request_key, row]));
    // Each code names its row's id, known once inserted: the chunk's codes in one statement.
    if (issued.length > 0) {
      const codes = issued.map((row) => sql`when ${row.id} then ${standInTaxAuthorityCode(row.series.slice(1, 3), row.id)}`);
      await db
        .updateTable('e_invoice_standin')
        .set({ tax_authority_code: sql<string>`case id ${sql.join(codes, sql` `)} end` })
        .where('id', 'in', issued.map((row) => row.id))
        .execute();
    }
    await db
      .insertInto('e_invoices')
      .values(
        rows.map(({ sale, key, paidAt }) => {
          const standIn = byKey.get(key)!;
          return {
            order_id: sale.order_id,
            service_invoice_id: sale.service_invoice_id,
            kind: 'ORIGINAL',
            corrects_id: null,
            refund_id: null,
            status: 'ISSUED',
            provider: 'standin',
            request_key: key,
            reason: null,
            gross: toNumber(sale.amount),
            series: standIn.series,
            number: standIn.id,
            tax_authority_code: standInTaxAuthorityCode(standIn.series.slice(1, 3), standIn.id),
            lookup_code: standIn.lookup_code,
            lookup_url: standInLookupUrl(options.publicUrl, standIn.lookup_code),
            provider_ref: `STANDIN-${standIn.id}`,
            raw_answer: JSON.stringify({ standIn: true, demo: true, key, number: standIn.id }),
            // Not archived: the demo's files are made when exported (its history would keep the worker busy for minutes).
            xml_key: '',
            pdf_key: '',
            attempts: 1,
            next_attempt_at: null,
            issued_at: paidAt,
            created_at: paidAt,
            updated_at: nowIso,
          };
        }),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    written += rows.length;
  }
  if (refused) {
    await db
      .insertInto('e_invoices')
      .values({
        order_id: null,
        service_invoice_id: refused.service_invoice_id,
        kind: 'ORIGINAL',
        corrects_id: null,
        refund_id: null,
        status: 'FAILED',
        provider: 'standin',
        request_key: originalKeyOf(refused),
        reason: null,
        gross: toNumber(refused.amount),
        last_error: DEMO_REFUSED_INVOICE_ERROR,
        attempts: 1,
        next_attempt_at: null,
        created_at: toIsoUtc(refused.paid_at),
        updated_at: nowIso,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    written += 1;
  }
  await answerDemoCompanyRequests(db);
  return written;
}

/** The demo's company requests on web orders invoiced above: their invoices carried the company (the sale names it). */
async function answerDemoCompanyRequests(db: Kysely<Database>): Promise<void> {
  const requests = await db
    .selectFrom('vat_invoice_requests')
    .innerJoin('e_invoices', (join) => join.onRef('e_invoices.order_id', '=', 'vat_invoice_requests.order_id').on('e_invoices.kind', '=', 'ORIGINAL').on('e_invoices.status', '=', 'ISSUED'))
    .select(['vat_invoice_requests.order_id', 'vat_invoice_requests.company_name', 'vat_invoice_requests.tax_code', 'vat_invoice_requests.address', 'e_invoices.series', 'e_invoices.number', 'e_invoices.issued_at'])
    .where('vat_invoice_requests.status', '=', 'REQUESTED')
    .execute();
  for (const request of requests) {
    if (request.series === null || request.number === null || request.issued_at === null) continue;
    await markVatRequestInvoiced(db, { orderId: request.order_id! }, { taxCode: request.tax_code, name: request.company_name, address: request.address }, { series: request.series, number: request.number, issuedAt: toIsoUtc(request.issued_at) });
  }
}
