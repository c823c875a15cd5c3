import MiniSearch, { type Query, type QueryCombination, type SearchOptions } from 'minisearch';
import { OK_JSON_WRAPPING } from '../catalogue/catalogueCache';
import { indexTerms, modelTerms, queryWords, searchWords, wordSlips } from './searchTerms';
import type { SearchSource } from './searchSources';

/** The fields an item is found by, each as space-separated index terms (searchTerms.ts). */
interface SearchDocument {
  key: number;
  name: string;
  /** The name's head word: what the item is (Vietnamese puts it first: "Lốp …", "Cáp sạc …", "Bộ sạc …" → sạc). */
  head: string;
  /** Category, brand and SKU. */
  labels: string;
  /** The vehicle models it fits and the kinds of vehicle it is for. */
  fits: string;
  description: string;
}

type Field = Exclude<keyof SearchDocument, 'key'>;

/** How much a match in each field counts (BM25 per field, times this): the name and what the item is first. */
const FIELD_BOOSTS: Record<Field, number> = {
  name: 5,
  head: 3,
  labels: 2,
  fits: 1.5,
  description: 0.5,
};
const FIELDS = Object.keys(FIELD_BOOSTS) as Field[];
/** Unit nouns a name may start with before the word that says what the item is ("Bộ sạc", "Chiếc…"). */
const UNIT_NOUNS: ReadonlySet<string> = new Set(['bo', 'cai', 'chiec']);
/**
 * Weight of a one-letter query word: folded, one letter stands for many syllables ("o" is ô, ổ, ở, ơ…), so it
 * must match but says little ("sac o to" is about "ô tô", not "Ổ cắm").
 */
const ONE_LETTER_WEIGHT = 0.3;
/** Words of a query looked at (the query is at most 100 characters). */
const MAX_QUERY_WORDS = 8;
/** Function words a query may hold ("sạc cho vf3": for; của: of; với: with; các, những: plural), not looked for. */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(['cho', 'cua', 'voi', 'cac', 'nhung']);
/** Edits tolerated in a word the catalogue does not have. */
const TYPO_EDITS = 1;
/** Shortest word tolerated with a typo (shorter ones would match too many other short words). */
const TYPO_MIN_LENGTH = 3;
/** Extra weight of an item whose name has a word of the query typed with its diacritics ("bán" is not "bàn"). */
const TYPED_DIACRITICS_BOOST = 1.1;

const LETTERS = /^\p{L}+$/u;
const DIGITS = /^\p{N}+$/u;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

interface IndexedItem {
  /** The hit as the answer's JSON (serialised once, when the index is built). */
  json: string;
  /** Lower-cased words of the name with their diacritics. */
  typedNameWords: ReadonlySet<string>;
  /** Popularity as a score factor: 1 for no sales, a little more per tenfold units sold. */
  popularity: number;
}

/** A query for exactly this term (a one-letter term weighing less). */
function exactly(term: string): QueryCombination {
  return { queries: [term], prefix: false, fuzzy: false, ...(term.length === 1 ? { boostTerm: () => ONE_LETTER_WEIGHT } : {}) };
}

/** The word a name (its words) says what the item is with: its first, past a leading unit noun. */
function headWord(words: readonly string[]): string {
  return (words.length > 1 && UNIT_NOUNS.has(words[0]!) ? words[1] : words[0]) ?? '';
}

const typedWords = (text: string): string[] => text.normalize('NFC').toLowerCase().split(NOT_WORD).filter(Boolean);

/**
 * The catalogue's search index, held in memory (MiniSearch: BM25 over fields with per-field boosts, prefix and
 * fuzzy matching). Built from the search sources in one go and replaced, never updated, when the catalogue
 * changes (searchService.ts). A query's words must all match (AND), each word by itself, a telex or sound slip of
 * it (only when the word is no word of the catalogue), one edit away (likewise), or as the start of a word (the
 * last word only: the user may still be typing).
 */
export class CatalogueSearchIndex {
  private readonly miniSearch: MiniSearch<SearchDocument>;
  private readonly items: IndexedItem[];
  /** Every index term: a query word found here is taken as typed, no slip or typo looked for. */
  private readonly vocabulary = new Set<string>();
  /** The joined terms of the vehicle models products fit ("vf3", "evo200"). */
  private readonly models: ReadonlySet<string>;
  /** Two neighbouring words of the catalogue by the one word they make typed together ("oto" → o, to). */
  private readonly runTogether = new Map<string, readonly [string, string]>();

