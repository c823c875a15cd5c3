import { setImmediate as nextTurn } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import MiniSearch, { type Query } from 'minisearch';
import { searchCardHitOf, type CatalogueView } from 'shared-contracts/schemas';
import { OK_JSON_WRAPPING } from '../catalogue';
import { indexTerms, modelPhraseTerm, modelTerms, queryWords, searchWords, wordSlips } from './searchTerms';
import { readsMiniSearch, scoreQuery, ScoredTerms, type QueryTree, type TermQuery } from './queryScoring';
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
/** The word for a vehicle, said before its model ("xe vf3", "xe feliz s"). */
const VEHICLE_WORD = 'xe';
/** Edits tolerated in a word the catalogue does not have. */
const TYPO_EDITS = 1;
/** Shortest word tolerated with a typo (shorter ones would match too many other short words). */
const TYPO_MIN_LENGTH = 3;
/** Extra weight of an item whose name has a word of the query typed with its diacritics ("bán" is not "bàn"). */
const TYPED_DIACRITICS_BOOST = 1.1;

const LETTERS = /^\p{L}+$/u;
/** The answer's bytes between two hits, and after the last. */
const COMMA = Buffer.from(',');
const ANSWER_END = Buffer.from(`]}${OK_JSON_WRAPPING.after}`);
const DIGITS = /^\p{N}+$/u;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
const NOT_ASCII = /[^\u0020-\u007e]/;

interface IndexedItem {
  /** The hit as the answer's JSON (serialised once, when the item is indexed), and as UTF-8 bytes. */
  json: string;
  bytes: Buffer;
  /** The hit in the card form (issue 70 §2), as UTF-8 bytes: made at its first answer in that form. */
  cardBytes?: Buffer;
  /** Lower-cased words of the name with their diacritics. */
  typedNameWords: ReadonlySet<string>;
  /** Popularity as a score factor: 1 for no sales, a little more per tenfold units sold. */
  popularity: number;
  /** What the item was indexed from: an update re-indexes the items whose source changed. */
  source: SearchSource;
  /** What was indexed (MiniSearch removes a document by its fields), and the neighbouring word pairs it holds ("o to"). */
  document: SearchDocument;
  pairs: readonly string[];
}

/** Query words whose query is kept for the index as it stands (rememberedWordQuery). */
const WORD_QUERIES_KEPT = 10_000;
/** Items a build indexes between two turns of the event loop. */
const BUILD_CHUNK = 100;
/** Of an update, at most this share of the items may change: past it a whole build costs less. */
const UPDATE_MAX_SHARE = 0.25;
/** Updates of up to this many items are always made in place, however small the catalogue. */
const UPDATE_MIN_ITEMS = 50;

/** An item's identity across builds. */
const itemIdOf = (source: SearchSource): string => `${source.hit.type}:${source.hit.id}`;

/** Whether two sources give the same item: every field the index reads (field by field: no copy, no hash). */
function sameSource(a: SearchSource, b: SearchSource): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.category === b.category &&
    a.brand === b.brand &&
    a.sku === b.sku &&
    a.vehicles === b.vehicles &&
    a.sales === b.sales &&
    a.models.length === b.models.length &&
    a.models.every((model, index) => model === b.models[index]) &&
    a.fitModels.length === b.fitModels.length &&
    a.fitModels.every((model, index) => model === b.fitModels[index]) &&
    isDeepStrictEqual(a.hit, b.hit)
  );
}

/** Members counted by how many items hold them: a member while one does. */
class Tally {
  private readonly counts = new Map<string, number>();

  add(member: string): void {
    this.counts.set(member, (this.counts.get(member) ?? 0) + 1);
  }

  remove(member: string): void {
    const count = this.counts.get(member) ?? 0;
    if (count <= 1) this.counts.delete(member);
    else this.counts.set(member, count - 1);
  }

  has(member: string): boolean {
    return this.counts.has(member);
  }

