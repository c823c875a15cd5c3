import {
  errorEnvelopeSchema,
  goodsReceiptPageSchema,
  goodsReceiptResultSchema,
  goodsReceiptSchema,
  movementPageSchema,
  productStockSchema,
  stockLocationListSchema,
} from 'shared-contracts/schemas';
import { toNumber } from '../../../src/db/portable';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { addProduct, figures, warehouseStock } from '../../support/inventoryTestKit';
import { createCentre, createUser, type TestUser } from '../../support/serviceTestKit';
import { newIdempotencyKey, orderBody } from '../../support/shopTestKit';

/**
 * Goods receipts from a supplier into any stock location (issue 45 §1): the admin into the online warehouse or a
 * centre, a manager into their own centre only, staff read-only; every line a RECEIPT movement pointing at its
 * receipt; the unit cost kept; bad input refused in Vietnamese with nothing written; concurrent receipts and web
 * orders keep on_hand exact. And the locations a role sees, and a product's stock at each of them.
 */
describe.each(testDatabases())('goods receipts and stock per location on $label', (target) => {
  const floor = useFloor(target);
  let warehouse = 0;
  let centre = 0;
  let manager: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    warehouse = (await floor.db.selectFrom('service_centres').select('id').where('ships_online', '=', 1).executeTakeFirstOrThrow()).id;
    centre = await createCentre(floor.db, { bays: 2 });
    manager = await floor.addMember('manager', centre, 'Lý Quản Lý Nhập Hàng');
    staff = await floor.addMember('staff', centre, 'Vũ Nhân Viên Nhập Hàng');
  });

  const post = (body: unknown, user: TestUser = floor.users.admin) => floor.request(user, 'POST', '/api/inventory/goods-receipts', body);
  const receiptCount = async () => toNumber((await floor.db.selectFrom('goods_receipts').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const expectRefusal = (response: Awaited<ReturnType<typeof post>>, status: number, code: string) => {
    expect({ status: response.statusCode, code: (response.json() as { code?: string }).code }).toEqual({ status, code });
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body.message).toMatch(/[À-ỹĐđ]/);
    for (const error of body.errors ?? []) expect(error.message).toMatch(/[À-ỹĐđ]/);
    return body;
  };

  describe('receiving', () => {
    it('the admin receives into the online warehouse: on hand up, the cost kept, a RECEIPT movement per line linked to the receipt', async () => {
      const brake = await addProduct(floor.db, { stock: 0, name: 'Má phanh nhập NCC' });
      const cable = await addProduct(floor.db, { stock: 4, name: 'Cáp sạc nhập NCC' });
      const response = await post({
        centreId: warehouse,
        supplier: '  Công ty Phụ tùng Minh Phát  ',
        reference: 'HĐ-0042',
        note: 'Giao đủ',
        lines: [
          { productId: cable.id, quantity: 6, unitCost: 150_000 },
          { productId: brake.id, quantity: 5, unitCost: 120_000 },
        ],
      });
      expect(response.statusCode).toBe(201);
      const { receipt, items } = goodsReceiptResultSchema.parse(response.json().data);
      expect(receipt).toMatchObject({
        centreId: warehouse,
        centreName: 'Kho hàng online EV Service',
        supplier: 'Công ty Phụ tùng Minh Phát',
        reference: 'HĐ-0042',
        note: 'Giao đủ',
        receivedBy: { id: floor.users.admin.id },
        totalQuantity: 11,
        totalCost: 6 * 150_000 + 5 * 120_000,
      });
      expect(receipt.lines.map((line) => [line.productName, line.quantity, line.unitCost, line.lineCost])).toEqual([
        ['Cáp sạc nhập NCC', 6, 150_000, 900_000],
        ['Má phanh nhập NCC', 5, 120_000, 600_000],
      ]);
      expect(items.map((item) => [item.productId, item.onHand])).toEqual([
        [brake.id, 5],
        [cable.id, 10],
      ].sort((a, b) => a[0]! - b[0]!));
      // The shop sells it at once.
      expect(await warehouseStock(floor.db, brake.id)).toBe(5);
      expect(await warehouseStock(floor.db, cable.id)).toBe(10);

      const ledger = movementPageSchema.parse(
        (await floor.request(floor.users.admin, 'GET', `/api/inventory/movements?centreId=${warehouse}&kind=RECEIPT&productId=${brake.id}`)).json().data,
      );
      expect(ledger.items).toEqual([
        expect.objectContaining({ kind: 'RECEIPT', kindLabel: 'Nhập hàng từ nhà cung cấp', quantity: 5, onHandAfter: 5, goodsReceiptId: receipt.id, reason: `Phiếu nhập #${receipt.id} – Công ty Phụ tùng Minh Phát (HĐ-0042)` }),
      ]);
      const costs = await floor.db.selectFrom('goods_receipt_lines').select(['product_id', 'unit_cost']).where('receipt_id', '=', receipt.id).orderBy('product_id').execute();
      expect(costs.map((row) => [row.product_id, toNumber(row.unit_cost)])).toEqual(
        [
          [brake.id, 120_000],
          [cable.id, 150_000],
        ].sort((a, b) => a[0]! - b[0]!),
      );
      expect((await replayStockLedger(floor.db)).mismatches).toEqual([]);
    });

    it('keeps a unit cost beyond a 32-bit integer exactly', async () => {
      const battery = await addProduct(floor.db, { stock: 0, name: 'Pin xe buýt điện' });
      const response = await post({ centreId: warehouse, supplier: 'CATL Việt Nam', lines: [{ productId: battery.id, quantity: 3, unitCost: 25_000_000_000 }] });
      expect(response.statusCode).toBe(201);
      const { receipt } = goodsReceiptResultSchema.parse(response.json().data);
      expect(receipt).toMatchObject({ reference: null, note: null, totalCost: 75_000_000_000, lines: [expect.objectContaining({ unitCost: 25_000_000_000 })] });
    });

    it('a manager receives into their own centre (the warehouse untouched)', async () => {
      const part = await addProduct(floor.db, { stock: 2, name: 'Gạt mưa nhập NCC' });
      const response = await post({ supplier: 'Đại lý Bình Minh', lines: [{ productId: part.id, quantity: 8, unitCost: 45_000 }] }, manager);
      expect(response.statusCode).toBe(201);
      const { receipt } = goodsReceiptResultSchema.parse(response.json().data);
      expect(receipt).toMatchObject({ centreId: centre, receivedBy: { id: manager.id, name: 'Lý Quản Lý Nhập Hàng' } });
      expect(await figures(floor.db, centre, part.id)).toEqual({ onHand: 8, reserved: 0, minStock: 0 });
      expect(await warehouseStock(floor.db, part.id)).toBe(2);
    });

    it('refuses another centre or the warehouse to a manager (404), and every write to staff and technicians (403)', async () => {
      const part = await addProduct(floor.db, { stock: 0, name: 'Lọc gió nhập NCC' });
      const body = (centreId?: number) => ({ ...(centreId ? { centreId } : {}), supplier: 'NCC A', lines: [{ productId: part.id, quantity: 1, unitCost: 1 }] });
      const before = await receiptCount();
      expectRefusal(await post(body(warehouse), manager), 404, 'NOT_FOUND');
      expectRefusal(await post(body(floor.centreA.id), manager), 404, 'NOT_FOUND');
      expectRefusal(await post(body(), staff), 403, 'FORBIDDEN');
      expectRefusal(await post(body(floor.centreA.id), floor.users.technician), 403, 'FORBIDDEN');
      expect((await post(body(), null as unknown as TestUser)).statusCode).toBe(401);
      expectRefusal(await post(body(), floor.users.customer), 403, 'FORBIDDEN');
      expect(await receiptCount()).toBe(before);
      expect(await warehouseStock(floor.db, part.id)).toBe(0);
    });

    it('refuses bad input with a Vietnamese message and writes nothing', async () => {
      const part = await addProduct(floor.db, { stock: 0, name: 'Đèn hậu nhập NCC' });
      const line = { productId: part.id, quantity: 1, unitCost: 1000 };
      const before = await receiptCount();
      const cases: Array<[unknown, string]> = [
        [{ centreId: warehouse, supplier: '   ', lines: [line] }, 'Vui lòng nhập nhà cung cấp.'],
        [{ centreId: warehouse, lines: [line] }, 'Vui lòng nhập nhà cung cấp.'],
        [{ centreId: warehouse, supplier: 'x'.repeat(201), lines: [line] }, 'Tên nhà cung cấp tối đa 200 ký tự.'],
        [{ centreId: warehouse, supplier: 'NCC', reference: 'R'.repeat(101), lines: [line] }, 'Số chứng từ tối đa 100 ký tự.'],
        [{ centreId: warehouse, supplier: 'NCC', note: 'n'.repeat(501), lines: [line] }, 'Ghi chú tối đa 500 ký tự.'],
        [{ centreId: warehouse, supplier: 'NCC', lines: [] }, 'Vui lòng thêm ít nhất một sản phẩm cần nhập.'],
        [{ centreId: warehouse, supplier: 'NCC', lines: [line, { ...line, quantity: 2 }] }, 'Mỗi sản phẩm chỉ nhập một dòng; hãy gộp số lượng.'],
        [{ centreId: warehouse, supplier: 'NCC', lines: [{ ...line, quantity: 0 }] }, 'Số lượng phải là số nguyên từ 1 đến 100.000.'],
        [{ centreId: warehouse, supplier: 'NCC', lines: [{ ...line, quantity: 100_001 }] }, 'Số lượng phải là số nguyên từ 1 đến 100.000.'],
        [{ centreId: warehouse, supplier: 'NCC', lines: [{ ...line, quantity: 1.5 }] }, 'Số lượng phải là số nguyên từ 1 đến 100.000.'],
        [{ centreId: warehouse, supplier: 'NCC', lines: [{ ...line, unitCost: -1 }] }, 'Đơn giá nhập phải là số nguyên từ 0 đến 100.000.000.000 đồng.'],
        [{ centreId: warehouse, supplier: 'NCC', lines: [{ ...line, unitCost: 100_000_000_001 }] }, 'Đơn giá nhập phải là số nguyên từ 0 đến 100.000.000.000 đồng.'],
        [{ centreId: warehouse, supplier: 'NCC', lines: [{ productId: part.id, quantity: 1 }] }, 'Vui lòng nhập đơn giá nhập.'],
        [{ centreId: warehouse, supplier: 'NCC', lines: Array.from({ length: 201 }, (_, index) => ({ ...line, productId: index + 1 })) }, 'Tối đa 200 sản phẩm mỗi phiếu nhập.'],
        [
          { centreId: warehouse, supplier: 'NCC', lines: Array.from({ length: 20 }, (_, index) => ({ productId: index + 1, quantity: 100_000, unitCost: 100_000_000_000 })) },
          'Tổng giá trị phiếu nhập tối đa 1.000.000.000.000.000 đồng.',
        ],
        [{ centreId: 'kho', supplier: 'NCC', lines: [line] }, 'Mã điểm kho không hợp lệ.'],
      ];
      for (const [body, message] of cases) {
        const refused = expectRefusal(await post(body), 400, 'VALIDATION_ERROR');
        expect({ body, messages: [refused.message, ...(refused.errors ?? []).map((error) => error.message)] }).toEqual({ body, messages: expect.arrayContaining([message]) });
      }
      // An admin names the location; an unknown product is 404 on its line.
      const noCentre = expectRefusal(await post({ supplier: 'NCC', lines: [line] }), 422, 'CENTRE_REQUIRED');
      expect(noCentre.message).toBe('Vui lòng chọn trung tâm cần thao tác.');
      const unknown = expectRefusal(await post({ centreId: warehouse, supplier: 'NCC', lines: [line, { productId: 2_000_000_000, quantity: 1, unitCost: 1 }] }), 404, 'PRODUCT_NOT_FOUND');
      expect(unknown.errors).toEqual([{ field: 'lines.1.productId', message: 'Không tìm thấy sản phẩm.' }]);
      expect(await receiptCount()).toBe(before);
      expect(await figures(floor.db, warehouse, part.id)).toBeNull();
    });

    it('two receipts and a web order at the same time keep on hand exact and the ledger balanced', async () => {
      const part = await addProduct(floor.db, { stock: 10, name: 'Lốp nhập đồng thời' });
      const customer = await createUser(floor.db, 'customer', 'Khách Mua Đồng Thời');
      const order = async () =>
        floor.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { ...(await floor.headers(customer)), 'idempotency-key': newIdempotencyKey() },
          payload: orderBody({ items: [{ kind: 'product', refId: part.id, quantity: 3 }] }),
        });
      for (let round = 0; round < 3; round += 1) {
        const answers = await Promise.all([
          post({ centreId: warehouse, supplier: 'NCC Một', lines: [{ productId: part.id, quantity: 5, unitCost: 700_000 }] }),
          order(),
          post({ centreId: warehouse, supplier: 'NCC Hai', lines: [{ productId: part.id, quantity: 7, unitCost: 690_000 }] }),
        ]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      }
      expect(await figures(floor.db, warehouse, part.id)).toEqual({ onHand: 10 + 3 * 12, reserved: 9, minStock: 0 });
      expect(await warehouseStock(floor.db, part.id)).toBe(10 + 3 * 12 - 9);
      const receipts = await floor.db.selectFrom('stock_movements').select('on_hand_after').where('product_id', '=', part.id).where('kind', '=', 'RECEIPT').orderBy('id').execute();
      expect(receipts).toHaveLength(6);
      expect((await replayStockLedger(floor.db)).mismatches).toEqual([]);
    });
  });

  describe('the list of receipts', () => {
    it('newest first and paged; a manager sees their own centre only, an admin every location or one', async () => {
      const part = await addProduct(floor.db, { stock: 0, name: 'Bu lông nhập danh sách' });
      const suppliers = ['NCC Danh Sách 1', 'NCC Danh Sách 2', 'NCC Danh Sách 3'];
      for (const supplier of suppliers) expect((await post({ supplier, lines: [{ productId: part.id, quantity: 1, unitCost: 10 }] }, manager)).statusCode).toBe(201);
      const list = async (url: string, user: TestUser) => {
        const response = await floor.request(user, 'GET', url);
        expect(response.statusCode).toBe(200);
        return goodsReceiptPageSchema.parse(response.json().data);
      };
      const own = await list('/api/inventory/goods-receipts?pageSize=2', staff);
      expect(own.items.map((receipt) => receipt.supplier)).toEqual(['NCC Danh Sách 3', 'NCC Danh Sách 2']);
      expect(own).toMatchObject({ page: 1, pageSize: 2, total: 4 });
      expect((await list('/api/inventory/goods-receipts?pageSize=2&page=2', manager)).items.map((receipt) => receipt.supplier)).toEqual(['NCC Danh Sách 1', 'Đại lý Bình Minh']);
      expect((await list(`/api/inventory/goods-receipts?centreId=${centre}`, floor.users.admin)).total).toBe(4);
      const everywhere = await list('/api/inventory/goods-receipts', floor.users.admin);
      expect(everywhere.total).toBeGreaterThan(4);
      expect(everywhere.items.some((receipt) => receipt.centreId === warehouse)).toBe(true);
      expectRefusal(await floor.request(manager, 'GET', `/api/inventory/goods-receipts?centreId=${warehouse}`), 404, 'NOT_FOUND');
      expectRefusal(await floor.request(floor.users.technician, 'GET', '/api/inventory/goods-receipts'), 403, 'FORBIDDEN');
      expectRefusal(await floor.request(manager, 'GET', '/api/inventory/goods-receipts?pageSize=101'), 400, 'VALIDATION_ERROR');
    });

    it('one receipt, as the ledger links to it: its location’s people and the admin; 404 elsewhere', async () => {
      const part = await addProduct(floor.db, { stock: 0, name: 'Vòng bi nhập chi tiết' });
      const created = goodsReceiptResultSchema.parse((await post({ supplier: 'NCC Chi Tiết', reference: 'CT-1', lines: [{ productId: part.id, quantity: 4, unitCost: 55_000 }] }, manager)).json().data);
      const movement = movementPageSchema.parse((await floor.request(staff, 'GET', `/api/inventory/movements?productId=${part.id}`)).json().data).items[0]!;
      expect(movement).toMatchObject({ kind: 'RECEIPT', goodsReceiptId: created.receipt.id });
      for (const user of [staff, manager, floor.users.admin]) {
        const response = await floor.request(user, 'GET', `/api/inventory/goods-receipts/${movement.goodsReceiptId}`);
        expect(response.statusCode).toBe(200);
        expect(goodsReceiptSchema.parse(response.json().data)).toEqual(created.receipt);
      }
      const elsewhere = expectRefusal(await floor.request(floor.users.manager, 'GET', `/api/inventory/goods-receipts/${created.receipt.id}`), 404, 'NOT_FOUND');
      expect(elsewhere.message).toBe('Không tìm thấy phiếu nhập.');
      expectRefusal(await floor.request(floor.users.admin, 'GET', '/api/inventory/goods-receipts/2000000000'), 404, 'NOT_FOUND');
      expectRefusal(await floor.request(floor.users.admin, 'GET', '/api/inventory/goods-receipts/0'), 400, 'VALIDATION_ERROR');
    });
  });

  describe('locations and stock per location', () => {
    it('an admin sees every location, the online warehouse first; a manager or staff member their own centre', async () => {
      const admin = stockLocationListSchema.parse((await floor.request(floor.users.admin, 'GET', '/api/inventory/locations')).json().data);
      expect(admin[0]).toMatchObject({ id: warehouse, name: 'Kho hàng online EV Service', kind: 'WAREHOUSE', shipsOnline: true });
      const ids = admin.map((location) => location.id);
      expect(ids).toEqual(expect.arrayContaining([centre, floor.centreA.id, floor.centreB.id]));
      const centres = (await floor.db.selectFrom('service_centres').select('id').execute()).length;
      expect(ids).toHaveLength(centres);
      for (const user of [manager, staff]) {
        const own = stockLocationListSchema.parse((await floor.request(user, 'GET', '/api/inventory/locations')).json().data);
        expect(own.map((location) => [location.id, location.kind, location.shipsOnline])).toEqual([[centre, 'SERVICE_CENTRE', false]]);
      }
      expectRefusal(await floor.request(floor.users.technician, 'GET', '/api/inventory/locations'), 403, 'FORBIDDEN');
      expectRefusal(await floor.request(floor.users.customer, 'GET', '/api/inventory/locations'), 403, 'FORBIDDEN');
    });

    it("a product's stock at each location the caller sees, 0 where it has none; 404 for an unknown product", async () => {
      const part = await addProduct(floor.db, { stock: 6, name: 'Gương nhập từng nơi' });
      expect((await post({ centreId: centre, supplier: 'NCC Gương', lines: [{ productId: part.id, quantity: 4, unitCost: 80_000 }] })).statusCode).toBe(201);
      const admin = productStockSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/inventory/products/${part.id}/stock`)).json().data);
      expect(admin).toMatchObject({ productId: part.id, sku: part.sku, productName: 'Gương nhập từng nơi', totals: { onHand: 10, reserved: 0, available: 10 } });
      expect(admin.locations[0]).toMatchObject({ centreId: warehouse, kind: 'WAREHOUSE', shipsOnline: true, onHand: 6, available: 6 });
      expect(admin.locations.find((location) => location.centreId === centre)).toMatchObject({ onHand: 4, reserved: 0, available: 4, minStock: 0 });
      expect(admin.locations.find((location) => location.centreId === floor.centreB.id)).toMatchObject({ onHand: 0, reserved: 0, available: 0, minStock: 0 });
      expect(admin.locations).toHaveLength((await floor.db.selectFrom('service_centres').select('id').execute()).length);
      const own = productStockSchema.parse((await floor.request(staff, 'GET', `/api/inventory/products/${part.id}/stock`)).json().data);
      expect(own).toMatchObject({ locations: [expect.objectContaining({ centreId: centre, onHand: 4 })], totals: { onHand: 4, reserved: 0, available: 4 } });
      const missing = expectRefusal(await floor.request(manager, 'GET', '/api/inventory/products/2000000000/stock'), 404, 'PRODUCT_NOT_FOUND');
      expect(missing.message).toBe('Không tìm thấy sản phẩm.');
      expectRefusal(await floor.request(manager, 'GET', '/api/inventory/products/abc/stock'), 400, 'VALIDATION_ERROR');
    });
  });
});
