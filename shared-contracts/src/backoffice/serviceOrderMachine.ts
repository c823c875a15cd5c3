/**
 * The service order (phiếu dịch vụ) status machine, defined once for the API (which enforces it) and the back
 * office UI (which offers only the actions it allows). zod-free, so the UI's chunks stay small.
 *
 * (check-in)   appointment PENDING|CONFIRMED → CHECKED_IN, service order OPEN
 * OPEN         → IN_PROGRESS  start (the assigned technician; the clock starts)
 * IN_PROGRESS  → WORK_DONE    finish (the assigned technician; every item answered, no open parts request)
 * WORK_DONE    → IN_PROGRESS  reopen (staff | manager, reason ≥ 5 characters)
 * WORK_DONE    → INVOICED     invoice (staff | manager; the invoice is frozen from the lines)
 * INVOICED     → CLOSED       payment confirmed (cash by staff | manager, or a VietQR transfer received)
 * OPEN | IN_PROGRESS → CANCELLED  cancel (staff | manager, reason ≥ 5 characters)
 * CLOSED, CANCELLED: final.
 */

export const SERVICE_ORDER_STATUSES = ['OPEN', 'IN_PROGRESS', 'WORK_DONE', 'INVOICED', 'CLOSED', 'CANCELLED'] as const;
export type ServiceOrderStatus = (typeof SERVICE_ORDER_STATUSES)[number];

export const SERVICE_ORDER_STATUS_LABELS: Record<ServiceOrderStatus, string> = {
  OPEN: 'Đã tiếp nhận',
  IN_PROGRESS: 'Đang làm',
  WORK_DONE: 'Xong việc – chờ hoá đơn',
  INVOICED: 'Chờ thanh toán',
  CLOSED: 'Đã thanh toán',
  CANCELLED: 'Đã hủy',
};

/** What the customer's dashboard shows for each status (spec §6). */
export const SERVICE_ORDER_CUSTOMER_LABELS: Record<ServiceOrderStatus, string> = {
  OPEN: 'Đã tiếp nhận',
  IN_PROGRESS: 'Đang thực hiện',
  WORK_DONE: 'Xe đã xong – chờ thanh toán',
  INVOICED: 'Xe đã xong – chờ thanh toán',
  CLOSED: 'Đã thanh toán',
  CANCELLED: 'Đã hủy',
};

/** The customer's label while extra work waits for their yes: 'Cần bạn duyệt (n)'. */
export function customerServiceOrderLabel(status: ServiceOrderStatus, pendingApprovals: number): string {
  if (pendingApprovals > 0 && (status === 'OPEN' || status === 'IN_PROGRESS')) return `Cần bạn duyệt (${pendingApprovals})`;
  return SERVICE_ORDER_CUSTOMER_LABELS[status];
}

export type ServiceOrderAction = 'start' | 'finish' | 'reopen' | 'invoice' | 'confirmPayment' | 'cancel';
export type BackOfficeRole = 'staff' | 'technician' | 'manager' | 'admin';

export interface ServiceOrderTransition {
  action: ServiceOrderAction;
  from: readonly ServiceOrderStatus[];
  to: ServiceOrderStatus;
  /** Who may take it. The technician must also be the order's assigned one. */
  roles: readonly BackOfficeRole[];
  /** A reason of at least REASON_MIN_LENGTH characters is required. */
  needsReason: boolean;
  /** The button's label in the back office. */
  label: string;
}

export const REASON_MIN_LENGTH = 5;

