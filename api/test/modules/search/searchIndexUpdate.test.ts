import { CatalogueSearchIndex } from '../../../src/modules/search/catalogueSearchIndex';
import { loadSearchSources, type SearchSource } from '../../../src/modules/search/searchSources';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { RELEVANCE_SET } from './relevanceSet';

/** Queries whose answers are compared: the relevance set's and words the edits below add or take away. */
const QUERIES = [...new Set([...RELEVANCE_SET.map((entry) => entry.query), 'sac', 'lop', 'pin', 'bo sac', 'oto', 'xe may', 'phanh', 'kinh chieu hau', 'quasar', 'quasarr', 'vf3', 'bao duong'])];

const [sqlite] = testDatabases();

describe('the search index brought up to date in place', () => {
  const scratch = useScratchDatabase(sqlite!, { seed: true });
  let sources: SearchSource[];

  beforeAll(async () => {
    sources = await loadSearchSources(scratch.db, new Date());
  });

  /** Every query's answer: the hits' JSON and the total. */
  const answers = (index: CatalogueSearchIndex) => QUERIES.map((query) => index.resultJson(query, 50));

  const products = () => sources.filter((source) => source.hit.type === 'product');

  it('finds after an update what a new index of the same items finds, item for item and in order', () => {
    const index = new CatalogueSearchIndex(sources);
    const [renamed, repriced, described, dropped, sold] = products();
    const edited: SearchSource[] = sources
      .filter((source) => source !== dropped)
      .map((source) => {
        if (source === renamed) return { ...source, name: 'Kính chiếu hậu Quasar gập điện', hit: { ...source.hit, title: 'Kính chiếu hậu Quasar gập điện' } };
        if (source === repriced) return { ...source, hit: { ...source.hit, price: source.hit.price + 12_345 } };
        if (source === described) return { ...source, description: 'Bộ sạc ô tô điện cho xe máy' };
        if (source === sold) return { ...source, sales: source.sales + 5_000 };
        return source;
      });
    const added: SearchSource = { ...renamed!, hit: { ...renamed!.hit, id: 999_999, slug: 'phanh-quasar', title: 'Phanh Quasar' }, name: 'Phanh Quasar', sku: 'QSR-1' };
    const after = [...edited, added];

    // Asked before the update too: what was worked out of the index as it was must not answer after it.
    expect(answers(index)).toEqual(answers(new CatalogueSearchIndex(sources)));
    expect(index.update(after)).toBe(true);
    expect(index.size).toBe(after.length);
    expect(answers(index)).toEqual(answers(new CatalogueSearchIndex(after)));
    // What the edits changed is what the shopper sees: the new name is found, the dropped item is not.
    expect(index.resultJson('quasar', 50)).toContain('Kính chiếu hậu Quasar gập điện');
    expect(index.resultJson('quasar', 50)).toContain('Phanh Quasar');
    expect(answers(index).join('')).not.toContain(`"slug":"${dropped!.hit.slug}"`);
    expect(index.resultJson(repriced!.name, 5)).toContain(`"price":${repriced!.hit.price + 12_345}`);
  });

  it('takes a word the catalogue gains as typed, though it was asked before as a slip of another', () => {
    const [only] = products();
    const index = new CatalogueSearchIndex(sources);
    // "dday" is no word of the catalogue: read as telex, it is "day" (Dây sạc …)
    const asSlip = index.resultJson('dday', 50);
    expect(asSlip).toContain('Dây');
    const withWord = sources.map((source) => (source === only ? { ...source, name: 'Dday', hit: { ...source.hit, title: 'Dday' } } : source));
    expect(index.update(withWord)).toBe(true);
    const asTyped = index.resultJson('dday', 50);
    expect(asTyped).toBe(new CatalogueSearchIndex(withWord).resultJson('dday', 50));
    expect(asTyped).toContain('"title":"Dday"');
    expect(asTyped).not.toContain('Dây');
  });

  it('takes a word no item holds any more out of what is taken as typed', () => {
    const [only] = products();
    const index = new CatalogueSearchIndex(sources);
    const withWord = sources.map((source) => (source === only ? { ...source, name: 'Zorblat', hit: { ...source.hit, title: 'Zorblat' } } : source));
    expect(index.update(withWord)).toBe(true);
    // Typed as the catalogue has it, then one edit away once it is gone from every item.
    expect(index.resultJson('zorblat', 5)).toContain('Zorblat');
    expect(index.update(sources)).toBe(true);
    expect(index.resultJson('zorblat', 5)).toBe(new CatalogueSearchIndex(sources).resultJson('zorblat', 5));
    expect(answers(index)).toEqual(answers(new CatalogueSearchIndex(sources)));
  });

  it('builds in turns the index a build in one go makes', async () => {
    const many = Array.from({ length: 1_200 }, (_, number) => {
      const source = products()[number % products().length]!;
      return { ...source, hit: { ...source.hit, id: 600_000 + number, slug: `${source.hit.slug}-${number}` }, sku: `${source.sku}-${number}` };
    });
    const catalogue = [...sources, ...many];
    const inTurns = await CatalogueSearchIndex.build(catalogue);
    expect(inTurns.size).toBe(catalogue.length);
    expect(answers(inTurns)).toEqual(answers(new CatalogueSearchIndex(catalogue)));
  });

  it('declines, changing nothing, when a new index is due', () => {
    const index = new CatalogueSearchIndex(sources);
    const before = answers(index);
    const [first] = products();
    // A model no product fitted before changes every item's terms.
    const newModel = sources.map((source) => (source === first ? { ...source, models: [...source.models, 'Zeta Q9'] } : source));
    expect(index.update(newModel)).toBe(false);
    // More than a quarter of the items (and more than 50) changed.
    const many = Array.from({ length: 200 }, (_, number) => ({ ...first!, hit: { ...first!.hit, id: 500_000 + number, slug: `moi-${number}` } }));
    expect(index.update([...sources, ...many])).toBe(false);
    expect(answers(index)).toEqual(before);
  });
});