  /** `wordsOf` folds a text into words (searchWords, or a remembering one: rememberedSearchWords). */
  constructor(
    sources: readonly SearchSource[],
    private readonly wordsOf: (text: string) => readonly string[] = searchWords,
  ) {
    this.models = new Set(sources.flatMap((source) => source.models.flatMap((model) => modelTerms(wordsOf(model)))));
    this.miniSearch = new MiniSearch<SearchDocument>({
      idField: 'key',
      fields: FIELDS,
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term || null,
      searchOptions: { boost: FIELD_BOOSTS, tokenize: (text) => [text], processTerm: (term) => term },
    });
    this.items = sources.map((source) => ({
      json: JSON.stringify(source.hit),
      typedNameWords: new Set(typedWords(source.name)),
      popularity: 1 + 0.05 * Math.log10(1 + Math.max(0, source.sales)),
    }));
    this.miniSearch.addAll(sources.map((source, key) => this.document(key, source)));
  }

  private document(key: number, source: SearchSource): SearchDocument {
    const terms = (text: string) => {
      const words = this.wordsOf(text);
      const found = indexTerms(words, this.models);
      for (const term of found) this.vocabulary.add(term);
      for (let index = 0; index < words.length - 1; index += 1) {
        this.runTogether.set(words[index]! + words[index + 1]!, [words[index]!, words[index + 1]!]);
      }
      return found.join(' ');
    };
    return {
      key,
      name: terms(source.name),
      head: headWord(this.wordsOf(source.name)),
      labels: [source.category, source.brand, source.sku].map(terms).join(' '),
      fits: [...source.models, source.vehicles].map(terms).join(' '),
      description: terms(source.description),
    };
  }

  get size(): number {
    return this.items.length;
  }

  /** The items matching the query, best first (their positions in the sources). */
  find(query: string): number[] {
    const typed = queryWords(query, this.models);
    const content = typed.filter((word) => !FUNCTION_WORDS.has(word));
    const words = (content.length > 0 ? content : typed).slice(0, MAX_QUERY_WORDS);
    if (words.length === 0) return [];
    const groups = words.map((word, index) => this.wordQuery(word, index === words.length - 1));
    const options = this.rankingOptions(query);
    const found = this.miniSearch.search({ combineWith: 'AND', queries: groups }, options);
    if (found.length > 0 || groups.length < 3) return found.map((result) => result.id as number);
    // Nothing has every word of a longer query: let any one word go ("sạc cho xe vf3"), best score kept.
    const scores = new Map<number, number>();
    for (let skipped = 0; skipped < groups.length; skipped += 1) {
      const rest = groups.filter((_, index) => index !== skipped);
      for (const result of this.miniSearch.search({ combineWith: 'AND', queries: rest }, options)) {
        scores.set(result.id as number, Math.max(scores.get(result.id as number) ?? 0, result.score));
      }
    }
    return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([key]) => key);
  }

  /** The answer's data as JSON ({ query, total, hits }), from the hits serialised at build time. */
  resultJson(query: string, limit: number): string {
    const keys = this.find(query);
    const hits = keys.slice(0, limit).map((key) => this.items[key]!.json);
    return `{"query":${JSON.stringify(query)},"total":${keys.length},"hits":[${hits.join(',')}]}`;
  }

  /** The whole success envelope around resultJson, as UTF-8 bytes. */
  answerBytes(query: string, limit: number): Buffer {
    return Buffer.from(`${OK_JSON_WRAPPING.before}${this.resultJson(query, limit)}${OK_JSON_WRAPPING.after}`, 'utf8');
  }

  /**
   * One query word: itself (prefix when last), or, when the catalogue does not have it, a slip of it the
   * catalogue has, two words of the catalogue typed together ("oto" for "ô tô"), or else a word one edit away.
   */
  private wordQuery(word: string, last: boolean): Query {
    const prefix = last && word.length >= 2 && !DIGITS.test(word);
    if (this.vocabulary.has(word)) return { ...exactly(word), prefix };
    const alternatives: Query[] = wordSlips(word).filter((slip) => this.vocabulary.has(slip)).map(exactly);
    const pair = this.runTogether.get(word);
    if (pair) alternatives.push({ combineWith: 'AND', queries: pair.map(exactly) });
    const typo = alternatives.length === 0 && LETTERS.test(word) && word.length >= TYPO_MIN_LENGTH;
    const asTyped: Query = { ...exactly(word), prefix, fuzzy: typo ? TYPO_EDITS : false };
    return alternatives.length === 0 ? asTyped : { combineWith: 'OR', queries: [asTyped, ...alternatives] };
  }

  /** Popularity, and the diacritics the query was typed with, as document boosts. */
  private rankingOptions(query: string): SearchOptions {
    const marked = typedWords(query).filter((word) => searchWords(word).join('') !== word);
    const items = this.items;
    return {
      boostDocument:
        marked.length === 0
          ? (key: number) => items[key]!.popularity
          : (key: number) => {
              const item = items[key]!;
              return marked.some((word) => item.typedNameWords.has(word)) ? item.popularity * TYPED_DIACRITICS_BOOST : item.popularity;
            },
    };
  }
}
