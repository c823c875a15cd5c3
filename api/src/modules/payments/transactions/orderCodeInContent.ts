import { foldVietnamese } from 'shared-contracts/schemas';

/** Longest transfer content read (the column holds 500; banks send far less). */
export const CONTENT_MAX_LENGTH = 500;
/** An order code is 'EV' + yyMMdd + the id on at least 4 digits (orders/orderCode.ts): 10 digits at least. */
const MIN_DIGITS = 10;
/** An id of more than 10 digits does not fit the orders table: longer runs are other numbers glued on. */
const MAX_DIGITS = 16;

/**
 * The order codes a transfer content may hold, most likely first: the content is folded (case, diacritics),
 * every space and punctuation mark dropped (a bank app splits or decorates the code: 'ev 261122-0007'), then each
 * 'EV' followed by at least 10 digits gives the codes of 10..16 of those digits (the code may be glued to a
 * phone number that follows). The caller keeps the one an order has.
 */
export function orderCodeCandidates(content: string): string[] {
  const squeezed = foldVietnamese(content.slice(0, CONTENT_MAX_LENGTH)).replace(/ /g, '');
  const candidates: string[] = [];
  for (const match of squeezed.matchAll(/ev(\d{10,})/g)) {
    const digits = match[1]!;
    for (let length = Math.min(digits.length, MAX_DIGITS); length >= MIN_DIGITS; length -= 1) {
      const code = `EV${digits.slice(0, length)}`;
      if (!candidates.includes(code)) candidates.push(code);
    }
  }
  return candidates;
}

/** A service invoice code is 'HD' + yyMMdd + 4 of serviceOrders' code letters and digits (no I, O, 0, 1). */
const INVOICE_CODE = /hd(\d{6})([a-hj-np-z2-9]{4})/g;

/** The service invoice codes a transfer content may hold, as the VietQR of the invoice writes them ('HD261128AB3K'). */
export function invoiceCodeCandidates(content: string): string[] {
  const squeezed = foldVietnamese(content.slice(0, CONTENT_MAX_LENGTH)).replace(/ /g, '');
  const candidates: string[] = [];
  for (const match of squeezed.matchAll(INVOICE_CODE)) {
    const code = `HD${match[1]!}${match[2]!.toUpperCase()}`;
    if (!candidates.includes(code)) candidates.push(code);
  }
  return candidates;
}
