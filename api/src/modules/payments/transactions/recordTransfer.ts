import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { OrderPaymentChannel } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/schemas';
import { toNumber } from '../../../db/portable';
import type { Database } from '../../../db/schema';
import type { OrderRow } from '../../../db/shopSchema';
import type { EventBus } from '../../../events/eventBus';
import { AppError, isAppError } from '../../../http/appError';
import type { ServiceInvoiceRow } from '../../../db/backOfficeSchema';
import { announceServiceInvoicePaid, payServiceInvoice } from '../../serviceOrders';
import { shippingCentreId, markOrderPaid, SYSTEM_ACTOR, type PaymentActor, isUniqueViolation, type ShopContext, announceWebOrderChange } from '../../orders';
import { announcePaymentExceptionChange } from '../exceptions/paymentExceptionWork';
import { paymentMessages, type PaymentProvider } from './paymentTransactionMessages';
import { cancelledByExpiry, findTransaction } from './paymentTransactionQueries';

type Db = Kysely<Database>;

export type ExceptionReason = 'PARTIAL' | 'OVERPAID' | 'UNKNOWN_CODE' | 'ORDER_EXPIRED' | 'ORDER_CANCELLED' | 'ALREADY_PAID';
export type TransferOutcome = { outcome: 'MATCHED'; orderCode: string } | { outcome: 'EXCEPTION'; reason: ExceptionReason } | { outcome: 'REPLAYED' };