  /** The members in the order they first came (a member removed and added again comes last). */
  members(): IterableIterator<string> {
    return this.counts.keys();
  }
}

/** A query for exactly this term (a one-letter term weighing less). */
function exactly(term: string): TermQuery {
  return { term, prefix: false, edits: 0, boost: term.length === 1 ? ONE_LETTER_WEIGHT : 1 };
}

/** A query tree as MiniSearch takes it (MiniSearch#search: the reference the scores are computed as). */
function asMiniSearchQuery(tree: QueryTree): Query {
  if ('term' in tree) {
    const { term, prefix, edits, boost } = tree;
    return { queries: [term], prefix, fuzzy: edits > 0 ? edits : false, ...(boost === 1 ? {} : { boostTerm: () => boost }) };
  }
  return { combineWith: tree.all ? 'AND' : 'OR', queries: tree.parts.map(asMiniSearchQuery) };
}

/** Keys by score, best first, equal scores in key order (as a new index gives them: an update re-adds an item last). */
const bestFirst = (scores: Map<number, number>): number[] =>
  [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([key]) => key);

/** The word a name (its words) says what the item is with: its first, past a leading unit noun. */
function headWord(words: readonly string[]): string {
  return (words.length > 1 && UNIT_NOUNS.has(words[0]!) ? words[1] : words[0]) ?? '';
}

const sameMembers = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => a.size === b.size && [...a].every((member) => b.has(member));

const typedWords = (text: string): string[] => text.normalize('NFC').toLowerCase().split(NOT_WORD).filter(Boolean);

/**
 * The catalogue's search index, held in memory (MiniSearch: BM25 over fields with per-field boosts, prefix and
 * fuzzy matching). Built from the search sources in one go, then brought up to date item by item when the
 * catalogue changes (`update`, searchService.ts). A query's words must all match (AND), each word by itself, a telex or sound slip of
 * it (only when the word is no word of the catalogue), one edit away (likewise), or as the start of a word (the
 * last word only: the user may still be typing).
 */
export class CatalogueSearchIndex {
  private readonly miniSearch: MiniSearch<SearchDocument>;
  /** The indexed items by their MiniSearch key (an array: the ranking reads it for every candidate). */
  private readonly items: (IndexedItem | undefined)[] = [];
  private itemCount = 0;
  /** Each item's key by its identity (itemIdOf). */
  private readonly keys = new Map<string, number>();
  private nextKey = 0;
  /** Every index term: a query word found here is taken as typed, no slip or typo looked for. */
  private readonly vocabulary = new Tally();
  /** The joined terms of the vehicle models products fit ("vf3", "evo200"; "felizs", "vf8plus" of the reference models). */
  private readonly models: ReadonlySet<string>;
  /** Neighbouring words of the catalogue ("o to") by the one word they make typed together ("oto"). */
  private readonly runTogether = new Map<string, Tally>();
  /** Whether queries are scored from MiniSearch's index directly (queryScoring.ts), else through MiniSearch#search. */
  private readonly readsMiniSearch: boolean;
  /** What scoring reads of the index as it stands (cleared on every change of it). */
  private readonly scoredTerms: ScoredTerms;
  /** Each query word's query (wordQuery) for the index as it stands, by `last` and the word (cleared with scoredTerms). */
  private readonly wordQueries = new Map<string, QueryTree>();

  /**
   * `wordsOf` folds a text into words (searchWords, or a remembering one: rememberedSearchWords); `catalogue`: the
   * whole catalogue when `sources` is only its start (`build` adds the rest), as the models it fits shape every term.
   */
  constructor(
    sources: readonly SearchSource[],
    private readonly wordsOf: (text: string) => readonly string[] = searchWords,
    catalogue: readonly SearchSource[] = sources,
  ) {
    this.models = this.modelsOf(catalogue);
    this.miniSearch = new MiniSearch<SearchDocument>({
      idField: 'key',
      fields: FIELDS,
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term || null,
      searchOptions: { boost: FIELD_BOOSTS, tokenize: (text) => [text], processTerm: (term) => term },
    });
    this.miniSearch.addAll(sources.map((source) => this.indexed(this.nextKey++, source)));
    this.readsMiniSearch = readsMiniSearch(this.miniSearch);
    this.scoredTerms = new ScoredTerms(this.miniSearch, FIELD_BOOSTS);
  }

