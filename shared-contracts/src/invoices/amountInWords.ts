/**
 * The total of an invoice in Vietnamese words, as invoices print it ("Một triệu năm trăm nghìn đồng"):
 *
 * - groups of three digits read with "trăm", then "nghìn", "triệu", "tỷ"; past 10^12 "tỷ" repeats
 *   (3,000,000,000,000 = "ba nghìn tỷ");
 * - a group after a higher one is read in full: "không trăm", and "linh" for a missing tens digit (we write
 *   "linh", the northern and invoice-software usage, never "lẻ"); an all-zero group is skipped;
 * - "mười" for 10–19, "mươi" for the tens from 20; "mốt" for 1 after tens ≥ 2, else "một"; "lăm" for 5 after a
 *   tens digit ≥ 1, else "năm"; 4 is always "bốn" (never "tư": one spelling, as on most invoices);
 * - the first letter capitalised, ending in "đồng". Zero is "Không đồng".
 */
const DIGITS: readonly string[] = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'];
const digit = (value: number): string => DIGITS[value] ?? '';
const BILLION = 1_000_000_000;

function readTriple(value: number, afterHigher: boolean): string[] {
  const hundreds = Math.floor(value / 100);
  const tens = Math.floor(value / 10) % 10;
  const units = value % 10;
  const words: string[] = [];
  if (afterHigher || hundreds > 0) words.push(digit(hundreds), 'trăm');
  if (tens === 0) {
    if (units > 0 && words.length > 0) words.push('linh');
  } else if (tens === 1) words.push('mười');
  else words.push(digit(tens), 'mươi');
  if (units === 1) words.push(tens >= 2 ? 'mốt' : 'một');
  else if (units === 5) words.push(tens >= 1 ? 'lăm' : 'năm');
  else if (units > 0) words.push(digit(units));
  return words;
}

/** 0 < value < 10^9, `afterHigher` when a "tỷ" precedes it. */
function readBelowBillion(value: number, afterHigher: boolean): string[] {
  const groups = [Math.floor(value / 1_000_000), Math.floor(value / 1_000) % 1_000, value % 1_000];
  const scales = ['triệu', 'nghìn', ''];
  const words: string[] = [];
  let started = afterHigher;
  groups.forEach((group, index) => {
    if (group === 0) return;
    words.push(...readTriple(group, started));
    const scale = scales[index];
    if (scale) words.push(scale);
    started = true;
  });
  return words;
}

function read(value: number, afterHigher: boolean): string[] {
  if (value < BILLION) return readBelowBillion(value, afterHigher);
  const high = Math.floor(value / BILLION);
  const low = value % BILLION;
  return [...read(high, afterHigher), 'tỷ', ...(low > 0 ? readBelowBillion(low, true) : [])];
}

/** Integer VND (0 … Number.MAX_SAFE_INTEGER) in Vietnamese words; throws on anything else (a programming error). */
export function amountInVietnameseWords(vnd: number): string {
  if (!Number.isSafeInteger(vnd) || vnd < 0) throw new RangeError(`amountInVietnameseWords: ${vnd} is not a whole, non-negative VND amount`);
  const text = vnd === 0 ? 'không' : read(vnd, false).join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} đồng`;
}
