import { OK_JSON_WRAPPING } from '../../../src/modules/catalogue';
import { CatalogueSearchIndex } from '../../../src/modules/search/catalogueSearchIndex';
import { loadSearchSources, type SearchSource } from '../../../src/modules/search/searchSources';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { RELEVANCE_SET } from './relevanceSet';

/** The relevance set's queries and every start of them (as typed letter by letter), and slips of every kind. */
const QUERIES = [
  ...new Set([
    ...RELEVANCE_SET.flatMap((entry) => Array.from({ length: entry.query.length }, (_, end) => entry.query.slice(0, end + 1))),
    ...['sac cho xe vf3 nhanh', 'pin xe may dien lithium', 'ma fanh truoc', 'oto', 'dday sacj', 'a', 'v', '48', 'vf 3', 'xyzzy', 'Bộ SẠC ô tô'],
  ]),
];

const [sqlite] = testDatabases();

describe('search scores read from the index', () => {
  const scratch = useScratchDatabase(sqlite!, { seed: true });
  let sources: SearchSource[];

  beforeAll(async () => {
    sources = await loadSearchSources(scratch.db, new Date());
  });

  const expectSameScores = (index: CatalogueSearchIndex) => {
    for (const query of QUERIES) {
      const { miniSearch, read } = index.scoresBothWays(query);
      expect({ query, scores: [...read].sort((a, b) => a[0] - b[0]) }).toEqual({ query, scores: [...miniSearch].sort((a, b) => a[0] - b[0]) });
    }
  };

  it('are the scores MiniSearch#search gives, to the last bit', () => {
    expectSameScores(new CatalogueSearchIndex(sources));
  });

  it('stay so after items are updated and removed in place, what was read before the change forgotten', () => {
    const index = new CatalogueSearchIndex(sources);
    // every query scored once: the scores read of the index as it was are kept until it changes
    expectSameScores(index);
    const [renamed, dropped] = sources.filter((source) => source.hit.type === 'product');
    const edited = sources
      .filter((source) => source !== dropped)
      .map((source) => (source === renamed ? { ...source, name: 'Bộ sạc nhanh Quasar', hit: { ...source.hit, title: 'Bộ sạc nhanh Quasar' } } : source));
    expect(index.update(edited)).toBe(true);
    expectSameScores(index);
  });

  it('answers in bytes the envelope around resultJson', () => {
    const index = new CatalogueSearchIndex(sources);
    for (const query of ['sạc vf3', 'xyzzy', 'lốp "klara"'])
      for (const limit of [1, 6, 50]) {
        expect(index.answerBytes(query, limit).toString('utf8')).toBe(`${OK_JSON_WRAPPING.before}${index.resultJson(query, limit)}${OK_JSON_WRAPPING.after}`);
      }
  });
});
