import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import QRCode from 'qrcode';
import {
  addCalendarDays,
  foldVietnamese,
  ORDER_STATUS_LABELS,
  ORDER_CODE_PATTERN,
  PAYMENT_STATUS_LABELS,
  REFUND_METHOD_LABELS,
  orderPaymentRecordLabel,
  availableWebOrderActions,
  vietnamInstant,
  type FulfilmentMethod,
  type OrderPaymentChannel,
  type OrderPaymentMethod,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type RefundMethod,
  type WebOrderDetail,
  type WebOrderPaymentRecord,
  type WebOrderRefundRecord,
  type WebOrderList,
  type WebOrderListFilters,
} from 'shared-contracts/schemas';
import type { Config } from '../../config';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import { AppError } from '../../http/appError';
import { webOrderFactsOf, readOrderTimeline, toOrder } from '../orders';
import { shipmentViewOfOrder } from '../shipments';
import type { WebOrderCounts } from './webOrderCounts';
import { webOrderMessages } from './webOrderMessages';

type Db = Kysely<Database>;
type OrdersQuery<O> = SelectQueryBuilder<Database, 'orders', O>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** How many digits of a phone make its search a range of the phone index rather than a walk. */
const PHONE_RANGE_DIGITS = 7;

/** The digit string just after every string `digits` begins ('0919' → '0920'); undefined for all nines. */
function nextDigitString(digits: string): string | undefined {
  const last = digits.search(/[0-8]9*$/);
  if (last < 0) return undefined;
  return digits.slice(0, last) + String(Number(digits[last]) + 1) + '0'.repeat(digits.length - last - 1);
}

/**
 * The desk's filters but the status: scope (a centre's desk, or every centre), payment status and method,
 * fulfilment, the local dates of placement (Asia/Ho_Chi_Minh, `to` included), and `q`: an order code (prefix),
 * a phone number (its digits, prefix) or a name (folded, anywhere in it).
 */
function filtered<O>(query: OrdersQuery<O>, centreId: number | null, filters: WebOrderListFilters): OrdersQuery<O> {
  let q = query;
  if (centreId !== null) q = q.where('orders.desk_centre_id', '=', centreId);
  if (filters.paymentStatus) q = q.where('orders.payment_status', '=', filters.paymentStatus);
  if (filters.paymentMethod) q = q.where('orders.payment_method', '=', filters.paymentMethod);
  if (filters.fulfilment) q = q.where('orders.fulfilment_method', '=', filters.fulfilment);
  if (filters.from) q = q.where('orders.created_at', '>=', vietnamInstant(filters.from, '00:00').toISOString());
  if (filters.to) q = q.where('orders.created_at', '<', vietnamInstant(addCalendarDays(filters.to, 1), '00:00').toISOString());
  const term = filters.q?.trim();
  if (term) {
    const compact = term.replace(/\s+/g, '');
    // A whole code is one index lookup; a part of one is matched while walking the desk's newest orders.
    if (ORDER_CODE_PATTERN.test(compact.toUpperCase())) q = q.where('orders.code', '=', compact.toUpperCase());
    else if (/^EV\d*$/i.test(compact)) q = q.where('orders.code', 'like', `${compact.toUpperCase()}%`);
    else if (/^\+?\d{3,}$/.test(compact)) {
      const digits = compact.replace(/^\+84/, '0');
      const phone = sql<string>`replace(orders.phone, ' ', '')`;
      // Most of a number: a range of the phone index (migration 0034); a short prefix matches many, walked instead.
      const after = digits.length >= PHONE_RANGE_DIGITS ? nextDigitString(digits) : undefined;
      if (after === undefined) q = q.where(phone, 'like', `${escapeLike(digits)}%`);
      else q = q.where(phone, '>=', digits).where(phone, '<', after);
    } else q = q.where(sql<string>`orders.recipient_folded`, 'like', sql<string>`${`%${escapeLike(foldVietnamese(term))}%`} escape '\\'`);
  }
  return q;
}

