import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { ERROR_CODES, canCancelShipment, formatVndPlain, PRODUCT_PARCEL_DEFAULTS, type CreateShipmentRequest, type IntegratedCarrier, type ShipmentStatus } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { ShipmentRow } from '../../db/shipmentSchema';
import type { OrderRow } from '../../db/shopSchema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { CarrierRefusal, type CarrierAdapter, type CarrierOrderCreated } from '../carriers';
import { addDeskNote, announceWebOrderChange, findOrderRow, isUniqueViolation, parcelOf } from '../orders';
import type { ShipmentContext, ShipmentDeps } from './shipmentDeps';
import { shipmentMessages } from './shipmentMessages';

type Db = Kysely<Database>;

/** The parcel when none of the order's products is still in the catalogue (the default product's box and weight). */
const DEFAULT_PARCEL = { weightGrams: PRODUCT_PARCEL_DEFAULTS.weightGrams, lengthCm: PRODUCT_PARCEL_DEFAULTS.lengthCm, widthCm: PRODUCT_PARCEL_DEFAULTS.widthCm, heightCm: PRODUCT_PARCEL_DEFAULTS.heightCm };

/** An order of the caller's desk (staff and managers: their centre's; admins: any); another centre's is 404. */
export async function orderInScope(db: Db, scope: CentreScope, code: string): Promise<OrderRow> {
  const row = await findOrderRow(db, code);
  if (!row || (scope.centreId !== null && row.desk_centre_id !== scope.centreId)) throw AppError.notFound(shipmentMessages.orderNotFound, ERROR_CODES.ORDER_NOT_FOUND);
  return row;
}

/** VND the customer still owes on the order (the most a COD may collect). */
export function unpaidOf(row: OrderRow): number {
  return row.payment_status === 'UNPAID' ? toNumber(row.total) : 0;
}

function adapterOf(deps: ShipmentDeps, carrier: IntegratedCarrier): CarrierAdapter {
  const adapter = deps.carrierFor(carrier);
  if (!adapter) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, shipmentMessages.carrierOff(carrier));
  return adapter;
}

/** A carrier's error as the clerk's answer: its refusal (422, its reason) or it being unreachable (503). */
function carrierError(carrier: IntegratedCarrier, error: unknown): AppError {
  if (error instanceof CarrierRefusal) return new AppError(422, ERROR_CODES.VALIDATION_ERROR, shipmentMessages.refused(carrier, error.reason));
  return new AppError(503, ERROR_CODES.SERVICE_UNAVAILABLE, shipmentMessages.carrierDown(carrier), undefined, { cause: error });
}

function stale(): AppError {
  return new AppError(409, ERROR_CODES.WEB_ORDER_STALE, shipmentMessages.stale);
}

/** What must hold of the order to ship it (read again inside the transaction that records the waybill). */
function assertShippable(row: OrderRow, version: number): void {
  if (row.fulfilment_method !== 'delivery') throw new AppError(409, ERROR_CODES.WEB_ORDER_ACTION_NOT_ALLOWED, shipmentMessages.notDelivery);
  if (toNumber(row.version) !== version) throw stale();
  if (row.status !== 'PACKED') throw new AppError(409, ERROR_CODES.WEB_ORDER_ACTION_NOT_ALLOWED, shipmentMessages.notPacked);
}

/**
 * "Tạo vận đơn" (issue 65 §4): a PACKED delivery order of the caller's desk, at the version the clerk read (else 409),
 * with a coded ward (else 422) and a COD no larger than what is unpaid. The carrier's order is created OUTSIDE the
 * transaction (client_order_code: the order code, '-2', '-3' after cancelled ones), then recorded; of two clerks at
 * once the partial unique index keeps one waybill and the other gets 409, its carrier order cancelled again.
 */
