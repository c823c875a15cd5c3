import {
  ERROR_CODES,
  canTakeWebOrderAction,
  formatVndPlain as formatVnd,
  ORDER_STATUS_LABELS,
  WEB_ORDER_ACTION_RULES,
  webOrderOutcome,
  type Order,
  type OrderStatus,
  type PaymentStatus,
  type WebOrderActionRequest,
} from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { OrderRow } from '../../db/shopSchema';
import type { EventBus } from '../../events/eventBus';
import { AppError } from '../../http/appError';
import type { CentreScope } from '../../security/centreScope';
import { invalidateCatalogue } from '../catalogue';
import { recordRefund } from '../ledger';
import { orderStatusEmail, cancelWithin, moveOrder, notifyCustomer, recordHistory, webOrderFactsOf, recordOrderEvent, markOrderPaid, type ShopContext, announceWebOrderChange } from '../orders';
import { orderRefundedEmail, shipmentNote } from './webOrderEmails';
import { webOrderMessages } from './webOrderMessages';
import { webOrderInScope } from './webOrderScope';

export interface WebOrderContext extends ShopContext {
  events: EventBus;
}

/** The statuses after which the customer gets an email (confirm, ship, ready, complete; cancel and refund have their own). */
const EMAILED: ReadonlySet<string> = new Set(['confirm', 'ship', 'readyForPickup', 'complete', 'handOver']);

function stale(row: OrderRow): AppError {
  return new AppError(409, ERROR_CODES.WEB_ORDER_STALE, webOrderMessages.stale(ORDER_STATUS_LABELS[row.status as OrderStatus]));
}

/**
 * Takes a desk action on an order of the caller's scope, from the version the caller read (else 409
 * WEB_ORDER_STALE): the machine says whether it applies (else 409); the status moves by a conditional UPDATE on
 * that version, so of two racing changes (a confirmation and the customer's cancellation, two clicks) exactly
 * one applies. History, the timeline step, the customer's email and, after commit, the desk's live event.
 */
export async function takeWebOrderAction(ctx: WebOrderContext, scope: CentreScope, code: string, input: WebOrderActionRequest): Promise<OrderRow> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const { row: updated, promotionReleased } = await ctx.db.transaction().execute(async (trx) => {
    const row = await webOrderInScope(trx, scope, code);
    if (toNumber(row.version) !== input.version) throw stale(row);
    const facts = await webOrderFactsOf(trx, row);
    const rule = WEB_ORDER_ACTION_RULES[input.action];
    if (!canTakeWebOrderAction(input.action, facts, scope.role)) {
      throw new AppError(409, ERROR_CODES.WEB_ORDER_ACTION_NOT_ALLOWED, webOrderMessages.notAllowed(rule.label, ORDER_STATUS_LABELS[facts.status]));
    }

    if (input.action === 'cancel') {
      const cancelled = await cancelWithin(ctx, trx, row, { actorId: scope.userId, reason: input.reason, byCustomer: false, nowIso, conflict: stale(row) });
      return { row: cancelled, promotionReleased: cancelled.promotion_id !== null };
    }

    if (input.action === 'refund') {
      const total = toNumber(row.total);
      if (input.amount > total) throw AppError.validation([{ field: 'amount', message: webOrderMessages.refundTooLarge(formatVnd(total)) }], webOrderMessages.refundTooLarge(formatVnd(total)));
      if (input.method === 'BANK_TRANSFER' && !input.reference) throw AppError.validation([{ field: 'reference', message: webOrderMessages.referenceRequired }], webOrderMessages.referenceRequired);
      const moved = await moveOrder(trx, row, { status: facts.status, paymentStatus: 'REFUNDED' }, nowIso, stale(row));
      const refund = { amount: input.amount, method: input.method, reference: input.reference ?? null };
      await recordHistory(trx, moved, null, scope.userId, nowIso, { action: 'refund', amount: refund.amount, refundMethod: refund.method, reference: refund.reference });
      await recordRefund(trx, {
        sale: { kind: 'WEB_ORDER', orderId: row.id },
        transactionId: null,
        ...refund,
        reason: row.cancel_reason ?? webOrderMessages.refundReason,
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
    const email = EMAILED.has(input.action) ? (fullName: string, order: Order & { orderUrl: string }) => orderStatusEmail(fullName, order, outcome.status, note) : null;
    // Handing over or delivering a COD / pay-at-pick-up order collects its total: the one paid path.
    if (collects) {
      const paid = await markOrderPaid(ctx, trx, row, {
        payment: { amount: toNumber(row.total), method: 'CASH', channel: 'DESK', reference: null, transactionId: null },
        actor: { kind: 'staff', scope },
        note: input.note ?? null,
        status: outcome.status,
        step,
        conflict: stale(row),
        email,
      });
      return { row: paid, promotionReleased: false };
    }
    const moved = await moveOrder(trx, row, outcome, nowIso, stale(row), scope.userId);
    await recordHistory(trx, moved, input.note ?? null, scope.userId, nowIso, step);
    if (email) await notifyCustomer(ctx, trx, moved, email);
    return { row: moved, promotionReleased: false };
  });
  if (promotionReleased) invalidateCatalogue();
  await announceWebOrderChange(ctx.events, updated.desk_centre_id, updated);
  return updated;
}

/** An internal note on an order of the caller's scope (the desk's only, never the customer's). */
export async function addWebOrderNote(ctx: WebOrderContext, scope: CentreScope, code: string, text: string): Promise<OrderRow> {
  const row = await webOrderInScope(ctx.db, scope, code);
  await recordOrderEvent(ctx.db, {
    orderId: row.id,
    action: 'note',
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStatus,
    actorKind: 'staff',
    actorUserId: scope.userId,
    note: text,
    at: ctx.clock.now().toISOString(),
  });
  await announceWebOrderChange(ctx.events, row.desk_centre_id);
  return row;
}