  /**
   * A new index of `sources`, BUILD_CHUNK items at a time with a turn of the event loop between: a whole build
   * for thousands of products holds no other request for its full length.
   */
  static async build(sources: readonly SearchSource[], wordsOf: (text: string) => readonly string[] = searchWords): Promise<CatalogueSearchIndex> {
    const index = new CatalogueSearchIndex(sources.slice(0, BUILD_CHUNK), wordsOf, sources);
    for (let start = BUILD_CHUNK; start < sources.length; start += BUILD_CHUNK) {
      await nextTurn();
      index.miniSearch.addAll(sources.slice(start, start + BUILD_CHUNK).map((source) => index.indexed(index.nextKey++, source)));
    }
    index.changed();
    return index;
  }

  /**
   * Brings the index to `sources` in place: the items whose fields changed are indexed again, the gone ones
   * removed, the new ones added; what it then finds is what a new index of `sources` finds. Returns false, having
   * changed nothing, when a new index is due instead: the models products fit changed (every item's terms depend
   * on them), or more than a quarter of the items did.
   */
  update(sources: readonly SearchSource[]): boolean {
    if (!sameMembers(this.modelsOf(sources), this.models)) return false;
    const changed: SearchSource[] = [];
    const present = new Set<string>();
    for (const source of sources) {
      const id = itemIdOf(source);
      present.add(id);
      const key = this.keys.get(id);
      if (key === undefined || !sameSource(this.items[key]!.source, source)) changed.push(source);
    }
    const gone = [...this.keys.keys()].filter((id) => !present.has(id));
    if (changed.length + gone.length > Math.max(UPDATE_MIN_ITEMS, UPDATE_MAX_SHARE * this.itemCount)) return false;
    for (const id of gone) {
      this.unindex(this.keys.get(id)!);
      this.keys.delete(id);
    }
    for (const source of changed) {
      const known = this.keys.get(itemIdOf(source));
      if (known !== undefined) this.unindex(known);
      this.miniSearch.add(this.indexed(known ?? this.nextKey++, source));
    }
    if (changed.length + gone.length > 0) this.changed();
    return true;
  }

  /** Forgets what was read of the index before it changed. */
  private changed(): void {
    this.scoredTerms.clear();
    this.wordQueries.clear();
  }

  private modelsOf(sources: readonly SearchSource[]): Set<string> {
    const terms = new Set(sources.flatMap((source) => source.models.flatMap((model) => modelTerms(this.wordsOf(model)))));
    for (const source of sources) {
      for (const model of source.fitModels) {
        const phrase = modelPhraseTerm(this.wordsOf(model));
        if (phrase) terms.add(phrase);
      }
    }
    return terms;
  }

  /** Records the item under `key` and answers its document (for MiniSearch to add). */
  private indexed(key: number, source: SearchSource): SearchDocument {
    const json = JSON.stringify(source.hit);
    const bytes = Buffer.from(json, 'utf8');
    const pairs: string[] = [];
    const terms = (text: string) => {
      const words = this.wordsOf(text);
      const found = indexTerms(words, this.models);
      for (const term of found) this.vocabulary.add(term);
      for (let index = 0; index < words.length - 1; index += 1) {
        const pair = `${words[index]!} ${words[index + 1]!}`;
        const joined = words[index]! + words[index + 1]!;
        let tally = this.runTogether.get(joined);
        if (!tally) this.runTogether.set(joined, (tally = new Tally()));
        tally.add(pair);
        pairs.push(pair);
      }
      return found.join(' ');
    };
    const document: SearchDocument = {
      key,
      name: terms(source.name),
      head: headWord(this.wordsOf(source.name)),
      labels: [source.category, source.brand, source.sku].map(terms).join(' '),
      fits: [...source.models, source.vehicles].map(terms).join(' '),
      description: terms(source.description),
    };
    if (this.items[key] === undefined) this.itemCount += 1;
    this.items[key] = {
      json,
      bytes,
      typedNameWords: new Set(typedWords(source.name)),
      popularity: 1 + 0.05 * Math.log10(1 + Math.max(0, source.sales)),
      source,
      document,
      pairs,
    };
    this.keys.set(itemIdOf(source), key);
    return document;
  }