export async function createShipment(ctx: ShipmentContext, deps: ShipmentDeps, scope: CentreScope, code: string, input: CreateShipmentRequest): Promise<ShipmentRow> {
  const order = await orderInScope(ctx.db, scope, code);
  assertShippable(order, input.version);
  const live = await ctx.db.selectFrom('shipments').select('id').where('order_id', '=', order.id).where('status', '<>', 'CANCELLED').executeTakeFirst();
  if (live) throw new AppError(409, ERROR_CODES.CONFLICT, shipmentMessages.liveExists);
  const wardCode = await deps.wardCodeOf(ctx.db, order);
  if (!wardCode || !order.province) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, shipmentMessages.noWardCode, [{ field: 'ward', message: shipmentMessages.noWardCode }]);
  const unpaid = unpaidOf(order);
  if (input.codAmount > unpaid) {
    const message = shipmentMessages.codTooLarge(formatVndPlain(unpaid));
    throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, message, [{ field: 'codAmount', message }]);
  }
  const adapter = adapterOf(deps, input.carrier);
  const from = await deps.shipFrom(ctx.db);
  if (!from) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, shipmentMessages.noOrigin);

  const previous = await ctx.db.selectFrom('shipments').select(sql<number>`count(*)`.as('count')).where('order_id', '=', order.id).executeTakeFirstOrThrow();
  const count = toNumber(previous.count);
  const clientOrderCode = count === 0 ? order.code : `${order.code}-${count + 1}`;
  const lines = await ctx.db
    .selectFrom('order_lines as l')
    .leftJoin('products as p', (join) => join.onRef('p.id', '=', 'l.ref_id').on('l.kind', '=', 'product'))
    .select(['l.name', 'l.quantity', 'l.kind', 'l.ref_id', 'l.unit_price', 'p.sku'])
    .where('l.order_id', '=', order.id)
    .orderBy('l.id')
    .execute();
  const goods = lines.filter((line) => line.kind === 'product');
  // The parcel the checkout quoted: the products' weights and sizes, stacked as parcelOf stacks them.
  const parcel = (await parcelOf(ctx.db, goods.map((line) => ({ refId: line.ref_id, quantity: line.quantity, price: toNumber(line.unit_price) })))) ?? { ...DEFAULT_PARCEL, value: 0 };

  // The waybill's first status holds from before the carrier was asked: its own first events are never "older".
  const askedAt = ctx.clock.now().toISOString();
  let created: CarrierOrderCreated;
  try {
    created = await adapter.createOrder({
      clientOrderCode,
      from,
      to: { province: order.province, wardCode, wardName: order.ward ?? '', street: order.street ?? '', name: order.recipient_name, phone: order.phone },
      parcel: { ...parcel, value: input.insuredValue },
      service: input.service,
      codAmount: input.codAmount,
      insuredValue: input.insuredValue,
      inspection: input.inspection,
      handover: input.handover,
      note: input.note ?? null,
      items: goods.map((line) => ({ name: line.name, code: line.sku ?? null, quantity: line.quantity })),
    });
  } catch (error) {
    throw carrierError(input.carrier, error);
  }

  const nowIso = ctx.clock.now().toISOString();
  let recorded: { shipment: ShipmentRow; order: OrderRow };
  try {
    recorded = await ctx.db.transaction().execute(async (trx) => {
      const current = await orderInScope(trx, scope, code);
      assertShippable(current, input.version);
      const shipment = await trx
        .insertInto('shipments')
        .values({
          order_id: current.id,
          carrier: input.carrier,
          service: input.service,
          service_label: input.service,
          tracking_code: created.trackingCode,
          client_order_code: clientOrderCode,
          status: 'READY_TO_PICK',
          status_at: askedAt,
          fee: created.fee,
          cod_amount: input.codAmount,
          insured_value: input.insuredValue,
          inspection: input.inspection,
          handover: input.handover,
          note: input.note ?? null,
          expected_delivery: created.expectedDelivery,
          created_by: scope.userId,
          created_at: nowIso,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await addDeskNote(trx, current, scope.userId, shipmentMessages.createdNote(input.carrier, created.trackingCode), nowIso);
      return { shipment, order: current };
    });
  } catch (error) {
    // Lost the race (another clerk's waybill, or the order moved): the carrier order made for nothing is cancelled.
    await adapter.cancelOrder(created.trackingCode).catch(() => undefined);
    if (isUniqueViolation(error)) throw new AppError(409, ERROR_CODES.CONFLICT, shipmentMessages.liveExists);
    throw error;
  }
  await announceWebOrderChange(ctx.events, recorded.order.desk_centre_id);
  return recorded.shipment;
}

/** A waybill of the caller's desk (through its order's desk centre); another centre's is 404. */
export async function shipmentInScope(db: Db, scope: CentreScope, id: number): Promise<{ shipment: ShipmentRow; order: OrderRow }> {
  const shipment = await db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirst();
  const order = shipment ? await db.selectFrom('orders').selectAll().where('id', '=', shipment.order_id).executeTakeFirst() : undefined;
  if (!shipment || !order || (scope.centreId !== null && order.desk_centre_id !== scope.centreId)) throw AppError.notFound(shipmentMessages.notFound, ERROR_CODES.NOT_FOUND);
  return { shipment, order };
}

/**
 * Cancels a waybill before the carrier picks it up (canCancelShipment): the carrier first (its refusal 422, down
 * 503), then CANCELLED by a conditional UPDATE on the version read (a webhook moving it meanwhile: 409). The order
 * stays PACKED, ready for another waybill.
 */
export async function cancelShipment(ctx: ShipmentContext, deps: ShipmentDeps, scope: CentreScope, id: number): Promise<ShipmentRow> {
  const { shipment, order } = await shipmentInScope(ctx.db, scope, id);
  const carrier = shipment.carrier as IntegratedCarrier;
  if (!canCancelShipment(shipment.status as ShipmentStatus)) throw new AppError(409, ERROR_CODES.WEB_ORDER_ACTION_NOT_ALLOWED, shipmentMessages.notCancellable);
  const adapter = adapterOf(deps, carrier);
  try {
    await adapter.cancelOrder(shipment.tracking_code);
  } catch (error) {
    throw carrierError(carrier, error);
  }
  const nowIso = ctx.clock.now().toISOString();
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('shipments')
      .set({ status: 'CANCELLED', status_at: nowIso, cancelled_at: nowIso, version: sql<number>`version + 1` })
      .where('id', '=', shipment.id)
      .where('version', '=', shipment.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError(409, ERROR_CODES.CONFLICT, shipmentMessages.cancelStale);
    await addDeskNote(trx, order, scope.userId, shipmentMessages.cancelledNote(carrier, shipment.tracking_code), nowIso);
    return trx.selectFrom('shipments').selectAll().where('id', '=', shipment.id).executeTakeFirstOrThrow();
  });
  await announceWebOrderChange(ctx.events, order.desk_centre_id);
  return cancelled;
}

