/**
 * The parts request (yêu cầu phụ tùng) status machine (spec §2), defined once for the API (which enforces it)
 * and the back office and customer UIs (which offer only the actions it allows). zod-free, so the UI's chunks
 * stay small.
 *
 * (request)          technician on their IN_PROGRESS order → REQUESTED
 * REQUESTED          → REJECTED            reject (staff | manager, reason)                          [final]
 *                    → APPROVED            inScope (staff | manager: part of a booked service)
 *                    → AWAITING_CUSTOMER   sendToCustomer (staff | manager; deadline now + 24 h, customer emailed)
 * AWAITING_CUSTOMER  → APPROVED            customerApprove (the customer, web) | recordApprove (staff | manager, phone, note)
 *                    → DECLINED            customerDecline (the customer, web) | recordDecline (staff | manager, phone, note)  [final]
 *                    → WITHDRAWN           withdraw (staff | manager) | expire (the expiry job at the deadline)              [final]
 * APPROVED           → RESERVED            reserve (automatic at approval, retried by staff | manager; 409 INSUFFICIENT_STOCK keeps it APPROVED)
 *                    → WITHDRAWN           withdraw (staff | manager: the part cannot be had)                               [final]
 * RESERVED           → ISSUED              issue (staff | manager hand the part to the technician; a billable line)
 *                    → RELEASED            release (staff | manager)                                                        [final]
 * ISSUED             → ISSUED              return (staff | manager; returned ≤ issued; the billable line reduced)
 * Cancelling the service order: RESERVED → RELEASED, REQUESTED | AWAITING_CUSTOMER | APPROVED → WITHDRAWN (orderCancelled).
 */

export const PARTS_REQUEST_STATUSES = [
  'REQUESTED',
  'REJECTED',
  'APPROVED',
  'AWAITING_CUSTOMER',
  'DECLINED',
  'WITHDRAWN',
  'RESERVED',
  'ISSUED',
  'RELEASED',
] as const;
export type PartsRequestStatus = (typeof PARTS_REQUEST_STATUSES)[number];

export const PARTS_REQUEST_STATUS_LABELS: Record<PartsRequestStatus, string> = {
  REQUESTED: 'Chờ duyệt',
  REJECTED: 'Đã từ chối',
  APPROVED: 'Đã duyệt – chờ giữ hàng',
  AWAITING_CUSTOMER: 'Chờ khách duyệt',
  DECLINED: 'Khách không đồng ý',
  WITHDRAWN: 'Đã rút lại',
  RESERVED: 'Đã giữ hàng',
  ISSUED: 'Đã xuất kho',
  RELEASED: 'Đã trả hàng giữ',
};

/** Requests still open: the service order cannot be finished while one is (409 PARTS_PENDING). */
export const OPEN_PARTS_REQUEST_STATUSES: readonly PartsRequestStatus[] = ['REQUESTED', 'AWAITING_CUSTOMER', 'APPROVED', 'RESERVED'];
/** Requests that ended without a part fitted. */
export const FINAL_PARTS_REQUEST_STATUSES: readonly PartsRequestStatus[] = ['REJECTED', 'DECLINED', 'WITHDRAWN', 'RELEASED'];
/** Requests whose part counts in the customer's estimate (approved, or on its way to the car). */
export const APPROVED_PARTS_REQUEST_STATUSES: readonly PartsRequestStatus[] = ['APPROVED', 'RESERVED', 'ISSUED'];

export type PartsRequestAction =
  | 'reject'
  | 'inScope'
  | 'sendToCustomer'
  | 'customerApprove'
  | 'customerDecline'
  | 'recordApprove'
  | 'recordDecline'
  | 'withdraw'
  | 'expire'
  | 'reserve'
  | 'issue'
  | 'return'
  | 'release'
  | 'orderCancelled';

/** Who takes an action: the floor's roles, the customer on the web, or the server itself (expiry job, order cancel). */
export type PartsRequestRole = 'staff' | 'manager' | 'technician' | 'customer' | 'system';

