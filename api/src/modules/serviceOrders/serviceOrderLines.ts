import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The billable lines a service order starts with: one 'service' line per booked service at the price it was
 * booked for. A service paid by a package credit was booked at 0; its line carries the service's list price
 * so the invoice can show what the package paid (packageDiscountOf), and the total stays what was booked.
 */
export async function writeBookedLines(trx: Transaction<Database>, serviceOrderId: number, appointmentId: number, packageCreditId: number | null): Promise<void> {
  const creditServiceId = packageCreditId === null
    ? null
    : ((await trx.selectFrom('package_credits').select('service_id').where('id', '=', packageCreditId).executeTakeFirst())?.service_id ?? null);
  const booked = await trx
    .selectFrom('appointment_services')
    .innerJoin('services', 'services.id', 'appointment_services.service_id')
    .select(['appointment_services.service_id', 'appointment_services.service_name', 'appointment_services.price', 'services.price as list_price'])
    .where('appointment_services.appointment_id', '=', appointmentId)
    .orderBy('services.sort_order')
    .orderBy('services.id')
    .execute();
  if (booked.length === 0) return;
  await trx
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
    .execute();
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
        .on('service_order_lines.source', '=', 'booked'),
    )
    .select((eb) => eb.fn.sum<number>('service_order_lines.line_total').as('discount'))
    .where('service_orders.id', '=', serviceOrderId)
    .executeTakeFirst();
  return Number(row?.discount ?? 0);
}
