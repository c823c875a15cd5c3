import { sql } from 'kysely';
import { createMigrator } from '../../../src/db/migrate';
import { toNumber } from '../../../src/db/portable';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

const BEFORE = '0027_catalogue_taxonomy_promotions';
const MIGRATION = '0028_stock_locations';
const HOLDING = ['PENDING_PAYMENT', 'PLACED', 'CONFIRMED', 'PACKED', 'READY_FOR_PICKUP'];

/**
 * Migration 0028 on a seeded database (the demo seed, taken back to 0027 where products.stock is the online
 * warehouse and in-flight orders' units were already taken from it): products.stock becomes the warehouse's
 * opening balance with an OPENING movement, in-flight orders' units are reserved there, online availability is
 * the same before and after, the ledger replays balanced, products.stock is gone.
 */
describe.each(testDatabases())('migration 0028 (one inventory) on a seeded $label database', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });

  it('moves products.stock into the warehouse: nothing lost, in-flight units reserved, the ledger balanced', async () => {
    const db = scratch.db;
    const migrator = createMigrator(db);
    // The demo's transfers (the seed's last rows, written through 0028's ledger) have no place before it: take them back.
    for (const moved of await db.selectFrom('stock_movements').select(['centre_id', 'product_id', 'quantity']).where('transfer_id', 'is not', null).execute()) {
      await db
        .updateTable('centre_stock')
        .set((eb) => ({ on_hand: eb('on_hand', '-', moved.quantity) }))
        .where('centre_id', '=', moved.centre_id)
        .where('product_id', '=', moved.product_id)
        .execute();
    }
    await db.deleteFrom('stock_movements').where('transfer_id', 'is not', null).execute();
    await db.deleteFrom('stock_transfers').execute();
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();

    // What the shop had online before: products.stock, and what in-flight orders hold (taken from it at checkout).
    const stockBefore = new Map(
      (await sql<{ id: number; stock: number | string }>`select id, stock from products order by id`.execute(db)).rows.map((row) => [row.id, toNumber(row.stock)]),
    );
    expect([...stockBefore.values()].some((stock) => stock > 0)).toBe(true);
    const held = new Map(
      (
        await sql<{ product_id: number; units: number | string }>`
          select l.ref_id as product_id, sum(l.quantity) as units from order_lines l join orders o on o.id = l.order_id
          where l.kind = 'product' and o.status in (${sql.join(HOLDING)}) group by l.ref_id`.execute(db)
      ).rows.map((row) => [row.product_id, toNumber(row.units)]),
    );
    expect(held.size).toBeGreaterThan(0);

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();

    const columns = (await db.introspection.getTables()).find((table) => table.name === 'products')!.columns.map((column) => column.name);
    expect(columns).not.toContain('stock');
    const warehouse = await db.selectFrom('service_centres').select(['id', 'kind', 'ships_online', 'slug']).where('kind', '=', 'WAREHOUSE').execute();
    expect(warehouse).toEqual([{ id: expect.any(Number), kind: 'WAREHOUSE', ships_online: 1, slug: 'kho-online' }]);
    const warehouseId = warehouse[0]!.id;
    const rows = new Map(
      (await db.selectFrom('centre_stock').select(['product_id', 'on_hand', 'reserved']).where('centre_id', '=', warehouseId).execute()).map((row) => [
        row.product_id,
        { onHand: toNumber(row.on_hand), reserved: toNumber(row.reserved) },
      ]),
    );
    for (const [productId, stock] of stockBefore) {
      const units = held.get(productId) ?? 0;
      // Online availability before = after; every in-flight unit reserved.
      expect({ productId, ...rows.get(productId) }).toEqual({ productId, onHand: stock + units, reserved: units });
    }
    const openings = await db.selectFrom('stock_movements').select(['product_id', 'kind', 'quantity', 'on_hand_after', 'reason']).where('centre_id', '=', warehouseId).execute();
    expect(openings).toHaveLength([...rows.values()].filter((row) => row.onHand > 0).length);
    for (const opening of openings) {
      const row = rows.get(opening.product_id)!;
      expect(opening).toEqual({ product_id: opening.product_id, kind: 'OPENING', quantity: row.onHand, on_hand_after: row.onHand, reason: 'Số dư đầu kỳ từ kho online' });
    }
    // Every order with product lines has its location: the warehouse its units came from.
    const located = await sql<{ missing: number | string }>`
      select count(*) as missing from orders o
      where exists (select 1 from order_lines l where l.order_id = o.id and l.kind = 'product') and (o.stock_location_id is null or o.stock_location_id <> ${warehouseId})`.execute(db);
    expect(toNumber(located.rows[0]!.missing)).toBe(0);
    expect((await replayStockLedger(db)).mismatches).toEqual([]);
    // The list's read model is rebuilt with the warehouse's availability.
    const pending = await db.selectFrom('product_list_pending').select('product_id').execute();
    expect(pending.length).toBe(stockBefore.size);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
