import { DEMO_TRANSFER_NOTES, seedDemoStockTransfers } from '../../seed/demoStockTransfers';
import { toNumber } from '../../src/db/portable';
import { replayStockLedger } from '../../src/modules/inventory/stockLedger';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

describe.each(testDatabases())('the demo stock transfers on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });

  it('are one received and one in transit from the warehouse to Cầu Giấy, through the ledger, written once', async () => {
    const db = scratch.db;
    const cauGiay = (await db.selectFrom('service_centres').select('id').where('slug', '=', 'ha-noi-cau-giay').executeTakeFirstOrThrow()).id;
    const warehouse = (await db.selectFrom('service_centres').select('id').where('kind', '=', 'WAREHOUSE').executeTakeFirstOrThrow()).id;
    expect(await db.transaction().execute((trx) => seedDemoStockTransfers(trx))).toBe(2);
    expect(await db.transaction().execute((trx) => seedDemoStockTransfers(trx))).toBe(2); // the same count again, nothing written twice (the list below has two)

    const transfers = await db.selectFrom('stock_transfers').selectAll().where('note', 'in', Object.values(DEMO_TRANSFER_NOTES)).orderBy('id').execute();
    expect(transfers.map((row) => [row.status, row.from_location_id, row.to_location_id, row.note])).toEqual([
      ['RECEIVED', warehouse, cauGiay, DEMO_TRANSFER_NOTES.received],
      ['IN_TRANSIT', warehouse, cauGiay, DEMO_TRANSFER_NOTES.inTransit],
    ]);
    const movements = await db
      .selectFrom('stock_movements')
      .select(['transfer_id', 'centre_id', 'kind', 'quantity'])
      .where('transfer_id', 'in', transfers.map((row) => row.id))
      .execute();
    const of = (transferId: number, kind: string) => movements.filter((row) => row.transfer_id === transferId && row.kind === kind);
    expect(of(transfers[0]!.id, 'TRANSFER_OUT').map((row) => [row.centre_id, toNumber(row.quantity)])).toEqual([[warehouse, -4], [warehouse, -4], [warehouse, -4]]);
    expect(of(transfers[0]!.id, 'TRANSFER_IN').map((row) => [row.centre_id, toNumber(row.quantity)])).toEqual([[cauGiay, 4], [cauGiay, 4], [cauGiay, 4]]);
    expect(of(transfers[1]!.id, 'TRANSFER_OUT')).toHaveLength(3);
    expect(of(transfers[1]!.id, 'TRANSFER_IN')).toHaveLength(0);
    expect((await replayStockLedger(db)).mismatches).toEqual([]);
  });
});