/**
 * GET /staff/web-orders: a page of the scope's orders newest first (one more read to know whether a next page
 * exists), and the scope's counts per status (kept ready: webOrderCounts.ts). `total` is the number of orders
 * matching the filters when it comes from the counts (no filter but the status); with other filters only whether
 * there is a next page is known (counting every match of a search would read the whole scope).
 */
export async function listWebOrders(db: Db, counts: WebOrderCounts, centreId: number | null, filters: WebOrderListFilters, now: number): Promise<WebOrderList> {
  if (filters.from && filters.to && filters.from > filters.to) throw AppError.validation([{ field: 'from', message: webOrderMessages.dateRange }], webOrderMessages.dateRange);
  let pageQuery = filtered(db.selectFrom('orders'), centreId, filters).select([
    'orders.code',
    'orders.status',
    'orders.payment_method',
    'orders.payment_status',
    'orders.fulfilment_method',
    'orders.total',
    'orders.recipient_name',
    'orders.phone',
    'orders.created_at',
    'orders.version',
  ]);
  if (filters.status) pageQuery = pageQuery.where('orders.status', '=', filters.status);
  const [statusCounts, rows] = await Promise.all([
    counts.of(db, centreId, now),
    pageQuery
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(filters.pageSize + 1)
      .offset((filters.page - 1) * filters.pageSize)
      .execute(),
  ]);
  const onlyStatus = !filters.paymentStatus && !filters.paymentMethod && !filters.fulfilment && !filters.from && !filters.to && !filters.q;
  const total = onlyStatus
    ? filters.status
      ? (statusCounts.find((entry) => entry.status === filters.status)?.count ?? 0)
      : statusCounts.reduce((sum, entry) => sum + entry.count, 0)
    : null;
  return {
    items: rows.slice(0, filters.pageSize).map((row) => ({
      code: row.code,
      status: row.status as OrderStatus,
      statusLabel: ORDER_STATUS_LABELS[row.status as OrderStatus],
      paymentMethod: row.payment_method as PaymentMethod,
      paymentStatus: row.payment_status as PaymentStatus,
      paymentStatusLabel: PAYMENT_STATUS_LABELS[row.payment_status as PaymentStatus],
      fulfilmentMethod: row.fulfilment_method as FulfilmentMethod,
      total: toNumber(row.total),
      recipientName: row.recipient_name,
      phone: row.phone,
      createdAt: toIsoUtc(row.created_at),
      version: toNumber(row.version),
    })),
    total,
    hasMore: rows.length > filters.pageSize,
    page: filters.page,
    pageSize: filters.pageSize,
    counts: statusCounts,
  };
}