  /** Takes the item under `key` out of the index, its terms and word pairs out of the counts. */
  private unindex(key: number): void {
    const item = this.items[key]!;
    this.miniSearch.remove(item.document);
    const { name, labels, fits, description } = item.document;
    for (const term of [name, labels, fits, description].join(' ').split(' ')) if (term) this.vocabulary.remove(term);
    for (const pair of item.pairs) {
      // Words hold no space: the pair without its space is the word they make typed together.
      const joined = pair.replace(' ', '');
      const tally = this.runTogether.get(joined)!;
      tally.remove(pair);
      if (tally.members().next().done) this.runTogether.delete(joined);
    }
    this.items[key] = undefined;
    this.itemCount -= 1;
  }

  get size(): number {
    return this.itemCount;
  }

  /** The items matching the query, best first (their positions in the sources). */
  find(query: string): number[] {
    const typed = queryWords(query, this.models);
    // "xe" (vehicle) before a model's joined term only says what the model is ("sạc cho xe vf3"): not looked for.
    const content = typed.filter((word, index) => !FUNCTION_WORDS.has(word) && !(word === VEHICLE_WORD && this.models.has(typed[index + 1] ?? '')));
    const words = (content.length > 0 ? content : typed).slice(0, MAX_QUERY_WORDS);
    if (words.length === 0) return [];
    const groups = words.map((word, index) => this.rememberedWordQuery(word, index === words.length - 1));
    const boost = this.documentBoost(query);
    const found = this.scores({ all: true, parts: groups }, boost);
    if (found.size > 0 || groups.length < 3) return bestFirst(found);
    // Nothing has every word of a longer query: let any one word go ("sạc cho xe vf3"), best score kept; never a
    // vehicle model's joined term ("má phanh feliz s": the model narrows the answer to what fits it).
    const scores = new Map<number, number>();
    for (let skipped = 0; skipped < groups.length; skipped += 1) {
      if (this.models.has(words[skipped]!)) continue;
      const rest = groups.filter((_, index) => index !== skipped);
      for (const [key, score] of this.scores({ all: true, parts: rest }, boost)) scores.set(key, Math.max(scores.get(key) ?? 0, score));
    }
    return bestFirst(scores);
  }

  /** Every matching item's score by its key (queryScoring.ts; MiniSearch#search when it cannot: `reference`). */
  private scores(tree: QueryTree, boostDocument: (key: number) => number, reference = !this.readsMiniSearch): Map<number, number> {
    const scores = reference ? null : scoreQuery(this.scoredTerms, this.miniSearch, tree, boostDocument);
    if (scores) return scores;
    const results = this.miniSearch.search(asMiniSearchQuery(tree), { boostDocument: (key) => boostDocument(key as number) });
    return new Map(results.map((result) => [result.id as number, result.score]));
  }

  /** find's keys and scores through MiniSearch#search itself, then through queryScoring (tests: they must agree). */
  scoresBothWays(query: string): { miniSearch: Map<number, number>; read: Map<number, number> } {
    const typed = queryWords(query, this.models);
    const words = typed.slice(0, MAX_QUERY_WORDS);
    const tree: QueryTree = { all: true, parts: words.map((word, index) => this.wordQuery(word, index === words.length - 1)) };
    const boost = this.documentBoost(query);
    return { miniSearch: this.scores(tree, boost, true), read: this.scores(tree, boost, false) };
  }

