import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction, type UpdateObject } from 'kysely';
import {
  ERROR_CODES,
  PARCEL_WITH_CARRIER_STATUSES,
  shipmentUpdateApplies,
  type IntegratedCarrier,
  type ShipmentStatus,
} from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { ShipmentRow } from '../../db/shipmentSchema';
import type { OrderRow } from '../../db/shopSchema';
import { AppError } from '../../http/appError';
import type { CarrierStatusUpdate, CarrierWebhookRequest } from '../carriers';
import { announceWebOrderChange, takeCarrierStep } from '../orders';
import { returnCentreStock } from '../stockLocations';
import type { ShipmentContext, ShipmentDeps } from './shipmentDeps';
import { shipmentMessages } from './shipmentMessages';

type Db = Kysely<Database>;

/** How many times a move is tried again when another webhook of the same parcel moved it first (then re-read). */
const MOVE_ATTEMPTS = 5;
/** Order statuses whose goods have left the shelf (a returned parcel brings them back). */
const ISSUED: ReadonlySet<string> = new Set(['SHIPPING', 'DELIVERED', 'COMPLETED']);

export interface WebhookOutcome {
  received: number;
  applied: number;
}

interface Logger {
  warn: (object: Record<string, unknown>, message: string) => void;
}

/** The key that makes an update once: carrier, tracking code, the carrier's status and when it happened. */
function eventKey(update: CarrierStatusUpdate): string {
  return `${update.carrier}:${update.trackingCode}:${update.carrierStatus}:${new Date(update.at).toISOString()}`;
}

/**
 * A carrier's webhook (issue 65 §5): verified by the adapter (else 401 and nothing but a log line), parsed (malformed:
 * 400, the body kept), then each status update in ONE transaction: the event stored once by its key (a replay is a
 * no-op), and when shipmentUpdateApplies the parcel moves by a conditional UPDATE on its version and the move's
 * effects happen once: the order's ship / deliver (COD paid through the ledger, expected from the carrier) / failed
 * attempt (customer told) / returned (stock back once, order cancelled) / lost or damaged (a note for the desk).
 */
export async function applyCarrierWebhook(ctx: ShipmentContext, deps: ShipmentDeps, carrier: IntegratedCarrier, request: CarrierWebhookRequest, log?: Logger): Promise<WebhookOutcome> {
  const adapter = deps.carrierFor(carrier);
  if (!adapter || !adapter.verifyWebhook(request)) {
    log?.warn({ carrier }, 'carrier webhook refused: wrong signature');
    throw new AppError(401, ERROR_CODES.UNAUTHORIZED, shipmentMessages.wrongSignature);
  }
  let updates: CarrierStatusUpdate[];
  try {
    updates = adapter.parseWebhook(request);
  } catch {
    await keepMalformed(ctx.db, carrier, request.rawBody, ctx.clock.now().toISOString());
    throw AppError.badRequest(shipmentMessages.malformed);
  }
  let applied = 0;
  for (const update of updates) if (await applyCarrierStatus(ctx, update, request.rawBody)) applied += 1;
  return { received: updates.length, applied };
}

/**
 * One status a carrier reported (a webhook's, or its order detail's when a webhook was missed), in its own
 * transaction, kept with `rawBody`: once by its key, the parcel moved when shipmentUpdateApplies, the desk told after
 * the commit. Answers whether the parcel moved.
 */
export async function applyCarrierStatus(ctx: ShipmentContext, update: CarrierStatusUpdate, rawBody: string): Promise<boolean> {
  const moved = await ctx.db.transaction().execute((trx) => applyUpdate(ctx, trx, update, rawBody));
  if (!moved) return false;
  await announceWebOrderChange(ctx.events, moved.desk_centre_id, moved);
  return true;
}

/** A body the adapter could not read, kept as it came (once per body). */
async function keepMalformed(db: Db, carrier: IntegratedCarrier, rawBody: string, nowIso: string): Promise<void> {
  const digest = createHash('sha256').update(rawBody, 'utf8').digest('hex');
  await db
    .insertInto('shipment_events')
    .values({ shipment_id: null, carrier, event_key: `${carrier}:malformed:${digest}`, status: 'MALFORMED', carrier_status: '', occurred_at: nowIso, note: null, cod_amount: null, raw_body: rawBody, applied: 0 })
    .onConflict((conflict) => conflict.column('event_key').doNothing())
    .execute();
}

