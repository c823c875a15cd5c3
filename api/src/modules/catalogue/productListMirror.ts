import { sql, type Kysely } from 'kysely';
import {
  fitStatus,
  foldVietnamese,
  productCardOf,
  type FitStatus,
  type FitVehicle,
  type FitmentRule,
  type ProductListQuery,
  type ProductSummary,
} from 'shared-contracts/schemas';
import { readFirstRow, type DirectStatement } from '../../db/directRead';
import type { Database } from '../../db/schema';
import { instantSortableText } from '../../db/sqlDialect';
import { sqlTextOf } from '../../db/sqlText';
import { decodeFitmentRules } from '../fitment';
import { itemHash } from './itemHash';

/**
 * Each API process's copy of `product_list_items` (docs/decisions/0058-product-list-mirrored-in-each-process.md):
 * GET /api/products past its cache filters, sorts and pages it in memory. Before it answers, a list asks the
 * database whether the copy is current: one small statement (`product_list_version`'s counter, which every refresh
 * of the rows moves, and whether a product is pending) sent after the list arrived, and shared by every list that
 * arrived in the same turn of the event loop or while the previous one was on its way (`coalesced`). When the
 * version moved, the copy reads the rows written since its own version and the ids of all rows. So a change committed
 * before a list starts shows in it, as when each list read the rows itself, at a fraction of a round trip per list.
 */

type Sort = ProductListQuery['sort'];

/** A product's list item, as its row holds it. */
interface MirroredItem {
  id: number;
  category: string;
  brand: string;
  price: number;
  stock: number;
  sales: number;
  models: string;
  /** created_at as text in the instants' order (instantSortableText). */
  created: string;
  /** The ProductSummary JSON's bytes. */
  item: Buffer;
  hash: string;
  /** Epoch ms of the product's next sale-window bound; null for none. */
  changesAt: number | null;
  /** The product's fitment rows (issue 66): what `fit` is told from. */
  fits: FitmentRule[];
  /** The item in the card form and its hash, made at its first list in that form (`cardOf`). */
  card?: { item: Buffer; hash: string };
}

/** The item's card form (issue 70 §2) from its ProductSummary JSON, kept on the item, and the hash of its bytes. */
function cardOf(row: MirroredItem): { item: Buffer; hash: string } {
  if (row.card === undefined) {
    const json = JSON.stringify(productCardOf(JSON.parse(row.item.toString('utf8')) as ProductSummary));
    row.card = { item: Buffer.from(json, 'utf8'), hash: itemHash(json) };
  }
  return row.card;
}

/** An item's JSON with the vehicle's fit as its last field: its closing brace replaced by these bytes. */
const FIT_TAIL: Record<FitStatus, Buffer> = {
  FITS: Buffer.from(',"fit":"FITS"}', 'utf8'),
  DOES_NOT_FIT: Buffer.from(',"fit":"DOES_NOT_FIT"}', 'utf8'),
  UNKNOWN: Buffer.from(',"fit":"UNKNOWN"}', 'utf8'),
};
/** What an item's hash gains with its fit (the page's ETag changes with it). */
const FIT_HASH_MARK: Record<FitStatus, string> = { FITS: 'F', DOES_NOT_FIT: 'N', UNKNOWN: 'U' };

/** The item with `fit` added ('{…}' → '{…,"fit":"FITS"}'), as JSON.stringify writes a summary carrying it. */
export function itemWithFit(item: Buffer, status: FitStatus): Buffer {
  return Buffer.concat([item.subarray(0, item.length - 1), FIT_TAIL[status]]);
}

/** The orders the list sorts in (the database's ORDER BY of each sort, ties on the id). */
const COMPARE: Record<Sort, (a: MirroredItem, b: MirroredItem) => number> = {
  price_asc: (a, b) => a.price - b.price || b.sales - a.sales || a.id - b.id,
  price_desc: (a, b) => b.price - a.price || b.sales - a.sales || a.id - b.id,
  newest: (a, b) => (a.created === b.created ? a.id - b.id : a.created < b.created ? 1 : -1),
  popular: (a, b) => b.sales - a.sales || a.id - b.id,
};

