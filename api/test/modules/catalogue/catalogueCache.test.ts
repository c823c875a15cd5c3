import { CatalogueCache, invalidateCatalogue, readyJson } from '../../../src/modules/catalogue/catalogueCache';

/** The catalogue's answer cache (catalogueCache.ts): what it keeps, for how long, and what it does not keep. */
describe('CatalogueCache', () => {
  /** A producer that counts its calls and answers its call number. */
  function producer() {
    let calls = 0;
    return {
      produce: async () => readyJson({ call: ++calls }),
      calls: () => calls,
    };
  }

  const body = (ready: { body: Buffer }) => JSON.parse(ready.body.toString('utf8')) as { call: number };

  it('keeps an answer from its first ask by default, until a catalogue write', async () => {
    const cache = new CatalogueCache();
    const { produce, calls } = producer();
    expect(body(await cache.getOrCreateReady('brands', produce))).toEqual({ call: 1 });
    expect(body(await cache.getOrCreateReady('brands', produce))).toEqual({ call: 1 });
    invalidateCatalogue();
    expect(body(await cache.getOrCreateReady('brands', produce))).toEqual({ call: 2 });
    expect(calls()).toBe(2);
  });

  it('with fromSecondAsk, keeps a query only from its second ask: a one-off query takes no entry', async () => {
    const cache = new CatalogueCache();
    const { produce, calls } = producer();
    const keep = { fromSecondAsk: true };
    expect(body(await cache.getOrCreateReady('products|a', produce, keep))).toEqual({ call: 1 });
    expect(cache.size).toBe(0);
    expect(body(await cache.getOrCreateReady('products|a', produce, keep))).toEqual({ call: 2 });
    expect(cache.size).toBe(1);
    expect(body(await cache.getOrCreateReady('products|a', produce, keep))).toEqual({ call: 2 });
    expect(calls()).toBe(2);
  });

  it('remembers at most maxAskedOnce queries asked once: an older one counts as new again', async () => {
    const cache = new CatalogueCache({ maxAskedOnce: 2 });
    const { produce } = producer();
    const keep = { fromSecondAsk: true };
    for (const key of ['q1', 'q2', 'q3']) await cache.getOrCreateReady(key, produce, keep);
    // q1 was forgotten when q3 came: its second ask is a first one again.
    await cache.getOrCreateReady('q1', produce, keep);
    expect(cache.size).toBe(0);
    // q3 is still remembered: its second ask keeps it.
    await cache.getOrCreateReady('q3', produce, keep);
    expect(cache.size).toBe(1);
  });

  it('does not keep an answer produced while the catalogue changed', async () => {
    const cache = new CatalogueCache();
    let calls = 0;
    const produce = async () => {
      calls += 1;
      if (calls === 1) invalidateCatalogue();
      return readyJson({ call: calls });
    };
    expect(body(await cache.getOrCreateReady('categories', produce))).toEqual({ call: 1 });
    expect(body(await cache.getOrCreateReady('categories', produce))).toEqual({ call: 2 });
    expect(body(await cache.getOrCreateReady('categories', produce))).toEqual({ call: 2 });
  });

  it('drops entries after their time to live and the oldest when full', async () => {
    let now = 0;
    const cache = new CatalogueCache({ ttlMs: 1_000, maxEntries: 2, now: () => now });
    const { produce, calls } = producer();
    await cache.getOrCreateReady('a', produce);
    await cache.getOrCreateReady('b', produce);
    await cache.getOrCreateReady('c', produce);
    expect(cache.size).toBe(2);
    await cache.getOrCreateReady('a', produce);
    expect(calls()).toBe(4);
    now = 1_000;
    await cache.getOrCreateReady('c', produce);
    expect(calls()).toBe(5);
  });
});
