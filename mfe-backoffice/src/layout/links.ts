// Links between the areas' pages: a service order on the staff board, a technician's parts request for an order.
/** The link that opens a service order's drawer on the board (/staff/service-orders?order=<id>). */
export const serviceOrderLink = (id: number) => `/staff/service-orders?order=${id}`;

/**
 * The technician's parts request screen for an order, optionally for one of its FAIL checklist items
 * (/technician/parts-request?order=<id>&item=<itemId>): the order and the finding come preselected. The checklist
 * screen can link a FAIL item here.
 */
export function partsRequestHref(orderId: number, itemId?: number | null): string {
  return itemId ? `/technician/parts-request?order=${orderId}&item=${itemId}` : `/technician/parts-request?order=${orderId}`;
}

/** A positive id from the query string, else null. */
export function queryId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
