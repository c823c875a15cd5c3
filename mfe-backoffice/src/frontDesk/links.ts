/** The link that opens a service order's drawer on the board (/staff/service-orders?order=<id>). */
export const serviceOrderLink = (id: number) => `/staff/service-orders?order=${id}`;
