import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A booked service as the order's lines are written from it. */
export interface BookedService {
  service_id: number;
  service_name: string;
  price: number;
  list_price: number;
}

/** A line as written (what the order's detail shows of it). */
export interface WrittenLine {
  id: number;
  kind: string;
  name: string;
  quantity: number;
  unit_price: number;
  line_total: number;
  source: string;
  /** Absent on a line just written (the customer's until someone covers it). */
  payer?: string;
}

/** The service a package credit pays for (null without a credit). */
export async function creditServiceOf(trx: Db, packageCreditId: number | null): Promise<number | null> {
  if (packageCreditId === null) return null;
  return (await trx.selectFrom('package_credits').select('service_id').where('id', '=', packageCreditId).executeTakeFirst())?.service_id ?? null;
}

/**
 * The billable lines a service order starts with: one 'service' line per booked service at the price it was
 * booked for. A service paid by a package credit was booked at 0; its line carries the service's list price
 * so the invoice can show what the package paid (packageDiscountOf), and the total stays what was booked.
 * The lines written come back in id order.
 */
export async function insertBookedLines(trx: Transaction<Database>, serviceOrderId: number, booked: readonly BookedService[], creditServiceId: number | null): Promise<WrittenLine[]> {
  if (booked.length === 0) return [];
  const rows = await trx
    .insertInto('service_order_lines')
    .values(
      booked.map((service) => {
        const price = service.service_id === creditServiceId ? service.list_price : service.price;
        return {
          service_order_id: serviceOrderId,
          kind: 'service',
          ref_id: service.service_id,
          name: service.service_name,
          quantity: 1,
          unit_price: price,
          line_total: price,
          source: 'booked',
          parts_request_id: null,
        };
      }),
    )
    .returning(['id', 'kind', 'name', 'quantity', 'unit_price', 'line_total', 'source'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** insertBookedLines of the appointment's booked services, read here. */
export async function writeBookedLines(trx: Transaction<Database>, serviceOrderId: number, appointmentId: number, packageCreditId: number | null): Promise<void> {
  const creditServiceId = await creditServiceOf(trx, packageCreditId);
  const booked = await trx
    .selectFrom('appointment_services')
    .innerJoin('services', 'services.id', 'appointment_services.service_id')
    .select(['appointment_services.service_id', 'appointment_services.service_name', 'appointment_services.price', 'services.price as list_price'])
    .where('appointment_services.appointment_id', '=', appointmentId)
    .orderBy('services.sort_order')
    .orderBy('services.id')
    .execute();
  await insertBookedLines(trx, serviceOrderId, booked, creditServiceId);
}

/**
 * What the appointment's package credit pays on the order: the booked line of the credit's service (0 when
 * the appointment used no credit). The invoice shows it as package_discount and subtracts it from the total.
 */
export async function packageDiscountOf(db: Db, serviceOrderId: number): Promise<number> {
  const row = await db
    .selectFrom('service_orders')
    .innerJoin('appointments', 'appointments.id', 'service_orders.appointment_id')
    .innerJoin('package_credits', 'package_credits.id', 'appointments.package_credit_id')
    .innerJoin('service_order_lines', (join) =>
      join
        .onRef('service_order_lines.service_order_id', '=', 'service_orders.id')
        .onRef('service_order_lines.ref_id', '=', 'package_credits.service_id')
        .on('service_order_lines.kind', '=', 'service')
        .on('service_order_lines.source', '=', 'booked')
        .on('service_order_lines.payer', '=', 'CUSTOMER'),
    )
    .select((eb) => eb.fn.sum<number>('service_order_lines.line_total').as('discount'))
    .where('service_orders.id', '=', serviceOrderId)
    .executeTakeFirst();
  return Number(row?.discount ?? 0);
}

/**
 * The billable line of a parts request, written when the part is issued (work package 2): kind 'part', source
 * 'parts_request', at the price the request was made (and the customer approved). One line per request (the
 * partial unique index on parts_request_id).
 */
export async function writePartLine(
  trx: Transaction<Database>,
  request: { id: number; serviceOrderId: number; productId: number; name: string; quantity: number; unitPrice: number },
): Promise<void> {
  await trx
    .insertInto('service_order_lines')
    .values({
      service_order_id: request.serviceOrderId,
      kind: 'part',
      ref_id: request.productId,
      name: request.name,
      quantity: request.quantity,
      unit_price: request.unitPrice,
      line_total: request.quantity * request.unitPrice,
      source: 'parts_request',
      parts_request_id: request.id,
    })
    .execute();
}

/**
 * A return reduces the request's line by `quantity` (issued − returned is what is billed); a line that comes to 0
 * is removed, so the invoice lists only what was fitted.
 */
export async function reducePartLine(trx: Transaction<Database>, partsRequestId: number, quantity: number): Promise<void> {
  const reduced = await trx
    .updateTable('service_order_lines')
    .set((eb) => ({ quantity: eb('quantity', '-', quantity), line_total: sql<number>`(quantity - ${quantity}) * unit_price` }))
    .where('parts_request_id', '=', partsRequestId)
    .where('kind', '=', 'part')
    .where('quantity', '>=', quantity)
    .executeTakeFirst();
  // The request's returned_qty guard let the return through: its line holds at least that much.
  if (Number(reduced.numUpdatedRows) !== 1) throw new Error(`parts request ${partsRequestId} has no line of ${quantity} to reduce`);
  await trx.deleteFrom('service_order_lines').where('parts_request_id', '=', partsRequestId).where('quantity', '=', 0).execute();
}
