import type { Kysely, Transaction } from 'kysely';
import { ERROR_CODES, OPEN_PARTS_REQUEST_STATUSES, PARTS_REQUEST_TRANSITIONS, type PartsRequestStatus } from 'shared-contracts/schemas';
import { toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import { releaseCentreStock } from '../stockLocations';

type Db = Kysely<Database> | Transaction<Database>;

/** What the service order asks of its parts requests, through the port serviceOrderParts.ts gives it. */

export const partsHookMessages = {
  issued: (count: number) => `Không thể hủy phiếu: còn ${count} phụ tùng đã xuất kho chưa nhập trả. Vui lòng nhập trả trước khi hủy.`,
} as const;

/** The order's requests still open (REQUESTED, AWAITING_CUSTOMER, APPROVED, RESERVED): finishing waits for them. */
export async function openPartsRequests(db: Db, serviceOrderId: number): Promise<{ id: number; name: string; status: PartsRequestStatus }[]> {
  const rows = await db
    .selectFrom('parts_requests')
    .innerJoin('products', 'products.id', 'parts_requests.product_id')
    .select(['parts_requests.id', 'products.name', 'parts_requests.status'])
    .where('parts_requests.service_order_id', '=', serviceOrderId)
    .where('parts_requests.status', 'in', [...OPEN_PARTS_REQUEST_STATUSES])
    .orderBy('parts_requests.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, status: row.status as PartsRequestStatus }));
}

/** The order's parts outside the catalogue still OPEN (neither linked nor special-ordered): finishing waits for them too. */
export async function openFreePartLines(db: Db, serviceOrderId: number): Promise<{ id: number; description: string }[]> {
  return db
    .selectFrom('parts_free_lines')
    .select(['id', 'description'])
    .where('service_order_id', '=', serviceOrderId)
    .where('status', '=', 'OPEN')
    .orderBy('id')
    .execute();
}

/** Units issued to the order and not returned (a cancel is refused while there are any). */
async function outstandingIssued(db: Db, serviceOrderId: number): Promise<number> {
  const row = await db
    .selectFrom('parts_requests')
    .select((eb) => eb.fn.sum<number | string>(eb('issued_qty', '-', eb.ref('returned_qty'))).as('outstanding'))
    .where('service_order_id', '=', serviceOrderId)
    .where('status', '=', 'ISSUED')
    .executeTakeFirst();
  return toNumber(row?.outstanding ?? 0);
}

/**
 * Inside the cancel's transaction: refused (409 PARTS_ISSUED) while parts were issued and not returned; else
 * every reservation is given back to the centre's stock (RESERVED → RELEASED) and every open request withdrawn
 * (REQUESTED | AWAITING_CUSTOMER | APPROVED → WITHDRAWN), with their history. The issued check runs again after
 * the updates: an issue racing the cancel either moved its request before (the check sees it, the cancel is
 * rolled back) or finds it RELEASED (the issue is refused). The cancel has already moved (and locked) the order,
 * so no new request can be added meanwhile.
 */
export async function releaseOrderParts(trx: Transaction<Database>, serviceOrderId: number, actor: { actorId: number; at: Date; clock: Clock }): Promise<number> {
  const refuse = async () => {
    const outstanding = await outstandingIssued(trx, serviceOrderId);
    if (outstanding > 0) throw new AppError(409, ERROR_CODES.PARTS_ISSUED, partsHookMessages.issued(outstanding));
  };
  await refuse();
  const at = actor.at.toISOString();
  // Withdrawn first, then released: a request a concurrent approval moved on to RESERVED meanwhile is still
  // caught by the second statement (on PostgreSQL each statement sees what committed before it).
  const withdrawn = await trx
    .updateTable('parts_requests')
    .set((eb) => ({ status: 'WITHDRAWN', version: eb('version', '+', 1), updated_at: at }))
    .where('service_order_id', '=', serviceOrderId)
    .where('status', 'in', [...PARTS_REQUEST_TRANSITIONS.orderCancelled.from])
    .returning(['id', 'status'])
    .execute();
  const released = await trx
    .updateTable('parts_requests')
    .set((eb) => ({ status: 'RELEASED', version: eb('version', '+', 1), updated_at: at }))
    .where('service_order_id', '=', serviceOrderId)
    .where('status', '=', 'RESERVED')
    .returning(['id', 'centre_id', 'product_id', 'quantity'])
    .execute();
  // Product ids ascending: the same order every stock writer takes (no deadlock between two cancels).
  for (const row of [...released].sort((a, b) => a.product_id - b.product_id || a.id - b.id)) {
    await releaseCentreStock(trx, { centreId: row.centre_id, productId: row.product_id, quantity: row.quantity }, actor.clock);
  }
  const history = [
    ...released.map((row) => ({ parts_request_id: row.id, action: 'release', from_status: 'RESERVED', to_status: 'RELEASED' })),
    ...withdrawn.map((row) => ({ parts_request_id: row.id, action: 'orderCancelled', from_status: null, to_status: 'WITHDRAWN' })),
  ];
  if (history.length > 0) {
    await trx
      .insertInto('parts_request_history')
      .values(history.map((entry) => ({ ...entry, quantity: null, changed_by: actor.actorId, note: 'Phiếu dịch vụ bị hủy.', created_at: at })))
      .execute();
  }
  await refuse();
  return history.length;
}

/** Requests of the order waiting for the customer's answer ('Cần bạn duyệt (n)'). */
export async function pendingApprovalsCount(db: Db, serviceOrderId: number): Promise<number> {
  const row = await db
    .selectFrom('parts_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('service_order_id', '=', serviceOrderId)
    .where('status', '=', 'AWAITING_CUSTOMER')
    .executeTakeFirst();
  return toNumber(row?.count ?? 0);
}
