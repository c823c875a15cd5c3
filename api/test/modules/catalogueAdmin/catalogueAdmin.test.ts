import { PRODUCT_PARCEL_DEFAULTS, productAdminInputOf, productAdminPageSchema, productAdminSchema, catalogueChangeListSchema, type ProductAdmin } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { authHeader, startServiceApp } from '../../support/serviceTestKit';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { plainPng, pngDeclaring } from '../../support/hostileImages';
import { seedCatalogueHistory } from '../../../seed/catalogueHistory';
import { onlineStock, setWarehouseStock } from '../../../src/modules/stockLocations/onlineStock';
import { DEMO_ACCOUNTS } from '../../../seed';

type Who = 'anonymous' | 'customer' | 'staff' | 'technician' | 'manager' | 'admin';
const EVERYONE: Who[] = ['anonymous', 'customer', 'staff', 'technician', 'manager', 'admin'];

let skuCounter = 0;
const newSku = () => `TEST-${process.pid}-${(skuCounter += 1)}`;

/** A multipart body with one file field. */
function multipartFile(bytes: Buffer, field = 'file'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ev${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="anh.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabases())('the admin’s product catalogue on $label', (target) => {
  const floor = useFloor(target);
  const who = (name: Who): TestUser | null => (name === 'anonymous' ? null : floor.users[name]);
  let categoryId = 0;
  let brandId = 0;

  beforeAll(async () => {
    categoryId = (await floor.db.selectFrom('catalogue_categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    brandId = (await floor.db.selectFrom('catalogue_brands').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });

  const validBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Bộ sạc nhanh Thử Nghiệm',
    sku: newSku(),
    categoryId,
    brandId,
    price: 1_500_000,
    compareAtPrice: 1_800_000,
    vatRate: 10,
    unit: 'bộ',
    weightGrams: 2500,
    compatibleModels: ['VinFast VF 3'],
    specifications: [{ label: 'Công suất', value: '7 kW' }],
    description: '**Sạc nhanh** cho xe điện.',
    status: 'published',
    ...overrides,
  });

  async function create(overrides: Record<string, unknown> = {}): Promise<ProductAdmin> {
    const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/products', validBody(overrides));
    expect(response.statusCode).toBe(201);
    return productAdminSchema.parse(response.json().data);
  }

  /** The save body of `product` with `changes`, from its version. */
  const saveBody = (product: ProductAdmin, changes: Record<string, unknown> = {}) => ({ ...productAdminInputOf(product), version: product.version, ...changes });

  describe('who may do what (every route × role)', () => {
    const expected = (name: Who, write: boolean): number => {
      if (name === 'anonymous') return 401;
      if (name === 'admin') return write ? 201 : 200;
      if (name === 'manager' && !write) return 200;
      return 403;
    };

    it.each(EVERYONE)('reads and writes as %s', async (name) => {
      const product = await create();
      const user = who(name);
      for (const url of ['/api/admin/catalogue/products', `/api/admin/catalogue/products/${product.id}`, `/api/admin/catalogue/products/${product.id}/history`, '/api/admin/catalogue/options']) {
        const response = await floor.request(user, 'GET', url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: expected(name, false) });
        if (response.statusCode >= 400) expect(response.json().message).toMatch(/[ạ-ỹđĐ]/);
      }
      const created = await floor.request(user, 'POST', '/api/admin/catalogue/products', validBody());
      expect(created.statusCode).toBe(expected(name, true));
      const saved = await floor.request(user, 'PUT', `/api/admin/catalogue/products/${product.id}`, saveBody(product, { price: 1_490_000 }));
      expect(saved.statusCode).toBe(name === 'admin' ? 200 : expected(name, true));
      const upload = multipartFile(await plainPng(32, 32));
      const image = await floor.service.app.inject({
        method: 'POST',
        url: '/api/admin/catalogue/product-images',
        headers: { ...(user ? await authHeader(floor.app, user) : {}), ...upload.headers },
        payload: upload.payload,
      });
      expect(image.statusCode).toBe(name === 'admin' ? 200 : expected(name, true));
    });
  });

  it('offers the active reference models as compatible models: one the admin adds under "Dòng xe" at once, with its type', async () => {
    const options = async () => (await floor.request(floor.users.admin, 'GET', '/api/admin/catalogue/options')).json().data.vehicleModels as string[];
    expect(await options()).toEqual(expect.arrayContaining(['VinFast Evo200', 'VinFast VF 8 Plus', 'Honda U-GO']));
    expect(await options()).not.toContain('Selex Camel Pro');
    const refused = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/products', validBody({ compatibleModels: ['Selex Camel Pro'] }));
    expect(refused.statusCode).toBe(422);

    const added = await floor.request(floor.users.admin, 'POST', '/api/admin/vehicle-models', { brand: 'Selex', model: 'Camel', variant: 'Pro', type: 'motorbike' });
    expect(added.statusCode).toBe(201);
    expect(await options()).toContain('Selex Camel Pro');
    const product = await create({ compatibleModels: ['Selex Camel Pro'] });
    expect(product.compatibleModels).toEqual(['Selex Camel Pro']);
    // the product is found under the model's vehicle type
    const stored = (await floor.db.selectFrom('products').select('vehicle_types').where('id', '=', product.id).executeTakeFirstOrThrow()).vehicle_types;
    expect(typeof stored === 'string' ? JSON.parse(stored) : stored).toEqual(['motorbike']);
  });

  describe('bad input (§7): a Vietnamese 4xx naming the field, nothing saved', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['name empty', { name: '' }, 'name'],
      ['name over 200', { name: 'x'.repeat(201) }, 'name'],
      ['SKU lower case', { sku: 'abc-1' }, 'sku'],
      ['SKU too short', { sku: 'AB' }, 'sku'],
      ['SKU too long', { sku: 'A'.repeat(41) }, 'sku'],
      ['price zero', { price: 0 }, 'price'],
      ['price over a billion', { price: 1_000_000_001 }, 'price'],
      ['price not whole', { price: 1000.5 }, 'price'],
      ['compare-at not above the price', { compareAtPrice: 1_500_000 }, 'compareAtPrice'],
      ['sale price without window', { salePrice: 1_200_000 }, 'saleStartsAt'],
      ['sale end before start', { salePrice: 1_200_000, saleStartsAt: '2026-12-02T00:00:00+07:00', saleEndsAt: '2026-12-01T00:00:00+07:00' }, 'saleEndsAt'],
      ['VAT 7 %', { vatRate: 7 }, 'vatRate'],
      ['unit empty', { unit: '' }, 'unit'],
      ['weight negative', { weightGrams: -1 }, 'weightGrams'],
      ['length over 200 cm', { lengthCm: 201 }, 'lengthCm'],
      ['width zero', { widthCm: 0 }, 'widthCm'],
      ['height not whole', { heightCm: 12.5 }, 'heightCm'],
      ['unknown category', { categoryId: 999_999 }, 'categoryId'],
      ['unknown brand', { brandId: 999_999 }, 'brandId'],
      ['a model not in the list', { compatibleModels: ['Xe Không Tồn Tại'] }, 'compatibleModels.0'],
      ['empty specification value', { specifications: [{ label: 'Điện áp', value: '' }] }, 'specifications.0.value'],
      ['description over 20,000', { description: 'a'.repeat(20_001) }, 'description'],
      ['nine images', { images: Array.from({ length: 9 }, (_, i) => ({ path: `uploads/products/${'a'.repeat(31)}${i}.webp`, alt: 'Ảnh' })) }, 'images'],
      ['an image never uploaded', { images: [{ path: `uploads/products/${'b'.repeat(32)}.webp`, alt: 'Ảnh' }] }, 'images.0.path'],
      ['an image without alt', { images: [{ path: `uploads/products/${'c'.repeat(32)}.webp`, alt: '' }] }, 'images.0.alt'],
      ['unknown status', { status: 'deleted' }, 'status'],
    ];

    it.each(cases)('refuses %s', async (_label, overrides, field) => {
      const before = await floor.db.selectFrom('products').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
      const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/products', validBody(overrides));
      expect([400, 422]).toContain(response.statusCode);
      const body = response.json() as { message: string; errors?: { field: string; message: string }[] };
      expect(body.errors?.map((error) => error.field)).toContain(field);
      const message = body.errors!.find((error) => error.field === field)!.message;
      expect(message).toMatch(/[ạ-ỹđĐ]|SKU|VND|%/);
      const after = await floor.db.selectFrom('products').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('refuses a taken SKU with a 409 on the sku field, and a bad save leaves the product and its history as they were', async () => {
      const first = await create();
      const taken = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/products', validBody({ sku: first.sku }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors[0].field).toBe('sku');
      const bad = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${first.id}`, saveBody(first, { name: 'Tên mới hợp lệ', price: 0 }));
      expect(bad.statusCode).toBe(400);
      const again = productAdminSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${first.id}`)).json().data);
      expect(again).toMatchObject({ name: first.name, price: first.price, version: first.version, slug: first.slug });
      const history = catalogueChangeListSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${first.id}/history`)).json().data);
      expect(history.every((change) => change.version === 1)).toBe(true);
    });
  });

  describe('the parcel’s size (length, width, height in cm) the carriers bill by', () => {
    const sizesOf = async (id: number) =>
      floor.db.selectFrom('products').select(['length_cm', 'width_cm', 'height_cm']).where('id', '=', id).executeTakeFirstOrThrow();
    const history = async (id: number) =>
      catalogueChangeListSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${id}/history`)).json().data);

    it('stores the sizes given on create and answers them in the detail; a product created without takes the default parcel', async () => {
      const sized = await create({ lengthCm: 45, widthCm: 32, heightCm: 18 });
      expect(sized).toMatchObject({ lengthCm: 45, widthCm: 32, heightCm: 18 });
      expect(await sizesOf(sized.id)).toEqual({ length_cm: 45, width_cm: 32, height_cm: 18 });
      const detail = productAdminSchema.parse((await floor.request(floor.users.manager, 'GET', `/api/admin/catalogue/products/${sized.id}`)).json().data);
      expect(detail).toMatchObject({ lengthCm: 45, widthCm: 32, heightCm: 18 });

      const plain = await create();
      expect(plain).toMatchObject({ lengthCm: PRODUCT_PARCEL_DEFAULTS.lengthCm, widthCm: PRODUCT_PARCEL_DEFAULTS.widthCm, heightCm: PRODUCT_PARCEL_DEFAULTS.heightCm });
      expect((await history(plain.id)).find((change) => change.field === 'lengthCm')).toMatchObject({ before: null, after: PRODUCT_PARCEL_DEFAULTS.lengthCm });
    });

    it('changes one size and keeps the others when a save leaves them out, recording only that change', async () => {
      const product = await create({ lengthCm: 40, widthCm: 25, heightCm: 20, weightGrams: 1_750 });
      const { widthCm: _width, heightCm: _height, weightGrams: _weight, ...body } = saveBody(product, { lengthCm: 55 });
      expect(body).not.toHaveProperty('widthCm');
      const saved = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${product.id}`, body);
      expect(saved.statusCode).toBe(200);
      // The weight left out is kept too, like the sides.
      expect(productAdminSchema.parse(saved.json().data)).toMatchObject({ lengthCm: 55, widthCm: 25, heightCm: 20, weightGrams: 1_750, version: 2 });
      expect(await sizesOf(product.id)).toEqual({ length_cm: 55, width_cm: 25, height_cm: 20 });
      const latest = (await history(product.id)).filter((change) => change.version === 2).map((change) => [change.field, change.before, change.after]);
      expect(latest).toEqual([['lengthCm', 40, 55]]);
    });

    it.each([
      ['lengthCm', 201, 'Chiều dài phải từ 1 đến 200 cm.'],
      ['widthCm', 0, 'Chiều rộng phải từ 1 đến 200 cm.'],
      ['heightCm', 'cao', 'Chiều cao phải từ 1 đến 200 cm.'],
    ])('refuses %s = %p with its Vietnamese message, changing nothing', async (field, value, message) => {
      const product = await create({ lengthCm: 40, widthCm: 25, heightCm: 20 });
      const response = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${product.id}`, saveBody(product, { [field]: value }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field, message }] });
      expect(await sizesOf(product.id)).toEqual({ length_cm: 40, width_cm: 25, height_cm: 20 });
      const created = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/products', validBody({ [field]: value }));
      expect(created.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field, message }] });
    });
  });

  it('renders the Markdown description with no raw HTML or script link that could run, on the shop and in the form', async () => {
    const product = await create({
      description: '# Tiêu đề\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[bấm](javascript:alert(3)) và [trang](https://evshop.vn)',
    });
    for (const html of [product.descriptionHtml, (await floor.request(null, 'GET', `/api/products/${product.slug}`)).json().data.descriptionHtml as string]) {
      expect(html).toContain('<h1>Tiêu đề</h1>');
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<img/i);
      expect(html).toContain('&lt;script&gt;');
      expect(html).not.toMatch(/href="javascript:/i);
      expect(html).toContain('<a href="https://evshop.vn" rel="nofollow noopener noreferrer">trang</a>');
    }
  });

  it('stores an uploaded photo through the image encoder, orders the images (the first is the main one) and refuses an image bomb', async () => {
    const upload = async (bytes: Buffer) => {
      const body = multipartFile(bytes);
      return floor.app.inject({
        method: 'POST',
        url: '/api/admin/catalogue/product-images',
        headers: { ...(await authHeader(floor.app, floor.users.admin)), ...body.headers },
        payload: body.payload,
      });
    };
    const bomb = await upload(await pngDeclaring(100_000, 100_000));
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE', errors: [{ field: 'file' }] });
    const strip = await upload(await pngDeclaring(1, 40_000));
    expect(strip.statusCode).toBe(422);

    const first = (await upload(await plainPng(640, 480))).json().data as { path: string; url: string; width: number };
    const second = (await upload(await plainPng(300, 300))).json().data as { path: string; url: string };
    expect(first.width).toBe(640);
    const product = await create({ images: [{ path: first.path, alt: 'Mặt trước' }, { path: second.path, alt: 'Mặt sau' }] });
    expect(product.images.map((image) => image.alt)).toEqual(['Mặt trước', 'Mặt sau']);
    const served = await floor.app.inject({ method: 'GET', url: first.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // The second becomes the main image: the shop's card shows it.
    const saved = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${product.id}`, saveBody(product, { images: [{ path: second.path, alt: 'Mặt sau' }, { path: first.path, alt: 'Mặt trước' }] }));
    expect(saved.statusCode).toBe(200);
    const detail = (await floor.request(null, 'GET', `/api/products/${product.slug}`)).json().data as { image: { url: string }; images: { url: string }[] };
    expect(detail.image.url).toBe(second.url);
    expect(detail.images.map((image) => image.url)).toEqual([second.url, first.url]);
  });

  it('lets exactly one of two admins saving the same version win; the other gets 409 with the current values', async () => {
    const product = await create();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${product.id}`, saveBody(product, { price: 1_000_000 + index * 1000 })),
      ),
    );
    const winners = responses.filter((response) => response.statusCode === 200);
    const losers = responses.filter((response) => response.statusCode === 409);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(9);
    const won = productAdminSchema.parse(winners[0]!.json().data);
    for (const loser of losers) {
      expect(loser.json()).toMatchObject({ code: 'STALE_VERSION', data: { current: { version: 2, price: won.price } } });
      expect(loser.json().message).toMatch(/người khác/);
    }
    const priceHistory = catalogueChangeListSchema.parse((await floor.request(floor.users.manager, 'GET', `/api/admin/catalogue/products/${product.id}/history?field=price`)).json().data);
    expect(priceHistory.map((change) => [change.before, change.after])).toEqual([[1_500_000, won.price], [null, 1_500_000]]);
    expect(priceHistory[0]!.actor).toEqual({ id: floor.users.admin.id, name: expect.any(String) });
  });

  it('records every change (who, field, before → after) and keeps a renamed product’s old slug as a permanent redirect', async () => {
    const product = await create({ name: 'Cáp sạc Type 2 Thử' });
    expect(product.slug).toBe('cap-sac-type-2-thu');
    const renamed = productAdminSchema.parse(
      (await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${product.id}`, saveBody(product, { name: 'Cáp sạc Type 2 Đời Mới', unit: 'sợi' }))).json().data,
    );
    expect(renamed).toMatchObject({ slug: 'cap-sac-type-2-doi-moi', oldSlugs: ['cap-sac-type-2-thu'], version: 2 });
    const history = catalogueChangeListSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${product.id}/history`)).json().data);
    const latest = history.filter((change) => change.version === 2).map((change) => [change.field, change.before, change.after]);
    expect(latest).toEqual(
      expect.arrayContaining([
        ['name', 'Cáp sạc Type 2 Thử', 'Cáp sạc Type 2 Đời Mới'],
        ['slug', 'cap-sac-type-2-thu', 'cap-sac-type-2-doi-moi'],
        ['unit', 'bộ', 'sợi'],
      ]),
    );
    expect(latest).toHaveLength(3);
    const old = await floor.request(null, 'GET', '/api/products/cap-sac-type-2-thu');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/products/cap-sac-type-2-doi-moi');
    expect((await floor.request(null, 'GET', old.headers.location as string)).json().data.name).toBe('Cáp sạc Type 2 Đời Mới');
    // Another product named like the old name gets another slug: the redirect keeps its own.
    const namesake = await create({ name: 'Cáp sạc Type 2 Thử' });
    expect(namesake.slug).toBe('cap-sac-type-2-thu-2');
  });

  it('shows a save on the public list, detail and search at once; archived leaves the shop and a cart shows it unavailable', async () => {
    const product = await create({ name: 'Bơm lốp điện Xuyên Việt', price: 650_000, compareAtPrice: null });
    await setWarehouseStock(floor.db, product.id, 5);
    const list = async () => (await floor.request(null, 'GET', `/api/products?category=${encodeURIComponent(await categorySlug())}&pageSize=48&sort=newest`)).json().data.items as { id: number; price: number }[];
    const categorySlug = async () => (await floor.db.selectFrom('catalogue_categories').select('slug').where('id', '=', categoryId).executeTakeFirstOrThrow()).slug;
    const search = async () => (await floor.request(null, 'GET', '/api/search?q=bom%20lop%20xuyen%20viet')).json().data.hits as { slug: string; price?: number }[];
    // Read once: the caches now hold the answers.
    expect((await list()).find((item) => item.id === product.id)?.price).toBe(650_000);
    expect((await floor.request(null, 'GET', `/api/products/${product.slug}`)).json().data.price).toBe(650_000);
    expect((await search()).map((hit) => hit.slug)).toContain(product.slug);

    const customer = floor.users.customer;
    const cartItem = { kind: 'product', refId: product.id, quantity: 1, price: 650_000 };
    const saved = productAdminSchema.parse((await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${product.id}`, saveBody(product, { price: 690_000 }))).json().data);
    expect((await list()).find((item) => item.id === product.id)?.price).toBe(690_000);
    expect((await floor.request(null, 'GET', `/api/products/${product.slug}`)).json().data.price).toBe(690_000);
    expect((await search()).find((hit) => hit.slug === product.slug)).toMatchObject({ price: 690_000 });
    const changed = (await floor.request(customer, 'POST', '/api/cart/validate', { items: [cartItem] })).json().data;
    expect(changed.items[0]).toMatchObject({ price: 690_000, issues: ['price_changed'] });

    const archived = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${product.id}`, saveBody(saved, { status: 'archived' }));
    expect(archived.statusCode).toBe(200);
    expect((await list()).map((item) => item.id)).not.toContain(product.id);
    expect((await floor.request(null, 'GET', `/api/products/${product.slug}`)).statusCode).toBe(404);
    expect((await search()).map((hit) => hit.slug)).not.toContain(product.slug);
    const gone = (await floor.request(customer, 'POST', '/api/cart/validate', { items: [{ ...cartItem, price: 690_000 }] })).json().data;
    expect(gone.items[0].issues).toContain('unavailable');
    // Still the admin's, with every status: the list filters by it.
    const page = productAdminPageSchema.parse((await floor.request(floor.users.manager, 'GET', '/api/admin/catalogue/products?status=archived&q=bom%20lop%20xuyen')).json().data);
    expect(page.items.map((item) => item.id)).toEqual([product.id]);
    // A draft cannot come back from archived; published can.
    const draft = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${product.id}`, saveBody({ ...saved, version: 3, status: 'archived' }, { status: 'draft' }));
    expect(draft.statusCode).toBe(422);
    expect(draft.json().errors[0].field).toBe('status');
  });

  it('never places an order at a price the customer was not shown: a price changed since the quote is a 409 PRICE_CHANGED, nothing placed', async () => {
    const product = await create({ price: 800_000, compareAtPrice: null });
    await setWarehouseStock(floor.db, product.id, 5);
    const customer = floor.users.customer;
    const quote = await floor.request(customer, 'POST', '/api/checkout/quote', {
      items: [{ kind: 'product', refId: product.id, quantity: 1 }],
      fulfilment: { method: 'delivery', province: 'Hà Nội' },
    });
    expect(quote.statusCode).toBe(200);
    const shown = quote.json().data.lines[0].price as number;
    expect(shown).toBe(800_000);
    await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/products/${product.id}`, saveBody(product, { price: 850_000 }));
    const order = await floor.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...(await authHeader(floor.app, customer)), 'idempotency-key': `catalogue-price-${process.pid}-${Date.now()}` },
      payload: {
        items: [{ kind: 'product', refId: product.id, quantity: 1, price: shown }],
        recipientName: 'Trần Thị Mua Hàng',
        phone: '0912 345 678',
        fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cửa Nam', street: '12 Tràng Thi' } },
        paymentMethod: 'COD',
      },
    });
    expect(order.statusCode).toBe(409);
    expect(order.json()).toMatchObject({ code: 'PRICE_CHANGED' });
    expect(order.json().message).toMatch(/vừa thay đổi/);
    const stock = await floor.db.selectFrom('products').select(onlineStock('products.id').as('stock')).where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(Number(stock.stock)).toBe(5);
  });

  it('gives the demo admin’s catalogue a change history (seed), once', async () => {
    expect(await seedCatalogueHistory(floor.db)).toBe(5);
    expect(await seedCatalogueHistory(floor.db)).toBe(0);
    const product = await floor.db.selectFrom('products').select(['id', 'price']).where('sku', '=', 'BAT-LFP-4820').executeTakeFirstOrThrow();
    const history = catalogueChangeListSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${product.id}/history?field=price`)).json().data);
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    expect(history).toEqual([expect.objectContaining({ before: 4_890_000, after: Number(product.price), actor: { id: expect.any(Number), name: admin.fullName } })]);
  });

  if (target.dialect === 'postgres') {
    it('shows a save on another API instance within a second (the change reaches its caches through the broker)', async () => {
      const databaseUrl = floor.scratch.config.databaseUrl!;
      const one = await startServiceApp(floor.db, { configOverrides: { databaseUrl } });
      const two = await startServiceApp(floor.db, { configOverrides: { databaseUrl } });
      try {
        const admin = await authHeader(one.app, floor.users.admin);
        const created = await one.app.inject({ method: 'POST', url: '/api/admin/catalogue/products', headers: admin, payload: validBody({ name: 'Gương chiếu hậu Liên Phiên', price: 420_000, compareAtPrice: null }) });
        const product = productAdminSchema.parse(created.json().data);
        const detailOnTwo = async () => (await two.app.inject({ method: 'GET', url: `/api/products/${product.slug}` })).json().data.price as number;
        const searchOnTwo = async () => (await two.app.inject({ method: 'GET', url: '/api/search?q=guong%20chieu%20hau%20lien%20phien' })).json().data.hits as { slug: string; price: number }[];
        expect(await detailOnTwo()).toBe(420_000);
        expect((await searchOnTwo())[0]).toMatchObject({ slug: product.slug, price: 420_000 });
        const startedAt = Date.now();
        const saved = await one.app.inject({ method: 'PUT', url: `/api/admin/catalogue/products/${product.id}`, headers: admin, payload: saveBody(product, { price: 440_000 }) });
        expect(saved.statusCode).toBe(200);
        let seen = await detailOnTwo();
        while (seen !== 440_000 && Date.now() - startedAt < 1000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          seen = await detailOnTwo();
        }
        expect(seen).toBe(440_000);
        expect((await searchOnTwo())[0]).toMatchObject({ slug: product.slug, price: 440_000 });
        expect(Date.now() - startedAt).toBeLessThan(1000);
      } finally {
        await one.close();
        await two.close();
      }
    });
  }
});
