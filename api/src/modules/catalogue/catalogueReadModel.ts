import { sql, type Kysely } from 'kysely';
import { productCardOf, type FitVehicle, type ProductListQuery } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { runsOneTransactionAtATime } from '../../db/sqlDialect';
import { catalogueAssets } from '../media';
import { joinedAnswer, readyBytes, strongEtagOf, type ReadyJson } from './catalogueCache';
import { listProducts, summaryRowsByIds, toSummary } from './catalogueQueries';
import { nextPriceChange } from './effectivePrice';
import { onlineStock } from '../stockLocations';
import { itemHash, shortHash } from './itemHash';
import { ProductListMirror, type MirroredPage } from './productListMirror';
import { encodeFitmentRules, fitmentRulesOf } from '../fitment';

/**
 * The catalogue list's read model (migration 0017): `product_list_items` holds every active product's
 * ProductSummary as ready JSON text (and its hash, 0019) next to the keys the list filters and sorts on. Each API
 * process keeps a copy of it (productListMirror.ts), checked against the database before every list past the answer
 * cache, and answers from it: the page's items' bytes between the page's own fields, its ETag a hash of the items'
 * hashes.
 *
 * Never stale: triggers mark a product pending in the transaction of any write to it (or to its category or
 * brand), and a row whose sale-window bound has passed since it was written (price_changes_at) counts as pending
 * (docs/decisions/0048-sale-price-window.md). A list that sees a pending product first rewrites the pending rows (`refreshProductListItems`, with
 * the list's own mapping: the bytes are the ones the tables would give) and checks again; if it still sees one
 * pending (a write committed meanwhile, or another refresh holding it), it answers from the tables themselves
 * (`listProducts`, catalogueQueries.ts), so a change committed before a list started always shows in it.
 */

/** Text around the page's JSON in the answer (e.g. the success envelope's). */
export interface JsonWrapping {
  before: string;
  after: string;
}

const NO_WRAPPING: JsonWrapping = { before: '', after: '' };

const mirrors = new WeakMap<Kysely<Database>, ProductListMirror>();

function mirrorOf(db: Kysely<Database>): ProductListMirror {
  let mirror = mirrors.get(db);
  if (mirror === undefined) mirrors.set(db, (mirror = new ProductListMirror(db)));
  return mirror;
}

/**
 * The answer, ready: its bytes, `before` + '{"items":[' + the items + '],"total":…,"page":…,"pageSize":…,
 * "totalPages":…}' + `after` (as JSON.stringify writes a ProductPage), and its ETag, a hash of the same text with
 * each item's hash (item_hash) in place of the item: two answers with the same tag have the same bytes, and hashing
 * 24 × 16 characters costs nothing next to hashing 17 KB.
 */
