/**
 * Warranty (issue 66 §5): who pays a service-order line, and the warranty claim's state machine. Plain values (no zod)
 * for the UI and the API alike.
 *
 * A line is paid by the customer, by the manufacturer's warranty or by the centre (goodwill). A covered line keeps its
 * worth (what the manufacturer is claimed, or what the centre gave away) and reaches the customer's invoice at 0 ₫.
 *
 * A claim gathers an invoiced order's warranty lines for the vehicle's manufacturer:
 * DRAFT     → SUBMITTED  sent to the manufacturer (the claimed parts and labour, the checklist's photos)
 * SUBMITTED → APPROVED   the manufacturer accepted it, for at most the claimed amount (its reference kept)
 *           → REJECTED   the manufacturer refused it, with its reason (final: the centre bears the cost)
 * APPROVED  → CREDITED   the manufacturer's money came in: amount, method, reference, who and when recorded
 */
export const LINE_PAYERS = ['CUSTOMER', 'WARRANTY', 'GOODWILL'] as const;
export type LinePayer = (typeof LINE_PAYERS)[number];

export const LINE_PAYER_LABELS: Record<LinePayer, string> = {
  CUSTOMER: 'Khách hàng trả',
  WARRANTY: 'Bảo hành hãng',
  GOODWILL: 'Trung tâm hỗ trợ',
};

/** Whether the customer is spared the line (the manufacturer or the centre pays it). */
export function isCoveredPayer(payer: LinePayer): boolean {
  return payer !== 'CUSTOMER';
}

/** What the customer is charged for a line: its total when they pay it, 0 ₫ when it is covered. */
export function chargedAmountOf(line: { lineTotal: number; payer?: LinePayer }): number {
  return line.payer === undefined || line.payer === 'CUSTOMER' ? line.lineTotal : 0;
}

/** Who may set a line's payer: the desk puts a line under warranty; only a manager gives goodwill away. */
export const LINE_PAYER_ROLES: Record<LinePayer, readonly string[]> = {
  CUSTOMER: ['staff', 'manager'],
  WARRANTY: ['staff', 'manager'],
  GOODWILL: ['manager'],
};

/** The service-order statuses in which a line's payer may change: until the invoice freezes the lines. */
export const LINE_PAYER_EDITABLE_STATUSES = ['OPEN', 'IN_PROGRESS', 'WORK_DONE'] as const;

export const WARRANTY_CLAIM_STATUSES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'CREDITED'] as const;
export type WarrantyClaimStatus = (typeof WARRANTY_CLAIM_STATUSES)[number];

export const WARRANTY_CLAIM_STATUS_LABELS: Record<WarrantyClaimStatus, string> = {
  DRAFT: 'Nháp',
  SUBMITTED: 'Đã gửi hãng',
  APPROVED: 'Hãng đã duyệt',
  REJECTED: 'Hãng từ chối',
  CREDITED: 'Đã nhận tiền hãng',
};

/** The actions on a claim, the status each starts from and the status it leads to. */
export const WARRANTY_CLAIM_ACTIONS = {
  submit: { from: 'DRAFT', to: 'SUBMITTED', label: 'Gửi hãng' },
  approve: { from: 'SUBMITTED', to: 'APPROVED', label: 'Hãng duyệt' },
  reject: { from: 'SUBMITTED', to: 'REJECTED', label: 'Hãng từ chối' },
  credit: { from: 'APPROVED', to: 'CREDITED', label: 'Ghi nhận tiền hãng trả' },
} as const satisfies Record<string, { from: WarrantyClaimStatus; to: WarrantyClaimStatus; label: string }>;
export type WarrantyClaimAction = keyof typeof WARRANTY_CLAIM_ACTIONS;

/** The actions open to a claim in `status` (at most two: approve or reject a submitted claim). */
export function warrantyClaimActionsOf(status: WarrantyClaimStatus): WarrantyClaimAction[] {
  return (Object.keys(WARRANTY_CLAIM_ACTIONS) as WarrantyClaimAction[]).filter((action) => WARRANTY_CLAIM_ACTIONS[action].from === status);
}

/** How the manufacturer's money came in. */
export const WARRANTY_CREDIT_METHODS = ['BANK_TRANSFER', 'CREDIT_NOTE'] as const;
export type WarrantyCreditMethod = (typeof WARRANTY_CREDIT_METHODS)[number];
export const WARRANTY_CREDIT_METHOD_LABELS: Record<WarrantyCreditMethod, string> = {
  BANK_TRANSFER: 'Chuyển khoản',
  CREDIT_NOTE: 'Cấn trừ công nợ (giấy báo có)',
};

/** The report's span: months 'yyyy-MM', at most this many. */
export const WARRANTY_REPORT_MAX_MONTHS = 24;
