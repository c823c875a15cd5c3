import type MiniSearch from 'minisearch';

/**
 * A query's scores read straight from MiniSearch's index, as `MiniSearch#search` computes them (BM25 per field
 * times the field, term and document boosts; prefix and one-edit matches weighted down; AND/OR trees; each score
 * times the number of query terms matched), without what search() builds per matching document and we never read
 * (`match` objects keyed by term, options spread per term, result objects with stored fields): past the response
 * cache that was most of a search's CPU and garbage. The ranking is MiniSearch's own, the same floating-point
 * operations in the same order; queryScoring.test.ts holds the two equal.
 */

/** One term of the query: itself, and maybe the index terms it starts (`prefix`) or is `edits` away from. */
export interface TermQuery {
  term: string;
  prefix: boolean;
  /** Edits tolerated (0: none). */
  edits: number;
  /** The term's weight (MiniSearch's boostTerm). */
  boost: number;
}

/** Terms, or all (AND) / any (OR) of sub-queries. */
export type QueryTree = TermQuery | { all: boolean; parts: readonly QueryTree[] };

/** Per field: documents (MiniSearch's short ids) → how often the term appears. */
type FieldTermData = Map<number, Map<number, number>>;

/** The parts of MiniSearch 7's state a search reads (private there; shape checked by `readsMiniSearch`). */
interface MiniSearchState {
  _index: {
    get(term: string): FieldTermData | undefined;
    atPrefix(prefix: string): Iterable<[string, FieldTermData]>;
    fuzzyGet(term: string, maxDistance: number): Map<string, [FieldTermData, number]>;
  };
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _documentIds: Map<number, number>;
  _documentCount: number;
}

/** A matching document: its summed score and the query terms it matched (a bit per term). */
interface Scored {
  score: number;
  terms: number;
}

/** The documents a part of a query may still match (undefined: any). */
type Candidates = ReadonlyMap<number, Scored> | undefined;

// MiniSearch 7's defaults (defaultSearchOptions): match weights and BM25 parameters.
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const BM25_K = 1.2;
const BM25_B = 0.7;
const BM25_D = 0.5;
/** Distinct query terms a search can count in a bit set; a query with more goes through MiniSearch#search. */
export const MAX_SCORED_TERMS = 30;

/** BM25's inverse document frequency (the same for every document of a term and field: computed once for them). */
const invDocFreq = (matchingCount: number, totalCount: number): number => Math.log(1 + (totalCount - matchingCount + 0.5) / (matchingCount + 0.5));

/** BM25 (MiniSearch's calcBM25Score) from the inverse document frequency. */
const bm25 = (idf: number, termFreq: number, fieldLength: number, avgFieldLength: number): number =>
  idf * (BM25_D + (termFreq * (BM25_K + 1)) / (termFreq + BM25_K * (1 - BM25_B + (BM25_B * fieldLength) / avgFieldLength)));

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

/** Whether `miniSearch` has the state this module reads (else its callers use MiniSearch#search). */
export function readsMiniSearch(miniSearch: MiniSearch<never> | MiniSearch<object>): boolean {
  const state = miniSearch as unknown as Partial<MiniSearchState>;
  return (
    typeof state._index?.get === 'function' &&
    typeof state._index.atPrefix === 'function' &&
    typeof state._index.fuzzyGet === 'function' &&
    state._fieldLength instanceof Map &&
    state._documentIds instanceof Map &&
    Array.isArray(state._avgFieldLength) &&
    typeof state._fieldIds === 'object' &&
    typeof state._documentCount === 'number'
  );
}

/** An index term's postings in one field, scored: documents (MiniSearch's short ids) and their BM25 before any boost. */
interface FieldPostings {
  boost: number;
  docIds: Int32Array;
  bm25: Float64Array;
}

/** Terms one query word stands for, by prefix or edits, with the distance each lies from it. */
type Expansion = readonly (readonly [term: string, distance: number])[];

/** Postings (numbers) the memo of ScoredTerms holds at most before it starts afresh. */
const MAX_STORED_POSTINGS = 200_000;

/**
 * What scoring reads of the index, worked out once for the index as it stands: each term's BM25 per field and
 * document (BM25 reads the term's document count and the fields' average lengths, which every add or remove moves)
 * and the terms a word's prefix or edits reach. The index calls `clear` after every change; past
 * MAX_STORED_POSTINGS the memo starts afresh, so odd words cannot grow it without bound.
 */
