import { stockTransferPageSchema, stockTransferSchema, type StockTransfer } from 'shared-contracts/schemas';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { figures } from '../../support/inventoryTestKit';
import { createCentre, createUser, type TestUser } from '../../support/serviceTestKit';
import { newProduct, shelve, warehouseId, type TransferProduct } from './stockTransferKit';

/**
 * Stock transfer requests (issue 44 §3, decision 0051): a manager takes no other centre's units. The destination's
 * manager creating a transfer from another centre gets 403 and nothing moves; they request it instead (REQUESTED,
 * nothing moves), and the source's manager accepts (the units leave then, as at creation; 409 when too few; two
 * accepts apply once) or declines (nothing moves); the requester may withdraw it. A third centre sees none of it.
 */
describe.each(testDatabases())('stock transfer requests on $label', (target) => {
  const floor = useFloor(target);
  let warehouse = 0;
  let centreC = 0;
  let managerA2: TestUser;
  let managerC: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    warehouse = await warehouseId(floor.db);
    centreC = await createCentre(floor.db, { bays: 2 });
    managerA2 = await floor.addMember('manager', floor.centreA.id, 'Quản Lý A Thứ Hai');
    managerC = await floor.addMember('manager', centreC, 'Quản Lý Trung Tâm C');
    customer = await createUser(floor.db, 'customer', 'Khách Yêu Cầu Chuyển');
  });

  const A = () => floor.centreA.id;
  const B = () => floor.centreB.id;
  const body = (from: number, to: number, product: TransferProduct, quantity: number, extra: object = {}) => ({
    fromLocationId: from,
    toLocationId: to,
    lines: [{ productId: product.id, quantity }],
    ...extra,
  });
  const create = (user: TestUser | null, payload: unknown) => floor.request(user, 'POST', '/api/inventory/transfers', payload);
  const ask = (user: TestUser | null, payload: unknown) => floor.request(user, 'POST', '/api/inventory/transfers/requests', payload);
  const act = (user: TestUser | null, id: number, action: 'accept' | 'decline' | 'withdraw' | 'receive' | 'cancel', version: number, extra: object = {}) =>
    floor.request(user, 'POST', `/api/inventory/transfers/${id}/${action}`, { version, ...extra });
  const onHand = async (locationId: number, productId: number) => (await figures(floor.db, locationId, productId))?.onHand ?? 0;
  const movements = (transferId: number) =>
    floor.db.selectFrom('stock_movements').select(['centre_id', 'kind', 'quantity', 'actor_id']).where('transfer_id', '=', transferId).orderBy('id').execute();
  const countOf = async (table: 'stock_transfers' | 'stock_movements') =>
    Number((await floor.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const balanced = async (products: TransferProduct[]) => {
    const replay = await replayStockLedger(floor.db);
    expect(replay.mismatches.filter((mismatch) => products.some((product) => product.id === mismatch.productId))).toEqual([]);
  };
  /** A product with `atA` units at centre A (and `atWarehouse` at the warehouse). */
  const stocked = async (atA: number, atWarehouse = 0) => {
    const product = await newProduct(floor.db);
    if (atA > 0) await shelve(floor.db, A(), product.id, atA);
    if (atWarehouse > 0) await shelve(floor.db, warehouse, product.id, atWarehouse);
    return product;
  };
  /** Manager B asks centre A for `quantity` units. */
  const requested = async (product: TransferProduct, quantity: number, note?: string): Promise<StockTransfer> => {
    const response = await ask(floor.users.managerB, body(A(), B(), product, quantity, note ? { note } : {}));
    expect(response.statusCode).toBe(201);
    return stockTransferSchema.parse(response.json().data);
  };

  describe('issue 44 §3: a manager cannot take another centre’s units', () => {
    it('the destination’s manager creating a transfer from another centre: 403, nothing moves, nothing is written', async () => {
      const product = await stocked(10);
      const [transfers, ledger] = [await countOf('stock_transfers'), await countOf('stock_movements')];
      const response = await create(floor.users.managerB, body(A(), B(), product, 6));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'TRANSFER_REQUEST_REQUIRED',
        message: `Bạn không thể tự lấy hàng của ${await centreName(A())}. Hãy gửi yêu cầu chuyển kho để ${await centreName(A())} duyệt.`,
      });
      // another centre's manager, either way round: 403
      expect((await create(managerC, body(A(), centreC, product, 1))).json()).toMatchObject({ code: 'TRANSFER_REQUEST_REQUIRED' });
      expect((await create(managerC, body(A(), B(), product, 1))).json()).toMatchObject({ code: 'TRANSFER_FORBIDDEN' });
      expect(await onHand(A(), product.id)).toBe(10);
      expect(await onHand(B(), product.id)).toBe(0);
      expect(await countOf('stock_transfers')).toBe(transfers);
      expect(await countOf('stock_movements')).toBe(ledger);
      await balanced([product]);
    });

    it('the source’s manager creates (units leave at once); a manager pulls from the warehouse into their centre', async () => {
      const product = await stocked(10, 20);
      const out = await create(floor.users.manager, body(A(), B(), product, 4));
      expect(out.statusCode).toBe(201);
      expect(stockTransferSchema.parse(out.json().data)).toMatchObject({ status: 'IN_TRANSIT', requested: false, decidedBy: null, actions: ['cancel'] });
      expect(await onHand(A(), product.id)).toBe(6);
      const pulled = await create(floor.users.managerB, body(warehouse, B(), product, 5));
      expect(pulled.statusCode).toBe(201);
      expect(stockTransferSchema.parse(pulled.json().data)).toMatchObject({ status: 'IN_TRANSIT', from: { id: warehouse }, actions: ['receive'] });
      expect(await onHand(warehouse, product.id)).toBe(15);
      // pulling from the warehouse is into one's own centre only
      expect((await create(floor.users.managerB, body(warehouse, A(), product, 1))).statusCode).toBe(403);
      await balanced([product]);
    });
  });

  describe('POST /api/inventory/transfers/requests', () => {
    it('writes a REQUESTED transfer and moves nothing; both ends see it, the source may accept or decline, the requester withdraw', async () => {
      const product = await stocked(10);
      const ledger = await countOf('stock_movements');
      const response = await ask(floor.users.managerB, body(A(), B(), product, 6, { note: '  Cần gấp cho xe khách  ' }));
      expect(response.statusCode).toBe(201);
      expect(response.json().message).toBe('Đã gửi yêu cầu chuyển kho; hàng rời nơi chuyển đi khi yêu cầu được duyệt.');
      const transfer = stockTransferSchema.parse(response.json().data);
      expect(transfer).toMatchObject({
        status: 'REQUESTED',
        statusLabel: 'Chờ duyệt',
        from: { id: A() },
        to: { id: B() },
        note: 'Cần gấp cho xe khách',
        lines: [{ productId: product.id, quantity: 6 }],
        createdBy: { id: floor.users.managerB.id },
        requested: true,
        decidedBy: null,
        decidedAt: null,
        declineReason: null,
        closedBy: null,
        version: 0,
        actions: ['withdraw'],
      });
      expect(await onHand(A(), product.id)).toBe(10);
      expect(await countOf('stock_movements')).toBe(ledger);

      const listOf = async (user: TestUser, query = '') => {
        const page = await floor.request(user, 'GET', `/api/inventory/transfers${query}`);
        expect(page.statusCode).toBe(200);
        return stockTransferPageSchema.parse(page.json().data).items;
      };
      // the source's manager sees the request addressed to their centre, with the buttons to answer it
      const atSource = (await listOf(floor.users.manager, '?status=REQUESTED')).find((item) => item.id === transfer.id);
      expect(atSource).toMatchObject({ status: 'REQUESTED', actions: ['accept', 'decline'] });
      expect((await listOf(floor.users.staff)).find((item) => item.id === transfer.id)!.actions).toEqual([]);
      expect((await listOf(floor.users.staffB)).find((item) => item.id === transfer.id)!.actions).toEqual([]);
      expect((await listOf(floor.users.admin)).find((item) => item.id === transfer.id)!.actions).toEqual(['accept', 'decline', 'withdraw']);
      // a third centre sees nothing of it
      expect((await listOf(managerC)).map((item) => item.id)).not.toContain(transfer.id);
      for (const action of ['accept', 'decline', 'withdraw'] as const) {
        expect((await act(managerC, transfer.id, action, 0)).statusCode).toBe(404);
      }
    });

    it('is the destination’s manager’s, and only when they may not create it', async () => {
      const product = await stocked(10, 10);
      const refusal = async (user: TestUser | null, from: number, to: number) => {
        const response = await ask(user, body(from, to, product, 1));
        return { status: response.statusCode, code: response.json().code as string, message: response.json().message as string };
      };
      const notNeeded = { status: 403, code: 'TRANSFER_FORBIDDEN', message: 'Bạn được tạo phiếu chuyển kho này trực tiếp, không cần gửi yêu cầu.' };
      // the source's manager, a manager pulling from the warehouse, an admin: they create it
      expect(await refusal(floor.users.manager, A(), B())).toEqual(notNeeded);
      expect(await refusal(floor.users.managerB, warehouse, B())).toEqual(notNeeded);
      expect(await refusal(floor.users.admin, A(), B())).toEqual(notNeeded);
      // not the destination's manager
      expect(await refusal(managerC, A(), B())).toEqual({ status: 403, code: 'TRANSFER_FORBIDDEN', message: 'Bạn chỉ được yêu cầu chuyển hàng về trung tâm của mình.' });
      expect(await refusal(floor.users.managerB, B(), A())).toMatchObject({ status: 403, code: 'TRANSFER_FORBIDDEN' });
      for (const user of [floor.users.staffB, floor.users.technicianB, customer]) expect((await refusal(user, A(), B())).status).toBe(403);
      expect((await ask(null, body(A(), B(), product, 1))).statusCode).toBe(401);
      // the same body as a transfer: the same refusals
      expect((await ask(floor.users.managerB, body(B(), B(), product, 1))).json()).toMatchObject({ code: 'SAME_LOCATION', errors: [{ field: 'toLocationId' }] });
      expect((await ask(floor.users.managerB, body(2_000_000_000, B(), product, 1))).json()).toMatchObject({ code: 'LOCATION_NOT_FOUND' });
      const unknown = await ask(floor.users.managerB, { ...body(A(), B(), product, 1), lines: [{ productId: 2_000_000_000, quantity: 1 }] });
      expect(unknown.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', errors: [{ field: 'lines.0.productId' }] });
      for (const bad of [{ ...body(A(), B(), product, 1), lines: [] }, body(A(), B(), product, 0), { ...body(A(), B(), product, 1), note: 'x'.repeat(301) }]) {
        expect((await ask(floor.users.managerB, bad)).statusCode).toBe(400);
      }
      // asking for more than the source has is allowed: the source answers it
      expect((await ask(floor.users.managerB, body(A(), B(), product, 50))).statusCode).toBe(201);
      expect(await onHand(A(), product.id)).toBe(10);
    });
  });

  describe('accept, decline, withdraw', () => {
    it('accept: the source’s manager sends the units (TRANSFER_OUT at the source), the destination receives them', async () => {
      const product = await stocked(10);
      const transfer = await requested(product, 6, 'Cho xe khách');
      // only the source's manager (or an admin) accepts; the requester and staff do not
      expect((await act(floor.users.managerB, transfer.id, 'accept', 0)).statusCode).toBe(403);
      expect((await act(floor.users.staff, transfer.id, 'accept', 0)).statusCode).toBe(403);
      expect((await act(floor.users.technician, transfer.id, 'accept', 0)).statusCode).toBe(403);
      // nothing to receive or cancel yet
      expect((await act(floor.users.managerB, transfer.id, 'receive', 0)).statusCode).toBe(409);
      expect((await act(floor.users.manager, transfer.id, 'cancel', 0)).statusCode).toBe(409);

      const response = await act(floor.users.manager, transfer.id, 'accept', 0);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Đã duyệt yêu cầu chuyển kho; hàng đã rời nơi chuyển đi.');
      expect(stockTransferSchema.parse(response.json().data)).toMatchObject({
        status: 'IN_TRANSIT',
        statusLabel: 'Đang chuyển',
        requested: true,
        createdBy: { id: floor.users.managerB.id },
        decidedBy: { id: floor.users.manager.id },
        decidedAt: floor.service.clock.now().toISOString(),
        closedBy: null,
        version: 1,
        actions: ['cancel'],
      });
      expect(await onHand(A(), product.id)).toBe(4);
      expect(await movements(transfer.id)).toEqual([{ centre_id: A(), kind: 'TRANSFER_OUT', quantity: -6, actor_id: floor.users.manager.id }]);

      const received = await act(floor.users.staffB, transfer.id, 'receive', 1);
      expect(received.statusCode).toBe(200);
      expect(received.json().data).toMatchObject({ status: 'RECEIVED', version: 2, decidedBy: { id: floor.users.manager.id }, closedBy: { id: floor.users.staffB.id } });
      expect(await onHand(B(), product.id)).toBe(6);
      expect(await onHand(A(), product.id)).toBe(4);
      await balanced([product]);
    });

    it('accept with too little at the source: 409 naming the product and what is available; the request stays, nothing moves', async () => {
      const product = await stocked(5);
      await floor.db.updateTable('centre_stock').set({ reserved: 2 }).where('centre_id', '=', A()).where('product_id', '=', product.id).execute();
      const transfer = await requested(product, 4);
      const response = await act(floor.users.manager, transfer.id, 'accept', 0);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'TRANSFER_INSUFFICIENT_STOCK',
        message: `Chỉ còn 3 "${product.name}" khả dụng tại ${await centreName(A())}, không đủ để chuyển.`,
        data: { productId: product.id, available: 3 },
      });
      const row = await floor.db.selectFrom('stock_transfers').select(['status', 'version', 'decided_by']).where('id', '=', transfer.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'REQUESTED', version: 0, decided_by: null });
      expect(await onHand(A(), product.id)).toBe(5);
      expect(await movements(transfer.id)).toEqual([]);
      // once the shelf has them, the same version is accepted
      await shelve(floor.db, A(), product.id, 1);
      expect((await act(floor.users.manager, transfer.id, 'accept', 0)).statusCode).toBe(200);
      expect(await onHand(A(), product.id)).toBe(2);
      await balanced([product]);
    });

    it('decline: the source says no (a reason if they wish); nothing moves, the request is closed', async () => {
      const product = await stocked(10);
      const transfer = await requested(product, 3);
      expect((await act(floor.users.managerB, transfer.id, 'decline', 0)).statusCode).toBe(403);
      expect((await act(floor.users.staff, transfer.id, 'decline', 0)).statusCode).toBe(403);
      for (const bad of [{ reason: 'x'.repeat(301) }, { reason: 'a\u0000b' }, { reason: 42 }]) {
        expect((await act(floor.users.manager, transfer.id, 'decline', 0, bad)).statusCode).toBe(400);
      }
      const response = await act(floor.users.manager, transfer.id, 'decline', 0, { reason: '  Hàng đang giữ cho đơn sửa chữa  ' });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Đã từ chối yêu cầu chuyển kho.');
      expect(stockTransferSchema.parse(response.json().data)).toMatchObject({
        status: 'DECLINED',
        statusLabel: 'Đã từ chối',
        declineReason: 'Hàng đang giữ cho đơn sửa chữa',
        decidedBy: { id: floor.users.manager.id },
        closedBy: { id: floor.users.manager.id },
        version: 1,
        actions: [],
      });
      expect(await onHand(A(), product.id)).toBe(10);
      expect(await movements(transfer.id)).toEqual([]);
      // closed: neither end can act on it
      const late = await act(floor.users.managerB, transfer.id, 'withdraw', 1);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('Phiếu chuyển đã thay đổi (hiện đã từ chối). Vui lòng xem lại rồi thao tác.');
      expect((await act(floor.users.manager, transfer.id, 'accept', 1)).statusCode).toBe(409);
      // without a reason
      const other = await requested(product, 1);
      const bare = await act(floor.users.admin, other.id, 'decline', 0);
      expect(bare.json().data).toMatchObject({ status: 'DECLINED', declineReason: null, decidedBy: { id: floor.users.admin.id } });
      await balanced([product]);
    });

    it('withdraw: the requester takes the request back; the source can no longer accept it', async () => {
      const product = await stocked(10);
      const transfer = await requested(product, 2);
      expect((await act(floor.users.manager, transfer.id, 'withdraw', 0)).statusCode).toBe(403);
      expect((await act(floor.users.staffB, transfer.id, 'withdraw', 0)).statusCode).toBe(403);
      const response = await act(floor.users.managerB, transfer.id, 'withdraw', 0);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Đã rút yêu cầu chuyển kho.');
      expect(response.json().data).toMatchObject({ status: 'CANCELLED', statusLabel: 'Đã hủy', decidedBy: null, closedBy: { id: floor.users.managerB.id }, actions: [] });
      const late = await act(floor.users.manager, transfer.id, 'accept', 0);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'TRANSFER_STALE', data: { transfer: { id: transfer.id, status: 'CANCELLED', version: 1 } } });
      expect(await onHand(A(), product.id)).toBe(10);
      expect(await movements(transfer.id)).toEqual([]);
    });

    it('two accepts at once apply once: one 200, the others 409, the units leave the source once', async () => {
      for (let round = 0; round < 3; round += 1) {
        const product = await stocked(10);
        const transfer = await requested(product, 4);
        const answers = await Promise.all([
          act(floor.users.manager, transfer.id, 'accept', 0),
          act(managerA2, transfer.id, 'accept', 0),
          act(floor.users.admin, transfer.id, 'accept', 0),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
        expect(await movements(transfer.id)).toHaveLength(1);
        expect(await onHand(A(), product.id)).toBe(6);
        await balanced([product]);
      }
    });

    it('an accept racing a withdrawal or a decline: exactly one happens', async () => {
      const product = await stocked(10);
      const first = await requested(product, 3);
      const [accept, withdraw] = await Promise.all([act(floor.users.manager, first.id, 'accept', 0), act(floor.users.managerB, first.id, 'withdraw', 0)]);
      expect([accept.statusCode, withdraw.statusCode].sort()).toEqual([200, 409]);
      expect(await onHand(A(), product.id)).toBe(accept.statusCode === 200 ? 7 : 10);
      const second = await requested(product, 1);
      const [accepted, declined] = await Promise.all([act(floor.users.manager, second.id, 'accept', 0), act(managerA2, second.id, 'decline', 0)]);
      expect([accepted.statusCode, declined.statusCode].sort()).toEqual([200, 409]);
      expect((await movements(second.id)).length).toBe(accepted.statusCode === 200 ? 1 : 0);
      await balanced([product]);
    });

    it('who may answer a request (from centre A to centre B), by role', async () => {
      type Who = 'anonymous' | 'customer' | 'staff' | 'technician' | 'manager' | 'admin' | 'staffB' | 'technicianB' | 'managerB' | 'managerC';
      const who = (name: Who): TestUser | null =>
        name === 'anonymous' ? null : name === 'customer' ? customer : name === 'managerC' ? managerC : floor.users[name];
      const EXPECTED: Record<'accept' | 'decline' | 'withdraw', Record<Who, number>> = {
        accept: { anonymous: 401, customer: 403, staff: 403, technician: 403, manager: 200, admin: 200, staffB: 403, technicianB: 403, managerB: 403, managerC: 404 },
        decline: { anonymous: 401, customer: 403, staff: 403, technician: 403, manager: 200, admin: 200, staffB: 403, technicianB: 403, managerB: 403, managerC: 404 },
        withdraw: { anonymous: 401, customer: 403, staff: 403, technician: 403, manager: 403, admin: 200, staffB: 403, technicianB: 403, managerB: 200, managerC: 404 },
      };
      const product = await stocked(100);
      for (const [action, statuses] of Object.entries(EXPECTED) as Array<[keyof typeof EXPECTED, Record<Who, number>]>) {
        for (const [name, status] of Object.entries(statuses) as Array<[Who, number]>) {
          const transfer = await requested(product, 1);
          expect({ action, name, status: (await act(who(name), transfer.id, action, 0)).statusCode }).toEqual({ action, name, status });
        }
      }
      await balanced([product]);
    });
  });

  const centreName = async (id: number) => (await floor.db.selectFrom('service_centres').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
});
