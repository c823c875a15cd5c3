import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { manualClock } from '../../src/security/clock';
import { memoryCounterStore, redisCounterStore, type CounterStore } from '../../src/security/counters';
import { productionDatabase, useScratchDatabase } from '../support/testDatabases';
import { newCustomer, PASSWORD, startAuthApp } from '../support/authTestKit';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('memory counters', () => {
  it('count within a window that follows the clock, and reset', async () => {
    const clock = manualClock();
    const store = memoryCounterStore(clock);
    expect(await store.increment('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    clock.advance(10_000);
    expect(await store.increment('k', 60_000)).toEqual({ count: 2, resetInMs: 50_000 });
    expect(await store.get('k')).toEqual({ count: 2, resetInMs: 50_000 });
    clock.advance(50_000);
    expect(await store.get('k')).toEqual({ count: 0, resetInMs: 0 });
    await store.increment('k', 60_000);
    await store.reset('k');
    expect((await store.get('k')).count).toBe(0);
  });

  it('stay bounded under a flood of distinct keys', async () => {
    const store = memoryCounterStore(manualClock(), { maxKeys: 100 });
    for (let i = 0; i < 1_000; i += 1) await store.increment(`ip:${i}`, 60_000);
    expect((await store.get('ip:999')).count).toBe(1);
    expect((await store.get('ip:0')).count).toBe(0);
  });
});

describe('Redis counters (local Redis, a unique key prefix)', () => {
  const prefix = `evshop-test:${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  let store: CounterStore;

  beforeAll(() => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    store = redisCounterStore(redis, { prefix });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('count, expire with the window, and reset', async () => {
    expect((await store.increment('a', 60_000)).count).toBe(1);
    const second = await store.increment('a', 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(58_000);
    expect(second.resetInMs).toBeLessThanOrEqual(60_000);
    expect(await redis.get(`${prefix}a`)).toBe('2');
    await store.reset('a');
    expect(await store.get('a')).toEqual({ count: 0, resetInMs: 0 });

    await store.increment('short', 150);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await store.get('short')).count).toBe(0);
  });

  it('are shared by two stores (two API instances)', async () => {
    const other = new Redis(REDIS_URL);
    const second = redisCounterStore(other, { prefix, ownsConnection: true });
    await store.increment('shared', 60_000);
    expect((await second.increment('shared', 60_000)).count).toBe(2);
    expect((await store.get('shared')).count).toBe(2);
    await second.close();
  });
});

describe.each(productionDatabase())('login throttling shared through Redis on $label', (target) => {
  const scratch = useScratchDatabase(target);

  it('refuses on instance B the 6th attempt after 5 failures on instance A', async () => {
    const prefix = `evshop-test:${randomBytes(6).toString('hex')}:`;
    const connections = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
    const [a, b] = await Promise.all(connections.map((redis) => startAuthApp(scratch.db, { counters: redisCounterStore(redis, { prefix }) })));
    try {
      const customer = newCustomer();
      await a!.app.inject({ method: 'POST', url: '/api/auth/register', payload: customer });
      for (let i = 0; i < 5; i += 1) {
        const wrong = await a!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: customer.email, password: `Sai@${i}xxxx` } });
        expect(wrong.statusCode).toBe(401);
      }
      const onB = await b!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: customer.email, password: PASSWORD } });
      expect(onB.statusCode).toBe(429);
      expect(onB.headers['retry-after']).toBeDefined();
    } finally {
      await a!.close();
      await b!.close();
      const keys = await connections[0]!.keys(`${prefix}*`);
      if (keys.length) await connections[0]!.del(...keys);
      await Promise.all(connections.map((redis) => redis.quit()));
    }
  });
});