export class ScoredTerms {
  private readonly postings = new Map<string, readonly FieldPostings[]>();
  private readonly prefixes = new Map<string, Expansion>();
  private readonly fuzzy = new Map<string, Expansion>();
  private stored = 0;
  private readonly state: MiniSearchState;
  private readonly fields: readonly { id: number; boost: number }[];

  constructor(miniSearch: MiniSearch<never> | MiniSearch<object>, fieldBoosts: Readonly<Record<string, number>>) {
    this.state = miniSearch as unknown as MiniSearchState;
    this.fields = Object.keys(fieldBoosts).map((field) => ({ id: this.state._fieldIds[field]!, boost: fieldBoosts[field]! }));
  }

  clear(): void {
    this.postings.clear();
    this.prefixes.clear();
    this.fuzzy.clear();
    this.stored = 0;
  }

  /** The term's scored postings per field (empty when the index lacks it). */
  of(term: string): readonly FieldPostings[] {
    let found = this.postings.get(term);
    if (found === undefined) {
      found = this.score(this.state._index.get(term));
      this.remember(this.postings, term, found, found.reduce((sum, field) => sum + field.docIds.length, 1));
    }
    return found;
  }

  /** The index terms longer than `prefix` that start with it, with how many letters longer each is. */
  startingWith(prefix: string): Expansion {
    let found = this.prefixes.get(prefix);
    if (found === undefined) {
      const longer: [string, number][] = [];
      for (const [term] of this.state._index.atPrefix(prefix)) if (term.length > prefix.length) longer.push([term, term.length - prefix.length]);
      this.remember(this.prefixes, prefix, (found = longer), longer.length + 1);
    }
    return found;
  }

  /** The index terms 1 to `edits` edits away from `term`, with their distance. */
  within(term: string, edits: number): Expansion {
    const key = `${edits}:${term}`;
    let found = this.fuzzy.get(key);
    if (found === undefined) {
      const near: [string, number][] = [];
      for (const [match, [, distance]] of this.state._index.fuzzyGet(term, edits)) if (distance) near.push([match, distance]);
      this.remember(this.fuzzy, key, (found = near), near.length + 1);
    }
    return found;
  }

  private remember<T>(memo: Map<string, T>, key: string, value: T, size: number): void {
    if (this.stored + size > MAX_STORED_POSTINGS) this.clear();
    memo.set(key, value);
    this.stored += size;
  }

  /**
   * BM25 as MiniSearch#search computes it for each document of the term, field by field, in its order: a document
   * removed but still in the postings (MiniSearch drops them lazily) is skipped, and the term's document count
   * lowered from there on, as there.
   */
  private score(data: FieldTermData | undefined): FieldPostings[] {
    if (data === undefined) return [];
    const state = this.state;
    const scored: FieldPostings[] = [];
    for (const field of this.fields) {
      const freqs = data.get(field.id);
      if (freqs === undefined) continue;
      let matching = freqs.size;
      let idf = invDocFreq(matching, state._documentCount);
      const avgFieldLength = state._avgFieldLength[field.id]!;
      const docIds: number[] = [];
      const values: number[] = [];
      for (const [docId, termFreq] of freqs) {
        if (!state._documentIds.has(docId)) {
          matching -= 1;
          idf = invDocFreq(matching, state._documentCount);
          continue;
        }
        docIds.push(docId);
        values.push(bm25(idf, termFreq, state._fieldLength.get(docId)![field.id]!, avgFieldLength));
      }
      scored.push({ boost: field.boost, docIds: Int32Array.from(docIds), bm25: Float64Array.from(values) });
    }
    return scored;
  }
}

/**
 * The documents matching `tree` with their scores (by their ids, MiniSearch's idField), as MiniSearch#search
 * scores them with the field boosts `terms` was made with and `boostDocument`; null when the query holds more
 * than MAX_SCORED_TERMS distinct terms.
 */
export function scoreQuery(terms: ScoredTerms, miniSearch: MiniSearch<never> | MiniSearch<object>, tree: QueryTree, boostDocument: (id: number) => number): Map<number, number> | null {
  const state = miniSearch as unknown as MiniSearchState;
  const scoring = new QueryScoring(terms, state, boostDocument);
  const found = scoring.run(tree, undefined);
  if (scoring.termCount > MAX_SCORED_TERMS) return null;
  const scores = new Map<number, number>();
  for (const [docId, { score, terms: matched }] of found) scores.set(state._documentIds.get(docId)!, score * (bitCount(matched) || 1));
  return scores;
}

