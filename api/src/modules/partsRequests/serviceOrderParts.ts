import type { ServiceOrderParts } from '../serviceOrders';
import { openFreePartLines, openPartsRequests, pendingApprovalsCount, releaseOrderParts } from './partsRequestHooks';
import { loadPartsRequests } from './partsRequestViews';

/** The parts of a service order, as serviceOrders asks for them (the app hands this to serviceOrdersModule). */
export const serviceOrderParts: ServiceOrderParts = {
  requestsOf: (db, serviceOrderId, role) => loadPartsRequests(db, (q) => q.selectFrom('parts_requests').select('id').where('service_order_id', '=', serviceOrderId), role),
  openRequests: openPartsRequests,
  openFreeLines: openFreePartLines,
  releaseOrderParts,
  pendingApprovals: pendingApprovalsCount,
};
