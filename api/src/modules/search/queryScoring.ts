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

/**
 * The documents matching `tree` with their scores (by their ids, MiniSearch's idField), as MiniSearch#search
 * scores them with `fieldBoosts` (the fields in the order given to MiniSearch) and `boostDocument`; null when the
 * query holds more than MAX_SCORED_TERMS distinct terms.
 */
export function scoreQuery(
  miniSearch: MiniSearch<never> | MiniSearch<object>,
  tree: QueryTree,
  fieldBoosts: Readonly<Record<string, number>>,
  boostDocument: (id: number) => number,
): Map<number, number> | null {
  const state = miniSearch as unknown as MiniSearchState;
  const fields = Object.keys(fieldBoosts).map((field) => ({ id: state._fieldIds[field]!, boost: fieldBoosts[field]! }));
  const termBits = new Map<string, number>();
  /** Each document's boost, asked once a query (it is asked for every term and field the document matches). */
  const docBoosts = new Map<number, number>();

  const termResults = (bit: number, termWeight: number, termBoost: number, data: FieldTermData | undefined, results: Map<number, Scored>): void => {
    if (data === undefined) return;
    for (const field of fields) {
      const freqs = data.get(field.id);
      if (freqs === undefined) continue;
      let matching = freqs.size;
      let idf = invDocFreq(matching, state._documentCount);
      const avgFieldLength = state._avgFieldLength[field.id]!;
      // The product's first factors, multiplied in MiniSearch's order (left to right: the same bits).
      const weight = termWeight * termBoost * field.boost;
      for (const [docId, termFreq] of freqs) {
        let docBoost = docBoosts.get(docId);
        if (docBoost === undefined) {
          const id = state._documentIds.get(docId);
          if (id === undefined) {
            matching -= 1;
            idf = invDocFreq(matching, state._documentCount);
            continue;
          }
          docBoosts.set(docId, (docBoost = boostDocument(id)));
        }
        if (!docBoost) continue;
        const weighted = weight * docBoost * bm25(idf, termFreq, state._fieldLength.get(docId)![field.id]!, avgFieldLength);
        const result = results.get(docId);
        if (result === undefined) results.set(docId, { score: weighted, terms: bit });
        else {
          result.score += weighted;
          result.terms |= bit;
        }
      }
    }
  };

  const termQuery = (query: TermQuery): Map<number, Scored> => {
    const results = new Map<number, Scored>();
    if (!query.term) return results;
    let bit = termBits.get(query.term);
    if (bit === undefined) termBits.set(query.term, (bit = 2 ** termBits.size));
    termResults(bit, 1, query.boost, state._index.get(query.term), results);
    const fuzzyMatches = query.edits > 0 ? state._index.fuzzyGet(query.term, query.edits) : undefined;
    if (query.prefix) {
      for (const [term, data] of state._index.atPrefix(query.term)) {
        const distance = term.length - query.term.length;
        if (!distance) continue;
        fuzzyMatches?.delete(term);
        termResults(bit, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance), query.boost, data, results);
      }
    }
    if (fuzzyMatches) {
      for (const [term, [data, distance]] of fuzzyMatches) {
        if (!distance) continue;
        termResults(bit, (FUZZY_WEIGHT * term.length) / (term.length + distance), query.boost, data, results);
      }
    }
    return results;
  };

  const run = (query: QueryTree): Map<number, Scored> => {
    if ('term' in query) return termQuery(query);
    const results = query.parts.map(run);
    if (results.length === 0) return new Map();
    return results.reduce(query.all ? allOf : anyOf);
  };

  const found = run(tree);
  if (termBits.size > MAX_SCORED_TERMS) return null;
  const scores = new Map<number, number>();
  for (const [docId, { score, terms }] of found) scores.set(state._documentIds.get(docId)!, score * (bitCount(terms) || 1));
  return scores;
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
