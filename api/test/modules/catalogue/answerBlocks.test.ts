import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import type { App } from '../../../src/app';
import { CatalogueCache, freeAnswerBlocks, joinedAnswer, sendReadyJson } from '../../../src/modules/catalogue/catalogueCache';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** One-off answers written into reused blocks (catalogueCache.ts): what comes back, and when. */
describe('answer blocks', () => {
  it('join the parts byte for byte, and a block sent comes back for the next answer once the response has finished', async () => {
    const server = Fastify();
    const first = joinedAnswer([bytes('{"a":'), bytes('"ô"'), bytes('}')], '"tag"');
    expect(first.body.toString('utf8')).toBe('{"a":"ô"}');
    expect(first.block).toBeDefined();
    server.get('/one', (_request, reply) => sendReadyJson(reply, first));
    const before = freeAnswerBlocks();
    const response = await server.inject('/one');
    expect(response.body).toBe('{"a":"ô"}');
    expect(response.headers.etag).toBe('"tag"');
    expect(freeAnswerBlocks()).toBe(before + 1);
    const next = joinedAnswer([bytes('[1,2]')], '"next"');
    expect(next.block).toBe(first.block);
    expect(next.body.toString('utf8')).toBe('[1,2]');
    await server.close();
  });

  it('give an answer kept in a cache bytes of its own, its block back at once', async () => {
    const cache = new CatalogueCache();
    const ready = joinedAnswer([bytes('{"kept":'), bytes('true}')], '"kept"');
    const block = ready.block!;
    const before = freeAnswerBlocks();
    cache.set('kept', ready);
    expect(ready.block).toBeUndefined();
    expect(ready.body.buffer).not.toBe(block.buffer);
    expect(freeAnswerBlocks()).toBe(before + 1);
    // The block written over by the next answer leaves the kept bytes as they were.
    joinedAnswer([bytes('x'.repeat(64))], '"other"');
    expect(cache.get('kept')!.body.toString('utf8')).toBe('{"kept":true}');
  });

  it('leave an answer larger than a block in a Buffer of its own', () => {
    const large = joinedAnswer([Buffer.alloc(40 * 1024, 97), Buffer.alloc(40 * 1024, 98)], '"large"');
    expect(large.block).toBeUndefined();
    expect(large.body.length).toBe(80 * 1024);
  });
});

describe.each(productionDatabase())('lists past the cache over sockets, many at once, on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let app: App;
  let origin: string;
  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  /** Distinct answers (sort, page size, page), each asked with a price floor of its own so that it misses the cache. */
  const shapes = ['popular', 'price_asc', 'price_desc', 'newest'].flatMap((sort) => [6, 12, 24].flatMap((pageSize) => [1, 2].map((page) => ({ sort, pageSize, page }))));
  let floor = 1;
  const pathOf = (shape: (typeof shapes)[number]) => `/api/products?sort=${shape.sort}&pageSize=${shape.pageSize}&page=${shape.page}&minPrice=${floor++}`;

  it('answers each one with its own bytes while blocks go round', async () => {
    const expected = new Map<string, string>();
    for (const shape of shapes) {
      const response = await fetch(`${origin}${pathOf(shape)}`);
      expect(response.status).toBe(200);
      expected.set(JSON.stringify(shape), await response.text());
    }
    expect(new Set(expected.values()).size).toBe(shapes.length);
    const asked = Array.from({ length: 400 }, (_, index) => shapes[index % shapes.length]!);
    const answers = await Promise.all(asked.map(async (shape) => ({ shape, body: await (await fetch(`${origin}${pathOf(shape)}`)).text() })));
    const wrong = answers.filter(({ shape, body }) => body !== expected.get(JSON.stringify(shape)));
    expect(wrong.map(({ shape }) => shape)).toEqual([]);
    expect(freeAnswerBlocks()).toBeGreaterThan(0);
  });
});
