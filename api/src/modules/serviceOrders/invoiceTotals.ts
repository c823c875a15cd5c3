import type { Kysely, Transaction } from 'kysely';
import type { InvoicePreview, LinePayer, ServiceOrderLine } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

interface LineRow {
  id: number;
  kind: string;
  ref_id: number | null;
  name: string;
  quantity: number;
  unit_price: number;
  line_total: number;
  source: string;
  payer: string;
}

export function toServiceOrderLine(row: LineRow): ServiceOrderLine {
  return {
    id: row.id,
    kind: row.kind as ServiceOrderLine['kind'],
    name: row.name,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    lineTotal: row.line_total,
    source: row.source as ServiceOrderLine['source'],
    payer: row.payer as LinePayer,
  };
}

/** The billable lines of an order in the order they were added. */
export async function linesOfOrder(db: Db, orderId: number): Promise<ServiceOrderLine[]> {
  const rows = await db
    .selectFrom('service_order_lines')
    .select(['id', 'kind', 'ref_id', 'name', 'quantity', 'unit_price', 'line_total', 'source', 'payer'])
    .where('service_order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map(toServiceOrderLine);
}

/**
 * The invoice of an order from its lines — the one function behind both the preview staff see and the invoice
 * that is frozen, so the two cannot differ:
 *
 *   subtotalServices = Σ service lines the customer pays, subtotalParts = Σ part lines the customer pays,
 *   packageDiscount  = the booked service line paid by the appointment's package credit (check-in writes it at
 *                      the service's list price; the booking recorded 0), at most the services' subtotal,
 *   total            = subtotalServices + subtotalParts − packageDiscount,
 *   warrantyCovered / goodwillCovered = Σ lines the manufacturer's warranty / the centre pays (never in the total).
 *
 * The total is therefore what was booked (the credit's service at 0) plus the parts, less what is covered.
 */
export async function computeInvoice(db: Db, orderId: number): Promise<InvoicePreview> {
  const [rows, credit] = await Promise.all([
    db
      .selectFrom('service_order_lines')
      .select(['id', 'kind', 'ref_id', 'name', 'quantity', 'unit_price', 'line_total', 'source', 'payer'])
      .where('service_order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('service_orders')
      .innerJoin('appointments', 'appointments.id', 'service_orders.appointment_id')
      .innerJoin('package_credits', 'package_credits.id', 'appointments.package_credit_id')
      .select('package_credits.service_id')
      .where('service_orders.id', '=', orderId)
      .executeTakeFirst(),
  ]);
  let subtotalServices = 0;
  let subtotalParts = 0;
  let warrantyCovered = 0;
  let goodwillCovered = 0;
  for (const row of rows) {
    if (row.payer === 'WARRANTY') warrantyCovered += row.line_total;
    else if (row.payer === 'GOODWILL') goodwillCovered += row.line_total;
    else if (row.kind === 'part') subtotalParts += row.line_total;
    else subtotalServices += row.line_total;
  }
  // As packageDiscountOf (serviceOrderLines): the booked line of the credit's service, which check-in wrote at its list price.
  const covered = credit
    ? rows.filter((row) => row.kind === 'service' && row.source === 'booked' && row.ref_id === credit.service_id && row.payer === 'CUSTOMER')
    : [];
  const packageDiscount = Math.min(
    covered.reduce((sum, row) => sum + row.line_total, 0),
    subtotalServices,
  );
  return {
    lines: rows.map(toServiceOrderLine),
    subtotalServices,
    subtotalParts,
    packageDiscount,
    warrantyCovered,
    goodwillCovered,
    total: subtotalServices + subtotalParts - packageDiscount,
  };
}
