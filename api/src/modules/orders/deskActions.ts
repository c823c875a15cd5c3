import type { Kysely } from 'kysely';
import {
  ERROR_CODES,
  canTakeWebOrderAction,
  CARRIER_LABELS,
  formatVndPlain as formatVnd,
  ORDER_STATUS_LABELS,
  trackingUrl,
  WEB_ORDER_ACTION_RULES,
  webOrderOutcome,
  type Carrier,
  type Order,
  type OrderStatus,
  type PaymentStatus,
  type WebOrderActionRequest,
} from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { recordRefund } from '../ledger';
import { orderRefundedEmail } from '../notifications';
import { markOrderPaid } from './markOrderPaid';
import { orderStatusEmail } from './orderEmails';
import { cancelWithin, moveOrder, notifyCustomer, recordHistory, webOrderFactsOf } from './orderLifecycle';
import { recordOrderEvent } from './orderTimeline';
import type { ShopContext } from './placeOrder';

type Db = Kysely<Database>;

/** Vietnamese messages of the desk's actions on an order (shown as is). */
export const deskActionMessages = {
  notAllowed: (action: string, statusLabel: string) => `Không thể "${action}" khi đơn hàng đang ở trạng thái "${statusLabel}".`,
  refundTooLarge: (total: string) => `Số tiền hoàn không được lớn hơn số tiền khách đã trả (${total}).`,
  refundReason: 'Hoàn tiền đơn hàng đã hủy.',
  referenceRequired: 'Vui lòng nhập mã giao dịch ngân hàng của khoản hoàn tiền.',
  liveWaybill: 'Đơn hàng đang có vận đơn với đơn vị vận chuyển: vui lòng hủy vận đơn trước khi hủy đơn hàng.',
} as const;

/** The statuses after which the customer is told (confirm, ship, ready, complete; cancel and refund have their own). */
const TOLD: ReadonlySet<string> = new Set(['confirm', 'ship', 'readyForPickup', 'complete', 'handOver']);

/** The line of the shipping message that says who carries the parcel and where to follow it. */
export function shipmentNote(carrier: Carrier, trackingCode: string | null): string {
  const url = trackingUrl(carrier, trackingCode);
  const code = trackingCode ? `, mã vận đơn ${trackingCode}` : '';
  return `Đơn vị vận chuyển: ${CARRIER_LABELS[carrier]}${code}.${url ? ` Theo dõi hành trình: ${url}` : ''}`;
}

/**
 * A desk clerk's action on an order they may act on, inside the caller's transaction, from the row the caller read
 * at the version the clerk saw: the machine says whether it applies (else 409); cancel through cancelWithin, refund
 * through the ledger's recordRefund, handing over or delivering an unpaid order collects its total through
 * markOrderPaid, any other step moves the order. `conflict` is thrown when the order changed since it was read. The
 * history, the timeline step and the customer's message go with it; the caller announces the change after commit.
 */
export async function takeDeskAction(
  ctx: ShopContext,
  trx: Db,
  row: OrderRow,
  input: WebOrderActionRequest,
  scope: CentreScope,
  conflict: AppError,
): Promise<{ row: OrderRow; promotionReleased: boolean }> {
  const nowIso = ctx.clock.now().toISOString();
  const facts = await webOrderFactsOf(trx, row);
  const rule = WEB_ORDER_ACTION_RULES[input.action];
  // A parcel booked with a carrier is cancelled there first (the shipments module), or the courier would still come.
  if (input.action === 'cancel' && facts.liveWaybill) throw new AppError(409, ERROR_CODES.WEB_ORDER_ACTION_NOT_ALLOWED, deskActionMessages.liveWaybill);
  if (!canTakeWebOrderAction(input.action, facts, scope.role)) {
    throw new AppError(409, ERROR_CODES.WEB_ORDER_ACTION_NOT_ALLOWED, deskActionMessages.notAllowed(rule.label, ORDER_STATUS_LABELS[facts.status]));
  }

  if (input.action === 'cancel') {
    const cancelled = await cancelWithin(ctx, trx, row, { actorId: scope.userId, reason: input.reason, byCustomer: false, nowIso, conflict });
    return { row: cancelled, promotionReleased: cancelled.promotion_id !== null };
  }

  if (input.action === 'refund') {
    const total = toNumber(row.total);
    if (input.amount > total) throw AppError.validation([{ field: 'amount', message: deskActionMessages.refundTooLarge(formatVnd(total)) }], deskActionMessages.refundTooLarge(formatVnd(total)));
    if (input.method === 'BANK_TRANSFER' && !input.reference) throw AppError.validation([{ field: 'reference', message: deskActionMessages.referenceRequired }], deskActionMessages.referenceRequired);
    const moved = await moveOrder(trx, row, { status: facts.status, paymentStatus: 'REFUNDED' }, nowIso, conflict);
    const refund = { amount: input.amount, method: input.method, reference: input.reference ?? null };
    await recordHistory(trx, moved, null, scope.userId, nowIso, { action: 'refund', amount: refund.amount, refundMethod: refund.method, reference: refund.reference });
    await recordRefund(trx, {
      sale: { kind: 'WEB_ORDER', orderId: row.id },
      transactionId: null,
      ...refund,
      reason: row.cancel_reason ?? deskActionMessages.refundReason,
      actorId: scope.userId,
      at: nowIso,
    });
    await notifyCustomer(ctx, trx, moved, (fullName, order) => orderRefundedEmail(fullName, order, refund));
    return { row: moved, promotionReleased: false };
  }

  const outcome = webOrderOutcome(input.action, facts);
  const collects = outcome.paymentStatus === 'PAID' && facts.paymentStatus === 'UNPAID';
  const shipment = input.action === 'ship' ? { carrier: input.carrier, trackingCode: input.trackingCode ?? null } : null;
  const step = { action: input.action, ...(shipment ?? {}) };
  const note = shipment ? [shipmentNote(shipment.carrier, shipment.trackingCode), input.note].filter(Boolean).join(' ') : (input.note ?? null);
  const email = TOLD.has(input.action) ? (fullName: string, order: Order & { orderUrl: string }) => orderStatusEmail(fullName, order, outcome.status, note) : null;
  // Handing over or delivering a COD / pay-at-pick-up order collects its total: the one paid path.
  if (collects) {
    const paid = await markOrderPaid(ctx, trx, row, {
      payment: { amount: toNumber(row.total), method: 'CASH', channel: 'DESK', reference: null, transactionId: null },
      actor: { kind: 'staff', scope },
      note: input.note ?? null,
      status: outcome.status,
      step,
      conflict,
      email,
    });
    return { row: paid, promotionReleased: false };
  }
  const moved = await moveOrder(trx, row, outcome, nowIso, conflict, scope.userId);
  await recordHistory(trx, moved, input.note ?? null, scope.userId, nowIso, step);
  if (email) await notifyCustomer(ctx, trx, moved, email);
  return { row: moved, promotionReleased: false };
}

/** An internal note of a clerk on an order (the desk's only, never the customer's). */
export async function addDeskNote(db: Db, row: OrderRow, actorId: number, text: string, at: string): Promise<void> {
  await recordOrderEvent(db, {
    orderId: row.id,
    action: 'note',
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStatus,
    actorKind: 'staff',
    actorUserId: actorId,
    note: text,
    at,
  });
}
