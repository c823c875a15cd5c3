import { sql, type Kysely } from 'kysely';
import type { Database } from './benchApi.ts';
import type { BenchService } from './benchVisits.ts';

type Db = Kysely<Database>;

const pad = (value: number) => String(value).padStart(7, '0');

/**
 * `count` completed visits of `service` at `centreId` with their service orders CLOSED, booked line and invoice PAID
 * in cash at `paidAt(i)` (codes LH/PDV/HD<prefix><n>: set-based from the appointments, so 100,000 take seconds), and
 * with `ledger` their sale_payments and sale.paid events as recordPayment writes them.
 */
export async function insertPaidSales(db: Db, options: { prefix: string; count: number; centreId: number; service: BenchService; paidAt: (index: number) => Date; ledger: boolean }): Promise<void> {
  const { prefix, count, centreId, service, paidAt } = options;
  const rows = Array.from({ length: count }, (_, index) => {
    const ends = paidAt(index);
    const starts = new Date(ends.getTime() - service.duration_minutes * 60_000);
    return {
      code: `LH${prefix}${pad(index)}`,
      user_id: null,
      vehicle_id: null,
      vehicle_type: 'car',
      vehicle_brand: 'VinFast',
      vehicle_model: 'VF 8',
      license_plate: `51H-${String(index % 1000).padStart(3, '0')}.${String(10 + (index % 90)).padStart(2, '0')}`,
      centre_id: centreId,
      starts_at: starts.toISOString(),
      ends_at: ends.toISOString(),
      status: 'COMPLETED',
      estimated_price: service.price,
      estimated_duration_minutes: service.duration_minutes,
      note: null,
      contact_name: `Khách ${prefix}${index + 1}`,
      contact_phone: `09${String(60_000_000 + index).slice(-8)}`,
      contact_email: `khach.sale.${prefix.toLowerCase()}${index}@example.vn`,
      package_credit_id: null,
      hold_expires_at: null,
      cancel_reason: null,
      created_at: starts.toISOString(),
      updated_at: ends.toISOString(),
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 500) await trx.insertInto('appointments').values(rows.slice(start, start + 500)).execute();
    const appointments = `LH${prefix}%`;
    await sql`insert into appointment_services (appointment_id, service_id, service_name, price, duration_minutes)
      select a.id, ${service.id}, ${service.name}, ${service.price}, ${service.duration_minutes} from appointments a where a.code like ${appointments}`.execute(trx);
    await sql`insert into service_orders (code, appointment_id, centre_id, vehicle_type, vehicle_brand, vehicle_model, license_plate, status, odometer_in_km,
        opened_at, started_at, work_done_at, invoiced_at, closed_at, version, updated_at)
      select 'PDV' || substr(a.code, 3), a.id, a.centre_id, a.vehicle_type, a.vehicle_brand, a.vehicle_model, a.license_plate, 'CLOSED', 10000,
        a.starts_at, a.starts_at, a.ends_at, a.ends_at, a.ends_at, 5, a.ends_at
      from appointments a where a.code like ${appointments} order by a.id`.execute(trx);
    const orders = `PDV${prefix}%`;
    await sql`insert into service_order_lines (service_order_id, kind, ref_id, name, quantity, unit_price, line_total, source)
      select o.id, 'service', ${service.id}, ${service.name}, 1, ${service.price}, ${service.price}, 'booked' from service_orders o where o.code like ${orders} order by o.id`.execute(trx);
    await sql`insert into service_invoices (code, service_order_id, centre_id, subtotal_services, subtotal_parts, package_discount, total, payment_method, payment_status, issued_at, paid_at)
      select 'HD' || substr(o.code, 4), o.id, o.centre_id, ${service.price}, 0, 0, ${service.price}, 'CASH', 'PAID', o.invoiced_at, o.closed_at
      from service_orders o where o.code like ${orders} order by o.id`.execute(trx);
  });
  if (options.ledger) await recordLedger(db, prefix);
}

/** The ledger's record of the paid invoices HD<prefix>…, as recordPayment writes it (the payment and its sale.paid), in one transaction. */
export async function recordLedger(db: Db, prefix: string): Promise<void> {
  const invoices = `HD${prefix}%`;
  await db.transaction().execute(async (trx) => {
    await sql`insert into sale_payments (service_invoice_id, amount, method, channel, reference, transaction_id, actor_id, paid_at)
      select i.id, i.total, 'CASH', 'DESK', null, null, null, i.paid_at from service_invoices i where i.code like ${invoices} order by i.id`.execute(trx);
    await sql`insert into sale_events (kind, order_id, service_invoice_id, amount, payment_id, refund_id, actor_id, created_at)
      select 'sale.paid', null, p.service_invoice_id, p.amount, p.id, null, null, p.paid_at
      from sale_payments p inner join service_invoices i on i.id = p.service_invoice_id where i.code like ${invoices} order by p.id`.execute(trx);
  });
}