export const SERVICE_ORDER_TRANSITIONS: Record<ServiceOrderAction, ServiceOrderTransition> = {
  start: { action: 'start', from: ['OPEN'], to: 'IN_PROGRESS', roles: ['technician'], needsReason: false, label: 'Bắt đầu' },
  finish: { action: 'finish', from: ['IN_PROGRESS'], to: 'WORK_DONE', roles: ['technician'], needsReason: false, label: 'Hoàn thành' },
  reopen: { action: 'reopen', from: ['WORK_DONE'], to: 'IN_PROGRESS', roles: ['staff', 'manager'], needsReason: true, label: 'Mở lại' },
  invoice: { action: 'invoice', from: ['WORK_DONE'], to: 'INVOICED', roles: ['staff', 'manager'], needsReason: false, label: 'Lập hoá đơn' },
  confirmPayment: { action: 'confirmPayment', from: ['INVOICED'], to: 'CLOSED', roles: ['staff', 'manager'], needsReason: false, label: 'Xác nhận thanh toán' },
  cancel: { action: 'cancel', from: ['OPEN', 'IN_PROGRESS'], to: 'CANCELLED', roles: ['staff', 'manager'], needsReason: true, label: 'Hủy phiếu' },
};

export const SERVICE_ORDER_ACTIONS = Object.keys(SERVICE_ORDER_TRANSITIONS) as ServiceOrderAction[];

/** Whether `action` may be taken from `status` (roles aside). */
export function canTransition(status: ServiceOrderStatus, action: ServiceOrderAction): boolean {
  return SERVICE_ORDER_TRANSITIONS[action].from.includes(status);
}

/** The actions `role` may take on an order in `status` (a technician only on their own order). */
export function availableServiceOrderActions(status: ServiceOrderStatus, role: string, isAssignedTechnician = false): ServiceOrderAction[] {
  return SERVICE_ORDER_ACTIONS.filter((action) => {
    const transition = SERVICE_ORDER_TRANSITIONS[action];
    if (!transition.from.includes(status) || !transition.roles.includes(role as BackOfficeRole)) return false;
    return role !== 'technician' || isAssignedTechnician;
  });
}

/** Statuses in which the technician and bay may still be (re)assigned. */
export const ASSIGNABLE_SERVICE_ORDER_STATUSES: readonly ServiceOrderStatus[] = ['OPEN', 'IN_PROGRESS'];
/** Statuses in which checklist answers and photos may change. */
export const CHECKLIST_EDITABLE_STATUSES: readonly ServiceOrderStatus[] = ['IN_PROGRESS'];
/** Statuses that are still work on the floor (a technician with one of these cannot be moved). */
export const ACTIVE_SERVICE_ORDER_STATUSES: readonly ServiceOrderStatus[] = ['OPEN', 'IN_PROGRESS', 'WORK_DONE', 'INVOICED'];

/** The board's five columns (spec §2). 'WAITING' holds today's appointments not yet checked in. */
export const BOARD_COLUMNS = [
  { key: 'WAITING', label: 'Chờ tiếp nhận' },
  { key: 'OPEN', label: 'Đã tiếp nhận' },
  { key: 'IN_PROGRESS', label: 'Đang làm' },
  { key: 'AWAITING_PAYMENT', label: 'Chờ thanh toán' },
  { key: 'DONE_TODAY', label: 'Xong hôm nay' },
] as const;
export type BoardColumnKey = (typeof BOARD_COLUMNS)[number]['key'];

/** The column a service order's card stands in (cancelled orders are off the board). */
export function boardColumnOf(status: ServiceOrderStatus): BoardColumnKey | null {
  switch (status) {
    case 'OPEN':
      return 'OPEN';
    case 'IN_PROGRESS':
      return 'IN_PROGRESS';
    case 'WORK_DONE':
    case 'INVOICED':
      return 'AWAITING_PAYMENT';
    case 'CLOSED':
      return 'DONE_TODAY';
    default:
      return null;
  }
}

/**
 * One card per vehicle on the board: where a vehicle with several entries today stands. A car on the floor
 * (Đã tiếp nhận, Đang làm, Chờ thanh toán) is shown there, else its appointment waiting for check-in, else its
 * order closed today. The lower rank wins; the other entries travel on the winning card.
 */
