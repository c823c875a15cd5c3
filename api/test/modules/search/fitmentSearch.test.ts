import type { Kysely } from 'kysely';
import { searchResultResponseSchema } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import type { Database } from '../../../src/db/schema';
import { invalidateCatalogue } from '../../../src/modules/catalogue';
import { insertBrandIfMissing, insertCategoryIfMissing, insertProductIfMissing } from '../../../src/modules/catalogueAdmin';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

/**
 * Search and fitment (issue 66 §2): a vehicle model named in the query ("má phanh feliz s") narrows the answer to
 * the parts whose fitment rows fit it, by the fit rule (a row naming the base VF 8 fits the VF 8 Plus), whatever the
 * part's name says.
 */
describe.each(productionDatabase())('search by the vehicle model a part fits on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let app: App;
  const productIds = new Map<string, number>();
  let modelIds: Map<string, number>;

  async function fits(db: Kysely<Database>, name: string, slugs: string[]): Promise<void> {
    await db
      .insertInto('product_fitments')
      .values(slugs.map((slug) => ({ product_id: productIds.get(name)!, model_id: modelIds.get(slug)!, year_from: 2022, year_to: 2024 })))
      .execute();
  }

  beforeAll(async () => {
    const db = scratch.db;
    const category = await insertCategoryIfMissing(db, { slug: 'phanh-lop', name: 'Phanh & lốp', description: '', group: 'parts', image: null, sortOrder: 1 });
    const brand = await insertBrandIfMissing(db, { slug: 'hang-thu', name: 'Hãng Thử', country: 'Việt Nam' });
    const names = ['Má phanh trước A1', 'Má phanh trước B2', 'Má phanh sau C3', 'Má phanh sau D4', 'Má phanh E5', 'Lốp F6'];
    for (const [index, name] of names.entries()) {
      const { id } = await insertProductIfMissing(db, {
        sku: `FS-${index}`,
        slug: `phu-tung-fs-${index}`,
        name,
        categoryId: category.id,
        brandId: brand.id,
        price: 200_000 + index * 10_000,
        originalPrice: null,
        stock: 5,
        salesCount: index,
        warrantyMonths: 0,
        description: 'Phụ tùng thay thế chính hãng.',
        compatibleModels: [],
        vehicleTypes: ['scooter'],
        specifications: [],
        images: [],
        brandName: 'Hãng Thử',
        categoryName: 'Phanh & lốp',
      });
      productIds.set(name, id);
    }
    const models = await db.selectFrom('vehicle_models').select(['id', 'slug']).execute();
    modelIds = new Map(models.map((model) => [model.slug, model.id]));
    await fits(db, 'Má phanh trước A1', ['vinfast-feliz-s']);
    await fits(db, 'Má phanh trước B2', ['vinfast-klara-s']);
    await fits(db, 'Má phanh sau C3', ['vinfast-vf-8']);
    await fits(db, 'Má phanh sau D4', ['vinfast-vf-8-plus']);
    await fits(db, 'Lốp F6', ['vinfast-feliz-s', 'vinfast-vf-3']);
    invalidateCatalogue();
    app = buildTestApp(db);
    await app.ready();
  });
  afterAll(() => app?.close());

  async function titles(query: string): Promise<string[]> {
    const response = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(query)}&limit=50` });
    expect(response.statusCode).toBe(200);
    return searchResultResponseSchema
      .parse(response.json())
      .data.hits.map((hit) => hit.title)
      .sort();
  }

  it('narrows to the parts that fit the model named in the query', async () => {
    expect(await titles('má phanh')).toHaveLength(5);
    expect(await titles('má phanh feliz s')).toEqual(['Má phanh trước A1']);
    expect(await titles('ma phanh FELIZ S')).toEqual(['Má phanh trước A1']);
    expect(await titles('ma phanh vinfast feliz s')).toEqual(['Má phanh trước A1']);
    expect(await titles('má phanh klara s')).toEqual(['Má phanh trước B2']);
    // "xe" (vehicle) before the model only says what it is.
    expect(await titles('má phanh cho xe feliz s')).toEqual(['Má phanh trước A1']);
    expect(await titles('feliz s')).toEqual(['Lốp F6', 'Má phanh trước A1']);
    expect(await titles('lốp vf 3')).toEqual(['Lốp F6']);
  });

  it('reads a variant as the fit rule does: a row for the base model fits every variant, a variant row that variant only', async () => {
    expect(await titles('má phanh vf 8 plus')).toEqual(['Má phanh sau C3', 'Má phanh sau D4']);
    expect(await titles('ma phanh vf8 plus')).toEqual(['Má phanh sau C3', 'Má phanh sau D4']);
    expect(await titles('má phanh vf 8 eco')).toEqual(['Má phanh sau C3']);
  });

  it('never lets the model go to find something: no part that fits, no answer', async () => {
    // No front pad fits the VF 3 (only a tyre does): without the model every front pad would answer.
    expect(await titles('má phanh trước vf 3')).toEqual([]);
    expect(await titles('má phanh feliz s')).not.toContain('Má phanh E5');
  });

  it('follows a change of the fitment rows at the next search', async () => {
    await fits(scratch.db, 'Má phanh E5', ['vinfast-feliz-s']);
    invalidateCatalogue();
    expect(await titles('má phanh feliz s')).toEqual(['Má phanh E5', 'Má phanh trước A1']);
  });
});
