import { foldVietnamese, type ProductListQuery } from 'shared-contracts/schemas';
import type { DirectStatement } from '../../db/directRead';
import type { SqlText } from '../../db/sqlText';
import { pageShape } from './catalogueQueries';

/**
 * The statement behind GET /api/products past its cache (catalogueReadModel.ts): over `product_list_items`, the
 * page's items' JSON joined by ',' in the page's order (one value, not 24 rows to map), the count of matches, and
 * whether a product is pending. The page's own fields around the items are written in JS (`pageReady`):
 * concatenating 17 KB of text in SQL (`||`) copied it once per operator, and on PostgreSQL cost more than the rest
 * of the statement.
 *
 * The items in the page's order. An aggregate's ORDER BY sorts its input rows again: SQLite copies each 700-byte
 * item into a temporary b-tree, a large share of the statement's time. So on SQLite the statement joins the items in the
 * order the page's rows arrive (out of its ORDER BY … LIMIT, in order, though SQLite does not promise it) and, in
 * the same pass, each sort key in that order (`k0`, `k1` …); `arrivedInOrder` checks those keys, and only when they
 * are out of order is the page read again with the aggregate's ORDER BY (`ordered`). PostgreSQL's string_agg keeps
 * its ORDER BY (there the sort costs little against the rest).
 */

type Sort = ProductListQuery['sort'];

/** A sort key: its column, and whether it sorts descending. Every key is an integer but created_at (ISO text). */
interface SortKey {
  column: 'price' | 'sales_count' | 'created_at' | 'product_id';
  descending: boolean;
}

const SORT_KEYS: Record<Sort, readonly SortKey[]> = {
  price_asc: [
    { column: 'price', descending: false },
    { column: 'sales_count', descending: true },
    { column: 'product_id', descending: false },
  ],
  price_desc: [
    { column: 'price', descending: true },
    { column: 'sales_count', descending: true },
    { column: 'product_id', descending: false },
  ],
  newest: [
    { column: 'created_at', descending: true },
    { column: 'product_id', descending: false },
  ],
  popular: [
    { column: 'sales_count', descending: true },
    { column: 'product_id', descending: false },
  ],
};

const orderBy = (sort: Sort) => SORT_KEYS[sort].map((key) => `${key.column} ${key.descending ? 'desc' : 'asc'}`).join(', ');

/** What a list statement gives. */
export interface ListRow {
  /** The page's items' JSON joined by ',' (bytes on SQLite, text on PostgreSQL); null for none. */
  items: Buffer | string | null;
  /** How many products match the filters. */
  total: number;
  /** Whether a product is pending (1/0 on SQLite, a boolean on PostgreSQL). */
  pending: number | boolean;
  /** The items' hashes (item_hash), joined in the same order as the items; null for none. */
  hashes: string | null;
  /** SQLite: each sort key's values joined by ',', in the order the items were joined (k0, k1 …). */
  [key: `k${number}`]: string | null;
}

/** A list statement: its parameters are the filters (for the count), now (epoch ms, for pending), then the filters, limit and offset (the page). */
export interface ListStatement extends DirectStatement {
  /** SQLite: the same read with the aggregate's ORDER BY, for a page whose rows arrived out of order. */
  ordered?: ListStatement;
}

/** The filters' conditions on product_list_items (their parameters: `filterParameters`). */
function whereClause(filters: ProductListQuery, folded: string | undefined): string {
  const conditions: string[] = [];
  if (filters.category) conditions.push('category_slug = ?');
  if (filters.brand) conditions.push('brand_slug = ?');
  if (filters.minPrice !== undefined) conditions.push('price >= ?');
  if (filters.maxPrice !== undefined) conditions.push('price <= ?');
  if (filters.inStock === true) conditions.push('stock > 0');
  if (filters.inStock === false) conditions.push('stock = 0');
  // Folded text holds only letters, digits and spaces: nothing to escape in the LIKE pattern.
  if (folded) conditions.push('models_search like ?');
  return conditions.length === 0 ? '' : `where ${conditions.join(' and ')}`;
}

