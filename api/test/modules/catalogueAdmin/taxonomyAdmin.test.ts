import { brandAdminSchema, catalogueChangeListSchema, categoryAdminSchema, type BrandAdmin, type CategoryAdmin } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { testDatabases, useFloor } from '../../support/floorTestKit';

type Who = 'anonymous' | 'customer' | 'staff' | 'technician' | 'manager' | 'admin';
const EVERYONE: Who[] = ['anonymous', 'customer', 'staff', 'technician', 'manager', 'admin'];

let counter = 0;
const unique = (name: string) => `${name} ${process.pid % 10_000} ${(counter += 1)}`;

describe.each(testDatabases())('the admin’s categories and brands on $label', (target) => {
  const floor = useFloor(target);
  const who = (name: Who): TestUser | null => (name === 'anonymous' ? null : floor.users[name]);

  async function createCategory(overrides: Record<string, unknown> = {}): Promise<CategoryAdmin> {
    const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/categories', { name: unique('Phụ tùng thử'), promoGroup: 'parts', ...overrides });
    expect(response.statusCode).toBe(201);
    return categoryAdminSchema.parse(response.json().data);
  }
  async function createBrand(overrides: Record<string, unknown> = {}): Promise<BrandAdmin> {
    const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/brands', { name: unique('Hãng Thử'), country: 'Việt Nam', ...overrides });
    expect(response.statusCode).toBe(201);
    return brandAdminSchema.parse(response.json().data);
  }
  const categoryBody = (category: CategoryAdmin, changes: Record<string, unknown> = {}) => ({
    name: category.name,
    parentId: category.parentId,
    description: category.description,
    promoGroup: category.promoGroup,
    sortOrder: category.sortOrder,
    isActive: category.isActive,
    version: category.version,
    ...changes,
  });
  const saveCategory = (category: CategoryAdmin, changes: Record<string, unknown> = {}) =>
    floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/categories/${category.id}`, categoryBody(category, changes));
  const saveBrand = (brand: BrandAdmin, changes: Record<string, unknown> = {}) =>
    floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/brands/${brand.id}`, { name: brand.name, country: brand.country, isActive: brand.isActive, version: brand.version, ...changes });

  /** A published product in `categoryId` (and `brandId`, else the first brand). */
  async function productIn(categoryId: number, brandId?: number): Promise<number> {
    const brand = brandId ?? (await floor.db.selectFrom('catalogue_brands').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/products', {
      name: unique('Má phanh thử'),
      sku: `TAX-${process.pid % 10_000}-${(counter += 1)}`,
      categoryId,
      brandId: brand,
      price: 350_000,
      vatRate: 10,
      unit: 'bộ',
      status: 'published',
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as number;
  }

  describe('who may do what (every route × role)', () => {
    it.each(EVERYONE)('reads and writes as %s', async (name) => {
      const category = await createCategory();
      const brand = await createBrand();
      const user = who(name);
      const read = name === 'anonymous' ? 401 : name === 'admin' || name === 'manager' ? 200 : 403;
      const write = name === 'anonymous' ? 401 : name === 'admin' ? 200 : 403;
      for (const url of ['/api/admin/catalogue/categories', `/api/admin/catalogue/categories/${category.id}/history`, '/api/admin/catalogue/brands', `/api/admin/catalogue/brands/${brand.id}/history`]) {
        const response = await floor.request(user, 'GET', url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: read });
        if (response.statusCode >= 400) expect(response.json().message).toMatch(/[ạ-ỹđĐ]/);
      }
      const created = [
        await floor.request(user, 'POST', '/api/admin/catalogue/categories', { name: unique('Danh mục'), promoGroup: 'parts' }),
        await floor.request(user, 'POST', '/api/admin/catalogue/brands', { name: unique('Hãng') }),
      ];
      expect(created.map((response) => response.statusCode)).toEqual([write === 200 ? 201 : write, write === 200 ? 201 : write]);
      const saved = [
        await floor.request(user, 'PUT', `/api/admin/catalogue/categories/${category.id}`, categoryBody(category, { name: unique('Tên mới') })),
        await floor.request(user, 'PUT', `/api/admin/catalogue/brands/${brand.id}`, { name: unique('Hãng mới'), country: '', isActive: true, version: brand.version }),
      ];
      expect(saved.map((response) => response.statusCode)).toEqual([write, write]);
      const empty = await createCategory();
      expect((await floor.request(user, 'DELETE', `/api/admin/catalogue/categories/${empty.id}`)).statusCode).toBe(write);
    });
  });

  describe('bad input (§7): a Vietnamese 4xx naming the field, nothing saved', () => {
    const categoryCases: [string, Record<string, unknown>, string][] = [
      ['name empty', { name: '' }, 'name'],
      ['name over 200', { name: 'x'.repeat(201) }, 'name'],
      ['unknown promotion group', { promoGroup: 'food' }, 'promoGroup'],
      ['unknown parent', { parentId: 999_999 }, 'parentId'],
      ['parent not an id', { parentId: 'cha' }, 'parentId'],
      ['sort order negative', { sortOrder: -1 }, 'sortOrder'],
      ['description over 2,000', { description: 'x'.repeat(2_001) }, 'description'],
      ['is-active not a boolean', { isActive: 'có' }, 'isActive'],
    ];
    it.each(categoryCases)('refuses a category with %s', async (_label, overrides, field) => {
      const count = async () => Number((await floor.db.selectFrom('catalogue_categories').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await count();
      const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/categories', { name: unique('Danh mục'), promoGroup: 'parts', ...overrides });
      expect([400, 422]).toContain(response.statusCode);
      const errors = response.json().errors as { field: string; message: string }[];
      expect(errors.map((error) => error.field)).toContain(field);
      expect(errors.find((error) => error.field === field)!.message).toMatch(/[ạ-ỹđĐ]/);
      expect(await count()).toBe(before);
    });

    const brandCases: [string, Record<string, unknown>, string][] = [
      ['name empty', { name: '  ' }, 'name'],
      ['name over 200', { name: 'x'.repeat(201) }, 'name'],
      ['country over 100', { country: 'x'.repeat(101) }, 'country'],
    ];
    it.each(brandCases)('refuses a brand with %s', async (_label, overrides, field) => {
      const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/brands', { name: unique('Hãng'), ...overrides });
      expect([400, 422]).toContain(response.statusCode);
      expect((response.json().errors as { field: string }[]).map((error) => error.field)).toContain(field);
    });
  });

  it('keeps two levels: a child’s child, a parent under a child and a category under itself are refused', async () => {
    const parent = await createCategory();
    const child = await createCategory({ parentId: parent.id });
    expect(child.parentId).toBe(parent.id);
    const grandchild = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/categories', { name: unique('Cháu'), promoGroup: 'parts', parentId: child.id });
    expect(grandchild.statusCode).toBe(422);
    expect(grandchild.json().errors[0]).toMatchObject({ field: 'parentId', message: 'Danh mục cha phải là danh mục cấp 1 (chỉ có hai cấp danh mục).' });
    const other = await createCategory();
    const parentUnder = await saveCategory(parent, { parentId: other.id });
    expect(parentUnder.statusCode).toBe(422);
    expect(parentUnder.json().errors[0].field).toBe('parentId');
    expect((await saveCategory(other, { parentId: other.id })).statusCode).toBe(422);
    const list = (await floor.request(floor.users.manager, 'GET', '/api/admin/catalogue/categories')).json().data as CategoryAdmin[];
    const ids = list.map((category) => category.id);
    expect(ids.indexOf(child.id)).toBe(ids.indexOf(parent.id) + 1);
  });

  it('refuses to delete a category with products (deactivate instead): deactivated, it leaves the shop’s list; an empty one is deleted', async () => {
    const category = await createCategory();
    await productIn(category.id);
    const refused = await floor.request(floor.users.admin, 'DELETE', `/api/admin/catalogue/categories/${category.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Danh mục đang có 1 sản phẩm nên không thể xóa. Hãy ngừng hoạt động danh mục.');
    const shopSlugs = async () => ((await floor.request(null, 'GET', '/api/categories')).json().data as { slug: string }[]).map((entry) => entry.slug);
    expect(await shopSlugs()).toContain(category.slug);
    const current = categoryAdminSchema.parse((await floor.request(floor.users.admin, 'GET', '/api/admin/catalogue/categories')).json().data.find((entry: CategoryAdmin) => entry.id === category.id));
    expect(current.productCount).toBe(1);
    expect((await saveCategory(current, { isActive: false })).statusCode).toBe(200);
    expect(await shopSlugs()).not.toContain(category.slug);
    const empty = await createCategory();
    expect((await floor.request(floor.users.admin, 'DELETE', `/api/admin/catalogue/categories/${empty.id}`)).statusCode).toBe(200);
    expect(await floor.db.selectFrom('catalogue_categories').select('id').where('id', '=', empty.id).executeTakeFirst()).toBeUndefined();
  });

  it('renames: the slug follows the folded name (unique), the shop lists the products under the new slug at once, and the history records it', async () => {
    const category = await createCategory({ name: unique('Lốp xe') });
    const productId = await productIn(category.id);
    const newName = unique('Săm lốp điện');
    const saved = await saveCategory(category, { name: newName });
    expect(saved.statusCode).toBe(200);
    const renamed = categoryAdminSchema.parse(saved.json().data);
    expect(renamed.slug).toMatch(/^sam-lop-dien-\d+-\d+$/);
    const list = await floor.request(null, 'GET', `/api/products?category=${renamed.slug}`);
    expect(list.statusCode).toBe(200);
    expect((list.json().data.items as { id: number }[]).map((item) => item.id)).toContain(productId);
    const twin = await createCategory({ name: newName });
    expect(twin.slug).toBe(`${renamed.slug}-2`);
    const history = catalogueChangeListSchema.parse((await floor.request(floor.users.manager, 'GET', `/api/admin/catalogue/categories/${category.id}/history`)).json().data);
    expect(history.filter((change) => change.version === 2).map((change) => change.field).sort()).toEqual(['name', 'slug']);
    expect(history.find((change) => change.field === 'name' && change.version === 2)).toMatchObject({ before: category.name, after: newName, actor: { id: floor.users.admin.id } });
  });

  it('brands: create, rename (slug follows), deactivate (leaves the shop’s list), with history', async () => {
    const brand = await createBrand({ name: unique('Hãng Điện') });
    await productIn((await floor.db.selectFrom('catalogue_categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id, brand.id);
    const shopNames = async () => ((await floor.request(null, 'GET', '/api/brands')).json().data as { name: string }[]).map((entry) => entry.name);
    expect(await shopNames()).toContain(brand.name);
    const newName = unique('Hãng Mới');
    const renamed = brandAdminSchema.parse((await saveBrand(brand, { name: newName })).json().data);
    expect(renamed).toMatchObject({ name: newName, version: 2, productCount: 1 });
    expect(renamed.slug).not.toBe(brand.slug);
    expect(await shopNames()).toContain(newName);
    expect((await saveBrand(renamed, { isActive: false })).statusCode).toBe(200);
    expect(await shopNames()).not.toContain(newName);
    const history = catalogueChangeListSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/brands/${brand.id}/history`)).json().data);
    expect(history.find((change) => change.version === 3)).toMatchObject({ field: 'isActive', before: true, after: false });
  });

  it('lets exactly one of two admins saving the same version win; the other gets 409 with the current values', async () => {
    const category = await createCategory();
    const [first, second] = await Promise.all([saveCategory(category, { name: unique('Bản một') }), saveCategory(category, { name: unique('Bản hai') })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json()).toMatchObject({ code: 'STALE_VERSION', data: { current: { version: 2 } } });
    const brand = await createBrand();
    const [a, b] = await Promise.all([saveBrand(brand, { country: 'Nhật Bản' }), saveBrand(brand, { country: 'Hàn Quốc' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});
