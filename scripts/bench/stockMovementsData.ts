import type { BenchDatabase } from './benchApi.ts';
/**
 * The stock movements the CSV benches download (bench:reports, bench:memory): ROWS movements of one centre on
 * REPORT_DAY, a local day far from the seed's own history, written with one INSERT … SELECT.
 */

export const REPORT_DAY = '2024-03-15';
export const ROWS = 100_000;

export /** 100,000 movements of `centreId` on REPORT_DAY (08:00 → 21:53 local, one every half second), 40 products. */
async function fillMovements(db: BenchDatabase, dialect: 'sqlite' | 'postgres', centreId: number, actorId: number): Promise<void> {
  const { sql } = await import('kysely');
  const products = await db.selectFrom('products').select('id').orderBy('id').limit(40).execute();
  await db
    .insertInto('centre_stock')
    .values(products.map((p) => ({ centre_id: centreId, product_id: p.id, on_hand: 50, reserved: 0, min_stock: 0 })))
    .onConflict((conflict) => conflict.columns(['centre_id', 'product_id']).doNothing())
    .execute();
  await sql`create table bench_report_products (k integer primary key, product_id integer not null)`.execute(db);
  await db
    .insertInto('bench_report_products' as never)
    .values(products.map((p, k) => ({ k, product_id: p.id })) as never)
    .execute();
  const start = `${REPORT_DAY}T01:00:00.000Z`;
  const at =
    dialect === 'postgres'
      ? sql`cast(${start} as timestamptz) + n * interval '500 milliseconds'`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${start}, '+' || (n / 2.0) || ' seconds')`;
  await sql`with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${ROWS})
    insert into stock_movements (centre_id, product_id, kind, quantity, on_hand_after, parts_request_id, actor_id, reason, created_at)
    select ${centreId}, bp.product_id, case when n % 4 = 0 then 'ADJUST' else 'RECEIVE' end, (n % 5) + 1, 50 + n % 200, null, ${actorId},
      'Nhập hàng định kỳ, lô số ' || n, ${at}
    from seq join bench_report_products bp on bp.k = n % ${products.length}`.execute(db);
  await sql`drop table bench_report_products`.execute(db);
  await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
}