export function boardPrecedenceOf(column: BoardColumnKey): number {
  if (column === 'WAITING') return 1;
  if (column === 'DONE_TODAY') return 2;
  return 0;
}

/** Appointment statuses staff may still set with PATCH /appointments/:id/status (the rest follow the service order). */
export const STAFF_APPOINTMENT_STATUSES = ['CONFIRMED', 'CANCELLED', 'NO_SHOW'] as const;
/** Appointment statuses a check-in accepts. */
export const CHECK_IN_APPOINTMENT_STATUSES = ['PENDING', 'CONFIRMED'] as const;
/** NO_SHOW only once the appointment's start + this many minutes has passed. */
export const NO_SHOW_GRACE_MINUTES = 15;

// ---------------------------------------------------------------------------------------------------------
// Checklist

export const CHECKLIST_NOTE_MAX = 300;
export const CHECKLIST_FAIL_NOTE_MIN = 5;
export const CHECKLIST_PHOTOS_MAX = 5;
export const CHECKLIST_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const CHECKLIST_FAIL_NOTE_MESSAGE = 'Mục không đạt cần ghi rõ lý do.';

export type ChecklistProgress = 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETE';

/** The checklist's derived status from its answers (null = not answered yet). */
export function checklistProgress(results: readonly (string | null)[]): ChecklistProgress {
  const answered = results.filter((result) => result !== null).length;
  if (answered === 0 && results.length > 0) return 'NOT_STARTED';
  return answered === results.length ? 'COMPLETE' : 'IN_PROGRESS';
}

// ---------------------------------------------------------------------------------------------------------
// Invoice

export const INVOICE_PAYMENT_METHODS = ['CASH', 'VIETQR'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];
export const INVOICE_PAYMENT_METHOD_LABELS: Record<InvoicePaymentMethod, string> = { CASH: 'Tiền mặt', VIETQR: 'Chuyển khoản VietQR' };
export const INVOICE_PAYMENT_STATUSES = ['UNPAID', 'PAID'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];
export const INVOICE_PAYMENT_STATUS_LABELS: Record<InvoicePaymentStatus, string> = { UNPAID: 'Chưa thanh toán', PAID: 'Đã thanh toán' };

/**
 * A paid invoice's refunds (the ledger's payment_refunds of the invoice). The payment status stays PAID: the money
 * was received (cash closes, reports and the customer's history read it so); what was given back is its own state,
 * derived from the total and the refunds' sum: none, part of it, all of it. The roles that may record a refund are
 * those of a web order's refund (the desk: staff and managers of the invoice's centre, admins).
 */
export const INVOICE_REFUND_STATES = ['NONE', 'PARTIAL', 'FULL'] as const;
export type InvoiceRefundState = (typeof INVOICE_REFUND_STATES)[number];
export const INVOICE_REFUND_STATE_LABELS: Record<InvoiceRefundState, string> = { NONE: 'Chưa hoàn tiền', PARTIAL: 'Đã hoàn một phần', FULL: 'Đã hoàn toàn bộ' };
export const INVOICE_REFUND_ROLES = ['staff', 'manager', 'admin'] as const;
export const INVOICE_REFUND_REASON_MAX = 300;
export const INVOICE_REFUND_REFERENCE_MAX = 100;

/** What has been given back of a paid invoice of `total` once `refunded` was refunded. */
export function invoiceRefundState(total: number, refunded: number): InvoiceRefundState {
  if (refunded <= 0) return 'NONE';
  return refunded >= total ? 'FULL' : 'PARTIAL';
}

/** Whether `role` may refund an invoice in this state (paid, something left to give back). */
export function canRefundInvoice(role: string, paymentStatus: InvoicePaymentStatus, total: number, refunded: number): boolean {
  return (INVOICE_REFUND_ROLES as readonly string[]).includes(role) && paymentStatus === 'PAID' && refunded < total;
}
