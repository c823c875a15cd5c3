import { sql } from 'kysely';
import { orderCodeFor, orderCodePrefix, orderCodeSql } from '../../../src/modules/orders/orderCode';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

/** The order's code is written by its insert (orderCodeSql): it must read as orderCodeFor writes it, whatever the id's length. */
describe.each(productionDatabase())('order codes written by the database on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: false });

  it('writes EV + the Vietnamese day + the id on at least 4 digits, as orderCodeFor', async () => {
    // 23:30 on 29 November in UTC is 30 November in Vietnam.
    const placedAt = new Date('2026-11-29T23:30:00.000Z');
    const ids = [1, 9, 10, 24, 99, 100, 999, 1000, 9999, 10000, 1234567];
    const codes = await Promise.all(
      ids.map(async (id) => (await scratch.db.selectNoFrom(orderCodeSql(sql.val(orderCodePrefix(placedAt)), sql.val(id)).as('code')).executeTakeFirstOrThrow()).code),
    );
    expect(codes).toEqual(ids.map((id) => orderCodeFor(id, placedAt)));
    expect(codes.slice(0, 4)).toEqual(['EV2611300001', 'EV2611300009', 'EV2611300010', 'EV2611300024']);
    expect(codes.at(-1)).toBe('EV2611301234567');
  });
});