function pageReady(page: MirroredPage, filters: ProductListQuery, wrapping: JsonWrapping): ReadyJson {
  const head = `${wrapping.before}{"items":[`;
  const tail = `],"total":${page.total},"page":${filters.page},"pageSize":${filters.pageSize},"totalPages":${Math.ceil(page.total / filters.pageSize)}}${wrapping.after}`;
  const parts: Buffer[] = [Buffer.from(head, 'utf8')];
  page.items.forEach((item, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(Buffer.from(tail, 'utf8'));
  return joinedAnswer(parts, strongEtagOf(`${head}${page.hashes.join('')}${tail}`));
}

const COMMA = Buffer.from(',', 'utf8');

/**
 * GET /api/products: the page of products matching the filters, in the asked order, with the total: the JSON of a
 * ProductPage (UTF-8) between `wrapping.before` and `wrapping.after`, byte for byte what
 * `before + JSON.stringify(await listProducts(db, filters, at, vehicle)) + after` gives, and its ETag (prices at `at`).
 * With `filters.view` 'card', the same page with its items in the card form (productCardOf).
 */
export async function listProductPageReady(
  db: Kysely<Database>,
  filters: ProductListQuery,
  wrapping: JsonWrapping = NO_WRAPPING,
  at: Date = new Date(),
  vehicle?: FitVehicle,
): Promise<ReadyJson> {
  if (!assetsChecked.has(db)) await checkAssets(db);
  const mirror = mirrorOf(db);
  let snapshot = await mirror.current();
  if (snapshot === undefined || snapshot.changesAt <= at.getTime()) {
    await refreshInTurn(db, at);
    snapshot = await mirror.current();
    if (snapshot === undefined || snapshot.changesAt <= at.getTime()) {
      const page = await listProducts(db, filters, at, vehicle);
      const answer = filters.view === 'card' ? { ...page, items: page.items.map((item) => productCardOf(item)) } : page;
      return readyBytes(Buffer.from(wrapping.before + JSON.stringify(answer) + wrapping.after, 'utf8'));
    }
  }
  return pageReady(snapshot.page(filters, vehicle), filters, wrapping);
}

// ---------------------------------------------------------------------------------------------------------
// Keeping the rows current

/**
 * The catalogue images' versions (the `?v=` of their URLs), hashed: an item's JSON holds its image's URL, so
 * the rows written by a build with other images are rewritten (`checkAssets`).
 */
let fingerprint: string | undefined;

export function catalogueAssetsFingerprint(): string {
  if (fingerprint === undefined) {
    const versions = [...catalogueAssets()].map(([assetPath, asset]) => `${assetPath} ${asset.version}`).sort();
    fingerprint = shortHash(versions.join('\n'));
  }
  return fingerprint;
}

const assetsChecked = new WeakSet<Kysely<Database>>();

/** Once per process and database: marks pending the rows written with other images' versions. */
async function checkAssets(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('product_list_pending')
    .columns(['product_id'])
    .expression(db.selectFrom('product_list_items').select('product_id').where('assets', '<>', catalogueAssetsFingerprint()))
    .onConflict((oc) => oc.column('product_id').doNothing())
    .execute();
  assetsChecked.add(db);
}

const refreshes = new WeakMap<Kysely<Database>, Promise<unknown>>();

/**
 * One refresh at a time per database in this process: a list waits for the one under way, then runs its own.
 * `limit`: at most this many products (the background refresher's turns, productListRefresher.ts).
 */
export function refreshInTurn(db: Kysely<Database>, at: Date, limit?: number): Promise<number> {
  const previous = refreshes.get(db) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => refreshProductListItems(db, at, limit));
  refreshes.set(db, next);
  return next;
}


/** Products written per statement. */
const CHUNK = 200;

/**
 * Rewrites the rows of the pending products (an inactive or deleted product loses its row), in one transaction
 * that also clears their marks. On PostgreSQL it takes only the marks no transaction holds (FOR UPDATE SKIP
 * LOCKED: a writer in flight holds its product's mark until it commits, and the mark then stays for the next
 * refresh), so it never waits for a writer; a writer that marks a product this refresh took waits for it, and
 * marks it again. The rows whose sale-window bound has passed by `at` (price_changes_at) are marked pending
 * first, and rewritten with their price at `at`. `limit`: at most this many products, the lowest ids first. Returns
 * how many products it took.
 */
export async function refreshProductListItems(db: Kysely<Database>, at: Date = new Date(), limit?: number): Promise<number> {
  // Where transactions run side by side (PostgreSQL), marks another transaction holds are skipped.
  const concurrent = !runsOneTransactionAtATime(db);
  const assets = catalogueAssetsFingerprint();
  await db
    .insertInto('product_list_pending')
    .columns(['product_id'])
    .expression(db.selectFrom('product_list_items').select('product_id').where('price_changes_at', '<=', at.getTime()))
    .onConflict((oc) => oc.column('product_id').doNothing())
    .execute();
  return db.transaction().execute(async (trx) => {
    // PostgreSQL takes only the marks no transaction holds; SQLite's delete comes first, so the transaction holds
    // the write lock before it reads anything.
    const taken = await trx
      .deleteFrom('product_list_pending')
      .$if(concurrent || limit !== undefined, (query) =>
        query.where('product_id', 'in', (eb) => {
          let marks = eb.selectFrom('product_list_pending').select('product_id');
          if (limit !== undefined) marks = marks.orderBy('product_id').limit(limit);
          return concurrent ? marks.forUpdate().skipLocked() : marks;
        }),
      )
      .returning('product_id')
      .execute();
    const ids = taken.map((row) => row.product_id).sort((a, b) => a - b);
    if (ids.length === 0) return 0;
    // The list's version moves with the rows (productListMirror.ts): each process's copy then reads what changed.
    const { version } = await trx
      .updateTable('product_list_version')
      .set({ version: sql<number>`version + 1` })
      .where('id', '=', 1)
      .returning('version')
      .executeTakeFirstOrThrow();
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      await trx.deleteFrom('product_list_items').where('product_id', 'in', chunk).execute();
      const rows = await summaryRowsByIds(trx, chunk);
      if (rows.length === 0) continue;
      // The products' fitment rows (issue 66), for each process's copy to tell fit without a query.
      const fitments = await fitmentRulesOf(trx, chunk);
      // The JSON from the list's mapping; the keys copied by the database itself (created_at keeps its precision).
      const values = sql.join(
        rows.map((row) => {
          const summary = toSummary(row, at);
          const item = JSON.stringify(summary);
          const changesAt = nextPriceChange(row, at)?.getTime() ?? null;
          return sql`(cast(${row.id} as integer), ${item}, ${itemHash(item)}, cast(${summary.price} as integer), cast(${changesAt} as bigint), ${encodeFitmentRules(fitments.get(row.id) ?? [])})`;
        }),
      );
      // price: the price at `at` (the list filters and sorts on it); price_changes_at: when that may change.
      await sql`
        with v (id, item, item_hash, price, price_changes_at, fitments) as (values ${values})
        insert into product_list_items (product_id, category_slug, brand_slug, price, stock, sales_count, models_search, created_at, item, item_hash, assets, price_changes_at, written_version, fitments)
        select p.id, c.slug, b.slug, v.price, ${onlineStock('p.id')}, p.sales_count, p.models_search, p.created_at, v.item, v.item_hash, ${assets}, v.price_changes_at, cast(${Number(version)} as bigint), v.fitments
        from v
        inner join products p on p.id = v.id
        inner join catalogue_categories c on c.id = p.category_id
        inner join catalogue_brands b on b.id = p.brand_id`.execute(trx);
    }
    return ids.length;
  });
}