export interface PartsRequestTransition {
  action: PartsRequestAction;
  from: readonly PartsRequestStatus[];
  to: PartsRequestStatus;
  roles: readonly PartsRequestRole[];
  /** A reason (reject) or a note (a decision recorded by staff) is required. */
  needsNote: boolean;
  /** The button's label. */
  label: string;
  /** What the request's history says it was (Vietnamese). */
  historyLabel: string;
}

const DESK: readonly PartsRequestRole[] = ['staff', 'manager'];

export const PARTS_REQUEST_TRANSITIONS: Record<PartsRequestAction, PartsRequestTransition> = {
  reject: { action: 'reject', from: ['REQUESTED'], to: 'REJECTED', roles: DESK, needsNote: true, label: 'Từ chối', historyLabel: 'Từ chối yêu cầu' },
  inScope: { action: 'inScope', from: ['REQUESTED'], to: 'APPROVED', roles: DESK, needsNote: false, label: 'Duyệt (trong phạm vi dịch vụ)', historyLabel: 'Duyệt trong phạm vi dịch vụ' },
  sendToCustomer: { action: 'sendToCustomer', from: ['REQUESTED'], to: 'AWAITING_CUSTOMER', roles: DESK, needsNote: false, label: 'Gửi khách duyệt', historyLabel: 'Gửi khách duyệt' },
  customerApprove: { action: 'customerApprove', from: ['AWAITING_CUSTOMER'], to: 'APPROVED', roles: ['customer'], needsNote: false, label: 'Đồng ý', historyLabel: 'Khách đồng ý (trên web)' },
  customerDecline: { action: 'customerDecline', from: ['AWAITING_CUSTOMER'], to: 'DECLINED', roles: ['customer'], needsNote: false, label: 'Từ chối', historyLabel: 'Khách từ chối (trên web)' },
  recordApprove: { action: 'recordApprove', from: ['AWAITING_CUSTOMER'], to: 'APPROVED', roles: DESK, needsNote: true, label: 'Ghi nhận khách đồng ý', historyLabel: 'Khách đồng ý (qua điện thoại)' },
  recordDecline: { action: 'recordDecline', from: ['AWAITING_CUSTOMER'], to: 'DECLINED', roles: DESK, needsNote: true, label: 'Ghi nhận khách từ chối', historyLabel: 'Khách từ chối (qua điện thoại)' },
  withdraw: { action: 'withdraw', from: ['AWAITING_CUSTOMER', 'APPROVED'], to: 'WITHDRAWN', roles: DESK, needsNote: false, label: 'Rút lại', historyLabel: 'Rút lại yêu cầu' },
  expire: { action: 'expire', from: ['AWAITING_CUSTOMER'], to: 'WITHDRAWN', roles: ['system'], needsNote: false, label: 'Hết hạn', historyLabel: 'Hết hạn chờ khách duyệt' },
  reserve: { action: 'reserve', from: ['APPROVED'], to: 'RESERVED', roles: [...DESK, 'system'], needsNote: false, label: 'Giữ hàng', historyLabel: 'Giữ hàng trong kho' },
  issue: { action: 'issue', from: ['RESERVED'], to: 'ISSUED', roles: DESK, needsNote: false, label: 'Xuất kho', historyLabel: 'Xuất kho cho kỹ thuật viên' },
  return: { action: 'return', from: ['ISSUED'], to: 'ISSUED', roles: DESK, needsNote: false, label: 'Nhập trả', historyLabel: 'Nhập trả kho' },
  release: { action: 'release', from: ['RESERVED'], to: 'RELEASED', roles: DESK, needsNote: false, label: 'Trả hàng giữ', historyLabel: 'Trả hàng đã giữ về kho' },
  orderCancelled: {
    action: 'orderCancelled',
    from: ['REQUESTED', 'AWAITING_CUSTOMER', 'APPROVED'],
    to: 'WITHDRAWN',
    roles: ['system'],
    needsNote: false,
    label: 'Hủy theo phiếu',
    historyLabel: 'Phiếu dịch vụ bị hủy',
  },
};

