/**
 * Vietnamese tax codes (mã số thuế): 10 digits, or 13 for a branch (the parent's 10 digits and a branch number
 * 001–999, written "0123456789-001"). The 10th digit checks the first nine with the General Department of
 * Taxation's weights: check = 10 − (Σ dᵢ·wᵢ mod 11), w = 31, 29, 23, 19, 17, 13, 7, 5, 3; a remainder of 0 (check
 * 10) is never issued, so such a code is refused (python-stdnum's stdnum.vn.mst; docs/decisions/0046).
 */
const WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;
const SHAPE = /^(\d{10})(?:-?(\d{3}))?$/;

export const taxCodeMessages = {
  required: 'Vui lòng nhập mã số thuế.',
  shape: 'Mã số thuế gồm 10 chữ số, hoặc 13 chữ số dạng 0123456789-001 cho chi nhánh.',
  checkDigit: 'Mã số thuế không hợp lệ (chữ số kiểm tra không đúng).',
  branch: 'Mã chi nhánh của mã số thuế phải từ 001 đến 999.',
} as const;

export type TaxCodeCheck = { valid: true; taxCode: string } | { valid: false; message: string };

/** The check digit of the first nine digits, or null when none can be issued (remainder 0). */
export function taxCodeCheckDigit(firstNine: string): number | null {
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(firstNine[index]), 0);
  const check = 10 - (sum % 11);
  return check === 10 ? null : check;
}

/** Checks a tax code (spaces, dots and a missing hyphen tolerated) and returns it as 10 digits or "10-3". */
export function validateVietnameseTaxCode(code: string): TaxCodeCheck {
  const compact = code.replace(/[\s.]/g, '');
  if (compact === '') return { valid: false, message: taxCodeMessages.required };
  const match = SHAPE.exec(compact);
  if (!match) return { valid: false, message: taxCodeMessages.shape };
  const [, main, branch] = match as unknown as [string, string, string | undefined];
  if (taxCodeCheckDigit(main.slice(0, 9)) !== Number(main[9])) return { valid: false, message: taxCodeMessages.checkDigit };
  if (branch === '000') return { valid: false, message: taxCodeMessages.branch };
  return { valid: true, taxCode: branch === undefined ? main : `${main}-${branch}` };
}
