import {
  catalogueChangeListSchema,
  productAdminInputOf,
  productAdminSchema,
  productDetailResponseSchema,
  productFitmentsSchema,
  productPageResponseSchema,
  type ProductAdmin,
} from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { productionDatabase, useFloor } from '../../support/floorTestKit';

type Who = 'anonymous' | 'customer' | 'staff' | 'manager' | 'admin';

let skuCounter = 0;
const newSku = () => `FIT-ADMIN-${process.pid}-${(skuCounter += 1)}`;

/**
 * Issue 66 §2, the back office's side: a product's fitment rows read and saved as a whole set from the product's
 * version (admin only), recorded in its history, seen by the shop at once; and a product save keeps the part
 * findable by the models its rows name (models_search / search_text).
 */
describe.each(productionDatabase())('a product’s fitment rows in the back office on $label', (target) => {
  const floor = useFloor(target);
  const who = (name: Who): TestUser | null => (name === 'anonymous' ? null : floor.users[name]);
  let categoryId = 0;
  let brandId = 0;
  const models: Record<string, number> = {};

  beforeAll(async () => {
    categoryId = (await floor.db.selectFrom('catalogue_categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    brandId = (await floor.db.selectFrom('catalogue_brands').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    for (const row of await floor.db.selectFrom('vehicle_models').select(['id', 'slug']).execute()) models[row.slug] = row.id;
  });

  async function create(name = 'Má phanh trước Thử Nghiệm'): Promise<ProductAdmin> {
    const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/products', {
      name: `${name} ${skuCounter + 1}`,
      sku: newSku(),
      categoryId,
      brandId,
      price: 350_000,
      compareAtPrice: null,
      vatRate: 10,
      unit: 'bộ',
      weightGrams: 400,
      compatibleModels: ['VinFast VF 3'],
      specifications: [],
      description: 'Má phanh thử.',
      status: 'published',
    });
    expect(response.statusCode).toBe(201);
    return productAdminSchema.parse(response.json().data);
  }

  const put = (product: { id: number }, version: number, fitments: unknown[], user: TestUser | null = floor.users.admin) =>
    floor.request(user, 'PUT', `/api/admin/catalogue/products/${product.id}/fitments`, { version, fitments });

  it('lets managers read and only admins save', async () => {
    const product = await create();
    const expectedRead: Record<Who, number> = { anonymous: 401, customer: 403, staff: 403, manager: 200, admin: 200 };
    for (const name of Object.keys(expectedRead) as Who[]) {
      const read = await floor.request(who(name), 'GET', `/api/admin/catalogue/products/${product.id}/fitments`);
      expect({ name, status: read.statusCode }).toEqual({ name, status: expectedRead[name] });
      if (name !== 'admin') {
        const write = await put(product, product.version, [], who(name));
        expect({ name, status: write.statusCode }).toEqual({ name, status: name === 'anonymous' ? 401 : 403 });
      }
    }
    expect((await floor.request(floor.users.admin, 'GET', '/api/admin/catalogue/products/99999999/fitments')).statusCode).toBe(404);
  });

  it('replaces the set from the product’s version, records it, and the shop sees the fit at once', async () => {
    const product = await create();
    const read = productFitmentsSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${product.id}/fitments`)).json().data);
    expect(read).toEqual({ productId: product.id, version: product.version, fitments: [], unmatchedModels: ['VinFast VF 3'] });
    // The shop before: no rows, so "no information" for a Feliz S.
    const feliz = `fitModel=${models['vinfast-feliz-s']}&fitYear=2023`;
    const before = productDetailResponseSchema.parse((await floor.request(null, 'GET', `/api/products/${product.slug}?${feliz}`)).json()).data;
    expect(before.fit).toBe('UNKNOWN');

    const saved = await put(product, product.version, [
      { modelId: models['vinfast-feliz-s'], yearFrom: 2022, yearTo: 2025, position: 'FRONT', quantityPerVehicle: 2 },
      { modelId: models['vinfast-vf-8-plus'], yearFrom: null, yearTo: null, position: null },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Đã lưu danh sách xe tương thích.');
    const answer = productFitmentsSchema.parse(saved.json().data);
    expect(answer.version).toBe(product.version + 1);
    expect(answer.fitments.map((row) => [row.modelLabel, row.yearFrom, row.yearTo, row.positionLabel, row.quantityPerVehicle])).toEqual([
      ['VinFast Feliz S', 2022, 2025, 'Trước', 2],
      ['VinFast VF 8 Plus', null, null, '', 1],
    ]);

    const after = productDetailResponseSchema.parse((await floor.request(null, 'GET', `/api/products/${product.slug}?${feliz}`)).json()).data;
    expect(after.fit).toBe('FITS');
    expect(after.compatibleModels).toEqual(['VinFast Feliz S', 'VinFast VF 8 Plus', 'VinFast VF 3']);
    const later = productDetailResponseSchema.parse((await floor.request(null, 'GET', `/api/products/${product.slug}?fitModel=${models['vinfast-feliz-s']}&fitYear=2026`)).json()).data;
    expect(later.fit).toBe('DOES_NOT_FIT');

    const history = catalogueChangeListSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${product.id}/history`)).json().data);
    expect(history.find((change) => change.field === 'fitments')).toMatchObject({
      version: product.version + 1,
      before: [],
      after: ['VinFast Feliz S (2022–2025, Trước, 2 chiếc/xe)', 'VinFast VF 8 Plus (mọi đời)'],
      actor: { id: floor.users.admin.id },
    });

    // The product form's save from the old version is stale now; from the new one it keeps the rows.
    const form = { ...productAdminInputOf(product), version: product.version };
    expect((await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${product.id}`, form)).statusCode).toBe(409);
    const resaved = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${product.id}`, { ...form, version: answer.version, price: 360_000 });
    expect(resaved.statusCode).toBe(200);
    expect((await floor.db.selectFrom('product_fitments').select('id').where('product_id', '=', product.id).execute()).length).toBe(2);

    // An empty set: no rows, "no information" again.
    const emptied = await put(product, answer.version + 1, []);
    expect(productFitmentsSchema.parse(emptied.json().data).fitments).toEqual([]);
    expect(productDetailResponseSchema.parse((await floor.request(null, 'GET', `/api/products/${product.slug}?${feliz}`)).json()).data.fit).toBe('UNKNOWN');
  });

  it('answers a stale save with the rows saved now, and refuses unknown models and twice the same row', async () => {
    const product = await create();
    const first = await put(product, product.version, [{ modelId: models['vinfast-klara-s'] }]);
    expect(first.statusCode).toBe(200);

    const stale = await put(product, product.version, [{ modelId: models['vinfast-vf-3'] }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.current.fitments.map((row: { modelLabel: string }) => row.modelLabel)).toEqual(['VinFast Klara S']);

    const unknown = await put(product, product.version + 1, [{ modelId: models['vinfast-vf-3'] }, { modelId: 99_999_999 }]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([{ field: 'fitments.1.modelId', message: 'Dòng xe không tồn tại.' }]);

    const twice = await put(product, product.version + 1, [
      { modelId: models['vinfast-vf-3'], position: 'REAR' },
      { modelId: models['vinfast-vf-3'], position: 'REAR', yearFrom: 2025 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0]).toMatchObject({ field: 'fitments.1.position', message: 'Mỗi dòng xe chỉ có một dòng cho mỗi vị trí lắp.' });

    const years = await put(product, product.version + 1, [{ modelId: models['vinfast-vf-3'], yearFrom: 2026, yearTo: 2024 }]);
    expect(years.statusCode).toBe(400);
    expect(years.json().errors[0]).toMatchObject({ field: 'fitments.0.yearTo', message: 'Từ năm phải nhỏ hơn hoặc bằng đến năm.' });

    // None of these changed anything.
    const now = productFitmentsSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${product.id}/fitments`)).json().data);
    expect({ version: now.version, models: now.fitments.map((row) => row.modelSlug) }).toEqual({ version: product.version + 1, models: ['vinfast-klara-s'] });
  });

  it('keeps a part findable by the models its rows name after a product save (the shop’s model filter, the admin search)', async () => {
    const product = await create('Đĩa phanh Tìm Theo Xe');
    const fitted = productFitmentsSchema.parse((await put(product, product.version, [{ modelId: models['dat-bike-weaver-200'] }])).json().data);
    const form = { ...productAdminInputOf(product), version: fitted.version };
    // A save that names no free-text model any more: the row's model still finds it.
    const saved = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${product.id}`, { ...form, compatibleModels: [] });
    expect(saved.statusCode).toBe(200);

    const byModel = productPageResponseSchema.parse((await floor.request(null, 'GET', `/api/products?model=${encodeURIComponent('weaver 200')}&pageSize=48`)).json()).data;
    expect(byModel.items.map((item) => item.id)).toContain(product.id);
    const admin = (await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products?q=${encodeURIComponent('weaver đĩa phanh tìm')}`)).json().data;
    expect(admin.items.map((item: { id: number }) => item.id)).toEqual([product.id]);
    const row = await floor.db.selectFrom('products').select(['models_search', 'vehicle_types']).where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row.models_search).toBe('dat bike weaver 200');
    expect(JSON.parse(row.vehicle_types)).toContain('motorbike');
  });
});
