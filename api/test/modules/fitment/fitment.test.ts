import type { Kysely } from 'kysely';
import { cartResponseSchema, errorEnvelopeSchema, fitWarningText, productDetailResponseSchema, productPageResponseSchema, quoteResponseSchema, type FitStatus, type ProductSummary } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { createMigrator } from '../../../src/db/migrate';
import type { Database } from '../../../src/db/schema';
import { invalidateCatalogue } from '../../../src/modules/catalogue';
import { insertBrandIfMissing, insertCategoryIfMissing, insertProductIfMissing, type ProductInput } from '../../../src/modules/catalogueAdmin';
import { listProducts } from '../../../src/modules/catalogue/catalogueQueries';
import { findFitVehicle } from '../../../src/modules/fitment';
import { createUser } from '../../support/shopTestKit';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

interface ModelRow {
  id: number;
  slug: string;
  brand: string;
  model: string;
  variant: string;
}

async function taxonomy(db: Kysely<Database>): Promise<{ categoryId: number; brandId: number }> {
  const category = await insertCategoryIfMissing(db, { slug: 'phanh-lop', name: 'Phanh & lốp', description: '', group: 'parts', image: null, sortOrder: 1 });
  const brand = await insertBrandIfMissing(db, { slug: 'hang-thu', name: 'Hãng Thử', country: 'Việt Nam' });
  return { categoryId: category.id, brandId: brand.id };
}

function productInput(ids: { categoryId: number; brandId: number }, number: number, compatibleModels: string[] = []): ProductInput {
  const code = String(number).padStart(3, '0');
  return {
    sku: `FIT-${code}`,
    slug: `phu-tung-thu-${code}`,
    name: `Phụ tùng thử ${code}`,
    categoryId: ids.categoryId,
    brandId: ids.brandId,
    price: 100_000 + number * 1_000,
    originalPrice: null,
    stock: 5,
    salesCount: number,
    warrantyMonths: 0,
    description: '',
    compatibleModels,
    vehicleTypes: ['scooter'],
    specifications: [],
    images: [],
    brandName: 'Hãng Thử',
    categoryName: 'Phanh & lốp',
  };
}

