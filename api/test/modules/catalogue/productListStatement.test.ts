import { productListQuerySchema } from 'shared-contracts/schemas';
import { readFirstRow } from '../../../src/db/directRead';
import { sqlTextFor } from '../../../src/db/sqlText';
import { arrivedInOrder, listStatement, type ListRow } from '../../../src/modules/catalogue/productListStatement';
import { listProductPageReady } from '../../../src/modules/catalogue/catalogueReadModel';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

/**
 * The list's statement (productListStatement.ts): on SQLite the items are joined in the order the page's rows
 * arrive, and taken only when their sort keys show that order is the page's; else the page is read again with the
 * aggregate's ORDER BY.
 */
describe('arrivedInOrder', () => {
  const row = (keys: Array<string | null>): ListRow => ({ items: null, hashes: null, total: 0, pending: 0, ...Object.fromEntries(keys.map((k, i) => [`k${i}`, k])) });

  it('accepts rows in the order of the sort, ties decided by the next key', () => {
    expect(arrivedInOrder('popular', row(['90,80,80,7', '3,1,2,9']))).toBe(true);
    expect(arrivedInOrder('price_asc', row(['100,100,250', '5,5,1', '1,2,3']))).toBe(true);
    expect(arrivedInOrder('price_desc', row(['250,100,100', '1,9,5', '3,2,1']))).toBe(true);
    expect(arrivedInOrder('newest', row(['2026-11-02T08:00:00.000Z,2026-11-01T09:30:00.000Z,2026-11-01T09:30:00.000Z', '7,2,4']))).toBe(true);
  });

  it('refuses rows out of that order, on any key', () => {
    expect(arrivedInOrder('popular', row(['80,90', '1,2']))).toBe(false);
    expect(arrivedInOrder('popular', row(['80,80', '2,1']))).toBe(false);
    expect(arrivedInOrder('price_asc', row(['100,100', '1,5', '1,2']))).toBe(false);
    // 9 < 10 as numbers, though not as text.
    expect(arrivedInOrder('price_asc', row(['10,9', '1,1', '1,2']))).toBe(false);
    expect(arrivedInOrder('newest', row(['2026-11-01T09:30:00.000Z,2026-11-02T08:00:00.000Z', '1,2']))).toBe(false);
  });

  it('accepts an empty page and a page of one', () => {
    expect(arrivedInOrder('popular', row([null, null]))).toBe(true);
    expect(arrivedInOrder('popular', row(['5', '1']))).toBe(true);
  });
});

describe.each(testDatabases())('the product list statement on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  const parse = (query: string) => productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

  it.each(['sort=popular', 'sort=price_asc&inStock=true', 'sort=price_desc&pageSize=48', 'sort=newest&page=2&pageSize=10', 'category=khong-co'])(
    '?%s: the items in arrival order are the ordered read’s, byte for byte',
    async (query) => {
      await listProductPageReady(scratch.db, parse(query)); // builds the read model's rows
      const { statement, parameters } = listStatement(sqlTextFor(target.dialect), parse(query));
      const arrived = (await readFirstRow<ListRow>(scratch.db, statement, parameters))!;
      const items = (row: ListRow) => (row.items === null ? '' : Buffer.isBuffer(row.items) ? row.items.toString('utf8') : row.items);
      if (statement.ordered) {
        expect(arrivedInOrder(parse(query).sort, arrived)).toBe(true);
        const ordered = (await readFirstRow<ListRow>(scratch.db, statement.ordered, parameters))!;
        expect(items(arrived)).toBe(items(ordered));
        expect(Number(arrived.total)).toBe(Number(ordered.total));
      }
      expect(items(arrived).length > 0).toBe(!query.includes('khong-co'));
    },
  );
});
