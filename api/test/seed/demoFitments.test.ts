import { productDetailResponseSchema, productPageResponseSchema, vehicleModelKey, type FitStatus } from 'shared-contracts/schemas';
import type { App } from '../../src/app';
import { PRODUCTS } from '../../seed/catalogue';
import { seedProductFitments } from '../../seed/catalogue/fitments';
import { productSlug } from '../../seed/catalogue/illustrations';
import { buildTestApp } from '../support/testApp';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/**
 * Issue 66 §2: the demo catalogue's fitment rows. Every part that names models fits at least one; the Feliz S (the
 * storefront's Playwright spec) and the demo customer's Klara S each have in-stock parts that fit and parts that do not.
 */
describe.each(testDatabases())('the demo catalogue’s fitment on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let app: App;
  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app?.close());

  async function modelId(slug: string): Promise<number> {
    return (await scratch.db.selectFrom('vehicle_models').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  }

  it('gives every part with models at least one row, and only tools and accessories none', async () => {
    const rows = await scratch.db
      .selectFrom('products')
      .leftJoin('product_fitments', 'product_fitments.product_id', 'products.id')
      .select(['products.sku', 'products.compatible_models', (eb) => eb.fn.count<number>('product_fitments.id').as('rows')])
      .groupBy(['products.sku', 'products.compatible_models'])
      .execute();
    const bySku = new Map(rows.map((row) => [row.sku, row]));
    const without = PRODUCTS.filter((product) => Number(bySku.get(product.sku)?.rows ?? 0) === 0);
    expect(without.length).toBeGreaterThan(0);
    for (const product of without) {
      expect({ sku: product.sku, models: product.models, category: product.category }).toEqual({
        sku: product.sku,
        models: [],
        category: expect.stringMatching(/^(dung-cu|phu-kien)$/),
      });
    }
    // The matched names left the free-text list; what stays matches no model (for the admin to map).
    const labels = new Set(
      (await scratch.db.selectFrom('vehicle_models').select(['brand', 'model', 'variant']).execute()).map((model) =>
        vehicleModelKey([model.brand, model.model, model.variant].join(' ')),
      ),
    );
    const leftover = rows.flatMap((row) => (JSON.parse(row.compatible_models) as string[]).filter((name) => labels.has(vehicleModelKey(name))));
    expect(leftover).toEqual([]);
  });

  it('writes a position, a quantity and years where the part has them, and names the demo list’s other spellings', async () => {
    const page = productDetailResponseSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/products/${productSlug(PRODUCTS.find((product) => product.sku === 'BRK-PAD-VF8')!)}` })).json(),
    ).data;
    expect(page.fitments).toEqual(
      expect.arrayContaining([expect.objectContaining({ modelSlug: 'vinfast-vf-8', position: 'FRONT', positionLabel: 'Trước', quantityPerVehicle: 1 })]),
    );
    const battery = productDetailResponseSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/products/${productSlug(PRODUCTS.find((product) => product.sku === 'BAT-LFP-4820')!)}` })).json(),
    ).data;
    // 'Yadea Odora' and 'Pega Aura' of the demo list are the Odora S and the Aura S; nothing is listed twice.
    expect(battery.fitments!.map((row) => row.modelSlug)).toEqual(expect.arrayContaining(['yadea-odora-s', 'pega-aura-s', 'vinfast-evo200-lite']));
    expect(battery.compatibleModels).toEqual([...new Set(battery.compatibleModels)]);
    expect(battery.compatibleModels).toContain('Yadea Odora S');
  });

  it.each([
    ['vinfast-feliz-s', 2023],
    ['vinfast-klara-s', 2025],
  ])('lists in-stock parts that fit the %s %i and in-stock parts that do not', async (slug, year) => {
    const id = await modelId(slug);
    const seen = new Set<FitStatus>();
    for (let page = 1; page <= 5; page += 1) {
      const answer = productPageResponseSchema.parse(
        (await app.inject({ method: 'GET', url: `/api/products?fitModel=${id}&fitYear=${year}&inStock=true&pageSize=48&page=${page}` })).json(),
      ).data;
      for (const product of answer.items) if (product.inStock && product.fit) seen.add(product.fit);
      if (page >= answer.totalPages) break;
    }
    expect([...seen].sort()).toEqual(['DOES_NOT_FIT', 'FITS', 'UNKNOWN']);
  });

  it('inserts nothing when seeded again', async () => {
    expect(await seedProductFitments(scratch.db, PRODUCTS)).toBe(0);
  });
});
