import type { Transaction } from 'kysely';
import type { ServiceOrderRow } from '../../db/backOfficeSchema';
import type { Database } from '../../db/schema';

/**
 * The vehicle's maintenance record, written when the work is invoiced (spec §2, WORK_DONE → INVOICED): the
 * services done (names, and slugs for the reminders, which read the maintenance tier from them), the cost (the
 * invoice's total), the technician, the odometer at check-in, the parts fitted (the part lines of the issued parts
 * requests, once per product and price: partsFitted), and the checklist with results,
 * notes and the FAIL items' photos. Once per appointment: a record that exists is left as it is (the partial
 * unique index on appointment_id is the backstop). A guest's order (no vehicle of an account) writes none.
 *
 * Returns the record's id, or null when none is written.
 */
export async function writeMaintenanceRecord(
  trx: Transaction<Database>,
  order: ServiceOrderRow,
  facts: { cost: number; servicedAt: Date },
): Promise<number | null> {
  if (order.vehicle_id === null) return null;
  const existing = await trx.selectFrom('maintenance_records').select('id').where('appointment_id', '=', order.appointment_id).executeTakeFirst();
  if (existing) return existing.id;

  const [services, parts, items, technician] = await Promise.all([
    trx
      .selectFrom('service_order_lines')
      .leftJoin('services', 'services.id', 'service_order_lines.ref_id')
      .select(['service_order_lines.name', 'services.slug'])
      .where('service_order_lines.service_order_id', '=', order.id)
      .where('service_order_lines.kind', '=', 'service')
      .orderBy('service_order_lines.id')
      .execute(),
    trx
      .selectFrom('service_order_lines')
      .select(['ref_id', 'name', 'quantity', 'unit_price'])
      .where('service_order_id', '=', order.id)
      .where('kind', '=', 'part')
      .where('quantity', '>', 0)
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('service_order_checklist_items')
      .select(['id', 'label', 'result', 'note', 'sort_order'])
      .where('service_order_id', '=', order.id)
      .where('result', 'is not', null)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    order.technician_id === null
      ? Promise.resolve(undefined)
      : trx.selectFrom('users').select(['id', 'full_name']).where('id', '=', order.technician_id).executeTakeFirst(),
  ]);
  const failIds = items.filter((item) => item.result === 'FAIL').map((item) => item.id);
  const photos =
    failIds.length === 0
      ? []
      : await trx.selectFrom('checklist_photos').select(['item_id', 'file']).where('item_id', 'in', failIds).orderBy('id').execute();

  const servicedAt = facts.servicedAt.toISOString();
  const record = await trx
    .insertInto('maintenance_records')
    .values({
      vehicle_id: order.vehicle_id,
      appointment_id: order.appointment_id,
      centre_id: order.centre_id,
      serviced_at: servicedAt,
      odometer_km: order.odometer_in_km,
      service_names: JSON.stringify(services.map((service) => service.name)),
      service_slugs: JSON.stringify(services.map((service) => service.slug).filter((slug): slug is string => slug !== null)),
      cost: facts.cost,
      technician_id: technician?.id ?? null,
      technician_name: technician?.full_name ?? null,
      notes: order.customer_concern ? `Yêu cầu của khách: ${order.customer_concern}` : null,
      created_at: servicedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const fitted = partsFitted(parts);
  if (fitted.length > 0) {
    await trx
      .insertInto('maintenance_record_parts')
      .values(fitted.map((part) => ({ record_id: record.id, product_id: part.ref_id, name: part.name, quantity: part.quantity, unit_price: part.unit_price })))
      .execute();
  }
  if (items.length > 0) {
    await trx
      .insertInto('maintenance_checklist_items')
      .values(
        items.map((item, index) => {
          const files = item.result === 'FAIL' ? photos.filter((photo) => photo.item_id === item.id).map((photo) => photo.file) : [];
          return {
            record_id: record.id,
            label: item.label,
            result: item.result!,
            note: item.note,
            sort_order: index,
            photo_files: files.length > 0 ? JSON.stringify(files) : null,
          };
        }),
      )
      .execute();
  }
  return record.id;
}

/**
 * The parts fitted, once each: the part lines (one per issued parts request, issued − returned; a line returned in
 * full is gone) of the same product at the same price are one row of the record with their quantities added.
 */
export function partsFitted<T extends { ref_id: number | null; name: string; quantity: number; unit_price: number }>(lines: readonly T[]): T[] {
  const byPart = new Map<string, T>();
  for (const line of lines) {
    const key = `${line.ref_id ?? line.name}|${line.unit_price}`;
    const seen = byPart.get(key);
    byPart.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...byPart.values()];
}
