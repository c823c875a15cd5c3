/**
 * Vietnamese text folding for search: one rule for the API (the folded search column written at seed/insert
 * time and the folded query) and the UI (highlighting the matched part of a result).
 *
 *   foldVietnamese('Bộ sạc nhanh 60V – Đèn LED') === 'bo sac nhanh 60v den led'
 *
 * Diacritics are dropped (tone marks and the breve/circumflex/horn of ă â ê ô ơ ư), 'đ'/'Đ' becomes 'd',
 * letters are lower-cased, and every run of characters that are not letters or digits becomes one space.
 */

/** Combining marks left by NFD (U+0300–U+036F): every Vietnamese tone and vowel mark is one of them. */
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/** Characters folded so far (a search folds every query: one Map lookup a character instead of NFD and a regex). */
const foldedChars = new Map<string, string>();
/** Most characters remembered (arbitrary input must not grow the map without bound). */
const MAX_FOLDED_CHARS = 4096;

/** One character folded to exactly one character (letters and digits lower-cased without marks, others kept). */
function foldChar(char: string): string {
  let folded = foldedChars.get(char);
  if (folded === undefined) {
    folded = foldCharOnce(char);
    if (foldedChars.size < MAX_FOLDED_CHARS) foldedChars.set(char, folded);
  }
  return folded;
}

function foldCharOnce(char: string): string {
  if (char === 'đ' || char === 'Đ') return 'd';
  const bare = char.normalize('NFD').replace(COMBINING_MARKS, '');
  const lower = bare.toLowerCase();
  // A few characters (e.g. 'İ') lower-case to two code units: keep the one-to-one mapping by taking the first.
  return lower.length === 1 ? lower : (lower[0] ?? char);
}

/** Folded search text: no diacritics, 'đ' → 'd', lower case, words separated by single spaces, trimmed. */
export function foldVietnamese(text: string): string {
  let folded = '';
  for (const char of text.normalize('NFC')) folded += foldChar(char);
  return folded.replace(NOT_WORD, ' ').trim();
}

/** The folded words of a text (empty for a blank text). */
export function foldedWords(text: string): string[] {
  const folded = foldVietnamese(text);
  return folded ? folded.split(' ') : [];
}

/** A part of the original text: [start, end) in UTF-16 code units of the text as given (NFC). */
export interface TextRange {
  start: number;
  end: number;
}

/**
 * Where the words of `query` occur in `text`, with the same folding rule, as ranges of the original text, for
 * highlighting: highlightRanges('Bộ sạc nhanh', 'sac') → [{ start: 3, end: 6 }]. Ranges are sorted and merged.
 * Text is expected in NFC (what the API returns); a decomposed text is matched after composing it.
 */
export function highlightRanges(text: string, query: string): TextRange[] {
  const words = foldedWords(query);
  if (words.length === 0 || text.length === 0) return [];
  const source = text.normalize('NFC');
  // Fold one UTF-16 unit at a time (Vietnamese letters are single units in NFC) so positions map one to one.
  let haystack = '';
  for (let index = 0; index < source.length; index += 1) haystack += foldChar(source.charAt(index));

  const found: TextRange[] = [];
  for (const word of words) {
    let from = 0;
    for (;;) {
      const at = haystack.indexOf(word, from);
      if (at < 0) break;
      found.push({ start: at, end: at + word.length });
      from = at + word.length;
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: TextRange[] = [];
  for (const range of found) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
