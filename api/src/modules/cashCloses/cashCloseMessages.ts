import { ERROR_MESSAGES } from 'shared-contracts/schemas';

/** The Vietnamese answers of the cashier's close ("Chốt ca", issue 62). */
export const cashCloseMessages = {
  current: 'Số liệu ca hiện tại.',
  closed: (difference: number) => (difference === 0 ? 'Đã chốt ca: tiền mặt khớp với sổ.' : 'Đã chốt ca và ghi nhận chênh lệch kèm lý do.'),
  history: 'Lịch sử chốt ca.',
  expectedChanged: ERROR_MESSAGES.CASH_CLOSE_EXPECTED_CHANGED,
  taken: ERROR_MESSAGES.CASH_CLOSE_TAKEN,
  reasonRequired: ERROR_MESSAGES.CASH_CLOSE_REASON_REQUIRED,
} as const;
