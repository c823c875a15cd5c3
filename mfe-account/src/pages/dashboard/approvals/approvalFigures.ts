import { formatDate, SHOP_TIME_ZONE } from 'shared-contracts';
import type { CustomerApproval } from 'shared-contracts/schemas';

/** The card's anchor: /dashboard#can-ban-duyet scrolls to it and focuses its heading. */
export const APPROVALS_ANCHOR = 'can-ban-duyet';

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** dd/MM/yyyy HH:mm in Asia/Ho_Chi_Minh (the deadline reads date first: 'Hạn duyệt: 25/11/2026 09:30'). */
export function formatDeadline(value: string): string {
  return `${formatDate(value)} ${timeFormat.format(new Date(value))}`;
}

/** The requests of one service order that are approved together, and what the order comes to with all of them. */
export interface OrderApprovalTotal {
  serviceOrderId: number;
  serviceOrderCode: string;
  items: CustomerApproval[];
  /** the order's estimate before these (the same on each of its requests) */
  currentEstimate: number;
  /** currentEstimate + Σ line totals: the invoice total if the customer agrees to all of them */
  newEstimate: number;
}

/**
 * 'Đồng ý tất cả': the requests grouped by service order (first seen first), each order with its new estimate.
 * Each request's own newEstimate counts only itself; agreeing to all adds every line to the order's estimate.
 */
export function totalsByOrder(items: readonly CustomerApproval[]): OrderApprovalTotal[] {
  const orders = new Map<number, OrderApprovalTotal>();
  for (const item of items) {
    const order = orders.get(item.serviceOrderId) ?? {
      serviceOrderId: item.serviceOrderId,
      serviceOrderCode: item.serviceOrderCode,
      items: [],
      currentEstimate: item.currentEstimate,
      newEstimate: item.currentEstimate,
    };
    order.items.push(item);
    order.newEstimate += item.lineTotal;
    orders.set(item.serviceOrderId, order);
  }
  return [...orders.values()];
}

/** How many of `items` belong to the appointment (its order's 'Cần bạn duyệt (n)'). */
export function pendingOf(items: readonly CustomerApproval[], appointmentId: number): number {
  return items.reduce((count, item) => count + (item.appointmentId === appointmentId ? 1 : 0), 0);
}
