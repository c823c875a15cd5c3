import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { computeInvoice } from '../serviceOrders';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What an order comes to now, as the customer is shown it before approving more (spec §6): the invoice its lines
 * make today (booked services less the package's, parts issued less returned — computeInvoice, the same
 * computation that freezes the invoice) plus the parts approved and not issued yet (APPROVED, RESERVED), each at
 * the price the request was made. Once those are issued in full, the invoice equals this figure.
 */
export async function currentEstimate(db: Db, serviceOrderId: number): Promise<number> {
  const [invoice, approved] = await Promise.all([
    computeInvoice(db, serviceOrderId),
    db
      .selectFrom('parts_requests')
      .select(['quantity', 'unit_price'])
      .where('service_order_id', '=', serviceOrderId)
      .where('status', 'in', ['APPROVED', 'RESERVED'])
      .execute(),
  ]);
  return invoice.total + approved.reduce((sum, row) => sum + row.quantity * row.unit_price, 0);
}