/** One update inside its transaction; answers the order when the parcel moved (to announce after commit). */
async function applyUpdate(ctx: ShipmentContext, trx: Transaction<Database>, update: CarrierStatusUpdate, rawBody: string): Promise<OrderRow | null> {
  const at = new Date(update.at).toISOString();
  const found = await trx.selectFrom('shipments').select('id').where('carrier', '=', update.carrier).where('tracking_code', '=', update.trackingCode).executeTakeFirst();
  const inserted = await trx
    .insertInto('shipment_events')
    .values({
      shipment_id: found?.id ?? null,
      carrier: update.carrier,
      event_key: eventKey(update),
      status: update.status,
      carrier_status: update.carrierStatus,
      occurred_at: at,
      note: update.note,
      cod_amount: update.codAmount,
      raw_body: rawBody,
      received_at: ctx.clock.now().toISOString(),
    })
    .onConflict((conflict) => conflict.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  // A replay (the same event again) or a parcel that is not ours: kept, nothing moves.
  if (!inserted || !found) return null;

  for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt += 1) {
    const shipment = await trx.selectFrom('shipments').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
    const current = { status: shipment.status as ShipmentStatus, statusAt: toIsoUtc(shipment.status_at) };
    if (!shipmentUpdateApplies(current, { status: update.status, at })) return null;
    const result = await trx
      .updateTable('shipments')
      .set(moveOf(shipment, update, at))
      .where('id', '=', shipment.id)
      .where('version', '=', shipment.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) continue;
    await trx.updateTable('shipment_events').set({ applied: 1 }).where('id', '=', inserted.id).execute();
    return effectsOf(ctx, trx, shipment, update);
  }
  return null;
}

/** The columns a move sets: status and its time, the attempt count, COD expected, returned goods marked once. */
function moveOf(shipment: ShipmentRow, update: CarrierStatusUpdate, at: string): UpdateObject<Database, 'shipments'> {
  const set: UpdateObject<Database, 'shipments'> = { status: update.status, status_at: at, version: sql<number>`version + 1` };
  if (update.status === 'DELIVERY_FAILED') set.attempts = sql<number>`attempts + 1`;
  if (update.status === 'DELIVERED' && toNumber(shipment.cod_amount) > 0) set.cod_state = 'EXPECTED';
  if (update.status === 'RETURNED') set.restocked_at = at;
  if (update.status === 'CANCELLED') set.cancelled_at = at;
  return set;
}

/** What a move does to the order, once (the move happened once under the version check). */
async function effectsOf(ctx: ShipmentContext, trx: Transaction<Database>, shipment: ShipmentRow, update: CarrierStatusUpdate): Promise<OrderRow | null> {
  const carrier = shipment.carrier as IntegratedCarrier;
  const wasWithCarrier = PARCEL_WITH_CARRIER_STATUSES.includes(shipment.status as ShipmentStatus);
  const shipStep = { kind: 'ship' as const, carrier, trackingCode: shipment.tracking_code };
  const orderNow = async () => trx.selectFrom('orders').selectAll().where('id', '=', shipment.order_id).executeTakeFirstOrThrow();
  switch (update.status) {
    case 'DELIVERED':
      return (await takeCarrierStep(ctx, trx, shipment.order_id, { kind: 'deliver', carrier, trackingCode: shipment.tracking_code, codAmount: toNumber(shipment.cod_amount) })) ?? orderNow();
    case 'DELIVERY_FAILED':
      if (!wasWithCarrier) await takeCarrierStep(ctx, trx, shipment.order_id, shipStep);
      return takeCarrierStep(ctx, trx, shipment.order_id, { kind: 'deliveryFailed', attempt: toNumber(shipment.attempts) + 1, reason: update.note });
    case 'RETURNED': {
      const order = await orderNow();
      if (ISSUED.has(order.status) && order.stock_location_id !== null) await restock(ctx, trx, order, order.stock_location_id);
      return (await takeCarrierStep(ctx, trx, shipment.order_id, { kind: 'returned', reason: shipmentMessages.returnedReason })) ?? order;
    }
    case 'LOST':
    case 'DAMAGED': {
      const text = update.status === 'LOST' ? shipmentMessages.lost(shipment.tracking_code) : shipmentMessages.damaged(shipment.tracking_code);
      return takeCarrierStep(ctx, trx, shipment.order_id, { kind: 'note', text });
    }
    case 'CANCELLED':
      return takeCarrierStep(ctx, trx, shipment.order_id, { kind: 'note', text: shipmentMessages.carrierCancelled(shipment.tracking_code) });
    default:
      if (PARCEL_WITH_CARRIER_STATUSES.includes(update.status) && !wasWithCarrier) return (await takeCarrierStep(ctx, trx, shipment.order_id, shipStep)) ?? orderNow();
      return orderNow();
  }
}

/** The returned parcel's goods back on the warehouse's shelf: a RETURN move per product line, with the order. */
async function restock(ctx: ShipmentContext, trx: Transaction<Database>, order: OrderRow, centreId: number): Promise<void> {
  const lines = await trx.selectFrom('order_lines').select(['ref_id', 'quantity']).where('order_id', '=', order.id).where('kind', '=', 'product').orderBy('ref_id').execute();
  for (const line of lines) {
    await returnCentreStock(trx, { centreId, productId: line.ref_id, quantity: line.quantity, orderId: order.id, actorId: null, reason: shipmentMessages.returnedReason }, ctx.clock);
  }
}