function filterParameters(filters: ProductListQuery, folded: string | undefined): unknown[] {
  const parameters: unknown[] = [];
  if (filters.category) parameters.push(filters.category);
  if (filters.brand) parameters.push(filters.brand);
  if (filters.minPrice !== undefined) parameters.push(filters.minPrice);
  if (filters.maxPrice !== undefined) parameters.push(filters.maxPrice);
  if (folded) parameters.push(`%${folded}%`);
  return parameters;
}

function buildListStatement(text: SqlText, shape: string, filters: ProductListQuery, folded: string | undefined): ListStatement {
  const where = whereClause(filters, folded);
  const keys = SORT_KEYS[filters.sort];
  const order = orderBy(filters.sort);
  const page = `select item, item_hash, ${keys.map((key) => key.column).join(', ')} from product_list_items ${where} order by ${order} limit ? offset ?`;
  const count = `(select ${text.countAll} from product_list_items ${where}) as total`;
  // Pending: a product marked so, or one whose sale-window bound (the `?`: now, epoch ms) passed since its row was written.
  const pending = '(exists (select 1 from product_list_pending) or exists (select 1 from product_list_items where price_changes_at <= ?)) as pending';
  const name = `catalogue_list_${shape}`;
  const orderedItems = `select ${text.joinText('item', ',', { order, bytes: true })} as items, ${text.joinText('item_hash', '', { order })} as hashes from (${page}) as page`;
  const ordered: ListStatement = {
    name: `${name}_ordered`,
    text: text.placeholders(`select ordered.items, ordered.hashes, ${count}, ${pending} from (${orderedItems}) as ordered`),
  };
  if (text.ordersAggregatesCheaply) return { ...ordered, name };
  const arrivedKeys = keys.map((key, index) => `${text.joinText(key.column)} as k${index}`).join(', ');
  const arrived = `(select ${text.joinText('item', ',', { bytes: true })} as items, ${text.joinText('item_hash', '')} as hashes, ${arrivedKeys} from (${page})) as arrived`;
  const keyColumns = keys.map((_key, index) => `arrived.k${index}`).join(', ');
  return {
    name,
    text: text.placeholders(`select arrived.items, arrived.hashes, ${keyColumns}, ${count}, ${pending} from ${arrived}`),
    ordered,
  };
}

const statements = new Map<string, ListStatement>();

/** The list statement in a database's SQL text (db/sqlText.ts) for the filters, read at `at`, and its parameters' values (the same for its `ordered`). */
export function listStatement(text: SqlText, filters: ProductListQuery, at: Date = new Date()): { statement: ListStatement; parameters: unknown[] } {
  const folded = filters.model ? foldVietnamese(filters.model) || undefined : undefined;
  const shape = pageShape(filters, folded);
  const key = `${text.key}${shape}`;
  let statement = statements.get(key);
  if (statement === undefined) statements.set(key, (statement = buildListStatement(text, shape, filters, folded)));
  const where = filterParameters(filters, folded);
  return { statement, parameters: [...where, at.getTime(), ...where, filters.pageSize, (filters.page - 1) * filters.pageSize] };
}

/** Whether the row's items arrived in the order of `sort` (its keys k0, k1 … in arrival order; SQLite). */
export function arrivedInOrder(sort: Sort, row: ListRow): boolean {
  const keys = SORT_KEYS[sort];
  const columns = keys.map((key, index) => (row[`k${index}`] ?? '').split(','));
  const rows = columns[0]!.length;
  for (let i = 1; i < rows; i += 1) {
    for (let k = 0; k < keys.length; k += 1) {
      const previous = columns[k]![i - 1]!;
      const current = columns[k]![i]!;
      if (previous === current) continue;
      // created_at: ISO text, whose order is the instants' order; the others: integers.
      const ascending = keys[k]!.column === 'created_at' ? previous < current : Number(previous) < Number(current);
      if (ascending === keys[k]!.descending) return false;
      break;
    }
  }
  return true;
}
