import {
  errorEnvelopeSchema,
  inventoryAvailabilitySchema,
  inventoryChangeSchema,
  inventoryPageSchema,
  inventorySummarySchema,
  lowStockListSchema,
  movementPageSchema,
  type InventoryItem,
} from 'shared-contracts/schemas';
import { invalidateCatalogue } from '../../../src/modules/catalogue/catalogueCache';
import { replayStockLedger } from '../../../src/modules/inventory/stockLedger';
import { createCentre, DEFAULT_NOW } from '../../support/serviceTestKit';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { addProduct, figures, lowStockEmails, movementsOf, stockUp, warehouseStock } from '../../support/inventoryTestKit';

/**
 * The manager's inventory (M2) through the API: the table, receiving from the online warehouse, adjusting,
 * the minimum stock and its email, the ledger with filters, the low-stock list, availability, and the bad
 * input of §5 answered in Vietnamese with nothing half written.
 */
describe.each(testDatabases())('centre inventory on $label', (target) => {
  const floor = useFloor(target);
  /** A centre of the suite's own, so the table holds exactly what a test put there. */
  let centreId = 0;
  let manager: Awaited<ReturnType<typeof floor.addMember>>;

  beforeAll(async () => {
    centreId = await createCentre(floor.db, { bays: 2 });
    manager = await floor.addMember('manager', centreId, 'Ngô Quản Lý Kho');
  });

  const get = async (url: string, user = manager) => floor.request(user, 'GET', url);
  const post = async (url: string, body: unknown, user = manager) => floor.request(user, 'POST', url, body);
  const expectRefusal = (response: Awaited<ReturnType<typeof get>>, status: number, code: string) => {
    expect(response.statusCode).toBe(status);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body.code).toBe(code);
    expect(body.message).toMatch(/[À-ỹĐđ]/);
    for (const error of body.errors ?? []) expect(error.message).toMatch(/[À-ỹĐđ]/);
    return body;
  };

  describe('the stock table', () => {
    let centre = 0;
    let viewer: Awaited<ReturnType<typeof floor.addMember>>;
    const made: Record<string, { id: number; price: number }> = {};

    beforeAll(async () => {
      centre = await createCentre(floor.db, { bays: 2 });
      viewer = await floor.addMember('staff', centre, 'Đinh Nhân Viên Xem Kho');
      const rows: Array<[string, string, number, { onHand: number; reserved?: number; minStock?: number }]> = [
        ['Má phanh đĩa trước', 'ma phanh dia truoc vinfast klara', 180_000, { onHand: 10, reserved: 2, minStock: 3 }],
        ['Ắc quy 12V phụ', 'ac quy 12v phu', 950_000, { onHand: 4, reserved: 1, minStock: 3 }],
        ['Bóng đèn LED pha', 'bong den led pha', 120_000, { onHand: 0, minStock: 2 }],
        ['Cầu chì 30A', 'cau chi 30a', 15_000, { onHand: 50 }],
      ];
      for (const [name, searchText, price, stock] of rows) {
        const product = await addProduct(floor.db, { name, searchText, price });
        made[name] = { id: product.id, price };
        await stockUp(floor.db, centre, product.id, stock);
      }
    });

    const page = async (query = '') => {
      const response = await get(`/api/inventory?${query}`, viewer);
      expect(response.statusCode).toBe(200);
      return inventoryPageSchema.parse(response.json().data);
    };

    it('lists every product of the centre by name with on hand, reserved, available, min, value at sale price and the low flag', async () => {
      const data = await page();
      expect(data).toMatchObject({ centreId: centre, total: 4, page: 1, pageSize: 50, totalPages: 1 });
      expect(data.items.map((item) => item.name)).toEqual(['Bóng đèn LED pha', 'Cầu chì 30A', 'Má phanh đĩa trước', 'Ắc quy 12V phụ']);
      const brake = data.items.find((item) => item.name === 'Má phanh đĩa trước')!;
      expect(brake).toMatchObject<Partial<InventoryItem>>({ onHand: 10, reserved: 2, available: 8, minStock: 3, unitPrice: 180_000, value: 1_800_000, low: false, isActive: true });
      expect(data.items.find((item) => item.name === 'Ắc quy 12V phụ')).toMatchObject({ available: 3, low: true, value: 3_800_000 });
      expect(data.items.find((item) => item.name === 'Bóng đèn LED pha')).toMatchObject({ available: 0, low: true, value: 0 });
      expect(data.items.find((item) => item.name === 'Cầu chì 30A')).toMatchObject({ low: false, minStock: 0 });
      const summary = await get('/api/inventory/summary', viewer);
      expect(summary.statusCode).toBe(200);
      expect(inventorySummarySchema.parse(summary.json().data)).toEqual({
        centreId: centre,
        products: 4,
        onHandUnits: 64,
        reservedUnits: 3,
        value: 1_800_000 + 3_800_000 + 50 * 15_000,
        lowCount: 2,
      });
    });

    it('searches folded (no diacritics, any case, words in any order), filters the low rows, and pages', async () => {
      expect((await page('q=M%C3%81%20PHANH')).items.map((item) => item.name)).toEqual(['Má phanh đĩa trước']);
      expect((await page('q=phanh%20ma')).items.map((item) => item.name)).toEqual(['Má phanh đĩa trước']);
      expect((await page('q=ac%20quy')).items.map((item) => item.name)).toEqual(['Ắc quy 12V phụ']);
      expect((await page('q=khong%20co')).items).toEqual([]);
      const low = await page('lowOnly=true');
      expect(low.items.map((item) => item.name)).toEqual(['Bóng đèn LED pha', 'Ắc quy 12V phụ']);
      expect(low.total).toBe(2);
      const second = await page('pageSize=3&page=2');
      expect(second).toMatchObject({ total: 4, totalPages: 2, page: 2 });
      expect(second.items.map((item) => item.name)).toEqual(['Ắc quy 12V phụ']);
      const beyond = await page('pageSize=3&page=5');
      expect(beyond).toMatchObject({ total: 4, totalPages: 2, items: [] });
      const searchedSecond = await page('q=phanh&pageSize=1&page=2');
      expect(searchedSecond).toMatchObject({ total: 1, totalPages: 1, items: [] });
    });

    it('gives the dashboard its low-stock list, least available first', async () => {
      const response = await get('/api/inventory/low-stock', viewer);
      expect(response.statusCode).toBe(200);
      const list = lowStockListSchema.parse(response.json().data);
      expect(list.items.map((item) => [item.name, item.available, item.minStock])).toEqual([
        ['Bóng đèn LED pha', 0, 2],
        ['Ắc quy 12V phụ', 3, 3],
      ]);
    });

    it('answers availability per product asked, 0 for a product the centre does not stock', async () => {
      const unstocked = await addProduct(floor.db);
      const technician = await floor.addMember('technician', centre, 'Kỹ Thuật Xem Tồn');
      const ids = [made['Ắc quy 12V phụ']!.id, unstocked.id, made['Má phanh đĩa trước']!.id];
      const response = await get(`/api/inventory/availability?productIds=${ids.join(',')}`, technician);
      expect(response.statusCode).toBe(200);
      expect(inventoryAvailabilitySchema.parse(response.json().data)).toEqual({
        centreId: centre,
        items: [
          { productId: ids[0], onHand: 4, reserved: 1, available: 3 },
          { productId: ids[1], onHand: 0, reserved: 0, available: 0 },
          { productId: ids[2], onHand: 10, reserved: 2, available: 8 },
        ],
      });
      for (const bad of ['', 'abc', '1,,2', '-1', '0', '1;2', Array.from({ length: 101 }, (_, index) => index + 1).join(',')]) {
        expectRefusal(await get(`/api/inventory/availability?productIds=${encodeURIComponent(bad)}`, technician), 400, 'VALIDATION_ERROR');
      }
    });

    it('shows a change at once to a page it has just answered (kept pages are dropped by the change)', async () => {
      const centreOfOwn = await createCentre(floor.db, { bays: 1 });
      const own = await floor.addMember('manager', centreOfOwn, 'Lê Quản Lý Xem Lại');
      const product = await addProduct(floor.db, { stock: 30, name: 'Dây sạc xem lại' });
      await stockUp(floor.db, centreOfOwn, product.id, { onHand: 2 });
      const read = async () => {
        const response = await get('/api/inventory', own);
        expect(response.statusCode).toBe(200);
        return inventoryPageSchema.parse(response.json().data).items.find((item) => item.productId === product.id)!;
      };
      expect(await read()).toMatchObject({ onHand: 2, name: 'Dây sạc xem lại' });
      expect(await read()).toMatchObject({ onHand: 2 });
      // A stock move through the API (published to the centre): the same page, read again at the same instant.
      expect((await post('/api/inventory/adjust', { productId: product.id, newOnHand: 6, reason: 'Kiểm kê lại' }, own)).statusCode).toBe(200);
      expect(await read()).toMatchObject({ onHand: 6, available: 6 });
      // Receiving also changes the online warehouse (the catalogue): seen at once too.
      expect((await post('/api/inventory/receive', { lines: [{ productId: product.id, quantity: 1 }] }, own)).statusCode).toBe(200);
      expect(await read()).toMatchObject({ onHand: 7, available: 7 });
      // A catalogue write (a new name) reaches every centre's table.
      await floor.db.updateTable('products').set({ name: 'Dây sạc đổi tên' }).where('id', '=', product.id).execute();
      invalidateCatalogue();
      expect(await read()).toMatchObject({ name: 'Dây sạc đổi tên', onHand: 7 });
    });

    it('refuses a bad query with 400 and a Vietnamese field message', async () => {
      for (const query of ['page=0', 'pageSize=201', 'pageSize=abc', 'lowOnly=maybe', `q=${'a'.repeat(101)}`]) {
        expectRefusal(await get(`/api/inventory?${query}`, viewer), 400, 'VALIDATION_ERROR');
      }
    });
  });

  describe('receiving from the online warehouse', () => {
    it('receives several products in one go: warehouse stock down, centre on hand up, one TRANSFER_IN movement each', async () => {
      const brake = await addProduct(floor.db, { stock: 40, name: 'Má phanh nhập kho' });
      const battery = await addProduct(floor.db, { stock: 8, name: 'Pin nhập kho' });
      await stockUp(floor.db, centreId, battery.id, { onHand: 2, reserved: 1, minStock: 1 });
      const response = await post('/api/inventory/receive', {
        lines: [
          { productId: battery.id, quantity: 8 },
          { productId: brake.id, quantity: '15' },
        ],
        note: 'Phiếu nhập PN-0012',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Đã nhập kho từ kho online.');
      const change = inventoryChangeSchema.parse(response.json().data);
      expect(change.items.map((item) => [item.productId, item.onHand, item.reserved, item.available])).toEqual([
        [Math.min(brake.id, battery.id), ...(brake.id < battery.id ? [15, 0, 15] : [10, 1, 9])],
        [Math.max(brake.id, battery.id), ...(brake.id < battery.id ? [10, 1, 9] : [15, 0, 15])],
      ]);
      expect(await warehouseStock(floor.db, brake.id)).toBe(25);
      expect(await warehouseStock(floor.db, battery.id)).toBe(0);
      expect(await movementsOf(floor.db, centreId, brake.id)).toEqual([
        { kind: 'TRANSFER_IN', quantity: 15, on_hand_after: 15, parts_request_id: null, actor_id: manager.id, reason: 'Phiếu nhập PN-0012' },
      ]);
      expect((await movementsOf(floor.db, centreId, battery.id)).at(-1)).toMatchObject({ kind: 'TRANSFER_IN', quantity: 8, on_hand_after: 10 });
      expect((await replayStockLedger(floor.db, centreId)).mismatches).toEqual([]);
    });

    it('writes nothing when one line fails: 409 with what the warehouse has available, 422 for a product no longer sold, 404 for none', async () => {
      const plenty = await addProduct(floor.db, { stock: 30, name: 'Bạc đạn đủ hàng' });
      const scarce = await addProduct(floor.db, { stock: 3, name: 'Bộ điều khiển hiếm' });
      const retired = await addProduct(floor.db, { stock: 30, active: false, name: 'Sạc đời cũ' });
      const snapshot = async () => ({
        warehouse: [await warehouseStock(floor.db, plenty.id), await warehouseStock(floor.db, scarce.id), await warehouseStock(floor.db, retired.id)],
        centre: [await figures(floor.db, centreId, plenty.id), await figures(floor.db, centreId, scarce.id), await figures(floor.db, centreId, retired.id)],
        movements: (await floor.db.selectFrom('stock_movements').select('id').where('centre_id', '=', centreId).execute()).length,
      });
      const before = await snapshot();

      const short = await post('/api/inventory/receive', { lines: [{ productId: plenty.id, quantity: 5 }, { productId: scarce.id, quantity: 4 }] });
      const body = expectRefusal(short, 409, 'TRANSFER_INSUFFICIENT_STOCK');
      expect(body.message).toBe('Chỉ còn 3 "Bộ điều khiển hiếm" khả dụng tại Kho hàng online EV Service, không đủ để chuyển.');
      expect(short.json().data).toEqual({ productId: scarce.id, available: 3 });
      expect(body.errors).toEqual([{ field: 'lines.1.quantity', message: body.message }]);

      const unavailable = expectRefusal(await post('/api/inventory/receive', { lines: [{ productId: plenty.id, quantity: 1 }, { productId: retired.id, quantity: 1 }] }), 422, 'PRODUCT_UNAVAILABLE');
      expect(unavailable.message).toBe('Sản phẩm "Sạc đời cũ" đã ngừng kinh doanh, không thể nhập kho.');
      expectRefusal(await post('/api/inventory/receive', { lines: [{ productId: plenty.id, quantity: 1 }, { productId: 2_000_000_000, quantity: 1 }] }), 404, 'PRODUCT_NOT_FOUND');

      const empty = await addProduct(floor.db, { stock: 0, name: 'Dây sạc hết hàng' });
      expect(expectRefusal(await post('/api/inventory/receive', { lines: [{ productId: empty.id, quantity: 1 }] }), 409, 'TRANSFER_INSUFFICIENT_STOCK').message).toBe(
        'Kho hàng online EV Service đã hết "Dây sạc hết hàng" khả dụng, không thể chuyển.',
      );
      expect(await snapshot()).toEqual(before);
    });

    it.each<[string, unknown]>([
      ['quantity 0', { lines: [{ productId: 1, quantity: 0 }] }],
      ['a negative quantity', { lines: [{ productId: 1, quantity: -2 }] }],
      ['a fractional quantity', { lines: [{ productId: 1, quantity: 1.5 }] }],
      ['more than 9 999', { lines: [{ productId: 1, quantity: 10_000 }] }],
      ['a quantity as words', { lines: [{ productId: 1, quantity: 'năm' }] }],
      ['a quantity true', { lines: [{ productId: 1, quantity: true }] }],
      ['no line', { lines: [] }],
      ['no lines field', {}],
      ['the same product twice', { lines: [{ productId: 1, quantity: 1 }, { productId: 1, quantity: 2 }] }],
      ['51 lines', { lines: Array.from({ length: 51 }, (_, index) => ({ productId: index + 1, quantity: 1 })) }],
      ['a bad product id', { lines: [{ productId: 'abc', quantity: 1 }] }],
      ['a note of 301 characters', { lines: [{ productId: 1, quantity: 1 }], note: 'x'.repeat(301) }],
    ])('refuses %s with 400 VALIDATION_ERROR in Vietnamese, nothing written', async (_label, body) => {
      const before = (await floor.db.selectFrom('stock_movements').select('id').execute()).length;
      expectRefusal(await post('/api/inventory/receive', body), 400, 'VALIDATION_ERROR');
      expect((await floor.db.selectFrom('stock_movements').select('id').execute()).length).toBe(before);
    });
  });

  describe('adjusting and the minimum stock', () => {
    it('sets on hand to the counted quantity with an ADJUST movement of the difference and the reason', async () => {
      const product = await addProduct(floor.db, { name: 'Tay ga kiểm kê' });
      await stockUp(floor.db, centreId, product.id, { onHand: 12, reserved: 4 });
      const response = await post('/api/inventory/adjust', { productId: product.id, newOnHand: 9, reason: 'Kiểm kê: 3 cái hỏng vỏ' });
      expect(response.statusCode).toBe(200);
      expect(inventoryChangeSchema.parse(response.json().data).items).toEqual([expect.objectContaining({ onHand: 9, reserved: 4, available: 5 })]);
      expect((await movementsOf(floor.db, centreId, product.id)).at(-1)).toEqual({
        kind: 'ADJUST',
        quantity: -3,
        on_hand_after: 9,
        parts_request_id: null,
        actor_id: manager.id,
        reason: 'Kiểm kê: 3 cái hỏng vỏ',
      });
      // A product the centre never had: a stock-take that finds some makes its row.
      const found = await addProduct(floor.db, { name: 'Còi tìm thấy khi kiểm kê' });
      expect((await post('/api/inventory/adjust', { productId: found.id, newOnHand: 2, reason: 'Tìm thấy trong kho' })).statusCode).toBe(200);
      expect(await figures(floor.db, centreId, found.id)).toEqual({ onHand: 2, reserved: 0, minStock: 0 });
      expect((await replayStockLedger(floor.db, centreId)).mismatches).toEqual([]);
    });

    it('refuses below what is reserved, below zero, without a reason or with no change (Vietnamese, nothing written)', async () => {
      const product = await addProduct(floor.db, { name: 'Bộ sạc giữ chỗ' });
      await stockUp(floor.db, centreId, product.id, { onHand: 6, reserved: 4 });
      const adjust = (body: Record<string, unknown>) => post('/api/inventory/adjust', { productId: product.id, ...body });

      const below = expectRefusal(await adjust({ newOnHand: 3, reason: 'Kiểm kê thiếu hàng' }), 422, 'ADJUST_BELOW_RESERVED');
      expect(below.message).toBe('Không thể điều chỉnh tồn kho xuống dưới số đang giữ cho yêu cầu phụ tùng (4).');
      expectRefusal(await adjust({ newOnHand: 6, reason: 'Kiểm kê đủ hàng' }), 422, 'ADJUST_NO_CHANGE');
      for (const body of [
        { newOnHand: -1, reason: 'Kiểm kê âm kho' },
        { newOnHand: 2.5, reason: 'Kiểm kê lẻ' },
        { newOnHand: 100_000, reason: 'Kiểm kê quá lớn' },
        { newOnHand: 5 },
        { newOnHand: 5, reason: '' },
        { newOnHand: 5, reason: 'abcd' },
        { newOnHand: 5, reason: '    ngắn   ' },
        { newOnHand: 5, reason: 'x'.repeat(301) },
        { reason: 'Thiếu số lượng' },
        { newOnHand: 5, reason: 'Có ký tự \u0000 lạ' },
      ]) {
        expectRefusal(await adjust(body), 400, 'VALIDATION_ERROR');
      }
      expectRefusal(await post('/api/inventory/adjust', { productId: 2_000_000_000, newOnHand: 1, reason: 'Sản phẩm không có' }), 404, 'PRODUCT_NOT_FOUND');
      expect(await figures(floor.db, centreId, product.id)).toEqual({ onHand: 6, reserved: 4, minStock: 0 });
      expect(await movementsOf(floor.db, centreId, product.id)).toHaveLength(1);
      expect(await figures(floor.db, centreId, 2_000_000_000)).toBeNull();
    });

    it('sets the minimum; crossing it emails the managers once, rising above clears it, the next drop emails again', async () => {
      const product = await addProduct(floor.db, { name: 'Đèn hậu theo dõi', stock: 50 });
      await stockUp(floor.db, centreId, product.id, { onHand: 5 });
      const setMin = (minStock: unknown) => floor.request(manager, 'PUT', `/api/inventory/${product.id}/min-stock`, { minStock });
      const emails = async () => (await lowStockEmails(floor.db, manager.email)).filter((email) => email.subject.includes('Đèn hậu theo dõi'));

      const response = await setMin(5);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: 'Đã lưu mức tồn tối thiểu.', data: { items: [{ minStock: 5, low: true }] } });
      expect(await emails()).toHaveLength(1);
      expect((await emails())[0]!.text_body).toContain('Xin chào Ngô Quản Lý Kho');
      expect((await setMin(4)).statusCode).toBe(200); // 5 > 4: no longer low, the crossing clears
      expect((await setMin(6)).statusCode).toBe(200); // low again: a new crossing
      expect(await emails()).toHaveLength(2);
      expect((await post('/api/inventory/adjust', { productId: product.id, newOnHand: 4, reason: 'Kiểm kê lại kệ' })).statusCode).toBe(200);
      expect(await emails()).toHaveLength(2); // still the same crossing
      expect((await post('/api/inventory/receive', { lines: [{ productId: product.id, quantity: 10 }] })).statusCode).toBe(200);
      expect((await post('/api/inventory/adjust', { productId: product.id, newOnHand: 1, reason: 'Hàng vỡ khi vận chuyển' })).statusCode).toBe(200);
      expect(await emails()).toHaveLength(3);

      for (const bad of [-1, 100_000, 1.5, 'nhiều', null]) expectRefusal(await setMin(bad), 400, 'VALIDATION_ERROR');
      expectRefusal(await floor.request(manager, 'PUT', '/api/inventory/2000000000/min-stock', { minStock: 1 }), 404, 'PRODUCT_NOT_FOUND');
      expect((await figures(floor.db, centreId, product.id))!.minStock).toBe(6);
    });
  });

  describe('the ledger', () => {
    it('lists movements newest first with product, kind label, actor and reason; filters by product, kind and Vietnamese dates', async () => {
      const centre = await createCentre(floor.db, { bays: 2 });
      const boss = await floor.addMember('manager', centre, 'Lý Quản Lý Sổ');
      const a = await addProduct(floor.db, { name: 'Phanh sổ kho A' });
      const b = await addProduct(floor.db, { name: 'Phanh sổ kho B' });
      const clock = floor.service.clock;
      // 19/11 23:30 in Vietnam (16:30 UTC) and 20/11 00:30 (17:30 UTC): two local days.
      clock.set('2026-11-19T16:30:00.000Z');
      expect((await floor.request(boss, 'POST', '/api/inventory/receive', { lines: [{ productId: a.id, quantity: 5 }, { productId: b.id, quantity: 2 }] })).statusCode).toBe(200);
      clock.set('2026-11-19T17:30:00.000Z');
      expect((await floor.request(boss, 'POST', '/api/inventory/adjust', { productId: a.id, newOnHand: 4, reason: 'Kiểm kê ngày 20' })).statusCode).toBe(200);
      clock.set(DEFAULT_NOW);

      const ledger = async (query: string) => {
        const response = await floor.request(boss, 'GET', `/api/inventory/movements?${query}`);
        expect(response.statusCode).toBe(200);
        return movementPageSchema.parse(response.json().data);
      };
      const all = await ledger('');
      expect(all.total).toBe(3);
      expect(all.items.map((item) => [item.productName, item.kind, item.kindLabel, item.quantity, item.onHandAfter, item.actor?.fullName, item.reason, item.createdAt])).toEqual([
        ['Phanh sổ kho A', 'ADJUST', 'Điều chỉnh', -1, 4, 'Lý Quản Lý Sổ', 'Kiểm kê ngày 20', '2026-11-19T17:30:00.000Z'],
        [expect.any(String), 'TRANSFER_IN', 'Nhận chuyển kho', expect.any(Number), expect.any(Number), 'Lý Quản Lý Sổ', null, '2026-11-19T16:30:00.000Z'],
        [expect.any(String), 'TRANSFER_IN', 'Nhận chuyển kho', expect.any(Number), expect.any(Number), 'Lý Quản Lý Sổ', null, '2026-11-19T16:30:00.000Z'],
      ]);
      expect((await ledger(`productId=${b.id}`)).items.map((item) => item.quantity)).toEqual([2]);
      expect((await ledger('kind=ADJUST')).items.map((item) => item.productId)).toEqual([a.id]);
      expect((await ledger('from=2026-11-19&to=2026-11-19')).total).toBe(2);
      expect((await ledger('from=2026-11-20')).total).toBe(1);
      expect((await ledger('to=2026-11-18')).total).toBe(0);
      expect((await ledger('pageSize=2&page=2')).items).toHaveLength(1);
      expect((await ledger('pageSize=2&page=9')).total).toBe(3);

      expectRefusal(await floor.request(boss, 'GET', '/api/inventory/movements?from=2026-11-20&to=2026-11-19'), 422, 'DATE_RANGE_INVALID');
      for (const query of ['from=20/11/2026', 'kind=SOLD', 'productId=abc', 'to=2026-02-30']) {
        expectRefusal(await floor.request(boss, 'GET', `/api/inventory/movements?${query}`), 400, 'VALIDATION_ERROR');
      }
    });

    it('the replay check finds a change of on hand without its movement and a wrong on_hand_after', async () => {
      const centre = await createCentre(floor.db, { bays: 2 });
      const product = await addProduct(floor.db);
      await stockUp(floor.db, centre, product.id, { onHand: 5 });
      expect(await replayStockLedger(floor.db, centre)).toEqual({ rows: 1, movements: 1, mismatches: [] });

      await floor.db.updateTable('centre_stock').set({ on_hand: 7 }).where('centre_id', '=', centre).where('product_id', '=', product.id).execute();
      expect((await replayStockLedger(floor.db, centre)).mismatches).toEqual([
        { centreId: centre, productId: product.id, problem: 'on_hand', ledger: 5, recorded: 7, movementId: null },
      ]);
      await floor.db
        .insertInto('stock_movements')
        .values({ centre_id: centre, product_id: product.id, kind: 'ADJUST', quantity: 2, on_hand_after: 8, parts_request_id: null, actor_id: null, reason: 'Sai số liệu', created_at: DEFAULT_NOW })
        .execute();
      const [wrongAfter] = (await replayStockLedger(floor.db, centre)).mismatches;
      expect(wrongAfter).toMatchObject({ problem: 'on_hand_after', ledger: 7, recorded: 8 });
    });
  });
});
