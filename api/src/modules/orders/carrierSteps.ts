import type { Kysely } from 'kysely';
import { ERROR_CODES, type Carrier, type OrderStatus, type PaymentStatus } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import { AppError } from '../../http/appError';
import { EMAIL_SIGNATURE, emailLayout, emailParagraph, escapeHtml } from '../notifications';
import { shipmentNote } from './deskActions';
import { SYSTEM_ACTOR, markOrderPaid } from './markOrderPaid';
import { orderStatusEmail } from './orderEmails';
import { orderMessages } from './orderMessages';
import { cancelWithin, moveOrder, notifyCustomer, recordHistory } from './orderLifecycle';
import { recordOrderEvent } from './orderTimeline';
import type { ShopContext } from './placeOrder';

type Db = Kysely<Database>;

/**
 * What a carrier's verified status does to the order it carries (issue 65 §5), taken by the system (no staff actor):
 * `ship` when the parcel first reaches the carrier, `deliver` (a COD order's money recorded as collected by the
 * carrier), `deliveryFailed` (the customer told), `returned` (the order cancelled), `note` (lost or damaged, for the
 * desk). The shipments module calls it once per parcel move, inside its transaction.
 */
export type CarrierStep =
  | { kind: 'ship'; carrier: Carrier; trackingCode: string }
  | { kind: 'deliver'; carrier: Carrier; trackingCode: string; codAmount: number }
  | { kind: 'deliveryFailed'; attempt: number; reason: string | null }
  | { kind: 'returned'; reason: string }
  | { kind: 'note'; text: string };

/** The customer's message after a failed delivery attempt. */
export function deliveryFailedText(attempt: number, reason: string | null): string {
  return `Giao hàng không thành công (lần ${attempt}): ${reason ?? 'Không liên lạc được với người nhận'}. Đơn vị vận chuyển sẽ liên hệ giao lại.`;
}

/**
 * Takes a carrier's step on the order `orderId` inside `trx`; answers the order when it moved (the caller announces
 * it after commit), null when the step has nothing to do (the order is already there, or past it: never backwards).
 */
export async function takeCarrierStep(ctx: ShopContext, trx: Db, orderId: number, step: CarrierStep): Promise<OrderRow | null> {
  const row = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const nowIso = ctx.clock.now().toISOString();
  const conflict = new AppError(409, ERROR_CODES.CONCURRENT_CHANGE, orderMessages.concurrentChange);
  switch (step.kind) {
    case 'ship':
      return row.status === 'PACKED' ? ship(ctx, trx, row, step, nowIso, conflict) : null;
    case 'deliver': {
      // A delivery reported before the pickup (webhooks out of order) still goes through the shipping step.
      const shipping = row.status === 'PACKED' ? await ship(ctx, trx, row, step, nowIso, conflict) : row;
      if (shipping.status !== 'SHIPPING') return null;
      const email = (fullName: string, facts: Parameters<typeof orderStatusEmail>[1]) => orderStatusEmail(fullName, facts, 'DELIVERED', null);
      if (shipping.payment_status === 'UNPAID' && step.codAmount > 0) {
        // The receiver paid the carrier: the ledger records the money as collected by the carrier (owed until remitted).
        return markOrderPaid(ctx, trx, shipping, {
          payment: { amount: step.codAmount, method: 'CASH', channel: 'CARRIER_COD', reference: step.trackingCode, transactionId: null },
          actor: SYSTEM_ACTOR,
          note: null,
          status: 'DELIVERED',
          step: { action: 'deliver' },
          conflict,
          email,
        });
      }
      const moved = await moveOrder(trx, shipping, { status: 'DELIVERED', paymentStatus: shipping.payment_status as PaymentStatus }, nowIso, conflict);
      await recordHistory(trx, moved, null, null, nowIso, { action: 'deliver' });
      await notifyCustomer(ctx, trx, moved, email);
      return moved;
    }
    case 'deliveryFailed': {
      const text = deliveryFailedText(step.attempt, step.reason);
      await systemNote(trx, row, text, nowIso);
      await notifyCustomer(ctx, trx, row, (fullName, facts) => {
        const subject = `Đơn hàng ${facts.code}: giao hàng không thành công – EV Service`;
        return {
          kind: 'order_status',
          subject,
          text: [`Xin chào ${fullName},`, '', text, '', `Theo dõi đơn hàng: ${facts.orderUrl}`, '', EMAIL_SIGNATURE].join('\n'),
          html: emailLayout(subject, [emailParagraph(`Xin chào ${escapeHtml(fullName)},`), emailParagraph(escapeHtml(text)), emailParagraph(`<a href="${escapeHtml(facts.orderUrl)}">Theo dõi đơn hàng</a>`)]),
        };
      });
      return row;
    }
    case 'returned':
      if (row.status === 'CANCELLED' || row.status === 'COMPLETED' || row.status === 'DELIVERED') return null;
      return cancelWithin(ctx, trx, row, { actorId: null, reason: step.reason, byCustomer: false, nowIso, conflict });
    case 'note':
      await systemNote(trx, row, step.text, nowIso);
      return row;
  }
}

async function ship(ctx: ShopContext, trx: Db, row: OrderRow, step: { carrier: Carrier; trackingCode: string }, nowIso: string, conflict: AppError): Promise<OrderRow> {
  const note = shipmentNote(step.carrier, step.trackingCode);
  const moved = await moveOrder(trx, row, { status: 'SHIPPING', paymentStatus: row.payment_status as PaymentStatus }, nowIso, conflict);
  await recordHistory(trx, moved, null, null, nowIso, { action: 'ship', carrier: step.carrier, trackingCode: step.trackingCode });
  await notifyCustomer(ctx, trx, moved, (fullName, facts) => orderStatusEmail(fullName, facts, 'SHIPPING', note));
  return moved;
}

/** An internal note of the system on the order's timeline (the desk's; the customer does not see notes). */
async function systemNote(trx: Db, row: OrderRow, text: string, at: string): Promise<void> {
  await recordOrderEvent(trx, { orderId: row.id, action: 'note', status: row.status as OrderStatus, paymentStatus: row.payment_status as PaymentStatus, actorKind: 'system', actorUserId: null, note: text, at });
}
