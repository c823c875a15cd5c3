import { foldVietnamese } from 'shared-contracts/schemas';

/**
 * How text becomes search terms, the same for the catalogue and the query: Vietnamese folding (diacritics and
 * case dropped, 'đ' → 'd', punctuation → space, shared-contracts' foldVietnamese), then a word is split where
 * letters meet digits ("vf3" → "vf 3", "48v" → "48 v", "BAT-LFP-4820" → "bat lfp 4820"). A vehicle model written
 * as letters then a number ("VF 3", "Evo200", "VF e34") also gives one joined term ("vf3", "evo200", "e34"),
 * so that "sạc vf3" and "sạc vf 3" ask the same and "vf 3" never matches a "vf" and a "3" found apart.
 */

const LETTERS_DIGITS = /(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu;
const LETTERS = /^\p{L}+$/u;
const DIGITS = /^\p{N}+$/u;

/** The folded words of a text, split where letters meet digits. */
export function searchWords(text: string): string[] {
  const folded = foldVietnamese(text);
  return folded ? folded.replace(LETTERS_DIGITS, ' ').split(' ') : [];
}

/**
 * searchWords remembered by text (at most `maxTexts`, then started afresh): an index rebuilt after a write folds
 * again only the texts that changed.
 */
export function rememberedSearchWords(maxTexts = 20_000): (text: string) => readonly string[] {
  const known = new Map<string, readonly string[]>();
  return (text) => {
    let words = known.get(text);
    if (words === undefined) {
      if (known.size >= maxTexts) known.clear();
      words = searchWords(text);
      known.set(text, words);
    }
    return words;
  };
}

/** The joined term of a model-like pair of words (letters then digits: "vf" "3" → "vf3"), else null. */
function joinedPair(letters: string, digits: string | undefined): string | null {
  return digits !== undefined && LETTERS.test(letters) && DIGITS.test(digits) ? letters + digits : null;
}

/** The model terms of a vehicle model name's words ("VinFast VF 3" → "vf3"; "Yadea G5" → "g5"). */
export function modelTerms(words: readonly string[]): string[] {
  const terms: string[] = [];
  for (let index = 0; index < words.length - 1; index += 1) {
    const joined = joinedPair(words[index]!, words[index + 1]);
    if (joined) terms.push(joined);
  }
  return terms;
}

/** The most words a model's joined term is made of ("vf 8 plus" is three). */
const MAX_PHRASE_WORDS = 4;

/**
 * The joined term of a vehicle model's own name and variant, as the query and the index take it when its words
 * come in a row ("Feliz S" → "felizs", "VF 8 Plus" → "vf8plus"); null for a one-word name (the word is the term).
 */
export function modelPhraseTerm(words: readonly string[]): string | null {
  return words.length >= 2 && words.length <= MAX_PHRASE_WORDS ? words.join('') : null;
}

/** The joined term of the `length` words from `start` when it is a known model's, else null. */
function knownRun(words: readonly string[], start: number, length: number, models: ReadonlySet<string>): string | null {
  if (start + length > words.length) return null;
  const joined = words.slice(start, start + length).join('');
  return models.has(joined) ? joined : null;
}

/**
 * A text's index terms from its words (searchWords): the words, plus the joined term of every known model among
 * them, as a letters-then-digits pair ("vf 3") or as a known model's words in a row ("feliz s", "vf 8 plus").
 */
export function indexTerms(words: readonly string[], models: ReadonlySet<string>): string[] {
  const terms = [...words];
  for (let index = 0; index < words.length - 1; index += 1) {
    for (let length = 2; length <= MAX_PHRASE_WORDS; length += 1) {
      const run = knownRun(words, index, length, models);
      if (run) terms.push(run);
    }
  }
  return terms;
}

/**
 * A query's words, a known model's words in a row taken as its one joined term, the longest first ("sac vf 3" →
 * sac, vf3; "ma phanh feliz s" → ma, phanh, felizs; "vf 8 plus" → vf8plus).
 */
export function queryWords(query: string, models: ReadonlySet<string>): string[] {
  const words = searchWords(query);
  const result: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    let taken = 1;
    let term = words[index]!;
    for (let length = Math.min(MAX_PHRASE_WORDS, words.length - index); length >= 2; length -= 1) {
      const run = knownRun(words, index, length, models);
      if (run) {
        taken = length;
        term = run;
        break;
      }
    }
    result.push(term);
    index += taken - 1;
  }
  return result;
}

const VOWEL = /[aeiouy]/;

/**
 * A word typed with telex keys left in it, read as telex: "dd" → d, "aa" "aw" "ee" "oo" "ow" "uw" → the vowel,
 * and the tone keys s f r x j after the first vowel dropped (no Vietnamese syllable has those letters after
 * its vowel): "sacj" → sac, "ddoongf" → dong, "nawng" → nang, "hieemr" → hiem. Folded, like the index.
 */
export function telexWord(word: string): string {
  let plain = word.replace(/dd/g, 'd').replace(/([aeo])\1/g, '$1').replace(/([aou])w/g, '$1').replace(/w/g, 'u');
  const vowelAt = plain.search(VOWEL);
  if (vowelAt >= 0) plain = plain.slice(0, vowelAt + 1) + plain.slice(vowelAt + 1).replace(/[sfrxj]/g, '');
  return plain;
}

/** Spellings typed by ear for a Vietnamese initial: "fanh" for phanh, "já" for giá, "zây" for dây, "káp" for cáp. */
const SOUND_SLIPS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^f/, 'ph'],
  [/^j/, 'gi'],
  [/^z/, 'd'],
  [/^k(?=[aou])/, 'c'],
];

/** What a word may have been meant as, when it is no word of the catalogue: telex read, sound slips mended. */
export function wordSlips(word: string): string[] {
  if (!LETTERS.test(word)) return [];
  const slips = new Set<string>([telexWord(word)]);
  for (const [pattern, replacement] of SOUND_SLIPS) {
    if (pattern.test(word)) {
      const mended = word.replace(pattern, replacement);
      slips.add(mended);
      slips.add(telexWord(mended));
    }
  }
  slips.delete(word);
  return [...slips];
}