/** The page a list answers: its items' bytes and hashes in order, and how many products match. */
export interface MirroredPage {
  items: Buffer[];
  hashes: string[];
  total: number;
}

/** The list's rows at one version. */
export class ProductListSnapshot {
  private readonly sorted = new Map<Sort, MirroredItem[]>();
  /** The earliest sale-window bound among the rows (epoch ms); Infinity for none. */
  readonly changesAt: number;

  constructor(
    readonly version: number,
    readonly items: ReadonlyMap<number, MirroredItem>,
  ) {
    let earliest = Infinity;
    for (const item of items.values()) if (item.changesAt !== null && item.changesAt < earliest) earliest = item.changesAt;
    this.changesAt = earliest;
  }

  /**
   * The page for the filters, as the database's `where … order by … limit … offset` gives it. With a vehicle, each
   * item carries its fit and fitOnly keeps the FITS ones; with `view` 'card', the items are in the card form.
   */
  page(filters: ProductListQuery, vehicle?: FitVehicle): MirroredPage {
    const fitOnly = vehicle !== undefined && filters.fitOnly === true;
    const card = filters.view === 'card';
    const folded = filters.model ? foldVietnamese(filters.model) || undefined : undefined;
    const start = (filters.page - 1) * filters.pageSize;
    const end = start + filters.pageSize;
    const items: Buffer[] = [];
    const hashes: string[] = [];
    let total = 0;
    for (const row of this.inOrder(filters.sort)) {
      if (filters.category && row.category !== filters.category) continue;
      if (filters.brand && row.brand !== filters.brand) continue;
      if (filters.minPrice !== undefined && row.price < filters.minPrice) continue;
      if (filters.maxPrice !== undefined && row.price > filters.maxPrice) continue;
      if (filters.inStock === true && !(row.stock > 0)) continue;
      if (filters.inStock === false && row.stock !== 0) continue;
      if (folded && !row.models.includes(folded)) continue;
      const status = vehicle === undefined ? undefined : fitStatus(row.fits, vehicle);
      if (fitOnly && status !== 'FITS') continue;
      if (total >= start && total < end) {
        const { item, hash: itemHash } = card ? cardOf(row) : row;
        if (status === undefined) {
          items.push(item);
          hashes.push(itemHash);
        } else {
          items.push(itemWithFit(item, status));
          hashes.push(itemHash + FIT_HASH_MARK[status]);
        }
      }
      total += 1;
    }
    return { items, hashes, total };
  }

  private inOrder(sort: Sort): MirroredItem[] {
    let rows = this.sorted.get(sort);
    if (rows === undefined) this.sorted.set(sort, (rows = [...this.items.values()].sort(COMPARE[sort])));
    return rows;
  }
}

/**
 * `run` shared by its callers, each given a run that started after it called. A run starts at the end of the event
 * loop's turn (setImmediate), so every list that arrived in that turn shares it: on SQLite the read is synchronous and
 * would otherwise be one statement per list. A caller that comes while one is on its way waits for the next, which
 * starts when that one settles and serves every caller that came meanwhile.
 */
export function coalesced<T>(run: () => Promise<T>): () => Promise<T> {
  /** The run that starts at the end of this turn: whoever calls before it starts shares it. */
  let scheduled: Promise<T> | undefined;
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const schedule = (): Promise<T> => {
    scheduled = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      scheduled = undefined;
      const started = run();
      running = started;
      const settled = () => {
        if (running === started) running = undefined;
      };
      started.then(settled, settled);
      return started;
    });
    return scheduled;
  };
  return () => {
    if (scheduled !== undefined) return scheduled;
    if (running === undefined) return schedule();
    next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return scheduled ?? schedule();
      });
    return next;
  };
}

/** Where the database's copy stands: its version, and whether a product is pending. */
interface VersionRow {
  version: number | string;
  pending: number | boolean;
}