export const PARTS_REQUEST_ACTIONS = Object.keys(PARTS_REQUEST_TRANSITIONS) as PartsRequestAction[];

/** What staff choose on a REQUESTED request (POST …/decision). */
export const PARTS_REQUEST_DECISIONS = ['reject', 'inScope', 'sendToCustomer'] as const;
export type PartsRequestDecision = (typeof PARTS_REQUEST_DECISIONS)[number];

/** A customer's answer (web) or one staff record from a phone call. */
export const CUSTOMER_DECISIONS = ['approve', 'decline'] as const;
export type CustomerDecision = (typeof CUSTOMER_DECISIONS)[number];

/** 'staff_phone': staff recorded what the customer said on the phone or at the counter (a guest has no account). */
export const CUSTOMER_DECISION_VIAS = ['web', 'staff_phone'] as const;
export type CustomerDecisionVia = (typeof CUSTOMER_DECISION_VIAS)[number];

export const PARTS_QUANTITY_MIN = 1;
export const PARTS_QUANTITY_MAX = 99;
export const PARTS_REASON_MAX = 300;
/** How long the customer has to answer a request sent to them. */
export const APPROVAL_WINDOW_HOURS = 24;

/** Whether `action` may be taken from `status` (roles aside). */
export function canTransitionPartsRequest(status: PartsRequestStatus, action: PartsRequestAction): boolean {
  return PARTS_REQUEST_TRANSITIONS[action].from.includes(status);
}

/**
 * The actions `role` may take on a request in `status` — what the UI offers. `returnable` (issued − returned)
 * hides 'return' when nothing is left to return. The server's own actions (expire, orderCancelled) are never offered.
 */
export function availablePartsRequestActions(status: PartsRequestStatus, role: string, options: { returnable?: number } = {}): PartsRequestAction[] {
  return PARTS_REQUEST_ACTIONS.filter((action) => {
    const transition = PARTS_REQUEST_TRANSITIONS[action];
    if (!transition.from.includes(status) || !transition.roles.includes(role as PartsRequestRole)) return false;
    if (action === 'return' && options.returnable !== undefined && options.returnable <= 0) return false;
    return true;
  });
}

/**
 * A part outside the catalogue (spec issue 36): the technician describes it ("gioăng cổng sạc") instead of
 * choosing a product. Such a free line holds no product, so it can neither be priced, approved nor reserved; it
 * becomes a parts request only when the parts desk links it to a product (then it follows the machine above
 * from REQUESTED), or it ends as a special order from a supplier.
 *
 * OPEN  → LINKED          link (staff | manager: a catalogue product; a REQUESTED parts request is made of it)
 *       → SPECIAL_ORDER   specialOrder (staff | manager: supplier note and expected date)            [final]
 */
export const FREE_PART_LINE_STATUSES = ['OPEN', 'LINKED', 'SPECIAL_ORDER'] as const;
export type FreePartLineStatus = (typeof FREE_PART_LINE_STATUSES)[number];
export type FreePartLineAction = 'link' | 'specialOrder';

/** How the desk marks a line described by the technician rather than chosen from the catalogue. */
export const FREE_PART_LINE_MARK = 'Ngoài danh mục';
export const FREE_PART_LINE_STATUS_LABELS: Record<FreePartLineStatus, string> = {
  OPEN: 'Chờ quầy phụ tùng xử lý',
  LINKED: 'Đã gắn sản phẩm',
  SPECIAL_ORDER: 'Đặt hàng riêng',
};
export const FREE_PART_DESCRIPTION_MAX = 200;

/** Only an unresolved (OPEN) free line is linked or special-ordered; a resolved one never changes again. */
export function canResolveFreePartLine(status: FreePartLineStatus): boolean {
  return status === 'OPEN';
}

/** The desk's actions on a free line in `status` for `role`. */
export function availableFreePartLineActions(status: FreePartLineStatus, role: string): FreePartLineAction[] {
  return canResolveFreePartLine(status) && (role === 'staff' || role === 'manager') ? ['link', 'specialOrder'] : [];
}
