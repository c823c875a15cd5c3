import { searchResultResponseSchema } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { RELEVANCE_SET, type RelevanceCase } from './relevanceSet';

/** The share of the relevance set that must come first for the suite to pass. */
const REQUIRED_SHARE = 0.9;

describe.each(productionDatabase())('search relevance set on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  async function firstTitle(query: string): Promise<string | undefined> {
    const response = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(query)}&limit=5` });
    expect(response.statusCode).toBe(200);
    return searchResultResponseSchema.parse(response.json()).data.hits[0]?.title;
  }

  it(`puts the expected result first for at least ${REQUIRED_SHARE * 100} % of ${RELEVANCE_SET.length} real queries`, async () => {
    const misses: Array<RelevanceCase & { got: string | undefined }> = [];
    for (const entry of RELEVANCE_SET) {
      const got = await firstTitle(entry.query);
      if (got !== entry.first) misses.push({ ...entry, got });
    }
    const share = (RELEVANCE_SET.length - misses.length) / RELEVANCE_SET.length;
    const byKind = (['model', 'typo', 'telex', 'plain'] as const).map((kind) => {
      const all = RELEVANCE_SET.filter((entry) => entry.kind === kind).length;
      const missed = misses.filter((entry) => entry.kind === kind).length;
      return `${kind} ${all - missed}/${all}`;
    });
    console.log(
      [
        `Search relevance on ${target.label}: ${RELEVANCE_SET.length - misses.length}/${RELEVANCE_SET.length} first (${(share * 100).toFixed(1)} %; ${byKind.join(', ')})`,
        ...misses.map((miss) => `  "${miss.query}" (${miss.kind}): expected "${miss.first}", got ${miss.got === undefined ? 'nothing' : `"${miss.got}"`}`),
      ].join('\n'),
    );
    expect(share).toBeGreaterThanOrEqual(REQUIRED_SHARE);
  });
});
