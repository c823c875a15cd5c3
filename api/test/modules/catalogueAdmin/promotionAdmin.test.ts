import { catalogueChangeListSchema, promotionAdminSchema, promotionSchema, type PromotionAdmin } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { authHeader } from '../../support/serviceTestKit';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { setWarehouseStock } from '../../../src/modules/stockLocations/onlineStock';
import { plainPng } from '../../support/hostileImages';

type Who = 'anonymous' | 'customer' | 'staff' | 'technician' | 'manager' | 'admin';
const EVERYONE: Who[] = ['anonymous', 'customer', 'staff', 'technician', 'manager', 'admin'];

let codeCounter = 0;
const newCode = () => `KM${process.pid % 10_000}X${(codeCounter += 1)}`;

describe.each(testDatabases())('the admin’s promotions on $label', (target) => {
  const floor = useFloor(target);
  const who = (name: Who): TestUser | null => (name === 'anonymous' ? null : floor.users[name]);
  let imagePath = '';
  let productId = 0;

  beforeAll(async () => {
    const boundary = `----ev${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="km.png"\r\nContent-Type: image/png\r\n\r\n`),
      await plainPng(64, 32),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await floor.service.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/product-images',
      headers: { ...(await authHeader(floor.app, floor.users.admin)), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(upload.statusCode).toBe(200);
    imagePath = upload.json().data.path as string;
    const product = await floor.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    productId = product.id;
    await setWarehouseStock(floor.db, productId, 10_000);
  });

  const validBody = (overrides: Record<string, unknown> = {}) => ({
    code: newCode(),
    title: 'Giảm 50.000 ₫ cho đơn hàng',
    description: 'Áp dụng cho mọi đơn.',
    type: 'fixed',
    value: 50_000,
    minOrder: 0,
    maxDiscount: null,
    validFrom: '2026-01-01T00:00:00+07:00',
    validTo: '2027-12-31T00:00:00+07:00',
    isActive: true,
    usageLimit: 100,
    perCustomerLimit: 1_000,
    categories: [],
    kind: 'general',
    eligibility: 'everyone',
    image: { path: imagePath, alt: 'Ưu đãi thử' },
    sortOrder: 0,
    ...overrides,
  });

  async function create(overrides: Record<string, unknown> = {}): Promise<PromotionAdmin> {
    const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/promotions', validBody(overrides));
    expect(response.statusCode).toBe(201);
    return promotionAdminSchema.parse(response.json().data);
  }

  const saveBody = (promotion: PromotionAdmin, changes: Record<string, unknown> = {}) => {
    const { id: _id, usedCount: _used, image, ...rest } = promotion;
    return { ...rest, image: { path: image.path, alt: image.alt }, ...changes };
  };
  const save = (promotion: PromotionAdmin, changes: Record<string, unknown> = {}) =>
    floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/promotions/${promotion.id}`, saveBody(promotion, changes));

  let orderCounter = 0;
  async function order(promoCode: string) {
    return floor.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...(await authHeader(floor.app, floor.users.customer)), 'idempotency-key': `promo-admin-${process.pid}-${Date.now()}-${(orderCounter += 1)}` },
      payload: {
        items: [{ kind: 'product', refId: productId, quantity: 1 }],
        recipientName: 'Trần Thị Mua Hàng',
        phone: '0912 345 678',
        fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cửa Nam', street: '12 Tràng Thi' } },
        paymentMethod: 'COD',
        promoCode,
      },
    });
  }

  describe('who may do what (every route × role)', () => {
    it.each(EVERYONE)('reads and writes as %s', async (name) => {
      const promotion = await create();
      const user = who(name);
      const read = name === 'anonymous' ? 401 : name === 'admin' || name === 'manager' ? 200 : 403;
      const write = name === 'anonymous' ? 401 : name === 'admin' ? 200 : 403;
      for (const url of ['/api/admin/catalogue/promotions', `/api/admin/catalogue/promotions/${promotion.id}`, `/api/admin/catalogue/promotions/${promotion.id}/history`]) {
        const response = await floor.request(user, 'GET', url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: read });
        if (response.statusCode >= 400) expect(response.json().message).toMatch(/[ạ-ỹđĐ]/);
      }
      const created = await floor.request(user, 'POST', '/api/admin/catalogue/promotions', validBody());
      expect(created.statusCode).toBe(write === 200 ? 201 : write);
      const saved = await floor.request(user, 'PUT', `/api/admin/catalogue/promotions/${promotion.id}`, saveBody(promotion, { title: 'Tiêu đề mới' }));
      expect(saved.statusCode).toBe(write);
      const paused = await floor.request(user, 'PUT', `/api/admin/catalogue/promotions/${promotion.id}/active`, { isActive: false, version: name === 'admin' ? promotion.version + 1 : promotion.version });
      expect(paused.statusCode).toBe(write);
    });
  });

  describe('bad input (§7): a Vietnamese 4xx naming the field, nothing saved', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['code empty', { code: '' }, 'code'],
      ['code too short', { code: 'AB' }, 'code'],
      ['code too long', { code: 'A'.repeat(31) }, 'code'],
      ['title empty', { title: '' }, 'title'],
      ['title over 200', { title: 'x'.repeat(201) }, 'title'],
      ['description over 2,000', { description: 'x'.repeat(2_001) }, 'description'],
      ['unknown type', { type: 'gift' }, 'type'],
      ['percent over 100', { type: 'percentage', value: 101 }, 'value'],
      ['value zero', { value: 0 }, 'value'],
      ['amount not whole', { value: 50_000.5 }, 'value'],
      ['min order negative', { minOrder: -1 }, 'minOrder'],
      ['min order not whole', { minOrder: 10.5 }, 'minOrder'],
      ['max discount zero', { maxDiscount: 0 }, 'maxDiscount'],
      ['start not a date', { validFrom: 'mai' }, 'validFrom'],
      ['end before start', { validFrom: '2026-12-02T00:00:00+07:00', validTo: '2026-12-01T00:00:00+07:00' }, 'validTo'],
      ['end equal to start', { validFrom: '2026-12-02T00:00:00+07:00', validTo: '2026-12-02T00:00:00+07:00' }, 'validTo'],
      ['usage limit zero', { usageLimit: 0 }, 'usageLimit'],
      ['per-customer limit zero', { perCustomerLimit: 0 }, 'perCustomerLimit'],
      ['minimum tier unknown', { minTier: 'MEMBER' }, 'minTier'],
      ['unknown product group', { categories: ['food'] }, 'categories.0'],
      ['a product group twice', { categories: ['parts', 'parts'] }, 'categories.1'],
      ['unknown kind', { kind: 'daily' }, 'kind'],
      ['unknown eligibility', { eligibility: 'staff' }, 'eligibility'],
      ['is-active not a boolean', { isActive: 'yes' }, 'isActive'],
      ['no image', { image: null }, 'image'],
      ['an image never uploaded', { image: { path: `uploads/products/${'d'.repeat(32)}.webp`, alt: 'Ảnh' } }, 'image.path'],
      ['an image without alt', { image: { path: 'x', alt: '' } }, 'image.alt'],
      ['sort order negative', { sortOrder: -1 }, 'sortOrder'],
    ];

    it.each(cases)('refuses %s', async (_label, overrides, field) => {
      const count = async () => Number((await floor.db.selectFrom('promotions').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await count();
      const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/promotions', validBody(overrides));
      expect([400, 422]).toContain(response.statusCode);
      const body = response.json() as { message: string; errors?: { field: string; message: string }[] };
      expect(body.errors?.map((error) => error.field)).toContain(field);
      expect(body.errors!.find((error) => error.field === field)!.message).toMatch(/[ạ-ỹđĐ]/);
      expect(await count()).toBe(before);
    });

    it('folds the code (case, diacritics, spaces) and refuses one that folds to a taken code with a 409 on the code field', async () => {
      const suffix = `${process.pid % 10_000}${(codeCounter += 1)}`;
      const first = await create({ code: `Giảm giá ${suffix}` });
      expect(first.code).toBe(`GIAMGIA${suffix}`);
      const again = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/promotions', validBody({ code: ` giam GIÁ ${suffix} ` }));
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0]).toMatchObject({ field: 'code' });
      expect(again.json().message).toMatch(/đã được dùng/);
      const other = await create();
      const taken = await save(other, { code: first.code.toLowerCase() });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors[0].field).toBe('code');
    });
  });

  it('never lets the usage limit go below the used count, and shows the used count', async () => {
    const promotion = await create({ usageLimit: 5 });
    expect((await order(promotion.code)).statusCode).toBe(201);
    expect((await order(promotion.code)).statusCode).toBe(201);
    const now = promotionAdminSchema.parse((await floor.request(floor.users.manager, 'GET', `/api/admin/catalogue/promotions/${promotion.id}`)).json().data);
    expect(now.usedCount).toBe(2);
    const below = await save(now, { usageLimit: 1, title: 'Không được lưu' });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors[0]).toMatchObject({ field: 'usageLimit' });
    expect(below.json().message).toMatch(/không được nhỏ hơn số lượt đã dùng \(2\)/);
    const after = promotionAdminSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/promotions/${promotion.id}`)).json().data);
    expect(after).toMatchObject({ usageLimit: 5, title: promotion.title, version: promotion.version });
    expect((await save(now, { usageLimit: 2 })).statusCode).toBe(200);
  });

  it('keeps the limit at or above the used count when a save and a redemption race (concurrent requests)', async () => {
    for (let round = 0; round < 4; round += 1) {
      const promotion = await create({ usageLimit: 3 });
      await floor.db.updateTable('promotions').set({ used_count: 2 }).where('id', '=', promotion.id).execute();
      const current = promotionAdminSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/promotions/${promotion.id}`)).json().data);
      // The admin lowers the limit to the used count they see while a customer takes the third use.
      const [saved, placed] = await Promise.all([save(current, { usageLimit: 2 }), order(promotion.code)]);
      const row = await floor.db.selectFrom('promotions').select(['used_count', 'usage_limit']).where('id', '=', promotion.id).executeTakeFirstOrThrow();
      expect(Number(row.used_count)).toBeLessThanOrEqual(Number(row.usage_limit));
      if (placed.statusCode === 201) {
        expect(saved.statusCode).toBe(422);
        expect(saved.json().errors[0].field).toBe('usageLimit');
        expect({ used: Number(row.used_count), limit: Number(row.usage_limit) }).toEqual({ used: 3, limit: 3 });
      } else {
        expect(saved.statusCode).toBe(200);
        expect(placed.json()).toMatchObject({ code: 'PROMOTION_REFUSED' });
        expect({ used: Number(row.used_count), limit: Number(row.usage_limit) }).toEqual({ used: 2, limit: 2 });
      }
    }
  });

  it('refuses a limit under the used count when a redemption commits between the save’s read and its write', async () => {
    const promotion = await create({ usageLimit: 3 });
    await floor.db.updateTable('promotions').set({ used_count: 2 }).where('id', '=', promotion.id).execute();
    const current = promotionAdminSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/promotions/${promotion.id}`)).json().data);
    expect(current.usedCount).toBe(2);
    // A checkout's redemption holds the row (the statement placeOrder runs) while the admin saves limit 2.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const rowTaken = new Promise<void>((resolve) => (taken = resolve));
    const redemption = floor.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('promotions')
        .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
        .where('id', '=', promotion.id)
        .whereRef('used_count', '<', 'usage_limit')
        .execute();
      taken();
      await released;
    });
    await rowTaken;
    const saving = save(current, { usageLimit: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await redemption;
    const saved = await saving;
    expect(saved.statusCode).toBe(422);
    expect(saved.json().errors[0]).toMatchObject({ field: 'usageLimit' });
    const row = await floor.db.selectFrom('promotions').select(['used_count', 'usage_limit', 'version']).where('id', '=', promotion.id).executeTakeFirstOrThrow();
    expect({ used: Number(row.used_count), limit: Number(row.usage_limit), version: Number(row.version) }).toEqual({ used: 3, limit: 3, version: promotion.version });
  });

  it('pauses (checkout refuses the code as paused, the shop stops listing it) and resumes (accepted again)', async () => {
    const promotion = await create();
    const listed = async () => (await floor.request(null, 'GET', '/api/promotions')).json().data.map((entry: unknown) => promotionSchema.parse(entry).code) as string[];
    expect(await listed()).toContain(promotion.code);
    const paused = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/promotions/${promotion.id}/active`, { isActive: false, version: promotion.version });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data).toMatchObject({ isActive: false, version: promotion.version + 1 });
    expect(await listed()).not.toContain(promotion.code);
    const refused = await order(promotion.code);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'PROMOTION_REFUSED', message: 'Mã khuyến mãi đang tạm ngưng.' });
    const resumed = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/promotions/${promotion.id}/active`, { isActive: true, version: promotion.version + 1 });
    expect(resumed.statusCode).toBe(200);
    expect(await listed()).toContain(promotion.code);
    expect((await order(promotion.code)).statusCode).toBe(201);
  });

  it('keeps a promotion for members of a minimum tier, and lets the admin lift it', async () => {
    const promotion = await create({ minTier: 'GOLD' });
    expect(promotion.minTier).toBe('GOLD');
    const refused = await order(promotion.code);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'PROMOTION_REFUSED', message: 'Khuyến mãi dành cho thành viên hạng Vàng trở lên.' });
    const lifted = await save(promotion, { minTier: null });
    expect(lifted.statusCode).toBe(200);
    expect(promotionAdminSchema.parse(lifted.json().data).minTier).toBeNull();
    expect((await order(promotion.code)).statusCode).toBe(201);
  });

  it('never changes what a past order got when the promotion changes afterwards', async () => {
    const promotion = await create({ value: 50_000 });
    const placed = await order(promotion.code);
    expect(placed.statusCode).toBe(201);
    const before = placed.json().data as { code: string; discount: number; total: number; promotionCode: string };
    expect(before.discount).toBe(50_000);
    const current = promotionAdminSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/promotions/${promotion.id}`)).json().data);
    expect((await save(current, { type: 'percentage', value: 90, maxDiscount: null, code: newCode() })).statusCode).toBe(200);
    const again = await floor.request(floor.users.customer, 'GET', `/api/orders/${before.code}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ discount: 50_000, total: before.total, promotionCode: promotion.code });
  });

  it('lets exactly one of two admins saving the same version win; the other gets 409 with the current values', async () => {
    const promotion = await create();
    const [first, second] = await Promise.all([save(promotion, { title: 'Bản của người thứ nhất' }), save(promotion, { title: 'Bản của người thứ hai' })]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    const winner = first.statusCode === 200 ? first : second;
    expect(loser.json()).toMatchObject({ code: 'STALE_VERSION' });
    expect(loser.json().message).toMatch(/vừa được người khác cập nhật/);
    expect(loser.json().data.current).toMatchObject({ title: winner.json().data.title, version: promotion.version + 1 });
  });

  it('records every change (who, field, before → after)', async () => {
    const promotion = await create({ usageLimit: 10 });
    expect((await save(promotion, { usageLimit: 20, title: 'Tiêu đề đã sửa' })).statusCode).toBe(200);
    const history = catalogueChangeListSchema.parse((await floor.request(floor.users.manager, 'GET', `/api/admin/catalogue/promotions/${promotion.id}/history`)).json().data);
    const latest = history.filter((change) => change.version === 2);
    expect(latest.map((change) => change.field).sort()).toEqual(['title', 'usageLimit']);
    expect(latest.find((change) => change.field === 'usageLimit')).toMatchObject({ before: 10, after: 20, actor: { id: floor.users.admin.id } });
    expect(history.filter((change) => change.version === 1).map((change) => change.field)).toContain('code');
  });
  describe('the list searched by code or title and filtered by status', () => {
    const listed = async (query: string) => {
      const response = await floor.request(floor.users.manager, 'GET', `/api/admin/catalogue/promotions${query}`);
      expect(response.statusCode).toBe(200);
      return (response.json().data as PromotionAdmin[]).map((entry) => entry.code);
    };

    it('finds a promotion by its code or by its title without diacritics, and each by where it stands now', async () => {
      const tag = `Lọc${process.pid % 10_000}X${(codeCounter += 1)}`;
      const running = await create({ title: `Ưu đãi mùa hè ${tag}` });
      const scheduled = await create({ title: `Sắp tới ${tag}`, validFrom: '2099-01-01T00:00:00+07:00', validTo: '2099-12-31T00:00:00+07:00' });
      const expired = await create({ title: `Đã qua ${tag}`, validFrom: '2020-01-01T00:00:00+07:00', validTo: '2020-12-31T00:00:00+07:00' });
      const paused = await create({ title: `Tạm dừng ${tag}`, isActive: false });

      const folded = tag.replace('ọ', 'o').toUpperCase();
      expect(await listed(`?q=${encodeURIComponent(folded)}`)).toEqual([running.code, scheduled.code, expired.code, paused.code]);
      expect(await listed(`?q=${encodeURIComponent(`mua he ${tag}`)}`)).toEqual([running.code]);
      expect(await listed(`?q=${running.code.toLowerCase()}`)).toEqual([running.code]);
      expect(await listed(`?q=${encodeURIComponent(tag)}&status=active`)).toEqual([running.code]);
      expect(await listed(`?q=${encodeURIComponent(tag)}&status=scheduled`)).toEqual([scheduled.code]);
      expect(await listed(`?q=${encodeURIComponent(tag)}&status=expired`)).toEqual([expired.code]);
      expect(await listed(`?q=${encodeURIComponent(tag)}&status=archived`)).toEqual([paused.code]);
      expect((await listed('')).length).toBeGreaterThanOrEqual(4);
    });

    it('refuses an unknown status and an over-long search in Vietnamese', async () => {
      for (const query of ['?status=running', `?q=${'a'.repeat(101)}`]) {
        const response = await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/promotions${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/[ạ-ỹđĐ]/);
      }
    });
  });
});