export interface PaymentContext extends ShopContext {
  events: Pick<EventBus, 'publishFloorChange' | 'publishOrderStatus' | 'publishServiceOrder' | 'publish'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** A transfer as a provider reported it. */
export interface IncomingTransfer {
  provider: PaymentProvider;
  /** The provider's transaction id: once per provider. */
  providerRef: string;
  amount: number;
  content: string;
  bankReference: string | null;
  /** ISO instant (UTC). */
  transferredAt: string;
  rawPayload: string;
  /** The sale the transfer names (read inside the transaction): a web order or a service invoice, and the code read for it. */
  locate: (trx: Db) => Promise<{ order: OrderRow | null; invoice?: ServiceInvoiceRow | null; codeFound: string | null }>;
  /** Who reports it: the system for a provider's notification (default), the clerk for a transfer entered by hand. */
  actor?: PaymentActor;
}

const CHANNEL_OF: Record<PaymentProvider, OrderPaymentChannel> = { SEPAY: 'SEPAY', PAYOS: 'PAYOS', MANUAL: 'RECORDED_TRANSFER' };

/** Control characters and lone surrogates (no text column stores them) become spaces: a provider's text is kept, not refused. */
const storable = (text: string, max: number) => text.replace(/[\p{Cc}\p{Cs}]/gu, ' ').slice(0, max);

/** The order's status changed between its read and the payment (the expiry job, staff): read again. */
class OrderMoved extends AppError {
  constructor() {
    super(409, ERROR_CODES.PAYMENT_ORDER_MOVED, 'Đơn hàng vừa thay đổi trạng thái.');
  }
}
const ATTEMPTS = 3;

/** Why the transfer cannot pay the order by itself, or null when it pays it. */
/** Why the transfer cannot pay the service invoice by itself, or null when it pays it. */
export function invoiceExceptionReasonFor(invoice: ServiceInvoiceRow, amount: number): ExceptionReason | null {
  if (invoice.payment_status !== 'UNPAID') return 'ALREADY_PAID';
  if (amount < invoice.total) return 'PARTIAL';
  if (amount > invoice.total) return 'OVERPAID';
  return null;
}

export async function exceptionReasonFor(db: Db, order: OrderRow | null, amount: number): Promise<ExceptionReason | null> {
  if (!order) return 'UNKNOWN_CODE';
  if (order.payment_status !== 'UNPAID') return 'ALREADY_PAID';
  if (order.status === 'CANCELLED') return (await cancelledByExpiry(db, order.id)) ? 'ORDER_EXPIRED' : 'ORDER_CANCELLED';
  const total = toNumber(order.total);
  if (amount < total) return 'PARTIAL';
  if (amount > total) return 'OVERPAID';
  return null;
}

/**
 * Records a provider's transfer once per (provider, providerRef) and pays the order it names when the amount is
 * its total and it awaits payment; anything else is an exception of the queue with its reason. The row's insert
 * comes first: of two deliveries at once the unique index lets one through and the other answers as a replay.
 * A payment that loses the order to the expiry job (or staff) is read again: it then becomes ORDER_EXPIRED.
 */
export async function recordTransfer(ctx: PaymentContext, transfer: IncomingTransfer, afterPaid?: (trx: Db, order: OrderRow) => Promise<void>): Promise<TransferOutcome> {
  const providerRef = storable(transfer.providerRef, 100);
  if (await findTransaction(ctx.db, transfer.provider, providerRef)) return { outcome: 'REPLAYED' };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await ctx.db.transaction().execute(async (trx) => {
        const now = ctx.clock.now();
        const located = await transfer.locate(trx);
        const { order, codeFound } = located;
        const invoice = order ? null : (located.invoice ?? null);
        const reason = invoice ? invoiceExceptionReasonFor(invoice, transfer.amount) : await exceptionReasonFor(trx, order, transfer.amount);
        const actor = transfer.actor ?? SYSTEM_ACTOR;
        const inserted = await trx
          .insertInto('payment_transactions')
          .values({
            provider: transfer.provider,
            provider_ref: providerRef,
            order_id: order?.id ?? null,
            service_invoice_id: invoice?.id ?? null,
            order_code_found: storable(order?.code ?? invoice?.code ?? codeFound ?? '', 40) || null,
            amount: transfer.amount,
            content: storable(transfer.content, 500),
            bank_reference: transfer.bankReference === null ? null : storable(transfer.bankReference, 100),
            transferred_at: transfer.transferredAt,
            received_at: now.toISOString(),
            raw_payload: transfer.rawPayload,
            outcome: reason ? 'EXCEPTION' : 'MATCHED',
            exception_reason: reason,
            recorded_by: actor.kind === 'staff' ? actor.scope.userId : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (invoice) {
          // A service invoice's QR: its centre's counter sees the transfer, paid or in its exceptions queue.
          if (reason) return { outcome: { outcome: 'EXCEPTION', reason } as TransferOutcome, desk: invoice.centre_id, paid: null, ordered: false, invoicePaid: null };
          // Another transfer or the counter paid it since it was read: read again (it is then ALREADY_PAID).
          const settled = await payServiceInvoice(trx, invoice, {
            method: 'VIETQR',
            channel: CHANNEL_OF[transfer.provider],
            reference: transfer.bankReference,
            transactionId: inserted.id,
            actorId: actor.kind === 'staff' ? actor.scope.userId : null,
            at: now,
            note: paymentMessages.transferReceived(transfer.amount, transfer.provider),
          }).catch((error: unknown) => {
            throw isAppError(error) && error.status === 409 ? new OrderMoved() : error;
          });
          return { outcome: { outcome: 'MATCHED', orderCode: invoice.code } as TransferOutcome, desk: invoice.centre_id, paid: null, ordered: false, invoicePaid: settled.order };
        }
        if (reason || !order) {
          const desk = order ? order.desk_centre_id : await shippingCentreId(trx, ctx.config);
          return { outcome: { outcome: 'EXCEPTION', reason: reason ?? 'UNKNOWN_CODE' } as TransferOutcome, desk, paid: null, ordered: order !== null, invoicePaid: null };
        }
        const paid = await markOrderPaid(ctx, trx, order, {
          payment: { amount: transfer.amount, method: 'BANK_TRANSFER', channel: CHANNEL_OF[transfer.provider], reference: transfer.bankReference, transactionId: inserted.id },
          actor,
          note: paymentMessages.transferReceived(transfer.amount, transfer.provider),
          conflict: new OrderMoved(),
        });
        if (afterPaid) await afterPaid(trx, paid);
        return { outcome: { outcome: 'MATCHED', orderCode: paid.code } as TransferOutcome, desk: paid.desk_centre_id, paid, ordered: true, invoicePaid: null };
      });
      // After commit: an exception joins its desk's queue (live); a payment tells the desk and the sale's owner.
      if (result.paid) await announceWebOrderChange(ctx.events, result.desk, result.paid);
      else if (result.invoicePaid) await announceServiceInvoicePaid(ctx, result.invoicePaid, ctx.clock.now());
      else {
        await announcePaymentExceptionChange(ctx.events, result.desk);
        if (result.ordered) await announceWebOrderChange(ctx.events, result.desk);
      }
      return result.outcome;
    } catch (error) {
      if (isUniqueViolation(error) && (await findTransaction(ctx.db, transfer.provider, providerRef))) return { outcome: 'REPLAYED' };
      if (error instanceof OrderMoved && attempt < ATTEMPTS) continue;
      throw error;
    }
  }
}
