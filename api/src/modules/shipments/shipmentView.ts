import type { Kysely } from 'kysely';
import { CARRIER_LABELS, SHIPMENT_STATUS_LABELS, canCancelShipment, trackingUrl, type IntegratedCarrier, type ParcelHandover, type ParcelInspectionRule, type ShipmentStatus, type ShipmentView } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { ShipmentRow } from '../../db/shipmentSchema';

type Db = Kysely<Database>;

/** A waybill as the desk and the customer see it, with every status the carrier reported that moved it, oldest first. */
export async function toShipmentView(db: Db, row: ShipmentRow, orderCode: string): Promise<ShipmentView> {
  const events = await db
    .selectFrom('shipment_events')
    .select(['status', 'occurred_at', 'note'])
    .where('shipment_id', '=', row.id)
    .where('applied', '=', 1)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  const carrier = row.carrier as IntegratedCarrier;
  const status = row.status as ShipmentStatus;
  const created = { status: 'READY_TO_PICK' as ShipmentStatus, statusLabel: SHIPMENT_STATUS_LABELS.READY_TO_PICK, at: toIsoUtc(row.created_at), note: null };
  const moves = events.map((event) => ({ status: event.status as ShipmentStatus, statusLabel: SHIPMENT_STATUS_LABELS[event.status as ShipmentStatus], at: toIsoUtc(event.occurred_at), note: event.note }));
  if (row.cancelled_at && !moves.some((move) => move.status === 'CANCELLED')) moves.push({ status: 'CANCELLED', statusLabel: SHIPMENT_STATUS_LABELS.CANCELLED, at: toIsoUtc(row.cancelled_at), note: null });
  return {
    id: row.id,
    orderId: row.order_id,
    orderCode,
    carrier,
    carrierLabel: CARRIER_LABELS[carrier],
    service: row.service,
    serviceLabel: row.service_label,
    trackingCode: row.tracking_code,
    trackingUrl: trackingUrl(carrier, row.tracking_code),
    status,
    statusLabel: SHIPMENT_STATUS_LABELS[status],
    statusAt: toIsoUtc(row.status_at),
    fee: toNumber(row.fee),
    codAmount: toNumber(row.cod_amount),
    insuredValue: toNumber(row.insured_value),
    inspection: row.inspection as ParcelInspectionRule,
    handover: row.handover as ParcelHandover,
    expectedDelivery: row.expected_delivery,
    attempts: toNumber(row.attempts),
    canCancel: canCancelShipment(status),
    createdAt: toIsoUtc(row.created_at),
    events: [created, ...moves],
  };
}

/** The order's current waybill (the live one, else the last cancelled), or null when it never had one. */
export async function shipmentViewOfOrder(db: Db, order: { id: number; code: string }): Promise<ShipmentView | null> {
  const rows = await db.selectFrom('shipments').selectAll().where('order_id', '=', order.id).orderBy('id', 'desc').execute();
  const row = rows.find((candidate) => candidate.status !== 'CANCELLED') ?? rows[0];
  return row ? toShipmentView(db, row, order.code) : null;
}