/** The order code as a QR image for the packing slip (scanned at the counter or by the carrier). */
async function codeQr(code: string): Promise<string> {
  const svg = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** Providers whose verified callback pays an order with no one at the desk. */
const AUTOMATIC_CHANNELS: ReadonlySet<OrderPaymentChannel> = new Set(['SEPAY', 'PAYOS']);

/**
 * The order's money as its records say (sale_payments, payment_refunds), oldest first: amount, how, the bank's
 * reference, when and who (the clerk who wrote the record, or who entered the transfer it came from).
 */
async function moneyRecordsOf(db: Db, orderId: number): Promise<{ records: WebOrderPaymentRecord[]; refunds: WebOrderRefundRecord[] }> {
  const [payments, refunds] = await Promise.all([
    db
      .selectFrom('sale_payments as p')
      .leftJoin('users as actor', 'actor.id', 'p.actor_id')
      .leftJoin('payment_transactions as t', 't.id', 'p.transaction_id')
      .leftJoin('users as recorder', 'recorder.id', 't.recorded_by')
      .select(['p.amount', 'p.method', 'p.channel', 'p.reference', 'p.actor_id', 'p.paid_at', 'actor.full_name as actor_name', 'recorder.full_name as recorder_name'])
      .where('p.order_id', '=', orderId)
      .orderBy('p.paid_at')
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('payment_refunds as r')
      .leftJoin('users as actor', 'actor.id', 'r.actor_id')
      .select(['r.amount', 'r.method', 'r.bank_reference', 'r.reason', 'r.created_at', 'actor.full_name as actor_name'])
      .where('r.order_id', '=', orderId)
      .orderBy('r.created_at')
      .orderBy('r.id')
      .execute(),
  ]);
  return {
    records: payments.map((row) => {
      const method = row.method as OrderPaymentMethod;
      const channel = row.channel as OrderPaymentChannel;
      return {
        amount: toNumber(row.amount),
        method,
        channel,
        methodLabel: orderPaymentRecordLabel(method, channel),
        reference: row.reference,
        by: row.actor_name ?? row.recorder_name ?? null,
        automatic: row.actor_id === null && AUTOMATIC_CHANNELS.has(channel),
        at: toIsoUtc(row.paid_at),
      };
    }),
    refunds: refunds.map((row) => {
      const method = row.method as RefundMethod;
      return {
        amount: toNumber(row.amount),
        method,
        methodLabel: REFUND_METHOD_LABELS[method],
        reference: row.bank_reference,
        reason: row.reason,
        by: row.actor_name ?? null,
        at: toIsoUtc(row.created_at),
      };
    }),
  };
}

/** GET /staff/web-orders/:code: everything the desk shows of one order, and what `role` may do next. */
export async function webOrderDetail(db: Db, config: Pick<Config, 'vietQr'>, row: OrderRow, role: string): Promise<WebOrderDetail> {
  const [order, timeline, customer, deskCentre, slipLines, facts, money, carrierShipment] = await Promise.all([
    toOrder(db, row, config.vietQr),
    readOrderTimeline(db, row.id, { withNames: true }),
    db.selectFrom('users').select(['id', 'full_name', 'email', 'phone_number']).where('id', '=', row.user_id).executeTakeFirstOrThrow(),
    row.desk_centre_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('service_centres').select(['id', 'name', 'address']).where('id', '=', row.desk_centre_id).executeTakeFirst(),
    db
      .selectFrom('order_lines')
      .leftJoin('products', (join) => join.onRef('products.id', '=', 'order_lines.ref_id').on('order_lines.kind', '=', 'product'))
      .select(['order_lines.name', 'order_lines.quantity', 'products.sku'])
      .where('order_lines.order_id', '=', row.id)
      .orderBy('order_lines.id')
      .execute(),
    webOrderFactsOf(db, row),
    moneyRecordsOf(db, row.id),
    shipmentViewOfOrder(db, row),
  ]);
  const paymentStatus = row.payment_status as PaymentStatus;
  const { records, refunds } = money;
  const referenced = records.filter((record) => record.reference !== null);
  return {
    order,
    version: toNumber(row.version),
    customer: { id: customer.id, fullName: customer.full_name, email: customer.email, phone: customer.phone_number ?? null },
    deskCentre: deskCentre ? { id: deskCentre.id, name: deskCentre.name, address: deskCentre.address } : null,
    payment: {
      amountReceived: records.reduce((sum, record) => sum + record.amount, 0),
      paidAt: records[0]?.at ?? null,
      bankReference: referenced.at(-1)?.reference ?? null,
      refundDue: paymentStatus === 'REFUND_DUE' ? toNumber(row.total) : null,
      records,
      refunds,
    },
    timeline: timeline.entries,
    notes: timeline.notes,
    shipment: timeline.shipment,
    carrierShipment,
    refund: timeline.refund,
    availableActions: availableWebOrderActions(facts, role),
    packingSlip: { lines: slipLines.map((line) => ({ sku: line.sku ?? null, name: line.name, quantity: toNumber(line.quantity) })), qrImageDataUrl: await codeQr(row.code) },
  };
}
