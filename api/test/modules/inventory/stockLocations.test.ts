import { errorEnvelopeSchema, productAvailabilitySchema, type PartsRequest } from 'shared-contracts/schemas';
import { toNumber } from '../../../src/db/portable';
import { addOnHand } from '../../../src/modules/stockLocations/centreStockMoves';
import { setWarehouseStock } from '../../../src/modules/stockLocations/onlineStock';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { expireUnpaidOrders } from '../../../src/modules/orders/orderLifecycle';
import { requestResponse, testDatabases, useParts } from '../../support/partsTestKit';
import { createUser, type TestUser } from '../../support/serviceTestKit';
import { newIdempotencyKey, orderBody } from '../../support/shopTestKit';

/**
 * One inventory (shop-operations §3): web orders reserve at their location (the pick-up centre, or the warehouse
 * that ships), issue through the ledger when shipped or handed over, release on cancel or payment expiry; web
 * orders and parts requests draw on the same reservations (the last unit goes once); receiving from the warehouse
 * is a transfer; the product page's availability by centre.
 */
describe.each(testDatabases())('stock locations on $label', (target) => {
  const parts = useParts(target);
  const floor = parts.floor;
  let warehouse: number;
  let buyers: TestUser[] = [];

  beforeAll(async () => {
    warehouse = (await floor.db.selectFrom('service_centres').select('id').where('kind', '=', 'WAREHOUSE').executeTakeFirstOrThrow()).id;
    buyers = await Promise.all(Array.from({ length: 4 }, (_, index) => createUser(floor.db, 'customer', `Khách Một Kho ${index + 1}`)));
  });

  const centreName = async (id: number) => (await floor.db.selectFrom('service_centres').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
  const shelf = async (centreId: number, productId: number) => {
    const row = await floor.db.selectFrom('centre_stock').select(['on_hand', 'reserved']).where('centre_id', '=', centreId).where('product_id', '=', productId).executeTakeFirst();
    return { onHand: toNumber(row?.on_hand), reserved: toNumber(row?.reserved) };
  };
  const putOnShelf = (centreId: number, productId: number, quantity: number) =>
    floor.db.transaction().execute((trx) => addOnHand(trx, { centreId, productId, quantity, kind: 'OPENING', transferId: null, actorId: null, reason: 'Tồn đầu kỳ' }));
  const order = async (customer: TestUser, productId: number, quantity: number, fulfilment?: { method: 'pickup'; centreId: number }, paymentMethod?: 'VIETQR' | 'COD' | 'PAY_AT_PICKUP') =>
    floor.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...(await floor.headers(customer)), 'idempotency-key': newIdempotencyKey() },
      payload: orderBody({
        items: [{ kind: 'product', refId: productId, quantity }],
        ...(fulfilment ? { fulfilment, paymentMethod: paymentMethod ?? 'PAY_AT_PICKUP' } : paymentMethod ? { paymentMethod } : {}),
      }),
    });
  const placed = async (...args: Parameters<typeof order>) => {
    const response = await order(...args);
    expect({ status: response.statusCode, body: response.statusCode === 201 ? null : response.json() }).toEqual({ status: 201, body: null });
    return response.json().data as { code: string };
  };
  const orderRow = (code: string) => floor.db.selectFrom('orders').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const step = async (code: string, action: string, extra: Record<string, unknown> = {}) => {
    const { version } = await orderRow(code);
    const response = await floor.request(floor.users.admin, 'POST', `/api/staff/web-orders/${code}/actions`, { version: toNumber(version), action, ...extra });
    expect({ action, status: response.statusCode }).toEqual({ action, status: 200 });
  };
  const issuesOf = async (code: string) =>
    (await floor.db.selectFrom('stock_movements').select(['centre_id', 'kind', 'quantity', 'actor_id']).where('order_id', '=', (await orderRow(code)).id).execute()).map((row) => ({
      ...row,
      quantity: toNumber(row.quantity),
    }));
  const balanced = async () => expect((await replayStockLedger(floor.db)).mismatches).toEqual([]);

  describe('a web order’s stock through its life', () => {
    it('a delivery reserves at the warehouse, ships with an ISSUE of the order, on_hand down', async () => {
      const part = await parts.addPart({ name: 'Má phanh giao hàng' });
      await setWarehouseStock(floor.db, part.id, 5);
      const { code } = await placed(buyers[0]!, part.id, 2);
      expect((await orderRow(code)).stock_location_id).toBe(warehouse);
      expect(await shelf(warehouse, part.id)).toEqual({ onHand: 5, reserved: 2 });
      for (const action of ['confirm', 'pack']) await step(code, action);
      expect(await shelf(warehouse, part.id)).toEqual({ onHand: 5, reserved: 2 });
      await step(code, 'ship', { carrier: 'GHN' });
      expect(await shelf(warehouse, part.id)).toEqual({ onHand: 3, reserved: 0 });
      expect(await issuesOf(code)).toEqual([{ centre_id: warehouse, kind: 'ISSUE', quantity: -2, actor_id: floor.users.admin.id }]);
      // Delivered and completed: nothing more leaves.
      await step(code, 'deliver');
      await step(code, 'complete');
      expect(await shelf(warehouse, part.id)).toEqual({ onHand: 3, reserved: 0 });
      expect(await issuesOf(code)).toHaveLength(1);
      await balanced();
    });

    it("quotes a pick-up against its centre's shelf and a delivery against the warehouse", async () => {
      const part = await parts.addPart({ name: 'Gương chiếu hậu báo giá' });
      await setWarehouseStock(floor.db, part.id, 10);
      await putOnShelf(floor.centreA.id, part.id, 1);
      const quote = async (quantity: number, fulfilment: Record<string, unknown>) => {
        const response = await floor.request(buyers[3]!, 'POST', '/api/checkout/quote', { items: [{ kind: 'product', refId: part.id, quantity }], fulfilment });
        expect(response.statusCode).toBe(200);
        return (response.json().data as { lines: { stock: number; issues: string[] }[] }).lines[0];
      };
      expect(await quote(2, { method: 'delivery', province: 'Hà Nội' })).toMatchObject({ stock: 10, issues: [] });
      expect(await quote(2, { method: 'pickup', centreId: floor.centreA.id })).toMatchObject({ stock: 1, issues: ['insufficient_stock'] });
      expect(await quote(1, { method: 'pickup', centreId: floor.centreA.id })).toMatchObject({ stock: 1, issues: [] });
      expect(await quote(1, { method: 'pickup', centreId: floor.centreB.id })).toMatchObject({ stock: 0, issues: ['out_of_stock'] });
    });

    it('a pick-up reserves at its centre and is issued when handed over; cancelling releases, and says so per centre when short', async () => {
      const part = await parts.addPart({ name: 'Đèn pha nhận tại trung tâm' });
      await setWarehouseStock(floor.db, part.id, 50);
      const centre = floor.centreA.id;
      const none = await order(buyers[0]!, part.id, 1, { method: 'pickup', centreId: centre });
      expect(none.statusCode).toBe(409);
      expect(errorEnvelopeSchema.parse(none.json())).toMatchObject({ code: 'OUT_OF_STOCK', message: `Sản phẩm "Đèn pha nhận tại trung tâm" đã hết hàng tại ${await centreName(centre)}.` });
      await putOnShelf(centre, part.id, 3);
      const short = await order(buyers[0]!, part.id, 5, { method: 'pickup', centreId: centre });
      expect(short.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: `Sản phẩm "Đèn pha nhận tại trung tâm" chỉ còn 3 sản phẩm tại ${await centreName(centre)}.` });

      const handed = await placed(buyers[0]!, part.id, 2, { method: 'pickup', centreId: centre });
      expect((await orderRow(handed.code)).stock_location_id).toBe(centre);
      expect(await shelf(centre, part.id)).toEqual({ onHand: 3, reserved: 2 });
      // The warehouse is untouched by a pick-up.
      expect(await shelf(warehouse, part.id)).toEqual({ onHand: 50, reserved: 0 });
      for (const action of ['confirm', 'pack', 'readyForPickup']) await step(handed.code, action);
      expect(await shelf(centre, part.id)).toEqual({ onHand: 3, reserved: 2 });
      await step(handed.code, 'handOver');
      expect(await shelf(centre, part.id)).toEqual({ onHand: 1, reserved: 0 });
      expect(await issuesOf(handed.code)).toEqual([{ centre_id: centre, kind: 'ISSUE', quantity: -2, actor_id: floor.users.admin.id }]);

      const cancelled = await placed(buyers[1]!, part.id, 1, { method: 'pickup', centreId: centre });
      expect(await shelf(centre, part.id)).toEqual({ onHand: 1, reserved: 1 });
      const byCustomer = await floor.request(buyers[1]!, 'POST', `/api/orders/${cancelled.code}/cancel`, { reason: 'Đặt nhầm' });
      expect(byCustomer.statusCode).toBe(200);
      expect(await shelf(centre, part.id)).toEqual({ onHand: 1, reserved: 0 });
      expect(await issuesOf(cancelled.code)).toEqual([]);

      const atDesk = await placed(buyers[1]!, part.id, 1, { method: 'pickup', centreId: centre });
      await step(atDesk.code, 'confirm');
      await step(atDesk.code, 'cancel', { reason: 'Khách không đến nhận' });
      expect(await shelf(centre, part.id)).toEqual({ onHand: 1, reserved: 0 });
      await balanced();
    });

    it('an unpaid VietQR order past its payment window is cancelled and its units released', async () => {
      const part = await parts.addPart({ name: 'Cáp sạc chờ chuyển khoản' });
      await setWarehouseStock(floor.db, part.id, 2);
      const { code } = await placed(buyers[2]!, part.id, 2, undefined, 'VIETQR');
      expect(await shelf(warehouse, part.id)).toEqual({ onHand: 2, reserved: 2 });
      expect((await order(buyers[3]!, part.id, 1)).json()).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Sản phẩm "Cáp sạc chờ chuyển khoản" đã hết hàng.' });
      const later = new Date(floor.service.clock.now().getTime() + 25 * 3_600_000);
      const expired = await expireUnpaidOrders({ db: floor.db, clock: floor.service.clock, config: floor.service.config, events: floor.service.events }, later);
      expect(expired).toBeGreaterThanOrEqual(1);
      expect((await orderRow(code)).status).toBe('CANCELLED');
      expect(await shelf(warehouse, part.id)).toEqual({ onHand: 2, reserved: 0 });
      await balanced();
    });
  });

  describe('the last unit is sold once, whichever channel asks', () => {
    it('1 unit at centre A: two pick-up orders and a parts request’s reservation at once → exactly one wins, reserved = 1', async () => {
      for (let round = 0; round < 3; round += 1) {
        const part = await parts.addPart({ name: `Bộ sạc cuối cùng ${round}` });
        await parts.stock(part.id, 0);
        const { order: serviceOrder, technician } = await parts.startedOrder();
        const request = await parts.requestPart(serviceOrder.id, technician, part.id, 1);
        const approved = requestResponse.parse((await parts.act(request.id, 'decision', { action: 'inScope' })).json()).data as PartsRequest;
        expect(approved.status).toBe('APPROVED');
        await putOnShelf(floor.centreA.id, part.id, 1);

        const answers = await Promise.all([
          order(buyers[0]!, part.id, 1, { method: 'pickup', centreId: floor.centreA.id }),
          order(buyers[1]!, part.id, 1, { method: 'pickup', centreId: floor.centreA.id }),
          floor.request(floor.users.staff, 'POST', `/api/staff/parts-requests/${approved.id}/reserve`, { version: approved.version }),
        ]);
        const won = answers.filter((answer) => answer.statusCode === 200 || answer.statusCode === 201);
        expect(won).toHaveLength(1);
        for (const lost of answers.filter((answer) => answer.statusCode !== 200 && answer.statusCode !== 201)) {
          expect(lost.statusCode).toBe(409);
          expect(['OUT_OF_STOCK', 'INSUFFICIENT_STOCK']).toContain(errorEnvelopeSchema.parse(lost.json()).code);
        }
        expect(await shelf(floor.centreA.id, part.id)).toEqual({ onHand: 1, reserved: 1 });
        const orders = await floor.db.selectFrom('order_lines').select('id').where('kind', '=', 'product').where('ref_id', '=', part.id).execute();
        const reservedRequest = (await parts.row(approved.id)).status === 'RESERVED';
        expect(orders.length + (reservedRequest ? 1 : 0)).toBe(1);
      }
      await balanced();
    });

    it('the warehouse’s last unit raced by two delivery checkouts → one order, one 409', async () => {
      const part = await parts.addPart({ name: 'Pin cuối kho online' });
      await setWarehouseStock(floor.db, part.id, 1);
      const answers = await Promise.all([order(buyers[2]!, part.id, 1), order(buyers[3]!, part.id, 1)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(await shelf(warehouse, part.id)).toEqual({ onHand: 1, reserved: 1 });
      await balanced();
    });
  });

  describe('receiving from the warehouse', () => {
    it('is a transfer received at once: TRANSFER_OUT at the warehouse, TRANSFER_IN at the centre, a RECEIVED transfer with its lines', async () => {
      const part = await parts.addPart({ name: 'Lốp nhập về trung tâm' });
      await setWarehouseStock(floor.db, part.id, 6);
      // 2 of the 6 are promised to a delivery: the centre may take the other 4 only.
      await placed(buyers[0]!, part.id, 2);
      const tooMany = await floor.request(floor.users.manager, 'POST', '/api/inventory/receive', { lines: [{ productId: part.id, quantity: 5 }] });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json()).toMatchObject({ code: 'TRANSFER_INSUFFICIENT_STOCK', data: { productId: part.id, available: 4 } });
      expect(await floor.db.selectFrom('stock_transfer_lines').select('transfer_id').where('product_id', '=', part.id).execute()).toEqual([]);

      const received = await floor.request(floor.users.manager, 'POST', '/api/inventory/receive', { lines: [{ productId: part.id, quantity: 4 }], note: 'Phiếu PN-77' });
      expect(received.statusCode).toBe(200);
      expect(await shelf(warehouse, part.id)).toEqual({ onHand: 2, reserved: 2 });
      expect(await shelf(floor.centreA.id, part.id)).toEqual({ onHand: 4, reserved: 0 });
      const transfer = await floor.db
        .selectFrom('stock_transfers')
        .innerJoin('stock_transfer_lines', 'stock_transfer_lines.transfer_id', 'stock_transfers.id')
        .select(['stock_transfers.id', 'from_location_id', 'to_location_id', 'status', 'note', 'created_by', 'received_by', 'received_at', 'quantity'])
        .where('stock_transfer_lines.product_id', '=', part.id)
        .executeTakeFirstOrThrow();
      expect(transfer).toMatchObject({ from_location_id: warehouse, to_location_id: floor.centreA.id, status: 'RECEIVED', note: 'Phiếu PN-77', created_by: floor.users.manager.id, received_by: floor.users.manager.id, quantity: 4 });
      expect(transfer.received_at).not.toBeNull();
      const moves = await floor.db.selectFrom('stock_movements').select(['centre_id', 'kind', 'quantity']).where('transfer_id', '=', transfer.id).orderBy('id').execute();
      expect(moves.map((move) => [move.centre_id, move.kind, toNumber(move.quantity)])).toEqual([
        [warehouse, 'TRANSFER_OUT', -4],
        [floor.centreA.id, 'TRANSFER_IN', 4],
      ]);
      await balanced();
    });
  });

  describe('the warehouse is a stock location, not a centre', () => {
    it('is no centre of the shop or the floor (404 / 422 like an unknown one); an admin reads its stock, a manager stays at their centre', async () => {
      const centres = (await floor.request(null, 'GET', '/api/centres')).json().data as Array<{ id: number }>;
      expect(centres.map((centre) => centre.id)).not.toContain(warehouse);
      const slots = await floor.request(null, 'GET', `/api/centres/${warehouse}/availability?date=2026-11-20`);
      expect(slots.json()).toMatchObject({ code: 'CENTRE_NOT_FOUND' });
      const part = await parts.addPart({ name: 'Gương chiếu hậu kho' });
      await setWarehouseStock(floor.db, part.id, 3);
      expect((await order(buyers[0]!, part.id, 1, { method: 'pickup', centreId: warehouse })).json()).toMatchObject({ code: 'CENTRE_NOT_FOUND' });
      const adminView = await floor.request(floor.users.admin, 'GET', `/api/inventory/summary?centreId=${warehouse}`);
      expect(adminView.statusCode).toBe(200);
      expect(adminView.json().data.centreId).toBe(warehouse);
      expect((await floor.request(floor.users.manager, 'GET', `/api/inventory/summary?centreId=${warehouse}`)).statusCode).toBe(404);
      expect((await floor.request(floor.users.admin, 'GET', `/api/staff/appointments?centreId=${warehouse}`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/products/:slug/availability', () => {
    it('answers online and each centre’s pick-up count by name; a pick-up order lowers its centre’s; unknown 404', async () => {
      const part = await parts.addPart({ name: 'Phanh đĩa theo trung tâm' });
      const slug = (await floor.db.selectFrom('products').select('slug').where('id', '=', part.id).executeTakeFirstOrThrow()).slug;
      await setWarehouseStock(floor.db, part.id, 7);
      await putOnShelf(floor.centreA.id, part.id, 3);
      const read = async () => {
        const response = await floor.request(null, 'GET', `/api/products/${slug}/availability`);
        expect(response.statusCode).toBe(200);
        return productAvailabilitySchema.parse(response.json().data);
      };
      const before = await read();
      expect(before.online).toBe(7);
      // Every service centre, in the database's order of names.
      const centres = await floor.db.selectFrom('service_centres').select('name').where('kind', '=', 'SERVICE_CENTRE').orderBy('name').orderBy('id').execute();
      expect(before.pickup.map((entry) => entry.centreName)).toEqual(centres.map((centre) => centre.name));
      expect(before.pickup.map((entry) => entry.centreId)).not.toContain(warehouse);
      expect(before.pickup.find((entry) => entry.centreId === floor.centreA.id)).toMatchObject({ centreName: await centreName(floor.centreA.id), available: 3 });
      expect(before.pickup.find((entry) => entry.centreId === floor.centreB.id)).toMatchObject({ available: 0 });

      await placed(buyers[1]!, part.id, 2, { method: 'pickup', centreId: floor.centreA.id });
      const after = await read();
      expect(after.pickup.find((entry) => entry.centreId === floor.centreA.id)!.available).toBe(1);
      expect(after.online).toBe(7);
      expect((await floor.request(null, 'GET', '/api/products/khong-co-san-pham-nay/availability')).statusCode).toBe(404);
    });
  });
});
