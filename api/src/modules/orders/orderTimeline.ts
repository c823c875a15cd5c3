import type { Insertable, Kysely } from 'kysely';
import {
  CARRIER_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  REFUND_METHOD_LABELS,
  trackingUrl,
  WEB_ORDER_ACTION_RULES,
  WEB_ORDER_ACTIONS,
  type Carrier,
  type OrderShipment,
  type OrderStatus,
  type OrderTimelineEntry,
  type PaymentStatus,
  type RefundMethod,
  type WebOrderAction,
  type WebOrderNote,
  type WebOrderRefund,
} from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import type { WebOrderEventsTable } from '../../db/webOrderSchema';

type Db = Kysely<Database>;

export type TimelineActorKind = 'customer' | 'staff' | 'system';

/** One step of an order's timeline (web_order_events), written in the transaction of the change. */
export interface OrderEventInput {
  orderId: number;
  /** 'placed' | 'payment' | 'status' | 'note' | a WebOrderAction. */
  action: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  actorKind: TimelineActorKind;
  actorUserId: number | null;
  note?: string | null;
  carrier?: Carrier | null;
  trackingCode?: string | null;
  amount?: number | null;
  refundMethod?: RefundMethod | null;
  reference?: string | null;
  at: string;
}

export async function recordOrderEvent(db: Db, event: OrderEventInput): Promise<void> {
  await insertOrderEvent.execute(db, {
    order_id: event.orderId,
    action: event.action,
    status: event.status,
    payment_status: event.paymentStatus,
    actor_kind: event.actorKind,
    actor_user_id: event.actorUserId,
    note: event.note ?? null,
    carrier: event.carrier ?? null,
    tracking_code: event.trackingCode ?? null,
    amount: event.amount ?? null,
    refund_method: event.refundMethod ?? null,
    reference: event.reference ?? null,
    created_at: event.at,
  });
}

const ORDER_EVENT_COLUMNS = [
  'order_id',
  'action',
  'status',
  'payment_status',
  'actor_kind',
  'actor_user_id',
  'note',
  'carrier',
  'tracking_code',
  'amount',
  'refund_method',
  'reference',
  'created_at',
] as const;
type OrderEventRow = Required<Pick<Insertable<WebOrderEventsTable>, (typeof ORDER_EVENT_COLUMNS)[number]>>;

// Written with every order placed and moved: compiled once (preparedQuery).
const insertOrderEvent = preparedQuery<OrderEventRow>()((db, param) =>
  db.insertInto('web_order_events').values(Object.fromEntries(ORDER_EVENT_COLUMNS.map((column) => [column, param(column)])) as OrderEventRow),
);

/** Who acted, seen from the order: its customer, the shop's staff, or nobody (the system: expiry). */
export function actorKindOf(actorUserId: number | null, customerId: number): TimelineActorKind {
  if (actorUserId === null) return 'system';
  return actorUserId === customerId ? 'customer' : 'staff';
}

const isDeskAction = (action: string): action is WebOrderAction => (WEB_ORDER_ACTIONS as readonly string[]).includes(action);

function stepLabel(action: string, actorKind: TimelineActorKind, status: OrderStatus): string {
  if (action === 'placed') return 'Đặt hàng';
  if (action === 'payment') return 'Đã nhận thanh toán';
  if (action === 'cancel' && actorKind === 'customer') return 'Khách hàng hủy đơn';
  if (action === 'cancel' && actorKind === 'system') return 'Đơn hàng tự động hủy';
  if (isDeskAction(action)) return WEB_ORDER_ACTION_RULES[action].done;
  return ORDER_STATUS_LABELS[status];
}

export interface OrderTimeline {
  entries: OrderTimelineEntry[];
  notes: WebOrderNote[];
  shipment: OrderShipment | null;
  refund: WebOrderRefund | null;
}

/**
 * The order's timeline, oldest first; its internal notes; its shipment and refund (the latest of each).
 * `withNames`: the desk sees staff names; the customer sees only who (the shop, themselves, the system).
 */
export async function readOrderTimeline(db: Db, orderId: number, options: { withNames: boolean }): Promise<OrderTimeline> {
  const rows = await db
    .selectFrom('web_order_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_user_id')
    .select(['e.action', 'e.status', 'e.payment_status', 'e.actor_kind', 'e.note', 'e.carrier', 'e.tracking_code', 'e.amount', 'e.refund_method', 'e.reference', 'e.created_at', 'u.full_name'])
    .where('e.order_id', '=', orderId)
    .orderBy('e.id')
    .execute();
  const entries: OrderTimelineEntry[] = [];
  const notes: WebOrderNote[] = [];
  let shipment: OrderShipment | null = null;
  let refund: WebOrderRefund | null = null;
  for (const row of rows) {
    const at = toIsoUtc(row.created_at);
    const actorKind = row.actor_kind as TimelineActorKind;
    const name = options.withNames && actorKind === 'staff' ? (row.full_name ?? null) : null;
    if (row.action === 'note') {
      if (options.withNames) notes.push({ text: row.note ?? '', author: row.full_name ?? null, at });
      continue;
    }
    const status = row.status as OrderStatus;
    const paymentStatus = row.payment_status as PaymentStatus;
    entries.push({
      action: row.action,
      label: stepLabel(row.action, actorKind, status),
      status,
      statusLabel: ORDER_STATUS_LABELS[status],
      paymentStatus,
      paymentStatusLabel: PAYMENT_STATUS_LABELS[paymentStatus],
      note: row.note,
      actor: { kind: actorKind, name },
      at,
    });
    if (row.action === 'ship' && row.carrier) {
      const carrier = row.carrier as Carrier;
      shipment = { carrier, carrierLabel: CARRIER_LABELS[carrier], trackingCode: row.tracking_code, trackingUrl: trackingUrl(carrier, row.tracking_code), shippedAt: at };
    }
    if (row.action === 'refund' && row.amount !== null && row.refund_method) {
      const method = row.refund_method as RefundMethod;
      refund = { amount: toNumber(row.amount), method, methodLabel: REFUND_METHOD_LABELS[method], reference: row.reference, by: options.withNames ? (row.full_name ?? null) : null, at };
    }
  }
  return { entries, notes, shipment, refund };
}