/** A small deterministic generator (mulberry32): the same catalogue every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(productionDatabase())('fitment on $label', (target) => {
  describe('migration 0071', () => {
    const scratch = useScratchDatabase(target);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema changes under the test
    const anyDb = (): Kysely<any> => scratch.db;

    it('turns the free-text names that are models into rows, keeps the others for the admin, and goes back', async () => {
      const migrator = createMigrator(scratch.db);
      expect((await migrator.migrateTo('0070_vehicle_models')).error).toBeUndefined();
      const ids = await taxonomy(scratch.db);
      const { id } = await insertProductIfMissing(scratch.db, productInput(ids, 1, ['VinFast Feliz S', 'vinfast vf8 plus', 'Xe lạ XYZ', 'VinFast Feliz S']));
      const { id: none } = await insertProductIfMissing(scratch.db, productInput(ids, 2, ['Xe lạ XYZ']));

      expect((await migrator.migrateTo('0071_product_fitments')).error).toBeUndefined();
      const rows = await anyDb()
        .selectFrom('product_fitments as f')
        .innerJoin('vehicle_models as m', 'm.id', 'f.model_id')
        .select(['f.product_id', 'm.slug', 'f.year_from', 'f.year_to', 'f.position', 'f.quantity_per_vehicle'])
        .orderBy('m.slug')
        .execute();
      expect(rows).toEqual([
        { product_id: id, slug: 'vinfast-feliz-s', year_from: null, year_to: null, position: null, quantity_per_vehicle: 1 },
        { product_id: id, slug: 'vinfast-vf-8-plus', year_from: null, year_to: null, position: null, quantity_per_vehicle: 1 },
      ]);
      const compatible = async (productId: number) =>
        JSON.parse((await anyDb().selectFrom('products').select('compatible_models').where('id', '=', productId).executeTakeFirstOrThrow()).compatible_models as string);
      expect(await compatible(id)).toEqual(['Xe lạ XYZ']);
      expect(await compatible(none)).toEqual(['Xe lạ XYZ']);

      // (model, position) is the key, a missing position included.
      const feliz = rows[0]!;
      const modelId = (await anyDb().selectFrom('vehicle_models').select('id').where('slug', '=', feliz.slug).executeTakeFirstOrThrow()).id as number;
      await expect(anyDb().insertInto('product_fitments').values({ product_id: id, model_id: modelId }).execute()).rejects.toThrow();
      await anyDb().insertInto('product_fitments').values({ product_id: id, model_id: modelId, position: 'FRONT' }).execute();
      await expect(anyDb().insertInto('product_fitments').values({ product_id: id, model_id: modelId, position: 'TOP' }).execute()).rejects.toThrow();

      expect((await migrator.migrateTo('0070_vehicle_models')).error).toBeUndefined();
      expect(await compatible(id)).toEqual(['VinFast Feliz S', 'VinFast VF 8 Plus', 'Xe lạ XYZ']);
      expect((await migrator.migrateTo('0071_product_fitments')).error).toBeUndefined();
      expect(await compatible(id)).toEqual(['Xe lạ XYZ']);
    });
  });

  describe('the product list, the product page and the fit rule on a generated catalogue', () => {
    const scratch = useScratchDatabase(target);
    let app: App;
    let models: ModelRow[];
    /** product id → its rows (model id, years). */
    const fitments = new Map<number, Array<{ modelId: number; yearFrom: number | null; yearTo: number | null }>>();
    const productIds: number[] = [];
    const YEARS = [2018, 2020, 2021, 2022, 2023, 2024, 2025, 2026];

    beforeAll(async () => {
      const db = scratch.db;
      // Base models and their variants, as the rule tells them apart.
      const wanted = ['vinfast-vf-8', 'vinfast-vf-8-plus', 'vinfast-vf-8-eco', 'vinfast-feliz-s', 'vinfast-klara-s', 'vinfast-evo200', 'vinfast-evo200-lite'];
      models = (await db.selectFrom('vehicle_models').select(['id', 'slug', 'brand', 'model', 'variant']).where('slug', 'in', wanted).execute()) as ModelRow[];
      expect(models.length).toBeGreaterThanOrEqual(6);
      expect(models.some((model) => model.variant !== '')).toBe(true);
      const ids = await taxonomy(db);
      const next = random(66);
      for (let number = 1; number <= 60; number += 1) {
        const { id } = await insertProductIfMissing(db, productInput(ids, number));
        productIds.push(id);
        // A fifth of the products without rows (UNKNOWN); the others 1–3 models, with open or closed years.
        if (number % 5 === 0) continue;
        const chosen = [...models].sort(() => next() - 0.5).slice(0, 1 + Math.floor(next() * 3));
        const rows = chosen.map((model) => {
          const from = next() < 0.3 ? null : 2019 + Math.floor(next() * 6);
          const to = next() < 0.4 ? null : (from ?? 2019) + Math.floor(next() * 4);
          return { modelId: model.id, yearFrom: from, yearTo: to };
        });
        fitments.set(id, rows);
        await db
          .insertInto('product_fitments')
          .values(rows.map((row) => ({ product_id: id, model_id: row.modelId, year_from: row.yearFrom, year_to: row.yearTo })))
          .execute();
      }
      invalidateCatalogue();
      app = buildTestApp(db);
      await app.ready();
    });
    afterAll(() => app?.close());

    /** The expected fit, told from the models' brand, model and variant (not from the rule under test). */
    function expected(productId: number, vehicle: ModelRow, year: number): FitStatus {
      const rows = fitments.get(productId);
      if (!rows) return 'UNKNOWN';
      const fits = rows.some((row) => {
        const model = models.find((candidate) => candidate.id === row.modelId)!;
        const sameModel = model.id === vehicle.id || (model.variant === '' && model.brand === vehicle.brand && model.model === vehicle.model);
        return sameModel && (row.yearFrom === null || row.yearFrom <= year) && (row.yearTo === null || year <= row.yearTo);
      });
      return fits ? 'FITS' : 'DOES_NOT_FIT';
    }

    async function everything(query: string): Promise<ProductSummary[]> {
      const items: ProductSummary[] = [];
      for (let page = 1; ; page += 1) {
        const response = await app.inject({ method: 'GET', url: `/api/products?pageSize=48&page=${page}&${query}` });
        expect(response.statusCode).toBe(200);
        const body = productPageResponseSchema.parse(response.json()).data;
        items.push(...body.items);
        if (page >= body.totalPages) {
          expect(items).toHaveLength(body.total);
          return items;
        }
      }
    }

    it('finds every fitting pair and none that does not fit, by year range and variant exactly', async () => {
      let fitting = 0;
      for (const vehicle of models) {
        for (const year of YEARS) {
          const all = await everything(`fitModel=${vehicle.id}&fitYear=${year}`);
          expect(all.map((item) => item.id).sort((a, b) => a - b)).toEqual([...productIds].sort((a, b) => a - b));
          for (const item of all) expect([item.id, item.fit]).toEqual([item.id, expected(item.id, vehicle, year)]);
          const onlyFitting = await everything(`fitModel=${vehicle.id}&fitYear=${year}&fitOnly=true`);
          const want = productIds.filter((id) => expected(id, vehicle, year) === 'FITS').sort((a, b) => a - b);
          expect(onlyFitting.map((item) => item.id).sort((a, b) => a - b)).toEqual(want);
          expect(onlyFitting.every((item) => item.fit === 'FITS')).toBe(true);
          fitting += want.length;
          // The list from the tables (while a product is pending) says the same.
          const chosen = await findFitVehicle(scratch.db, vehicle.id, year);
          const fallback = await listProducts(scratch.db, { sort: 'popular', page: 1, pageSize: 48, fitModel: vehicle.id, fitYear: year, fitOnly: true }, new Date(), chosen);
          expect(fallback.items.map((item) => item.id).sort((a, b) => a - b)).toEqual(want.slice(0, 48));
          expect(fallback.total).toBe(want.length);
        }
      }
      // The generated catalogue is not trivial: many pairs fit, many do not.
      expect(fitting).toBeGreaterThan(20);
      expect(fitting).toBeLessThan(models.length * YEARS.length * productIds.length - 20);
    });

    it('answers without fit when no vehicle is chosen, as before', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/products?pageSize=5' });
      for (const item of productPageResponseSchema.parse(response.json()).data.items) expect(item).not.toHaveProperty('fit');
    });

    it('gives the product page its rows with labels, and its fit for the chosen vehicle', async () => {
      const [productId, rows] = [...fitments.entries()][0]!;
      const slug = `phu-tung-thu-${String(productIds.indexOf(productId) + 1).padStart(3, '0')}`;
      const plain = productDetailResponseSchema.parse((await app.inject({ method: 'GET', url: `/api/products/${slug}` })).json()).data;
      expect(plain.fit).toBeUndefined();
      expect(plain.fitments?.map((row) => row.modelId).sort()).toEqual(rows.map((row) => row.modelId).sort());
      const first = plain.fitments![0]!;
      const model = models.find((candidate) => candidate.id === first.modelId)!;
      expect(first.modelLabel).toBe([model.brand, model.model, model.variant].filter(Boolean).join(' '));
      expect(first.modelSlug).toBe(model.slug);
      const withVehicle = productDetailResponseSchema.parse((await app.inject({ method: 'GET', url: `/api/products/${slug}?fitModel=${model.id}&fitYear=2023` })).json()).data;
      expect(withVehicle.fit).toBe(expected(productId, model, 2023));
    });

    it('shows a change of the rows at the next list (the read model and the cache follow)', async () => {
      const vehicle = models.find((model) => model.slug === 'vinfast-feliz-s')!;
      const query = `fitModel=${vehicle.id}&fitYear=2023&fitOnly=1`;
      const before = (await everything(query)).map((item) => item.id);
      await everything(query); // kept from the second ask
      const target = productIds.find((id) => !before.includes(id))!;
      await scratch.db.insertInto('product_fitments').values({ product_id: target, model_id: vehicle.id, position: 'REAR' }).execute();
      fitments.set(target, [...(fitments.get(target) ?? []), { modelId: vehicle.id, yearFrom: null, yearTo: null }]);
      invalidateCatalogue();
      expect((await everything(query)).map((item) => item.id)).toContain(target);
    });

    it("marks each product line of a cart with its fit, so the cart warns of a part that does not fit", async () => {
      const vehicle = models.find((model) => model.slug === 'vinfast-feliz-s')!;
      const fitting = productIds.find((id) => expected(id, vehicle, 2023) === 'FITS')!;
      const notFitting = productIds.find((id) => expected(id, vehicle, 2023) === 'DOES_NOT_FIT')!;
      const unknown = productIds.find((id) => expected(id, vehicle, 2023) === 'UNKNOWN')!;
      const items = [fitting, notFitting, unknown].map((refId) => ({ kind: 'product', refId, quantity: 1, price: 1 }));
      const response = await app.inject({ method: 'POST', url: `/api/cart/validate?fitModel=${vehicle.id}&fitYear=2023`, payload: { items } });
      expect(response.statusCode).toBe(200);
      const cart = cartResponseSchema.parse(response.json()).data;
      expect(cart.items.map((line) => [line.refId, line.fit])).toEqual([
        [fitting, 'FITS'],
        [notFitting, 'DOES_NOT_FIT'],
        [unknown, 'UNKNOWN'],
      ]);
      const warned = cart.items.filter((line) => line.fit === 'DOES_NOT_FIT').map(() => fitWarningText('VinFast Feliz S', 2023));
      expect(warned).toEqual(['Phụ tùng này không vừa xe VinFast Feliz S 2023 của bạn.']);
      // No vehicle: no fit, as before.
      const plain = cartResponseSchema.parse((await app.inject({ method: 'POST', url: '/api/cart/validate', payload: { items } })).json()).data;
      expect(plain.items.every((line) => line.fit === undefined)).toBe(true);
      const bad = await app.inject({ method: 'POST', url: '/api/cart/validate?fitModel=999999&fitYear=2023', payload: { items } });
      expect(bad.statusCode).toBe(400);
    });

    it('marks each product line of the checkout quote with its fit, the prices and total as without a vehicle', async () => {
      const vehicle = models.find((model) => model.slug === 'vinfast-klara-s')!;
      const fitting = productIds.find((id) => expected(id, vehicle, 2024) === 'FITS')!;
      const notFitting = productIds.find((id) => expected(id, vehicle, 2024) === 'DOES_NOT_FIT')!;
      const unknown = productIds.find((id) => expected(id, vehicle, 2024) === 'UNKNOWN')!;
      const customer = await createUser(app, scratch.db);
      const payload = {
        items: [notFitting, fitting, unknown].map((refId) => ({ kind: 'product', refId, quantity: 2 })),
        fulfilment: { method: 'delivery', province: 'Hà Nội' },
      };
      const ask = (query: string) => app.inject({ method: 'POST', url: `/api/checkout/quote${query}`, headers: customer.headers, payload });
      const withVehicle = await ask(`?fitModel=${vehicle.id}&fitYear=2024`);
      expect(withVehicle.statusCode).toBe(200);
      const quote = quoteResponseSchema.parse(withVehicle.json()).data;
      expect(quote.lines.map((line) => [line.refId, line.fit])).toEqual([
        [notFitting, 'DOES_NOT_FIT'],
        [fitting, 'FITS'],
        [unknown, 'UNKNOWN'],
      ]);
      const plain = quoteResponseSchema.parse((await ask('')).json()).data;
      expect(plain.lines.every((line) => line.fit === undefined)).toBe(true);
      expect(plain.total).toBe(quote.total);
      expect(plain.lines.map((line) => line.price)).toEqual(quote.lines.map((line) => line.price));
      const unknownModel = await ask('?fitModel=999999&fitYear=2024');
      expect(unknownModel.statusCode).toBe(400);
      expect(errorEnvelopeSchema.parse(unknownModel.json()).errors).toContainEqual({ field: 'fitModel', message: 'Không tìm thấy dòng xe đã chọn.' });
      expect((await ask(`?fitModel=${vehicle.id}`)).statusCode).toBe(400);
    });

    it.each([
      ['fitModel=abc&fitYear=2023', 'fitModel', 'Dòng xe không hợp lệ.'],
      ['fitModel=1', 'fitYear', 'Vui lòng chọn năm sản xuất của xe.'],
      ['fitYear=2023', 'fitModel', 'Vui lòng chọn dòng xe.'],
      ['fitModel=1&fitYear=1800', 'fitYear', 'Năm sản xuất của xe phải từ 1990 đến 2100.'],
      ['fitModel=999999&fitYear=2023', 'fitModel', 'Không tìm thấy dòng xe đã chọn.'],
    ])('refuses %s with 400 naming %s in Vietnamese', async (query, field, message) => {
      for (const path of ['/api/products', '/api/products/phu-tung-thu-001']) {
        const response = await app.inject({ method: 'GET', url: `${path}?${query}` });
        expect(response.statusCode).toBe(400);
        const body = errorEnvelopeSchema.parse(response.json());
        expect(body.errors).toContainEqual({ field, message });
      }
    });
  });
});
