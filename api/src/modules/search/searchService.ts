import type { Kysely } from 'kysely';
import { foldVietnamese, type CatalogueView, type SearchResult } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { catalogueGeneration } from '../catalogue';
import { CatalogueSearchIndex } from './catalogueSearchIndex';
import { loadSearchSources } from './searchSources';
import { rememberedSearchWords } from './searchTerms';

export interface CatalogueSearchOptions {
  /** How long an index answers before it is rebuilt in the background: what another process wrote shows by then. */
  ttlMs?: number;
  now?: () => number;
}

interface Built {
  index: CatalogueSearchIndex;
  /** The catalogue generation (catalogueCache.ts) read before the sources were. */
  generation: number;
  builtAt: number;
  /** The first sale-window bound after the build (epoch ms), or null: from then its prices are stale. */
  priceChangesAt: number | null;
}

/**
 * GET /api/search's engine: the catalogue's search index (catalogueSearchIndex.ts) for one database, built on
 * first use and brought up to date when the catalogue changes (in place, or built anew after a large change). A write in this process (which moves the catalogue
 * generation, as every catalogue write does) is searched at once: the next search waits for the new index.
 * What another process wrote is searched within `ttlMs`: an older index goes on answering while its successor
 * is built.
 */
export class CatalogueSearch {
  private built: Built | undefined;
  private building: Promise<Built> | undefined;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly wordsOf = rememberedSearchWords();

  constructor(
    private readonly db: Kysely<Database>,
    options: CatalogueSearchOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /** The current index, built or rebuilt as needed. */
  async index(): Promise<CatalogueSearchIndex> {
    const built = this.built;
    // An index built before a sale window opened or closed holds the old prices: not answered from.
    if (built && built.generation === catalogueGeneration() && (built.priceChangesAt === null || this.now() < built.priceChangesAt)) {
      if (this.now() - built.builtAt >= this.ttlMs) void this.rebuild().catch(() => undefined);
      return built.index;
    }
    let fresh = await this.rebuild();
    // A build already under way may have read the catalogue before the write that sent us here: build again.
    for (let attempt = 0; attempt < 2 && fresh.generation !== catalogueGeneration(); attempt += 1) fresh = await this.rebuild();
    return fresh.index;
  }

  /** Products, services and packages for the query (diacritics, case, telex slips and one-edit typos forgiven), best first. */
  async search(query: string, limit: number): Promise<SearchResult> {
    if (!foldVietnamese(query)) return { query, total: 0, hits: [] };
    return JSON.parse((await this.index()).resultJson(query, limit)) as SearchResult;
  }

  /** The success envelope's bytes for the query in their parts: the route's answer (in the card form with `view` 'card'; from the hit at `offset`). */
  async answerParts(query: string, limit: number, view: CatalogueView = 'full', offset = 0): Promise<Buffer[]> {
    return (await this.index()).answerParts(query, limit, view, offset);
  }

  private rebuild(): Promise<Built> {
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private async build(): Promise<Built> {
    const generation = catalogueGeneration();
    const builtAt = this.now();
    const sources = await loadSearchSources(this.db, new Date(builtAt));
    const bounds = sources.map((source) => source.priceChangesAt).filter((ms): ms is number => ms !== null);
    // The index in hand brought up to date (a save changes an item or two), else a new one.
    const current = this.built?.index;
    const index = current?.update(sources) ? current : await CatalogueSearchIndex.build(sources, this.wordsOf);
    const built = { index, generation, builtAt, priceChangesAt: bounds.length === 0 ? null : Math.min(...bounds) };
    this.built = built;
    return built;
  }
}

/** One search without a kept index (scripts, tests): the index is built for this query alone. */
export function search(db: Kysely<Database>, query: string, limit: number, options: CatalogueSearchOptions = {}): Promise<SearchResult> {
  return new CatalogueSearch(db, options).search(query, limit);
}
