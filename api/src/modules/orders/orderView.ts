import type { Kysely } from 'kysely';
import {
  canCustomerCancel,
  FINISHED_ORDER_STATUSES,
  ORDER_SUMMARIES_PAGE_SIZE,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type CartLineKind,
  type Order,
  type OrderLine,
  type OrderStatus,
  type OrderSummary,
  type OrderSummariesQuery,
  type OrderSummaryPage,
  type PaymentMethod,
  type PaymentStatus,
} from 'shared-contracts/schemas';
import type { VietQrConfig } from '../../config';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import { paymentDueAt, vietQrPayment } from '../../lib/vietQr';
import { readOrderTimeline } from './orderTimeline';

type Db = Kysely<Database>;

/** The order with this code, or undefined. */
export async function findOrderRow(db: Db, code: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findOrderRowById(db: Db, id: number): Promise<OrderRow> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function orderLinesOf(db: Db, orderId: number): Promise<OrderLine[]> {
  const rows = await db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  return rows.map((row) => ({
    kind: row.kind as CartLineKind,
    refId: row.ref_id,
    slug: row.slug,
    name: row.name,
    image: row.image,
    unitPrice: toNumber(row.unit_price),
    quantity: toNumber(row.quantity),
    lineTotal: toNumber(row.line_total),
  }));
}

/**
 * The Order of the API. Amounts as the customer reads them: `discount` is every promotion saving (goods and
 * shipping), `shippingFee` the fee before it, so total = subtotal − discount + shippingFee. `vietQr` only for
 * a VietQR order not paid and not cancelled.
 */
export async function toOrder(db: Db, row: OrderRow, vietQrAccount: VietQrConfig): Promise<Order> {
  const [lines, history, centre, timeline] = await Promise.all([
    orderLinesOf(db, row.id),
    db.selectFrom('order_status_history').selectAll().where('order_id', '=', row.id).orderBy('id').execute(),
    row.centre_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('service_centres').select(['id', 'name', 'address']).where('id', '=', row.centre_id).executeTakeFirst(),
    readOrderTimeline(db, row.id, { withNames: false }),
  ]);
  const status = row.status as OrderStatus;
  const paymentStatus = row.payment_status as PaymentStatus;
  const paymentMethod = row.payment_method as PaymentMethod;
  const total = toNumber(row.total);
  const awaitingTransfer = paymentMethod === 'VIETQR' && paymentStatus === 'UNPAID' && status !== 'CANCELLED';
  return {
    id: row.id,
    code: row.code,
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    paymentMethod,
    paymentStatus,
    paymentStatusLabel: PAYMENT_STATUS_LABELS[paymentStatus],
    lines,
    subtotal: toNumber(row.subtotal),
    // The points' worth is held in `discount` (the total's rule) but shown apart.
    discount: toNumber(row.discount) - toNumber(row.points_value) + toNumber(row.shipping_discount),
    shippingFee: toNumber(row.shipping_fee),
    pointsUsed: row.points_used,
    pointsValue: toNumber(row.points_value),
    total,
    promotionCode: row.promotion_code,
    recipientName: row.recipient_name,
    phone: row.phone,
    fulfilment: {
      method: row.fulfilment_method,
      address:
        row.fulfilment_method === 'delivery' && row.province && row.ward && row.street
          ? { province: row.province, ward: row.ward, street: row.street, ...(row.ward_code ? { wardCode: row.ward_code } : {}) }
          : null,
      centre: centre ? { id: centre.id, name: centre.name, address: centre.address } : null,
    },
    note: row.note,
    history: history.map((entry) => ({
      status: entry.status as OrderStatus,
      statusLabel: ORDER_STATUS_LABELS[entry.status as OrderStatus],
      paymentStatus: entry.payment_status as PaymentStatus,
      note: entry.note,
      at: toIsoUtc(entry.created_at),
    })),
    timeline: timeline.entries,
    shipment: timeline.shipment,
    vietQr: awaitingTransfer && total > 0 ? await vietQrPayment(vietQrAccount, { amount: total, purpose: row.code }, paymentDueAt(toIsoUtc(row.created_at), vietQrAccount.paymentHours)) : null,
    canCancel: canCustomerCancel(status),
    version: toNumber(row.version),
    createdAt: toIsoUtc(row.created_at),
    updatedAt: toIsoUtc(row.updated_at),
  };
}

/**
 * A page of a customer's orders, newest first (`before`: the code of the last one shown; `open`: only those not
 * completed or cancelled): one more row than the page read to tell whether older ones remain.
 */
export async function listOrderSummaries(db: Db, userId: number, query: OrderSummariesQuery = {}): Promise<OrderSummaryPage> {
  const limit = query.limit ?? ORDER_SUMMARIES_PAGE_SIZE;
  let select = db
    .selectFrom('orders')
    .select(['id', 'code', 'status', 'payment_method', 'payment_status', 'total', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (query.open) select = select.where('status', 'not in', [...FINISHED_ORDER_STATUSES]);
  if (query.before !== undefined) {
    const last = await db.selectFrom('orders').select(['id', 'created_at']).where('code', '=', query.before).where('user_id', '=', userId).executeTakeFirst();
    if (!last) return { items: [], hasMore: false };
    select = select.where((eb) => eb.or([eb('created_at', '<', last.created_at), eb.and([eb('created_at', '=', last.created_at), eb('id', '<', last.id)])]));
  }
  const rows = await select.execute();
  return { items: await summarise(db, rows.slice(0, limit)), hasMore: rows.length > limit };
}

export interface SummaryRow {
  id: number;
  code: string;
  status: string;
  payment_method: string;
  payment_status: string;
  total: number;
  created_at: Date | string;
}

export async function summarise(db: Db, orders: readonly SummaryRow[]): Promise<OrderSummary[]> {
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom('order_lines')
    .select(['order_id', 'name', 'quantity'])
    .where(
      'order_id',
      'in',
      orders.map((order) => order.id),
    )
    .orderBy('id')
    .execute();
  const byOrder = new Map<number, { count: number; lines: number; first: string }>();
  for (const line of lines) {
    const entry = byOrder.get(line.order_id);
    if (entry) {
      entry.count += toNumber(line.quantity);
      entry.lines += 1;
    } else byOrder.set(line.order_id, { count: toNumber(line.quantity), lines: 1, first: line.name });
  }
  return orders.map((order) => {
    const status = order.status as OrderStatus;
    const entry = byOrder.get(order.id) ?? { count: 1, lines: 1, first: order.code };
    return {
      code: order.code,
      status,
      statusLabel: ORDER_STATUS_LABELS[status],
      paymentMethod: order.payment_method as PaymentMethod,
      paymentStatus: order.payment_status as PaymentStatus,
      total: toNumber(order.total),
      itemCount: entry.count,
      lineCount: entry.lines,
      firstItemName: entry.first,
      createdAt: toIsoUtc(order.created_at),
    };
  });
}
