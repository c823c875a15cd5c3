import { toNumber } from '../../../src/db/portable';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { seed, SERVICE_CENTRES } from '../../../seed';
import { PRODUCTS } from '../../../seed/catalogue/products';
import { OPENING_BALANCE_REASON, seedCentreInventory } from '../../../seed/centreInventory';
import { DEMO_TRANSFER_NOTES } from '../../../seed/demoStockTransfers';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { emailOutbox } from '../../support/emailOutbox';

/**
 * The demo stock (issue 14): every centre holds every active parts product, with an opening ADJUST 'Tồn đầu
 * kỳ', some rows at or below their minimum (their crossing stored), the web shop's stock untouched, and the
 * seeder insert-only and idempotent.
 */
describe.each(testDatabases())('centre inventory seed on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });

  const partsProducts = async () =>
    scratch.db
      .selectFrom('products')
      .innerJoin('catalogue_categories', 'catalogue_categories.id', 'products.category_id')
      .select(['products.id', 'products.sku'])
      .where('catalogue_categories.promo_group', '=', 'parts')
      .where('products.is_active', '=', 1)
      .execute();

  it('stocks every centre with every active parts product, some below their minimum, the ledger replaying to the table', async () => {
    const centres = await scratch.db.selectFrom('service_centres').select(['id', 'slug']).where('kind', '=', 'SERVICE_CENTRE').orderBy('id').execute();
    expect(centres).toHaveLength(SERVICE_CENTRES.length);
    const products = await partsProducts();
    expect(products.length).toBeGreaterThanOrEqual(30);
    const partIds = new Set(products.map((product) => product.id));
    const rows = (await scratch.db.selectFrom('centre_stock').select(['centre_id', 'product_id', 'on_hand', 'reserved', 'min_stock']).where('centre_id', 'in', centres.map((centre) => centre.id)).execute()).filter(
      (row) => partIds.has(row.product_id),
    );
    expect(rows).toHaveLength(centres.length * products.length);

    for (const centre of centres) {
      const own = rows.filter((row) => row.centre_id === centre.id);
      expect(own).toHaveLength(products.length);
      const low = own.filter((row) => toNumber(row.min_stock) > 0 && toNumber(row.on_hand) - toNumber(row.reserved) <= toNumber(row.min_stock));
      expect(low.length).toBeGreaterThanOrEqual(2);
      expect(low.length).toBeLessThan(own.length / 2);
      const open = await scratch.db.selectFrom('low_stock_alerts').select('product_id').where('centre_id', '=', centre.id).where('cleared_at', 'is', null).execute();
      expect(open.map((alert) => alert.product_id).sort((a, b) => a - b)).toEqual(low.map((row) => row.product_id).sort((a, b) => a - b));
    }
    // Besides the seeded web orders' issues and the demo's two transfers (demoStockTransfers.ts): the centres'
    // opening ADJUSTs and the warehouse's OPENING balances.
    const openings = await scratch.db
      .selectFrom('stock_movements')
      .innerJoin('service_centres', 'service_centres.id', 'stock_movements.centre_id')
      .select(['service_centres.kind as location', 'stock_movements.kind', 'stock_movements.reason', 'stock_movements.actor_id'])
      .where('stock_movements.order_id', 'is', null)
      .where('stock_movements.transfer_id', 'is', null)
      .execute();
    expect(new Set(openings.map((movement) => `${movement.location}|${movement.kind}|${movement.reason}|${movement.actor_id}`))).toEqual(
      new Set([`SERVICE_CENTRE|ADJUST|${OPENING_BALANCE_REASON}|null`, 'WAREHOUSE|OPENING|Số dư đầu kỳ|null']),
    );
    expect((await replayStockLedger(scratch.db)).mismatches).toEqual([]);
    // No low-stock email for the demo's opening shelves.
    expect(await emailOutbox(scratch.db).select('id').where('kind', '=', 'low_stock').execute()).toEqual([]);
  });

  it("opens the online warehouse with the web shop's stock as the catalogue seeds it (the centres open on their own, no receives)", async () => {
    const warehouse = await scratch.db.selectFrom('service_centres').select('id').where('kind', '=', 'WAREHOUSE').executeTakeFirstOrThrow();
    for (const product of await partsProducts()) {
      const opening = await scratch.db.selectFrom('stock_movements').select('quantity').where('centre_id', '=', warehouse.id).where('product_id', '=', product.id).where('kind', '=', 'OPENING').execute();
      const seeded = PRODUCTS.find((entry) => entry.sku === product.sku)!.stock;
      expect([product.sku, opening.map((row) => toNumber(row.quantity))]).toEqual([product.sku, seeded > 0 ? [seeded] : []]);
    }
    // The only units moved between locations are the demo's two transfers from the warehouse to Cầu Giấy.
    const moved = await scratch.db
      .selectFrom('stock_movements')
      .innerJoin('stock_transfers', 'stock_transfers.id', 'stock_movements.transfer_id')
      .select(['stock_movements.kind', 'stock_transfers.note'])
      .where('stock_movements.kind', 'in', ['RECEIVE', 'TRANSFER_IN', 'TRANSFER_OUT'])
      .execute();
    expect(new Set(moved.map((row) => row.note))).toEqual(new Set(Object.values(DEMO_TRANSFER_NOTES)));
    expect(await scratch.db.selectFrom('stock_movements').select('id').where('kind', 'in', ['RECEIVE', 'TRANSFER_IN', 'TRANSFER_OUT']).where('transfer_id', 'is', null).execute()).toEqual([]);
  });

  it('inserts only what is missing: a second run changes nothing, a changed row stays, a deleted centre comes back stocked', async () => {
    const before = await scratch.db.selectFrom('centre_stock').select(['centre_id', 'product_id', 'on_hand', 'min_stock']).orderBy('centre_id').orderBy('product_id').execute();
    const centreIds = (await scratch.db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').execute()).map((centre) => centre.id);
    const partIds = new Set((await partsProducts()).map((product) => product.id));
    const changed = before.find((row) => centreIds.includes(row.centre_id))!;
    await scratch.db.updateTable('centre_stock').set({ min_stock: 42 }).where('centre_id', '=', changed.centre_id).where('product_id', '=', changed.product_id).execute();
    const movementsBefore = (await scratch.db.selectFrom('stock_movements').select('id').execute()).length;

    const report = await seedCentreInventory(scratch.db);
    expect(report).toEqual({ stockRows: before.filter((row) => centreIds.includes(row.centre_id) && partIds.has(row.product_id)).length });
    expect((await scratch.db.selectFrom('stock_movements').select('id').execute()).length).toBe(movementsBefore);
    const after = await scratch.db.selectFrom('centre_stock').select(['centre_id', 'product_id', 'on_hand', 'min_stock']).orderBy('centre_id').orderBy('product_id').execute();
    expect(after).toEqual(before.map((row) => (row === changed ? { ...row, min_stock: 42 } : row)));

    // The whole seed, twice: the same report, the same rows.
    const first = await seed(scratch.db);
    expect(await seed(scratch.db)).toEqual(first);
    expect((await scratch.db.selectFrom('centre_stock').select('centre_id').execute()).length).toBe(before.length);

    const last = SERVICE_CENTRES[SERVICE_CENTRES.length - 1]!;
    await scratch.db.deleteFrom('service_centres').where('slug', '=', last.slug).execute();
    expect((await scratch.db.selectFrom('centre_stock').select('centre_id').execute()).length).toBe(before.length - (await partsProducts()).length);
    await seed(scratch.db);
    const back = await scratch.db.selectFrom('service_centres').select('id').where('slug', '=', last.slug).executeTakeFirstOrThrow();
    expect(await scratch.db.selectFrom('centre_stock').select('product_id').where('centre_id', '=', back.id).execute()).toHaveLength((await partsProducts()).length);
    expect((await replayStockLedger(scratch.db)).mismatches).toEqual([]);
  });
});
