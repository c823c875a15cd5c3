import type { Kysely, Selectable } from 'kysely';
import { ERROR_CODES } from 'shared-contracts/schemas';
import type { Config } from '../../../config';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../http/appError';
import type { CentreScope } from '../../../security/centreScope';
import { shippingCentreId } from '../../orders';
import { paymentExceptionMessages } from './paymentExceptionMessages';

type Db = Kysely<Database>;
export type PaymentTransactionRow = Selectable<Database['payment_transactions']>;

/**
 * The desk a transfer belongs to: the centre of the service invoice it names, that of the order it names
 * (orders.desk_centre_id), else the centre that ships
 * online orders (WEB_ORDERS_SHIPPING_CENTRE_ID, else the first centre) — the desk that handles unnamed transfers.
 */
export async function transactionCentre(db: Db, config: Pick<Config, 'shippingCentreId'>, row: Pick<PaymentTransactionRow, 'order_id' | 'service_invoice_id'>): Promise<number | null> {
  if (row.service_invoice_id !== null) {
    const invoice = await db.selectFrom('service_invoices').select('centre_id').where('id', '=', row.service_invoice_id).executeTakeFirst();
    if (invoice) return invoice.centre_id;
  }
  if (row.order_id !== null) {
    const order = await db.selectFrom('orders').select('desk_centre_id').where('id', '=', row.order_id).executeTakeFirst();
    if (order) return order.desk_centre_id;
  }
  return shippingCentreId(db, config);
}

/**
 * An exception (a payment_transactions row with outcome EXCEPTION) the caller may see: staff and managers those of
 * their desk; admins every one. Another desk's, a matched transfer or a missing one answer 404.
 */
export async function exceptionInScope(db: Db, config: Pick<Config, 'shippingCentreId'>, scope: CentreScope, id: number): Promise<PaymentTransactionRow> {
  const row = await db.selectFrom('payment_transactions').selectAll().where('id', '=', id).where('outcome', '=', 'EXCEPTION').executeTakeFirst();
  if (!row) throw AppError.notFound(paymentExceptionMessages.notFound, ERROR_CODES.PAYMENT_EXCEPTION_NOT_FOUND);
  if (scope.centreId !== null && (await transactionCentre(db, config, row)) !== scope.centreId) {
    throw AppError.notFound(paymentExceptionMessages.notFound, ERROR_CODES.PAYMENT_EXCEPTION_NOT_FOUND);
  }
  return row;
}
