import type { App } from '../../src/app';
import { buildTestApp } from '../support/testApp';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

const [sqlite] = testDatabases();

describe('OpenAPI document of the catalogue', () => {
  const scratch = useScratchDatabase(sqlite!);
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  it('documents every catalogue route with its parameters', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/products',
        '/api/products/{slug}',
        '/api/categories',
        '/api/brands',
        '/api/services',
        '/api/packages',
        '/api/promotions',
        '/api/search',
        '/api/contact',
        '/api/me/saved-promotions',
        '/api/me/saved-promotions/{promotionId}',
      ]),
    );
    const parameters = (doc.paths['/api/products'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(parameters).toEqual(expect.arrayContaining(['category', 'brand', 'minPrice', 'maxPrice', 'inStock', 'model', 'sort', 'page', 'pageSize', 'view']));
    // Both forms of the list and of the search documented (issue 70 §2: view=card).
    for (const path of ['/api/products', '/api/search']) {
      const operation = doc.paths[path].get;
      expect((operation.parameters as { name: string; schema: { enum?: string[] } }[]).find((p) => p.name === 'view')?.schema.enum).toEqual(['full', 'card']);
      expect(operation.responses['200'].content['application/json'].schema.anyOf).toHaveLength(2);
    }
    const contactBody = doc.paths['/api/contact'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(contactBody.properties)).toEqual(expect.arrayContaining(['name', 'email', 'phone', 'subject', 'message']));
  });
});