/** One query's scoring: its terms' bits and its documents' boosts, each asked once. */
class QueryScoring {
  private readonly termBits = new Map<string, number>();
  /** Each document's boost, asked once a query (it is asked for every term and field the document matches). */
  private readonly docBoosts = new Map<number, number>();

  constructor(
    private readonly terms: ScoredTerms,
    private readonly state: MiniSearchState,
    private readonly boostDocument: (id: number) => number,
  ) {}

  get termCount(): number {
    return this.termBits.size;
  }

  /**
   * The documents of `query` (within `within`, when given) with their summed scores. Every part of an AND is read
   * only for the documents the parts before it left (the others cannot match): each kept document's score is the
   * same sum in the same order.
   */
  run(query: QueryTree, within: Candidates): Map<number, Scored> {
    if ('term' in query) return this.termQuery(query, within);
    const { parts } = query;
    if (parts.length === 0) return new Map();
    let found = this.run(parts[0]!, within);
    for (let index = 1; index < parts.length; index += 1) found = query.all ? allOf(found, this.run(parts[index]!, found)) : anyOf(found, this.run(parts[index]!, within));
    return found;
  }

  private termQuery(query: TermQuery, within: Candidates): Map<number, Scored> {
    const results = new Map<number, Scored>();
    if (!query.term) return results;
    let bit = this.termBits.get(query.term);
    if (bit === undefined) this.termBits.set(query.term, (bit = 2 ** this.termBits.size));
    const terms = this.terms;
    this.add(bit, 1, query.boost, terms.of(query.term), results, within);
    const fuzzyMatches = query.edits > 0 ? terms.within(query.term, query.edits) : undefined;
    // A term both starts with the word and lies within its edits counts once, as a prefix match.
    let prefixed: Set<string> | undefined;
    if (query.prefix) {
      for (const [term, distance] of terms.startingWith(query.term)) {
        if (fuzzyMatches) (prefixed ??= new Set()).add(term);
        this.add(bit, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance), query.boost, terms.of(term), results, within);
      }
    }
    if (fuzzyMatches) {
      for (const [term, distance] of fuzzyMatches) {
        if (prefixed?.has(term)) continue;
        this.add(bit, (FUZZY_WEIGHT * term.length) / (term.length + distance), query.boost, terms.of(term), results, within);
      }
    }
    return results;
  }

  /** Adds one index term's postings, weighted, to `results`. */
  private add(bit: number, termWeight: number, termBoost: number, postings: readonly FieldPostings[], results: Map<number, Scored>, within: Candidates): void {
    const docBoosts = this.docBoosts;
    for (const field of postings) {
      // The product's first factors, multiplied in MiniSearch's order (left to right: the same bits).
      const weight = termWeight * termBoost * field.boost;
      const { docIds, bm25: values } = field;
      for (let index = 0; index < docIds.length; index += 1) {
        const docId = docIds[index]!;
        if (within !== undefined && !within.has(docId)) continue;
        let docBoost = docBoosts.get(docId);
        if (docBoost === undefined) docBoosts.set(docId, (docBoost = this.boostDocument(this.state._documentIds.get(docId)!)));
        if (!docBoost) continue;
        const weighted = weight * docBoost * values[index]!;
        const result = results.get(docId);
        if (result === undefined) results.set(docId, { score: weighted, terms: bit });
        else {
          result.score += weighted;
          result.terms |= bit;
        }
      }
    }
  }
}

/** MiniSearch's AND: the documents in both, scores added, in b's order. */
function allOf(a: Map<number, Scored>, b: Map<number, Scored>): Map<number, Scored> {
  const combined = new Map<number, Scored>();
  for (const [docId, found] of b) {
    const existing = a.get(docId);
    if (existing === undefined) continue;
    existing.score = existing.score + found.score;
    existing.terms |= found.terms;
    combined.set(docId, existing);
  }
  return combined;
}

/** MiniSearch's OR: every document of either, scores added. */
function anyOf(a: Map<number, Scored>, b: Map<number, Scored>): Map<number, Scored> {
  for (const [docId, found] of b) {
    const existing = a.get(docId);
    if (existing === undefined) a.set(docId, found);
    else {
      existing.score = existing.score + found.score;
      existing.terms |= found.terms;
    }
  }
  return a;
}
