import { ORDER_STATUSES, type WebOrderList } from 'shared-contracts/schemas';
import { seed } from '../../../seed';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { DEMO_ACCOUNTS } from '../../../seed/demoAccounts';
import { authHeader, startServiceApp, type ServiceApp } from '../../support/serviceTestKit';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

/** `npm start`'s demo: Cầu Giấy's web-order desk has an order in every state, and seeding again adds none. */
describe.each(productionDatabase())('the web-order desk demo on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;

  beforeAll(async () => {
    service = await startServiceApp(scratch.db);
  });
  afterAll(() => service.close());

  it("gives the demo staff's centre a web order in every state, once", async () => {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === 'staff')!;
    const user = await scratch.db.selectFrom('users').select(['id', 'role']).where('email', '=', account.email).executeTakeFirstOrThrow();
    const headers = await authHeader(service.app, { id: user.id, email: account.email, role: 'staff' });
    const list = async () => (await service.app.inject({ method: 'GET', url: '/api/staff/web-orders', headers })).json() as { data: WebOrderList };
    const { data } = await list();
    // (PENDING_PAYMENT too: a VietQR pick-up placed at the seed's time, cancelled by the expiry job a day later)
    for (const status of ORDER_STATUSES) expect({ status, count: data.counts.find((entry) => entry.status === status)!.count > 0 }).toEqual({ status, count: true });
    const paymentStates = await scratch.db.selectFrom('orders').select('payment_status').where('idempotency_key', 'like', 'seed-web-desk-%').execute();
    expect(new Set(paymentStates.map((row) => row.payment_status))).toEqual(new Set(['UNPAID', 'PAID', 'REFUND_DUE', 'REFUNDED']));
    const missingDesk = await scratch.db.selectFrom('orders').select('id').where('desk_centre_id', 'is', null).execute();
    expect(missingDesk).toEqual([]);

    await seed(scratch.db);
    expect((await list()).data.counts).toEqual(data.counts);
  });

  it('holds the demo orders\' units as their status says: reserved while open, issued once shipped or handed over', async () => {
    const orders = await scratch.db
      .selectFrom('orders')
      .select(['id', 'status', 'fulfilment_method', 'centre_id', 'stock_location_id'])
      .where('idempotency_key', 'like', 'seed-web-desk-%')
      .execute();
    const warehouse = await scratch.db.selectFrom('service_centres').select('id').where('slug', '=', 'kho-online').executeTakeFirstOrThrow();
    for (const order of orders) {
      expect({ order: order.id, location: order.stock_location_id }).toEqual({ order: order.id, location: order.fulfilment_method === 'pickup' ? order.centre_id : warehouse.id });
      const issued = await scratch.db.selectFrom('stock_movements').select(['kind', 'quantity']).where('order_id', '=', order.id).orderBy('product_id').execute();
      // One ISSUE per product line (the desk's demo orders have one unit; the shipping desk's parcels two lines).
      const lines = await scratch.db.selectFrom('order_lines').select('quantity').where('order_id', '=', order.id).where('kind', '=', 'product').orderBy('ref_id').execute();
      const expected = ['SHIPPING', 'DELIVERED', 'COMPLETED'].includes(order.status) ? lines.map((line) => ({ kind: 'ISSUE', quantity: -line.quantity })) : [];
      expect({ status: order.status, issued }).toEqual({ status: order.status, issued: expected });
    }
    // Every open order's units are reserved where it holds them.
    const held = await scratch.db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.stock_location_id as location', 'order_lines.ref_id as product', (eb) => eb.fn.sum<number>('order_lines.quantity').as('units')])
      .where('order_lines.kind', '=', 'product')
      .where('orders.stock_location_id', 'is not', null)
      .where('orders.status', 'in', ['PENDING_PAYMENT', 'PLACED', 'CONFIRMED', 'PACKED', 'READY_FOR_PICKUP'])
      .groupBy(['orders.stock_location_id', 'order_lines.ref_id'])
      .execute();
    expect(held.length).toBeGreaterThan(0);
    for (const row of held) {
      const stock = await scratch.db.selectFrom('centre_stock').select('reserved').where('centre_id', '=', row.location!).where('product_id', '=', row.product).executeTakeFirstOrThrow();
      expect(Number(stock.reserved)).toBeGreaterThanOrEqual(Number(row.units));
    }
    expect((await replayStockLedger(scratch.db)).mismatches).toEqual([]);
  });
});
