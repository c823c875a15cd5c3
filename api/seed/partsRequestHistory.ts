/**
 * The history rows of the demo's parts requests (demoHistory's and demoFleet's earlier visits), as the parts
 * request machine writes them: one row per transition, with its actor and, for a request or an issue, its quantity.
 */

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

export interface PartsRequestHistoryRow {
  parts_request_id: number;
  action: string;
  from_status: string | null;
  to_status: string;
  quantity: number | null;
  changed_by: number | null;
  note: null;
  created_at: string;
}

/** The history row builder of one request. */
export function partsRequestStep(partsRequestId: number) {
  return (action: string, from: string | null, to: string, when: number, by: number | null, quantity: number | null = null): PartsRequestHistoryRow => ({
    parts_request_id: partsRequestId,
    action,
    from_status: from,
    to_status: to,
    quantity,
    changed_by: by,
    note: null,
    created_at: iso(when),
  });
}

/**
 * A request asked for at `requested`, sent to the customer 5 minutes later by the staff member, approved at
 * `decided` (reserved at once) and issued at `issued`.
 */
export function approvedRequestHistory(
  partsRequestId: number,
  times: { requested: number; decided: number; issued: number },
  actors: { requestedBy: number | null; staffId: number | null },
  quantity: number,
): PartsRequestHistoryRow[] {
  const step = partsRequestStep(partsRequestId);
  return [
    step('request', null, 'REQUESTED', times.requested, actors.requestedBy, quantity),
    step('sendToCustomer', 'REQUESTED', 'AWAITING_CUSTOMER', times.requested + 5 * MINUTE, actors.staffId),
    step('customerApprove', 'AWAITING_CUSTOMER', 'APPROVED', times.decided, null),
    step('reserve', 'APPROVED', 'RESERVED', times.decided, null),
    step('issue', 'RESERVED', 'ISSUED', times.issued, actors.staffId, quantity),
  ];
}
