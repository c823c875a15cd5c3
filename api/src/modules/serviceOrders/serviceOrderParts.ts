import type { Kysely, Transaction } from 'kysely';
import type { PartsRequest, PartsRequestStatus } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What a service order needs of its parts, given by the partsRequests module when the app wires the floor
 * (serviceOrdersModule's `parts`): parts requests build on service orders, so serviceOrders never imports them.
 */
export interface ServiceOrderParts {
  /** The order's parts requests as the floor sees them (the drawer), with what `role` may do. */
  requestsOf(db: Db, serviceOrderId: number, role: string): Promise<PartsRequest[]>;
  /** Requests still REQUESTED, AWAITING_CUSTOMER, APPROVED or RESERVED (finishing waits for them). */
  openRequests(db: Db, serviceOrderId: number): Promise<{ id: number; name: string; status: PartsRequestStatus }[]>;
  /** Parts outside the catalogue the parts desk has not resolved. */
  openFreeLines(db: Db, serviceOrderId: number): Promise<{ id: number; description: string }[]>;
  /** On cancel: 409 while parts were issued and not returned; else reservations released, open requests withdrawn. */
  releaseOrderParts(trx: Transaction<Database>, serviceOrderId: number, actor: { actorId: number; at: Date; clock: Clock }): Promise<number>;
  /** Requests waiting for the customer's yes ('Cần bạn duyệt (n)'). */
  pendingApprovals(db: Db, serviceOrderId: number): Promise<number>;
}
