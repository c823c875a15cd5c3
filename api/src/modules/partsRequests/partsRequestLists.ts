import type { Kysely } from 'kysely';
import { type PartsDesk, type PartsRequest, type PartsRequestStatus } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { centreForRequest, type CentreScope } from '../../security/centreScope';
import { orderInScope, notAssigned } from '../serviceOrders';
import { loadPartsRequests } from './partsRequestViews';

/** Orders whose requests are the floor's work (cancelled and paid ones are history). */
const ON_THE_FLOOR = ['OPEN', 'IN_PROGRESS', 'WORK_DONE', 'INVOICED'] as const;
/** The most a list by status answers (newest first). */
const STATUS_LIST_LIMIT = 200;

/** What needs the desk first: waiting for a decision, for the customer, for stock; then handed out; then the ended. */
const DESK_ORDER: readonly PartsRequestStatus[] = ['REQUESTED', 'APPROVED', 'AWAITING_CUSTOMER', 'RESERVED', 'ISSUED', 'DECLINED', 'REJECTED', 'WITHDRAWN', 'RELEASED'];

function byDeskOrder(a: PartsRequest, b: PartsRequest): number {
  return DESK_ORDER.indexOf(a.status) - DESK_ORDER.indexOf(b.status) || a.id - b.id;
}

/**
 * GET /staff/parts-requests?status=&centreId= (S6, the parts desk): without a status, every request of the
 * centre's orders still on the floor, what needs the desk first; with one, the centre's requests in that status,
 * newest first (at most 200). Each with the centre's availability of its part and the caller's actions.
 */
export async function readPartsDesk(db: Kysely<Database>, scope: CentreScope, query: { centreId?: number; status?: PartsRequestStatus }): Promise<PartsDesk> {
  const centreId = await centreForRequest(db, scope, query.centreId);
  const { status } = query;
  const [centre, requests] = await Promise.all([
    db.selectFrom('service_centres').select(['id', 'name']).where('id', '=', centreId).executeTakeFirstOrThrow(),
    status === undefined
      ? loadPartsRequests(
          db,
          (q) =>
            q
              .selectFrom('parts_requests')
              .innerJoin('service_orders', 'service_orders.id', 'parts_requests.service_order_id')
              .select('parts_requests.id')
              .where('parts_requests.centre_id', '=', centreId)
              .where('service_orders.status', 'in', [...ON_THE_FLOOR]),
          scope.role,
        ).then((list) => list.sort(byDeskOrder))
      : loadPartsRequests(
          db,
          (q) =>
            q
              .selectFrom('parts_requests')
              .select('id')
              .where('centre_id', '=', centreId)
              .where('status', '=', status)
              .orderBy('id', 'desc')
              .limit(STATUS_LIST_LIMIT),
          scope.role,
        ).then((list) => list.reverse()),
  ]);
  return { centre: { id: centre.id, name: centre.name }, requests };
}

/**
 * GET /technician/parts-requests?serviceOrderId= (T4): the requests of my orders still on the floor, or of one
 * order of mine (another technician's answers 403 NOT_ASSIGNED, another centre's 404).
 */
export async function readTechnicianParts(db: Kysely<Database>, scope: CentreScope, serviceOrderId: number | undefined): Promise<PartsRequest[]> {
  if (serviceOrderId !== undefined) {
    const order = await orderInScope(db, scope, serviceOrderId);
    if (order.technician_id !== scope.userId) throw notAssigned();
    return loadPartsRequests(db, (q) => q.selectFrom('parts_requests').select('id').where('service_order_id', '=', serviceOrderId), scope.role);
  }
  return loadPartsRequests(
    db,
    (q) =>
      q
        .selectFrom('parts_requests')
        .innerJoin('service_orders', 'service_orders.id', 'parts_requests.service_order_id')
        .select('parts_requests.id')
        .where('service_orders.technician_id', '=', scope.userId)
        .where('service_orders.centre_id', '=', scope.centreId ?? -1)
        .where('service_orders.status', 'in', [...ON_THE_FLOOR]),
    scope.role,
  );
}
