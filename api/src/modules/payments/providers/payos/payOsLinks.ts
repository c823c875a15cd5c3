import type { Kysely } from 'kysely';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { PayOsConfig } from '../../../../config';
import { toIsoUtc, toNumber } from '../../../../db/portable';
import type { Database } from '../../../../db/schema';
import type { OrderRow } from '../../../../db/shopSchema';
import { AppError } from '../../../../http/appError';
import { type OrderActor, orderMessages, findOrderRow, isUniqueViolation } from '../../../orders';
import { paymentMessages } from '../../transactions';
import { createPayOsClient, PayOsUnavailable } from './payOsClient';

type Db = Kysely<Database>;

export interface PayOsLinkContext {
  db: Db;
  payOs: PayOsConfig | null;
  publicUrl: string;
  paymentHours: number;
}

/** payOS orderCodes of an order: id × 1000 + the attempt (a cancelled link cannot be paid again: the next gets +1). */
const CODES_PER_ORDER = 1000;
const firstCodeOf = (orderId: number) => orderId * CODES_PER_ORDER + 1;

/** Whether the order waits for its transfer: a VietQR order, unpaid, not yet cancelled by the expiry job or anyone. */
export function awaitsTransfer(row: OrderRow): boolean {
  return row.payment_method === 'VIETQR' && row.payment_status === 'UNPAID' && row.status === 'PENDING_PAYMENT' && toNumber(row.total) > 0;
}

function unavailable(error: unknown): AppError {
  return new AppError(502, ERROR_CODES.PAYOS_UNAVAILABLE, paymentMessages.payOsUnavailable, undefined, { cause: error });
}

/**
 * The payOS checkout of the caller's own order (another's, or none: 404): the link made before while payOS still
 * shows it pending and for the same amount, else a new one (payOS's documented request, signed; its expiry the
 * order's payment window). Returns and cancels land on the order's page. payOS down or refusing → 502.
 */
export async function payOsCheckoutUrl(ctx: PayOsLinkContext, code: string, actor: OrderActor): Promise<string> {
  const row = await findOrderRow(ctx.db, code);
  if (!row || row.user_id !== actor.userId) throw AppError.notFound(orderMessages.notFound, ERROR_CODES.ORDER_NOT_FOUND);
  if (!ctx.payOs) throw new AppError(503, ERROR_CODES.PAYOS_NOT_CONFIGURED, paymentMessages.payOsNotConfigured);
  if (!awaitsTransfer(row)) throw new AppError(409, ERROR_CODES.ORDER_NOT_PAYABLE, paymentMessages.orderNotPayable);
  const client = createPayOsClient(ctx.payOs);
  const total = toNumber(row.total);

  const existing = await ctx.db.selectFrom('payos_payment_links').selectAll().where('order_id', '=', row.id).executeTakeFirst();
  if (existing && existing.status === 'PENDING' && toNumber(existing.amount) === total) {
    const status = await client.linkStatus(existing.payment_link_id).then(
      (link) => link.status,
      () => null,
    );
    if (status === 'PENDING' || status === 'PROCESSING') return existing.checkout_url;
  }

  const orderCode = existing ? toNumber(existing.payos_order_code) + 1 : firstCodeOf(row.id);
  const page = `${ctx.publicUrl}/orders/${encodeURIComponent(row.code)}`;
  const expiresAt = Date.parse(toIsoUtc(row.created_at)) + ctx.paymentHours * 3_600_000;
  let link;
  try {
    link = await client.createLink({
      orderCode,
      amount: total,
      description: row.code.slice(0, 25),
      returnUrl: `${page}?payos=return`,
      cancelUrl: `${page}?payos=cancel`,
      expiredAt: Math.floor(expiresAt / 1000),
    });
  } catch (error) {
    if (error instanceof PayOsUnavailable) throw unavailable(error);
    throw error;
  }
  const values = { payos_order_code: orderCode, payment_link_id: link.paymentLinkId.slice(0, 100), checkout_url: link.checkoutUrl.slice(0, 500), amount: total, status: 'PENDING' };
  if (existing) {
    await ctx.db.updateTable('payos_payment_links').set(values).where('id', '=', existing.id).where('payos_order_code', '=', existing.payos_order_code).execute();
  } else {
    try {
      await ctx.db.insertInto('payos_payment_links').values({ order_id: row.id, ...values }).execute();
    } catch (error) {
      // Two clicks at once: the other request's link is the order's.
      if (!isUniqueViolation(error)) throw error;
      const other = await ctx.db.selectFrom('payos_payment_links').select('checkout_url').where('order_id', '=', row.id).executeTakeFirstOrThrow();
      return other.checkout_url;
    }
  }
  return link.checkoutUrl;
}
