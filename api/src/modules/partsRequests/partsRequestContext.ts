import type { ServiceOrderContext } from '../serviceOrders/serviceOrderContext';

/** What the parts request and approval operations share (built once by partsRequestsPlugin). */
export interface PartsRequestContext extends ServiceOrderContext {
  /** The site's public origin: the approval email links to `${publicUrl}/dashboard`. */
  publicUrl: string;
}
