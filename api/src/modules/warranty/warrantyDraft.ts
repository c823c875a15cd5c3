import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { documentCode } from '../../lib/documentCode';
import { warrantyMessages } from './warrantyMessages';

const FAILURE_NOTE_MAX = 2000;

/**
 * The claim of an order just invoiced (inside the invoice's transaction): its WARRANTY lines as they were frozen, the
 * parts and the labour claimed, the vehicle as it stands (the reference model's brand is the manufacturer; else the
 * brand the order recorded), the checklist's FAIL items as the failure description with their photos. A DRAFT: the
 * manager reviews it and sends it. One claim an order (service_order_id is unique); nothing without warranty lines.
 */
export async function draftWarrantyClaim(trx: Kysely<Database>, input: { serviceOrderId: number; actorId: number; at: Date }): Promise<number | null> {
  const lines = await trx
    .selectFrom('service_order_lines')
    .select(['id', 'kind', 'name', 'quantity', 'unit_price', 'line_total'])
    .where('service_order_id', '=', input.serviceOrderId)
    .where('payer', '=', 'WARRANTY')
    .orderBy('id')
    .execute();
  if (lines.length === 0) return null;
  const order = await trx
    .selectFrom('service_orders')
    .leftJoin('vehicles', 'vehicles.id', 'service_orders.vehicle_id')
    .leftJoin('vehicle_models', 'vehicle_models.id', 'vehicles.model_id')
    .select([
      'service_orders.centre_id',
      'service_orders.vehicle_id',
      'service_orders.vehicle_brand',
      'service_orders.vehicle_model',
      'service_orders.license_plate',
      'service_orders.odometer_in_km',
      'vehicles.vin',
      'vehicles.year',
      'vehicle_models.brand as model_brand',
    ])
    .where('service_orders.id', '=', input.serviceOrderId)
    .executeTakeFirstOrThrow();
  const failed = await trx
    .selectFrom('service_order_checklist_items')
    .select(['id', 'label', 'note'])
    .where('service_order_id', '=', input.serviceOrderId)
    .where('result', '=', 'FAIL')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const partsAmount = lines.filter((line) => line.kind === 'part').reduce((sum, line) => sum + line.line_total, 0);
  const labourAmount = lines.filter((line) => line.kind !== 'part').reduce((sum, line) => sum + line.line_total, 0);
  const failureNote = failed
    .map((item) => (item.note ? `${item.label}: ${item.note}` : item.label))
    .join('\n')
    .slice(0, FAILURE_NOTE_MAX);
  const vehicleLabel = `${order.vehicle_brand} ${order.vehicle_model}${order.year ? ` ${order.year}` : ''}`.trim().slice(0, 160);

  // A repeated code (one chance in a million a day) fails the insert: the invoice's own retry (issueInvoice) draws again.
  const claim = await trx
    .insertInto('warranty_claims')
    .values({
      code: documentCode('BH', input.at, 4),
      service_order_id: input.serviceOrderId,
      centre_id: order.centre_id,
      vehicle_id: order.vehicle_id,
      manufacturer: (order.model_brand ?? order.vehicle_brand).slice(0, 80),
      vehicle_label: vehicleLabel,
      license_plate: order.license_plate,
      vin: order.vin,
      odometer_km: order.odometer_in_km,
      status: 'DRAFT',
      parts_amount: partsAmount,
      labour_amount: labourAmount,
      claimed_amount: partsAmount + labourAmount,
      failure_note: failureNote,
      created_by: input.actorId,
      created_at: input.at.toISOString(),
      updated_at: input.at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('warranty_claim_lines')
    .values(lines.map((line) => ({ claim_id: claim.id, service_order_line_id: line.id, kind: line.kind, name: line.name, quantity: line.quantity, unit_price: line.unit_price, line_total: line.line_total })))
    .execute();
  if (failed.length > 0) {
    const photos = await trx.selectFrom('checklist_photos').select('id').where('item_id', 'in', failed.map((item) => item.id)).orderBy('id').limit(30).execute();
    if (photos.length > 0) await trx.insertInto('warranty_claim_photos').values(photos.map((photo) => ({ claim_id: claim.id, photo_id: photo.id }))).execute();
  }
  await trx
    .insertInto('warranty_claim_history')
    .values({ claim_id: claim.id, from_status: null, to_status: 'DRAFT', changed_by: input.actorId, note: warrantyMessages.createdNote, created_at: input.at.toISOString() })
    .execute();
  return claim.id;
}