const VERSION: DirectStatement = {
  name: 'catalogue_list_version',
  text: 'select version, exists (select 1 from product_list_pending) as pending from product_list_version',
};

interface ChangedRow {
  version: number | string | null;
  ids: string | null;
  product_id: number | null;
  category_slug: string;
  brand_slug: string;
  price: number | string;
  stock: number | string;
  sales_count: number | string;
  models_search: string;
  created: string;
  item: string;
  item_hash: string;
  price_changes_at: number | string | null;
  fitments: string | null;
}

/** A database's product list, as this process last read it. */
export class ProductListMirror {
  private snapshot: ProductListSnapshot | undefined;
  private loading: Promise<ProductListSnapshot> | undefined;
  private readonly check: () => Promise<VersionRow | undefined>;

  constructor(private readonly db: Kysely<Database>) {
    this.check = coalesced(() => readFirstRow<VersionRow>(db, VERSION, []));
  }

  /** The rows as current as the database's when this was called; undefined while a product is pending. */
  async current(): Promise<ProductListSnapshot | undefined> {
    const state = await this.check();
    if (state === undefined) throw new Error('product_list_version has no row');
    if (state.pending === true || state.pending === 1) return undefined;
    const version = Number(state.version);
    // A version behind this copy's: the database went back (a restore), so the copy is read whole again.
    if (this.snapshot !== undefined && this.snapshot.version > version) this.snapshot = undefined;
    let snapshot = this.snapshot;
    // A load under way may have started before the check: then the next one, which starts after it, is current.
    for (let loads = 0; loads < 2 && (snapshot === undefined || snapshot.version < version); loads += 1) snapshot = await this.load();
    return snapshot;
  }

  /** Reads the rows written since this copy's version (one load at a time) and keeps the newer copy. */
  private load(): Promise<ProductListSnapshot> {
    this.loading ??= this.read().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async read(whole = false): Promise<ProductListSnapshot> {
    const db = this.db;
    const since = whole ? -1 : (this.snapshot?.version ?? -1);
    // One statement, one snapshot of the database: the version with every row's id, then the rows written since.
    const { rows } = await sql<ChangedRow>`
      select v.version, (select ${sql.raw(sqlTextOf(db).joinText('cast(product_id as text)'))} from product_list_items) as ids,
        null as product_id, null as category_slug, null as brand_slug, null as price, null as stock, null as sales_count,
        null as models_search, null as created, null as item, null as item_hash, null as price_changes_at, null as fitments
      from product_list_version v
      union all
      select null, null, i.product_id, i.category_slug, i.brand_slug, i.price, i.stock, i.sales_count, i.models_search,
        ${instantSortableText(db, 'i.created_at')}, i.item, i.item_hash, i.price_changes_at, i.fitments
      from product_list_items i where i.written_version > ${since}`.execute(db);
    const head = rows.find((row) => row.product_id === null)!;
    const changed = new Map<number, MirroredItem>();
    for (const row of rows) {
      if (row.product_id === null) continue;
      changed.set(Number(row.product_id), {
        id: Number(row.product_id),
        category: row.category_slug,
        brand: row.brand_slug,
        price: Number(row.price),
        stock: Number(row.stock),
        sales: Number(row.sales_count),
        models: row.models_search,
        created: row.created,
        item: Buffer.from(row.item, 'utf8'),
        hash: row.item_hash,
        changesAt: row.price_changes_at === null ? null : Number(row.price_changes_at),
        fits: decodeFitmentRules(row.fitments),
      });
    }
    const previous = whole ? undefined : this.snapshot?.items;
    const items = new Map<number, MirroredItem>();
    for (const id of head.ids ? head.ids.split(',').map(Number) : []) {
      const item = changed.get(id) ?? previous?.get(id);
      // A row this copy never had (its rows rewritten under it, say by a restore): read them all again.
      if (item === undefined) return this.read(true);
      items.set(id, item);
    }
    const loaded = new ProductListSnapshot(Number(head.version), items);
    if (this.snapshot === undefined || loaded.version > this.snapshot.version) this.snapshot = loaded;
    return this.snapshot;
  }
}
