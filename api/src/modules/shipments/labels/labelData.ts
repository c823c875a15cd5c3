import type { Kysely } from 'kysely';
import { CARRIER_LABELS, ERROR_CODES, type IntegratedCarrier, type ParcelInspectionRule } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../http/appError';
import type { CentreScope } from '../../../security/centreScope';
import type { ShipmentLabel } from './labelPdf';
import { labelMessages } from './labelMessages';

type Db = Kysely<Database>;

/** Ids per query: PostgreSQL and SQLite both take 500 bound values in an IN list comfortably. */
const CHUNK = 500;

/** The warehouse the parcels leave from (the location whose stock is sold online), as the label's sender. */
async function warehouseOf(db: Db): Promise<ShipmentLabel['from']> {
  const row = await db
    .selectFrom('service_centres')
    .select(['name', 'address', 'phone'])
    .orderBy('ships_online', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  return { name: row?.name ?? 'EV Service & Parts Shop', phone: row?.phone ?? null, address: row?.address ?? '' };
}

/**
 * The labels of `ids`, in the order asked, each with what its page prints. Every id must be a waybill of the caller's
 * desk (staff and managers: orders.desk_centre_id is their centre; admins: any), else 404 as the desk answers for
 * another centre's order; a cancelled waybill has no label (422). Four queries whatever the count.
 */
export async function shipmentLabelsOf(db: Db, scope: CentreScope, ids: readonly number[]): Promise<ShipmentLabel[]> {
  const unique = [...new Set(ids)];
  const rows = [];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const chunk = unique.slice(start, start + CHUNK);
    let query = db
      .selectFrom('shipments as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select([
        's.id',
        's.order_id',
        's.carrier',
        's.service_label',
        's.tracking_code',
        's.status',
        's.cod_amount',
        's.inspection',
        's.note',
        's.created_at',
        'o.code',
        'o.recipient_name',
        'o.phone',
        'o.street',
        'o.ward',
        'o.province',
      ])
      .where('s.id', 'in', chunk);
    if (scope.centreId !== null) query = query.where('o.desk_centre_id', '=', scope.centreId);
    rows.push(...(await query.execute()));
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = unique.find((id) => !byId.has(id));
  if (missing !== undefined) throw AppError.notFound(labelMessages.notFound(missing), ERROR_CODES.NOT_FOUND);
  const cancelled = rows.find((row) => row.status === 'CANCELLED');
  if (cancelled) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, labelMessages.cancelled(cancelled.tracking_code), [{ field: 'shipmentIds', message: labelMessages.cancelled(cancelled.tracking_code) }]);

  const orderIds = [...new Set(rows.map((row) => row.order_id))];
  const lines = new Map<number, Array<{ name: string; quantity: number }>>();
  const weights = new Map<number, number>();
  for (let start = 0; start < orderIds.length; start += CHUNK) {
    const found = await db
      .selectFrom('order_lines as l')
      // A product line weighs its product's parcel weight (migration 0066) times the quantity; a package nothing.
      .leftJoin('products as p', (join) => join.onRef('p.id', '=', 'l.ref_id').on('l.kind', '=', 'product'))
      .select(['l.order_id', 'l.name', 'l.quantity', 'p.weight_grams'])
      .where('l.order_id', 'in', orderIds.slice(start, start + CHUNK))
      .orderBy('l.order_id')
      .orderBy('l.id')
      .execute();
    for (const line of found) {
      const list = lines.get(line.order_id) ?? [];
      list.push({ name: line.name, quantity: toNumber(line.quantity) });
      lines.set(line.order_id, list);
      if (line.weight_grams !== null) weights.set(line.order_id, (weights.get(line.order_id) ?? 0) + toNumber(line.weight_grams) * toNumber(line.quantity));
    }
  }
  const from = await warehouseOf(db);
  return ids.map((id) => {
    const row = byId.get(id)!;
    const carrier = row.carrier as IntegratedCarrier;
    return {
      carrierLabel: CARRIER_LABELS[carrier],
      serviceLabel: row.service_label,
      trackingCode: row.tracking_code,
      orderCode: row.code,
      from,
      to: { name: row.recipient_name, phone: row.phone, street: row.street ?? '', ward: row.ward ?? '', province: row.province ?? '' },
      codAmount: toNumber(row.cod_amount),
      weightGrams: weights.get(row.order_id) ?? null,
      inspection: row.inspection as ParcelInspectionRule,
      note: row.note,
      lines: lines.get(row.order_id) ?? [],
      createdAt: toIsoUtc(row.created_at),
    };
  });
}
