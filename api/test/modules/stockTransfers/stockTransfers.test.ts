import { stockLocationListSchema, stockTransferPageSchema, stockTransferSchema, type StockTransfer } from 'shared-contracts/schemas';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { figures } from '../../support/inventoryTestKit';
import { createUser, type TestUser } from '../../support/serviceTestKit';
import { newProduct, shelve, warehouseId, type TransferProduct } from './stockTransferKit';

/**
 * Stock transfers (issue 34 §3): who may list, create, receive and cancel at which centre; the units leave the
 * source at creation and arrive at receipt (or go back at cancellation) through the ledger; 409 for too little
 * at the source and for a stale or closed transfer; two receipts at once move the stock once.
 */
describe.each(testDatabases())('stock transfers on $label', (target) => {
  const floor = useFloor(target);
  let warehouse = 0;
  let customer: TestUser;
  let managerA2: TestUser;
  const changes: Array<{ centreId: number; kind: string }> = [];

  beforeAll(async () => {
    warehouse = await warehouseId(floor.db);
    customer = await createUser(floor.db, 'customer', 'Khách Xem Kho');
    managerA2 = await floor.addMember('manager', floor.centreA.id, 'Quản Lý Thứ Hai');
    floor.service.events.onCentreChange((change) => changes.push(change));
  });

  const create = (user: TestUser | null, body: unknown) => floor.request(user, 'POST', '/api/inventory/transfers', body);
  const act = (user: TestUser | null, id: number, action: 'receive' | 'cancel', version: number) =>
    floor.request(user, 'POST', `/api/inventory/transfers/${id}/${action}`, { version });
  const onHand = async (locationId: number, productId: number) => (await figures(floor.db, locationId, productId))?.onHand ?? 0;
  const transferMovements = (transferId: number) =>
    floor.db.selectFrom('stock_movements').select(['centre_id', 'product_id', 'kind', 'quantity', 'actor_id']).where('transfer_id', '=', transferId).orderBy('id').execute();
  const balanced = async (products: TransferProduct[]) => {
    const replay = await replayStockLedger(floor.db);
    expect(replay.mismatches.filter((mismatch) => products.some((product) => product.id === mismatch.productId))).toEqual([]);
  };

  /** A product with `atWarehouse` units at the warehouse and `atA` at centre A. */
  const stocked = async (atWarehouse: number, atA = 0, name?: string) => {
    const product = await newProduct(floor.db, name);
    if (atWarehouse > 0) await shelve(floor.db, warehouse, product.id, atWarehouse);
    if (atA > 0) await shelve(floor.db, floor.centreA.id, product.id, atA);
    return product;
  };
  const created = async (user: TestUser, from: number, to: number, product: TransferProduct, quantity: number): Promise<StockTransfer> => {
    const response = await create(user, { fromLocationId: from, toLocationId: to, lines: [{ productId: product.id, quantity }] });
    expect(response.statusCode).toBe(201);
    return stockTransferSchema.parse(response.json().data);
  };

  describe('who may do what (every route × role, on a transfer from the warehouse to centre A)', () => {
    type Who = 'anonymous' | 'customer' | 'staff' | 'technician' | 'manager' | 'admin' | 'staffB' | 'technicianB' | 'managerB';
    const EVERYONE: Who[] = ['anonymous', 'customer', 'staff', 'technician', 'manager', 'admin', 'staffB', 'technicianB', 'managerB'];
    const who = (name: Who): TestUser | null => (name === 'anonymous' ? null : name === 'customer' ? customer : floor.users[name]);
    // route → role → status (a transfer outside the caller's centre is 404, as every out-of-scope record)
    const EXPECTED: Record<string, Record<Who, number>> = {
      locations: { anonymous: 401, customer: 403, staff: 200, technician: 200, manager: 200, admin: 200, staffB: 200, technicianB: 200, managerB: 200 },
      list: { anonymous: 401, customer: 403, staff: 200, technician: 403, manager: 200, admin: 200, staffB: 200, technicianB: 403, managerB: 200 },
      create: { anonymous: 401, customer: 403, staff: 403, technician: 403, manager: 201, admin: 201, staffB: 403, technicianB: 403, managerB: 403 },
      receive: { anonymous: 401, customer: 403, staff: 200, technician: 403, manager: 200, admin: 200, staffB: 404, technicianB: 403, managerB: 404 },
      cancel: { anonymous: 401, customer: 403, staff: 403, technician: 403, manager: 403, admin: 200, staffB: 404, technicianB: 403, managerB: 404 },
    };

    it.each(EVERYONE)('as %s', async (name) => {
      const product = await stocked(10);
      const user = who(name);
      const statusOf = async (route: string): Promise<number> => {
        if (route === 'locations') return (await floor.request(user, 'GET', '/api/stock-locations')).statusCode;
        if (route === 'list') return (await floor.request(user, 'GET', '/api/inventory/transfers')).statusCode;
        if (route === 'create') return (await create(user, { fromLocationId: warehouse, toLocationId: floor.centreA.id, lines: [{ productId: product.id, quantity: 1 }] })).statusCode;
        const transfer = await created(floor.users.admin, warehouse, floor.centreA.id, product, 1);
        return (await act(user, transfer.id, route as 'receive' | 'cancel', 0)).statusCode;
      };
      const answered: Record<string, number> = {};
      for (const route of Object.keys(EXPECTED)) answered[route] = await statusOf(route);
      expect(answered).toEqual(Object.fromEntries(Object.entries(EXPECTED).map(([route, statuses]) => [route, statuses[name]])));
      await balanced([product]);
    });
  });

  describe('GET /api/stock-locations', () => {
    it('lists the centres and the warehouse to the floor roles, no one else', async () => {
      const response = await floor.request(floor.users.technician, 'GET', '/api/stock-locations');
      expect(response.statusCode).toBe(200);
      const locations = stockLocationListSchema.parse(response.json().data);
      expect(locations.find((location) => location.id === warehouse)).toMatchObject({ kind: 'WAREHOUSE', shipsOnline: true, name: 'Kho hàng online EV Service' });
      expect(locations.find((location) => location.id === floor.centreA.id)).toMatchObject({ kind: 'SERVICE_CENTRE', shipsOnline: false });
      for (const user of [floor.users.staff, floor.users.manager, floor.users.admin]) {
        expect((await floor.request(user, 'GET', '/api/stock-locations')).statusCode).toBe(200);
      }
      expect((await floor.request(customer, 'GET', '/api/stock-locations')).statusCode).toBe(403);
      expect((await floor.request(null, 'GET', '/api/stock-locations')).statusCode).toBe(401);
    });
  });

  describe('POST /api/inventory/transfers', () => {
    it('takes the units at the source at once (TRANSFER_OUT with the transfer) and answers the transfer in transit', async () => {
      const product = await stocked(20);
      changes.length = 0;
      const response = await create(floor.users.manager, {
        fromLocationId: warehouse,
        toLocationId: floor.centreA.id,
        lines: [{ productId: product.id, quantity: 8 }],
        note: '  Bổ sung cho tuần sau  ',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().message).toBe('Đã tạo phiếu chuyển kho; hàng đã rời nơi chuyển đi.');
      const transfer = stockTransferSchema.parse(response.json().data);
      expect(transfer).toMatchObject({
        status: 'IN_TRANSIT',
        statusLabel: 'Đang chuyển',
        from: { id: warehouse, name: 'Kho hàng online EV Service' },
        to: { id: floor.centreA.id },
        note: 'Bổ sung cho tuần sau',
        lines: [{ productId: product.id, sku: product.sku, name: product.name, quantity: 8 }],
        createdBy: { id: floor.users.manager.id },
        closedBy: null,
        closedAt: null,
        version: 0,
        // the manager of the destination receives; cancelling is the source's (the warehouse: an admin)
        actions: ['receive'],
      });
      expect(await onHand(warehouse, product.id)).toBe(12);
      expect(await onHand(floor.centreA.id, product.id)).toBe(0);
      expect(await transferMovements(transfer.id)).toEqual([
        { centre_id: warehouse, product_id: product.id, kind: 'TRANSFER_OUT', quantity: -8, actor_id: floor.users.manager.id },
      ]);
      // both locations' screens hear of it
      expect(changes).toEqual(expect.arrayContaining([{ centreId: warehouse, kind: 'inventory' }, { centreId: floor.centreA.id, kind: 'inventory' }]));
      await balanced([product]);
    });

    it('lets an admin move any pair, a manager from their centre or from the warehouse into it; staff, technicians and customers never', async () => {
      const product = await stocked(50, 10);
      const line = [{ productId: product.id, quantity: 1 }];
      const body = (from: number, to: number) => ({ fromLocationId: from, toLocationId: to, lines: line });
      expect((await create(floor.users.admin, body(warehouse, floor.centreB.id))).statusCode).toBe(201);
      expect((await create(floor.users.manager, body(floor.centreA.id, floor.centreB.id))).statusCode).toBe(201);
      expect((await create(floor.users.manager, body(floor.centreA.id, warehouse))).statusCode).toBe(201);
      expect((await create(floor.users.managerB, body(warehouse, floor.centreB.id))).statusCode).toBe(201);
      // the destination's manager does not take another centre's units: they ask (issue 44 §3)
      const taking = await create(floor.users.managerB, body(floor.centreA.id, floor.centreB.id));
      expect(taking.statusCode).toBe(403);
      expect(taking.json()).toMatchObject({ code: 'TRANSFER_REQUEST_REQUIRED', errors: [{ field: 'fromLocationId' }] });
      const refused = await create(floor.users.managerB, body(warehouse, floor.centreA.id));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'TRANSFER_FORBIDDEN', message: 'Bạn chỉ được chuyển hàng đi hoặc về trung tâm của mình.' });
      for (const user of [floor.users.staff, floor.users.technician, customer]) {
        expect((await create(user, body(warehouse, floor.centreA.id))).statusCode).toBe(403);
      }
      expect((await create(null, body(warehouse, floor.centreA.id))).statusCode).toBe(401);
      // 50 − 2 (admin, manager B) at the warehouse; 10 − 2 at A (in transit, not yet anywhere)
      expect(await onHand(warehouse, product.id)).toBe(48);
      expect(await onHand(floor.centreA.id, product.id)).toBe(8);
      await balanced([product]);
    });

    it('409 naming the product and what is available (on hand less reserved) at the source; nothing is taken, no transfer made', async () => {
      const plenty = await stocked(30);
      const scarce = await stocked(5, 0, 'Cầu chì chuyển kho hiếm');
      await floor.db.updateTable('centre_stock').set({ reserved: 2 }).where('centre_id', '=', warehouse).where('product_id', '=', scarce.id).execute();
      const before = await floor.db.selectFrom('stock_transfers').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      const response = await create(floor.users.admin, {
        fromLocationId: warehouse,
        toLocationId: floor.centreA.id,
        lines: [
          { productId: plenty.id, quantity: 10 },
          { productId: scarce.id, quantity: 4 },
        ],
      });
      expect(response.statusCode).toBe(409);
      const message = 'Chỉ còn 3 "Cầu chì chuyển kho hiếm" khả dụng tại Kho hàng online EV Service, không đủ để chuyển.';
      expect(response.json()).toMatchObject({
        code: 'TRANSFER_INSUFFICIENT_STOCK',
        message,
        errors: [{ field: 'lines.1.quantity', message }],
        data: { productId: scarce.id, available: 3 },
      });
      expect(await onHand(warehouse, plenty.id)).toBe(30);
      expect(await onHand(warehouse, scarce.id)).toBe(5);
      const after = await floor.db.selectFrom('stock_transfers').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));

      const empty = await create(floor.users.manager, { fromLocationId: floor.centreA.id, toLocationId: floor.centreB.id, lines: [{ productId: plenty.id, quantity: 1 }] });
      expect(empty.statusCode).toBe(409);
      expect(empty.json().message).toMatch(/^.+ đã hết "Lọc gió chuyển kho .+" khả dụng, không thể chuyển\.$/);
      await balanced([plenty, scarce]);
    });

    it('refuses every bad field on that field: 400 when malformed, 422 when the data says no (never a 500)', async () => {
      const product = await stocked(10);
      const valid = { fromLocationId: warehouse, toLocationId: floor.centreA.id, lines: [{ productId: product.id, quantity: 1 }], note: 'ok' };
      // the rules of the house: a malformed field is 400 VALIDATION_ERROR on it; a well-formed one the data refuses is 422
      const cases: Array<[unknown, string, number]> = [
        [{ ...valid, toLocationId: warehouse }, 'toLocationId', 422],
        [{ ...valid, fromLocationId: 2_000_000_000 }, 'fromLocationId', 422],
        [{ ...valid, toLocationId: 2_000_000_000 }, 'toLocationId', 422],
        [{ ...valid, lines: [{ productId: 2_000_000_000, quantity: 1 }] }, 'lines.0.productId', 422],
        [{ ...valid, fromLocationId: 0 }, 'fromLocationId', 400],
        [{ ...valid, fromLocationId: 'abc' }, 'fromLocationId', 400],
        [{ ...valid, toLocationId: 3_000_000_000 }, 'toLocationId', 400],
        [{ ...valid, toLocationId: null }, 'toLocationId', 400],
        [{ ...valid, lines: [] }, 'lines', 400],
        [{ ...valid, lines: 'x' }, 'lines', 400],
        [{ ...valid, lines: Array.from({ length: 51 }, (_, index) => ({ productId: index + 1, quantity: 1 })) }, 'lines', 400],
        [{ ...valid, lines: [{ productId: product.id, quantity: 1 }, { productId: product.id, quantity: 2 }] }, 'lines.1.productId', 400],
        [{ ...valid, lines: [{ productId: -1, quantity: 1 }] }, 'lines.0.productId', 400],
        [{ ...valid, lines: [{ productId: product.id, quantity: 0 }] }, 'lines.0.quantity', 400],
        [{ ...valid, lines: [{ productId: product.id, quantity: 10_001 }] }, 'lines.0.quantity', 400],
        [{ ...valid, lines: [{ productId: product.id, quantity: 1.5 }] }, 'lines.0.quantity', 400],
        [{ ...valid, lines: [{ productId: product.id, quantity: true }] }, 'lines.0.quantity', 400],
        [{ ...valid, lines: [{ productId: product.id }] }, 'lines.0.quantity', 400],
        [{ ...valid, note: 'x'.repeat(301) }, 'note', 400],
        [{ ...valid, note: 'a\u0000b' }, 'note', 400],
        [{ ...valid, note: 42 }, 'note', 400],
      ];
      for (const [body, field, status] of cases) {
        const response = await create(floor.users.admin, body);
        expect({ field, status: response.statusCode }).toEqual({ field, status });
        expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
      }
      expect((await create(floor.users.admin, { ...valid, toLocationId: warehouse })).json()).toMatchObject({ code: 'SAME_LOCATION', message: 'Nơi nhận phải khác nơi chuyển đi.' });
      expect((await create(floor.users.admin, { ...valid, fromLocationId: 2_000_000_000 })).json()).toMatchObject({ code: 'LOCATION_NOT_FOUND', message: 'Không tìm thấy kho hoặc trung tâm này.' });
      for (const body of [[], { ...valid, lines: undefined }]) {
        expect((await create(floor.users.admin, body)).statusCode).toBe(400);
      }
      // no JSON at all
      for (const body of ['x', undefined]) expect([400, 415]).toContain((await create(floor.users.admin, body)).statusCode);
      // 10 000 units of one line is the most; more than the source has is 409, not 422
      expect((await create(floor.users.admin, { ...valid, lines: [{ productId: product.id, quantity: 10_000 }] })).statusCode).toBe(409);
      expect(await onHand(warehouse, product.id)).toBe(10);
    });
  });

  describe('receive and cancel', () => {
    it('receive: the destination’s staff add the units there (TRANSFER_IN), once; the transfer is RECEIVED with who and when', async () => {
      const product = await stocked(10);
      const transfer = await created(floor.users.admin, warehouse, floor.centreA.id, product, 6);
      // only the destination's people (or an admin) receive; another centre does not even see it
      expect((await act(floor.users.technician, transfer.id, 'receive', 0)).statusCode).toBe(403);
      expect((await act(floor.users.staffB, transfer.id, 'receive', 0)).statusCode).toBe(404);
      expect((await act(floor.users.managerB, transfer.id, 'receive', 0)).statusCode).toBe(404);
      expect((await act(customer, transfer.id, 'receive', 0)).statusCode).toBe(403);
      expect((await act(null, transfer.id, 'receive', 0)).statusCode).toBe(401);
      // staff never cancel
      expect((await act(floor.users.staff, transfer.id, 'cancel', 0)).statusCode).toBe(403);
      expect((await act(floor.users.manager, transfer.id, 'cancel', 0)).statusCode).toBe(403);

      changes.length = 0;
      const response = await act(floor.users.staff, transfer.id, 'receive', 0);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Đã nhận hàng chuyển kho.');
      expect(stockTransferSchema.parse(response.json().data)).toMatchObject({
        status: 'RECEIVED',
        statusLabel: 'Đã nhận',
        closedBy: { id: floor.users.staff.id },
        closedAt: floor.service.clock.now().toISOString(),
        version: 1,
        actions: [],
      });
      expect(await onHand(floor.centreA.id, product.id)).toBe(6);
      expect(await onHand(warehouse, product.id)).toBe(4);
      expect((await transferMovements(transfer.id)).map((movement) => [movement.centre_id, movement.kind, movement.quantity])).toEqual([
        [warehouse, 'TRANSFER_OUT', -6],
        [floor.centreA.id, 'TRANSFER_IN', 6],
      ]);
      expect(changes).toEqual(expect.arrayContaining([{ centreId: warehouse, kind: 'inventory' }, { centreId: floor.centreA.id, kind: 'inventory' }]));

      // the same version again, or the new one on a closed transfer: 409 with the transfer as it is
      const stale = await act(floor.users.manager, transfer.id, 'receive', 0);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'TRANSFER_STALE',
        message: 'Phiếu chuyển đã thay đổi (hiện đã nhận). Vui lòng xem lại rồi thao tác.',
        data: { transfer: { id: transfer.id, status: 'RECEIVED', version: 1 } },
      });
      expect((await act(floor.users.manager, transfer.id, 'receive', 1)).statusCode).toBe(409);
      expect((await act(floor.users.admin, transfer.id, 'cancel', 1)).statusCode).toBe(409);
      expect(await onHand(floor.centreA.id, product.id)).toBe(6);
      await balanced([product]);
    });

    it('cancel: the source’s manager puts the units back at the source (TRANSFER_IN there); the destination cannot receive it then', async () => {
      const product = await stocked(0, 9);
      const transfer = await created(floor.users.manager, floor.centreA.id, floor.centreB.id, product, 4);
      expect(transfer.actions).toEqual(['cancel']);
      expect(await onHand(floor.centreA.id, product.id)).toBe(5);
      // the destination's manager receives but does not cancel
      expect((await act(floor.users.managerB, transfer.id, 'cancel', 0)).statusCode).toBe(403);
      const response = await act(floor.users.manager, transfer.id, 'cancel', 0);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Đã hủy phiếu chuyển kho; hàng đã trả về nơi chuyển đi.');
      expect(stockTransferSchema.parse(response.json().data)).toMatchObject({ status: 'CANCELLED', statusLabel: 'Đã hủy', closedBy: { id: floor.users.manager.id }, version: 1 });
      expect(await onHand(floor.centreA.id, product.id)).toBe(9);
      expect(await onHand(floor.centreB.id, product.id)).toBe(0);
      expect((await transferMovements(transfer.id)).map((movement) => [movement.centre_id, movement.kind, movement.quantity])).toEqual([
        [floor.centreA.id, 'TRANSFER_OUT', -4],
        [floor.centreA.id, 'TRANSFER_IN', 4],
      ]);
      const late = await act(floor.users.managerB, transfer.id, 'receive', 1);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('Phiếu chuyển đã thay đổi (hiện đã hủy). Vui lòng xem lại rồi thao tác.');
      // an admin cancels any transfer
      const other = await created(floor.users.manager, floor.centreA.id, floor.centreB.id, product, 1);
      expect((await act(floor.users.admin, other.id, 'cancel', 0)).statusCode).toBe(200);
      expect((await act(floor.users.admin, 2_000_000_000, 'cancel', 0)).statusCode).toBe(404);
      for (const [id, body] of [['abc', { version: 0 }], [String(other.id), { version: -1 }], [String(other.id), { version: 'x' }], [String(other.id), {}]] as const) {
        expect((await floor.request(floor.users.admin, 'POST', `/api/inventory/transfers/${id}/cancel`, body)).statusCode).toBe(400);
      }
      await balanced([product]);
    });

    it('two managers receiving the same transfer at once: one wins, the other gets 409, the units arrive once', async () => {
      for (let round = 0; round < 3; round += 1) {
        const product = await stocked(10);
        const transfer = await created(floor.users.admin, warehouse, floor.centreA.id, product, 3);
        const answers = await Promise.all([act(floor.users.manager, transfer.id, 'receive', 0), act(managerA2, transfer.id, 'receive', 0), act(floor.users.staff, transfer.id, 'receive', 0)]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
        const movements = await transferMovements(transfer.id);
        expect(movements.filter((movement) => movement.kind === 'TRANSFER_IN')).toHaveLength(1);
        expect(await onHand(floor.centreA.id, product.id)).toBe(3);
        await balanced([product]);
      }
    });

    it('a receipt racing a cancellation: exactly one happens, the units are in one place', async () => {
      const product = await stocked(0, 10);
      const transfer = await created(floor.users.manager, floor.centreA.id, floor.centreB.id, product, 4);
      const [cancel, receive] = await Promise.all([act(floor.users.manager, transfer.id, 'cancel', 0), act(floor.users.staffB, transfer.id, 'receive', 0)]);
      expect([cancel.statusCode, receive.statusCode].sort()).toEqual([200, 409]);
      const atA = await onHand(floor.centreA.id, product.id);
      const atB = await onHand(floor.centreB.id, product.id);
      expect(atA + atB).toBe(10);
      expect(cancel.statusCode === 200 ? [atA, atB] : [atA, atB]).toEqual(cancel.statusCode === 200 ? [10, 0] : [6, 4]);
      await balanced([product]);
    });
  });

  describe('GET /api/inventory/transfers', () => {
    it('shows each centre its transfers in and out, newest first, with the caller’s actions; an admin all or one centre', async () => {
      const product = await stocked(20, 10);
      const inToA = await created(floor.users.admin, warehouse, floor.centreA.id, product, 2);
      const aToB = await created(floor.users.manager, floor.centreA.id, floor.centreB.id, product, 1);
      const toB = await created(floor.users.admin, warehouse, floor.centreB.id, product, 1);

      const pageOf = async (user: TestUser, query = '') => {
        const response = await floor.request(user, 'GET', `/api/inventory/transfers${query}`);
        expect(response.statusCode).toBe(200);
        return stockTransferPageSchema.parse(response.json().data);
      };
      const mine = await pageOf(floor.users.manager);
      const ids = mine.items.map((item) => item.id);
      expect(ids).toEqual(expect.arrayContaining([inToA.id, aToB.id]));
      expect(ids).not.toContain(toB.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(mine.items.find((item) => item.id === inToA.id)!.actions).toEqual(['receive']);
      expect(mine.items.find((item) => item.id === aToB.id)!.actions).toEqual(['cancel']);
      expect((await pageOf(floor.users.staff)).items.find((item) => item.id === aToB.id)!.actions).toEqual([]);
      const atB = await pageOf(floor.users.staffB);
      expect(atB.items.map((item) => item.id)).toEqual(expect.arrayContaining([aToB.id, toB.id]));
      expect(atB.items.find((item) => item.id === aToB.id)!.actions).toEqual(['receive']);
      expect(atB.items.map((item) => item.id)).not.toContain(inToA.id);

      const all = await pageOf(floor.users.admin);
      expect(all.items.map((item) => item.id).slice(0, 3)).toEqual([toB.id, aToB.id, inToA.id]);
      expect(all.items[0]!.actions).toEqual(['receive', 'cancel']);
      const onlyB = await pageOf(floor.users.admin, `?centreId=${floor.centreB.id}`);
      expect(onlyB.items.every((item) => item.from.id === floor.centreB.id || item.to.id === floor.centreB.id)).toBe(true);
      const fromWarehouse = await pageOf(floor.users.admin, `?centreId=${warehouse}`);
      expect(fromWarehouse.items.map((item) => item.id)).toEqual(expect.arrayContaining([toB.id, inToA.id]));
      expect(fromWarehouse.items.map((item) => item.id)).not.toContain(aToB.id);
      expect((await floor.request(floor.users.manager, 'GET', `/api/inventory/transfers?centreId=${warehouse}`)).statusCode).toBe(404);

      await act(floor.users.staff, inToA.id, 'receive', 0);
      const received = await pageOf(floor.users.manager, '?status=RECEIVED');
      expect(received.items.map((item) => item.id)).toContain(inToA.id);
      expect(received.items.every((item) => item.status === 'RECEIVED')).toBe(true);

      expect((await floor.request(floor.users.manager, 'GET', `/api/inventory/transfers?centreId=${floor.centreB.id}`)).statusCode).toBe(404);
      expect((await floor.request(floor.users.manager, 'GET', '/api/inventory/transfers?status=LOST')).statusCode).toBe(400);
      expect((await floor.request(floor.users.manager, 'GET', '/api/inventory/transfers?page=0')).statusCode).toBe(400);
      expect((await floor.request(floor.users.technician, 'GET', '/api/inventory/transfers')).statusCode).toBe(403);
      expect((await floor.request(customer, 'GET', '/api/inventory/transfers')).statusCode).toBe(403);
      expect((await floor.request(null, 'GET', '/api/inventory/transfers')).statusCode).toBe(401);
    });
  });
});