  /** The answer's data as JSON ({ query, total, hits }), from the hits serialised at build time; `offset` best hits passed over. */
  resultJson(query: string, limit: number, offset = 0): string {
    const keys = this.find(query);
    const hits = keys.slice(offset, offset + limit).map((key) => this.items[key]!.json);
    return `{"query":${JSON.stringify(query)},"total":${keys.length},"hits":[${hits.join(',')}]}`;
  }

  /**
   * The whole success envelope around resultJson, as UTF-8 bytes (the hits' bytes encoded at build time); with
   * `view` 'card', the hits in the card form; `offset` best hits passed over (`total` still counts every hit).
   */
  answerBytes(query: string, limit: number, view: CatalogueView = 'full', offset = 0): Buffer {
    return Buffer.concat(this.answerParts(query, limit, view, offset));
  }

  /** answerBytes' bytes in their parts, in order (the route joins them into a reused block). */
  answerParts(query: string, limit: number, view: CatalogueView = 'full', offset = 0): Buffer[] {
    const keys = this.find(query);
    const end = Math.min(offset + limit, keys.length);
    const parts: Buffer[] = [Buffer.from(`${OK_JSON_WRAPPING.before}{"query":${JSON.stringify(query)},"total":${keys.length},"hits":[`, 'utf8')];
    for (let index = offset; index < end; index += 1) {
      if (index > offset) parts.push(COMMA);
      const item = this.items[keys[index]!]!;
      parts.push(view === 'card' ? (item.cardBytes ??= Buffer.from(JSON.stringify(searchCardHitOf(item.source.hit)), 'utf8')) : item.bytes);
    }
    parts.push(ANSWER_END);
    return parts;
  }

  /** wordQuery as the index stands, worked out once a word (at most WORD_QUERIES_KEPT, then afresh). */
  private rememberedWordQuery(word: string, last: boolean): QueryTree {
    const key = last ? `$${word}` : word;
    let tree = this.wordQueries.get(key);
    if (tree === undefined) {
      if (this.wordQueries.size >= WORD_QUERIES_KEPT) this.wordQueries.clear();
      this.wordQueries.set(key, (tree = this.wordQuery(word, last)));
    }
    return tree;
  }

  /**
   * One query word: itself (prefix when last), or, when the catalogue does not have it, a slip of it the
   * catalogue has, two words of the catalogue typed together ("oto" for "ô tô"), or else a word one edit away.
   */
  private wordQuery(word: string, last: boolean): QueryTree {
    const prefix = last && word.length >= 2 && !DIGITS.test(word);
    if (this.vocabulary.has(word)) return { ...exactly(word), prefix };
    const alternatives: QueryTree[] = wordSlips(word).filter((slip) => this.vocabulary.has(slip)).map(exactly);
    const pair = this.runTogether.get(word)?.members().next().value;
    if (pair) alternatives.push({ all: true, parts: pair.split(' ').map(exactly) });
    const typo = alternatives.length === 0 && LETTERS.test(word) && word.length >= TYPO_MIN_LENGTH;
    const asTyped: TermQuery = { ...exactly(word), prefix, edits: typo ? TYPO_EDITS : 0 };
    return alternatives.length === 0 ? asTyped : { all: false, parts: [asTyped, ...alternatives] };
  }

  /** Popularity, and the diacritics the query was typed with, as a document's boost. */
  private documentBoost(query: string): (key: number) => number {
    // An ASCII word folds to itself: only the others are folded to see whether they carry a mark.
    const marked = !NOT_ASCII.test(query) ? [] : typedWords(query).filter((word) => NOT_ASCII.test(word) && searchWords(word).join('') !== word);
    const items = this.items;
    return marked.length === 0
      ? (key) => items[key]!.popularity
      : (key) => {
          const item = items[key]!;
          return marked.some((word) => item.typedNameWords.has(word)) ? item.popularity * TYPED_DIACRITICS_BOOST : item.popularity;
        };
  }
}
